// Package boards is rule B2 of docs/deduction.md: a weighted set of complete
// hidden boards consistent with everything one player has heard, refreshed
// after every message, giving per-square probabilities for each enemy class.
package boards

import (
	"github.com/krieg/krieg/controller/belief"
	"math/rand/v2"
	"runtime"
	"slices"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Sampler is rule B2 of docs/deduction.md: a weighted set of complete hidden
// boards, each consistent with everything the player has heard, refreshed
// after every message. Our attempts filter the boards (a board survives when
// the referee would have answered the same there); the enemy's unseen move
// replaces each board by its children, the legal moves after which the
// referee would have said what it said, weighted by a uniform opponent (each
// legal move equally likely) and, where the rules let the enemy's refused
// attempts be heard, by how many came before the move (refusals.go). When
// the children outnumber the capacity, a systematic resample keeps Capacity
// of them. When no board survives, the sampler rebuilds boards from the B1
// sets (a fallback, counted).
type Sampler struct {
	us       game.Color
	rules    referee.Ruleset
	capacity int
	boards   []particle
	rng      *rand.Rand
	// material is the enemy material of the last board known consistent,
	// used to rebuild boards after a fallback.
	material [game.King + 1]int
	// Fallbacks counts the messages after which no board survived.
	Fallbacks int
	workers   []expansion
	// purpose is the share of the purposeful opponent in the weights of the
	// enemy's moves (opponent.go); the rest is uniform.
	purpose float64
	// manFirst replaces the uniform model by the man-first one (manfirst.go).
	manFirst bool
	// folded is set while no two boards held are equal (merge folded
	// them, and nothing since could make two equal), so that Distinct
	// need not look.
	folded bool
	// spare holds the board slice of the refresh before last, picks the
	// children kept when they are fewer than the capacity, born the new
	// boards' hashes and slots the merge's index, all reused so that a
	// refresh does not allocate them again.
	spare []particle
	picks []child
	// shares holds the children of each share of the boards (expand),
	// summed in order as they are done.
	shares []share
	summed inOrder
	born   []uint64
	slots  []slot
	// points, starts, firsts, spans and sharePicks are resampling's
	// scratch (rebirths).
	points     []float64
	starts     []float64
	firsts     []int
	spans      []span
	sharePicks [][]child
	// placed holds each worker's boards of a rebuild (rebuild.go).
	placed [][]particle
	// odds holds what each share's boards say of the two opponent models,
	// and evidence the log of how much likelier the purposeful model made
	// the enemy's moves heard than the uniform one (evidence.go).
	odds     []modelOdds
	evidence float64
	// refused holds what was heard of the enemy's refused attempts, and
	// refusalOdds what each share's boards say of the two models of them
	// (refusals.go).
	refused     refusals
	refusalOdds []refusalOdds
	// merged is Hidden's scratch, reused: a weighing in blitz that merged
	// 4096 boards into fresh memory paid 10 to 18 ms when a collection had
	// just begun.
	merged struct {
		at     map[uint64]int
		boards []Board
	}
}

// particle is one hidden board and its weight.
type particle struct {
	pos game.Position
	w   float64
}

// child is a move from a parent board, kept until resampling picks it.
type child struct {
	parent int32
	move   game.Move
	w      float64
}

// expansion is one worker's scratch for the children of an enemy move.
type expansion struct {
	targets game.Targets             // the legal moves of the board at hand, man by man
	buf     [game.MaxMoves]game.Move // the board's legal moves, listed when weighed
	weights [game.MaxMoves]float64   // the opponent model's weights of buf's moves
	at      [game.MaxMoves]uint8     // the indices in buf of the moves kept
	kept    [game.MaxMoves]game.Move // the moves kept, listed when weighed
	// childWeights holds the weights of the moves kept, when they differ.
	childWeights [game.MaxMoves]float64
	next         game.Position // scratch: the board after the move tested
	screen       screen        // judges the moves of the board at hand
	leapers      leaperAttacks // what our leapers attack, for the evidence boards' odds
	// The workers' scratch lies side by side: this keeps the last lines
	// one writes board after board off the first lines of the next.
	_ [128]byte
}

// DefaultCapacity is the number of boards a sampler holds at most unless
// told otherwise. Against 4096 boards, 16384 keep more of the histories the
// enemy may really have played: over the same 200 random games the Brier
// score, the king on squares under 1 % and the fallbacks all improve, and
// against the computer player the king's credible regions stop being
// overconfident (docs/measurements.md, "Deduction"). The window follows
// them off its game loop (controller.Async).
const DefaultCapacity = 16384

// New starts with the possible starting boards, equally likely.
func New(starts []game.Position, us game.Color, rules referee.Ruleset, capacity int, seed uint64, workers int) *Sampler {
	s := &Sampler{us: us, rules: rules, capacity: capacity, rng: rand.New(rand.NewPCG(seed, 0x42324232))}
	for _, p := range starts {
		s.boards = append(s.boards, particle{pos: p, w: 1 / float64(len(starts))})
	}
	s.NoteMaterial()
	s.SetWorkers(workers)
	return s
}

// SetWorkers sets how many goroutines refresh the boards (GOMAXPROCS when
// n <= 0). The order of the children, and so the boards resampling keeps,
// depends on it.
func (s *Sampler) SetWorkers(n int) {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	if n != len(s.workers) {
		s.workers = make([]expansion, n)
	}
}

// SetPurpose sets the share of the purposeful opponent model in the weights
// of the enemy's moves (opponent.go): 0 weighs every legal move equally, 1
// uses the model alone. New starts uniform.
func (s *Sampler) SetPurpose(share float64) { s.purpose = min(1, max(0, share)) }

// SetManFirst puts the man-first opponent model (manfirst.go) in the place
// of the uniform one, for measurement, where the purposeful share is 0 (the
// assistant's B2; the computer player keeps the uniform model).
func (s *Sampler) SetManFirst(on bool) { s.manFirst = on }

// Purpose returns the share of the purposeful opponent model (SetPurpose).
func (s *Sampler) Purpose() float64 { return s.purpose }

// Boards returns the number of boards held.
func (s *Sampler) Boards() int { return len(s.boards) }

// Board is one hidden board the sampler holds and its weight.
type Board struct {
	Pos    game.Position
	Weight float64
}

// Hidden returns the distinct boards held, with the weights of equal boards
// merged and all weights summing to one. When there are more than max
// (and max > 0), a deterministic systematic resample keeps max of them,
// each weighted by its share of the max evenly spaced points.
func (s *Sampler) Hidden(max int) []Board {
	if s.merged.at == nil {
		s.merged.at = make(map[uint64]int, len(s.boards))
	}
	at := s.merged.at
	clear(at)
	out := s.merged.boards[:0]
	defer func() { s.merged.boards = out[:0] }()
	total := 0.0
	for i := range s.boards {
		b := &s.boards[i]
		total += b.w
		h := b.pos.Hash()
		if j, ok := at[h]; ok {
			out[j].Weight += b.w
			continue
		}
		at[h] = len(out)
		out = append(out, Board{Pos: b.pos, Weight: b.w})
	}
	if total <= 0 {
		return nil
	}
	for i := range out {
		out[i].Weight /= total
	}
	if max <= 0 || len(out) <= max {
		return slices.Clone(out)
	}
	kept := make([]Board, 0, max)
	step := 1 / float64(max)
	point, acc := step/2, 0.0
	for i := range out {
		b := &out[i]
		acc += b.Weight
		hits := 0
		for point < acc && len(kept)+hits < max {
			hits++
			point += step
		}
		if hits > 0 {
			kept = append(kept, Board{Pos: b.Pos, Weight: float64(hits) * step})
		}
	}
	return kept
}

// Distinct returns the number of different boards held.
func (s *Sampler) Distinct() int {
	if s.folded {
		return len(s.boards)
	}
	slots := s.table(len(s.boards))
	mask := uint64(len(slots) - 1)
	n := 0
	for i := range s.boards {
		h := s.boards[i].pos.Hash()
		for j := h & mask; ; j = (j + 1) & mask {
			if sl := &slots[j]; sl.at == 0 {
				sl.hash, sl.at = h, 1
				n++
				break
			} else if sl.hash == h {
				break
			}
		}
	}
	return n
}

// NoteMaterial remembers the enemy material of the heaviest board.
func (s *Sampler) NoteMaterial() {
	best := -1.0
	for i := range s.boards {
		if s.boards[i].w > best {
			best = s.boards[i].w
			for _, t := range belief.Classes {
				s.material[t] = s.boards[i].pos.Pieces(s.us.Other(), t).Count()
			}
		}
	}
}

// Observe follows one message heard by the player: our attempt (accepted or
// refused) or our question filters the boards, the enemy's move replaces
// them by their consistent children, the answer to the enemy's question
// filters them. Call Normalise after it.
func (s *Sampler) Observe(o *belief.Observation) {
	switch {
	case o.Mover == s.us && (o.Moved || o.Illegal && o.Attempt != game.NoMove):
		s.ownAttempt(o.Attempt, o)
	case o.Mover != s.us && o.Moved:
		s.enemyMove(o)
	case o.Mover != s.us && o.Illegal:
		s.refused.now++
	case o.Any != nil && o.Mover == s.us:
		s.ownAttempt(game.NoMove, o)
	case o.Any != nil:
		s.enemyAsked(*o.Any)
	}
}

// ownAttempt keeps the boards on which our attempt m would have had the
// answer o, and plays it on them when it was accepted.
func (s *Sampler) ownAttempt(m game.Move, o *belief.Observation) {
	if !o.Moved && !o.Illegal && o.Any == nil {
		return
	}
	kept := s.boards[:0]
	for i := range s.boards {
		b := &s.boards[i] // not a copy: a board is 176 bytes
		switch {
		case o.Any != nil:
			if hasPawnCapture(&b.pos) != *o.Any {
				continue
			}
		case o.Illegal:
			if b.pos.IsLegal(m) {
				continue
			}
		default:
			if !b.pos.IsLegal(m) {
				continue
			}
			next, ok := consistent(&b.pos, m, o, s.rules)
			if !ok {
				continue
			}
			// Boards that differed only in the man our move takes, or in
			// the en passant square it clears, may now be equal.
			s.folded = false
			b.pos = next
		}
		kept = append(kept, *b)
	}
	s.boards = kept
}

// enemyAsked filters by the public answer to the enemy's Any?.
func (s *Sampler) enemyAsked(has bool) {
	kept := s.boards[:0]
	for i := range s.boards {
		if hasPawnCapture(&s.boards[i].pos) == has {
			kept = append(kept, s.boards[i])
		}
	}
	s.boards = kept
}

// hasPawnCapture is the answer to Any? in p: does the side to move have a legal pawn capture?
func hasPawnCapture(p *game.Position) bool {
	var buf [game.MaxMoves]game.Move
	return len(pawnCaptures(p, buf[:0])) > 0
}

// pawnCaptures appends the legal pawn captures of the side to move in p to
// buf. Most boards have no pawn touching an enemy man or the en passant
// square; for them it answers from two shifts, without generating moves.
func pawnCaptures(p *game.Position, buf []game.Move) []game.Move {
	us := p.Turn()
	pawns := p.Pieces(us, game.Pawn)
	targets := p.ByColor(us.Other())
	if ep := p.EnPassant(); ep != game.NoSquare {
		targets |= ep.Bit()
	}
	if pawnReach(us, pawns)&targets == 0 {
		return buf
	}
	return p.PawnCaptures(buf)
}

// enemyMove replaces every board by its children consistent with o.
func (s *Sampler) enemyMove(o *belief.Observation) {
	k := sharesPerWorker * len(s.workers)
	if len(s.shares) != k {
		s.shares = make([]share, k)
		s.odds = make([]modelOdds, k)
		s.refusalOdds = make([]refusalOdds, k)
	}
	turn := s.refused.model(&s.rules)
	total := 0.0
	s.summed.reset(k)
	deal(len(s.workers), k, func(w, c int) {
		s.odds[c], s.refusalOdds[c] = s.expand(&s.workers[w], o, &turn, c, &s.shares[c])
		s.summed.finish(c, func(c int) { total = s.shares[c].sum(total) })
	})
	s.weighModels()
	s.refused.moved(s.refusalOdds)
	count := 0
	for i := range s.shares {
		count += s.shares[i].children
	}
	var next []particle
	var spans []span
	if count <= s.capacity {
		s.picks = pickAll(s.shares, total, s.picks[:0])
		next = s.births(s.picks)
		spans = []span{{0, len(next)}}
	} else {
		// Systematic resampling: capacity evenly spaced points over the
		// cumulative weight; a child hit k times keeps weight k/capacity.
		next, spans = s.rebirths(total, s.rng.Float64()*total/float64(s.capacity))
	}
	s.spare = s.boards
	s.boards = s.merge(next, s.born, spans)
	s.folded = true
}

// expand records in sh the children consistent with o of the boards of
// share c, each weighed by turn's model of the refusals heard, using e's
// scratch, and returns what the share's first boards say of the two
// opponent models (evidence.go) and of the two models of the refusals
// (refusals.go). The boards are ordered as if
// worker w of n took boards w, w+n, w+2n… and its children came before
// worker w+1's; share c of sharesPerWorker·n is the c-th slice of that order, so
// that the children come in the same order however the shares are dealt.
func (s *Sampler) expand(e *expansion, o *belief.Observation, turn *turnModel, c int, out *share) (modelOdds, refusalOdds) {
	var odds modelOdds
	var refused refusalOdds
	// The shares lie side by side: appending to a copy on this worker's
	// stack, not to out, keeps two workers from writing one cache line
	// board after board.
	sh := *out
	defer func() { *out = sh }()
	sh.reset()
	n, k := len(s.workers), sharesPerWorker*len(s.workers)
	e.screen.heard(o, &s.rules)
	for v := len(s.boards) * c / k; v < len(s.boards)*(c+1)/k; v++ {
		i := strided(v, len(s.boards), n)
		b := &s.boards[i]
		if !mayCapture(&b.pos, o.Capture) {
			continue // no move is consistent
		}
		n := b.pos.LegalTargets(&e.targets)
		if n == 0 {
			continue
		}
		weighs := i < evidenceBoards // its moves (and refusals) are weighed by both models
		tally := &refused
		if !weighs {
			tally = nil
		}
		w := b.w * turn.factor(&b.pos, n, &s.rules, b.w, tally)
		if w == 0 {
			continue
		}
		even := (1 - s.purpose) * w / float64(n)
		e.screen.board(&b.pos)
		start := len(sh.runs)
		sh.runs = e.screen.filterRuns(&e.next, &e.targets, sh.runs)
		if s.purpose == 0 {
			// Only the evidence needs the purposeful weights: summed man
			// by man, without listing the moves.
			s.addAlike(&sh, e, int32(i), start, w, even)
			if weighs {
				purposeOdds(&odds, &e.leapers, &b.pos, s.us, &e.targets, sh.runs[start:], w)
			}
			continue
		}
		// The purposeful model weighs each legal move: list them, and find
		// each kept move among them (both in LegalMoves' order).
		legal := e.targets.AppendMoves(e.buf[:0])
		sum := purposeWeights(&b.pos, s.us, legal, e.weights[:])
		purposeful := s.purpose * w / sum
		at := e.at[:0]
		j := 0
		for _, m := range appendRunMoves(e.kept[:0], sh.runs[start:]) {
			for legal[j] != m {
				j++
			}
			at = append(at, uint8(j))
		}
		cw := e.childWeights[:0]
		for _, j := range at {
			cw = append(cw, even+purposeful*e.weights[j])
		}
		sh.addWeighed(int32(i), start, cw)
		if weighs {
			odds.add(w, legal, at, e.weights[:], sum)
		}
	}
	return odds, refused
}

// addAlike records in sh the children of board i held by the runs from
// start on, under the model of a player without a purpose: each weighs
// even (the uniform model), or, with the man-first model, w shared out by
// man and then by move (manfirst.go).
func (s *Sampler) addAlike(sh *share, e *expansion, i int32, start int, w, even float64) {
	if s.manFirst {
		sh.addWeighed(i, start, manFirstWeights(e.childWeights[:0], &e.targets, sh.runs[start:], w))
		return
	}
	sh.add(i, start, even)
}

// strided returns the board at place v when n workers take boards w, w+n,
// w+2n… of total, worker 0's first, then worker 1's, and so on.
func strided(v, total, n int) int {
	// Worker w takes q+1 boards when w < r, else q.
	q, r := total/n, total%n
	if v < r*(q+1) {
		return v/(q+1) + v%(q+1)*n
	}
	v -= r * (q + 1)
	return r + v/q + v%q*n
}

// mayCapture reports whether a man of the side to move in p attacks the
// square capture (NoSquare: always true), or captures en passant the pawn
// standing there: without it no move of p captures there.
func mayCapture(p *game.Position, capture game.Square) bool {
	if capture == game.NoSquare {
		return true
	}
	us := p.Turn()
	if p.AttackersTo(capture, us, p.Occupied()) != 0 {
		return true
	}
	ep := p.EnPassant()
	return ep != game.NoSquare && (ep+8 == capture || ep-8 == capture) && p.AttackersTo(ep, us, p.Occupied())&p.ByType(game.Pawn) != 0
}

// consistent reports whether the referee, playing the legal move m on p,
// would have said what o records, and returns the position after it.
func consistent(p *game.Position, m game.Move, o *belief.Observation, rules referee.Ruleset) (game.Position, bool) {
	var next game.Position
	ok := consistentInto(&next, p, m, o, rules)
	return next, ok
}

// consistentInto is consistent writing the position after m into next (left
// unspecified when m is not consistent). It plays m to find out; the refresh
// after an enemy move answers the same question for all its moves without
// playing most of them (screen, screen.go), and screen_test.go holds the two
// to the same answers.
func consistentInto(next, p *game.Position, m game.Move, o *belief.Observation, rules referee.Ruleset) bool {
	capSq := p.CapturedSquare(m)
	if capSq != o.Capture {
		return false
	}
	if capSq != game.NoSquare && rules.CaptureKind && o.Captured != referee.CapturedUnknown {
		if (p.At(capSq).Type() == game.Pawn) != (o.Captured == referee.CapturedPawn) {
			return false
		}
	}
	if rules.PromotionAnnounced && (m.Promotion() != game.NoPieceType) != o.Promoted {
		return false
	}
	*next = *p
	next.Apply(m)
	checkers := next.Checkers()
	if checkers.Count() != len(o.Checks) {
		return false
	}
	if checkers != 0 && rules.CheckDirection {
		var kbuf [4]referee.CheckKind
		for i, k := range referee.CheckKinds(next, kbuf[:0]) {
			if k != o.Checks[i] {
				return false
			}
		}
	}
	return o.Tries == nil || sameTries(next, *o.Tries, rules.Tries)
}

// sameTries reports whether the side to move in p has the pawn tries t, as far
// as style announces them.
func sameTries(p *game.Position, t referee.Tries, style referee.TryStyle) bool {
	var buf [game.MaxMoves]game.Move
	return triesMatch(pawnCaptures(p, buf[:0]), &t, style)
}

// triesMatch reports whether the legal pawn captures caps give the pawn tries
// t, as far as style announces them.
func triesMatch(caps []game.Move, t *referee.Tries, style referee.TryStyle) bool {
	switch style {
	case referee.TriesCount:
		return len(caps) == t.Count
	case referee.TriesYesNo:
		return (len(caps) > 0) == t.Has()
	case referee.TriesSquares:
		var got, want game.Bitboard
		for _, m := range caps {
			got |= m.From().Bit()
		}
		for _, sq := range t.Squares {
			want |= sq.Bit()
		}
		return got == want
	case referee.TriesMoves:
		if len(caps) != len(t.Moves) {
			return false
		}
		for _, m := range caps {
			found := false
			for _, x := range t.Moves {
				found = found || x == m
			}
			if !found {
				return false
			}
		}
	}
	return true
}

// Normalise rescales the weights to sum to one and reports whether any board is left.
func (s *Sampler) Normalise() bool {
	total := 0.0
	for i := range s.boards {
		total += s.boards[i].w
	}
	if total <= 0 {
		s.boards = s.boards[:0]
		return false
	}
	for i := range s.boards {
		s.boards[i].w /= total
	}
	return true
}

// Probabilities returns, for each enemy class and square, the weighted share
// of boards with a man of that class there.
func (s *Sampler) Probabilities() (p [game.King + 1][64]float64) {
	them := s.us.Other()
	for i := range s.boards {
		b := &s.boards[i]
		for _, t := range belief.Classes {
			for x := b.pos.Pieces(them, t); x != 0; {
				p[t][x.PopFirst()] += b.w
			}
		}
	}
	return p
}

// Checkers returns, per square, the weighted share of boards in which a man
// there gives check to our king.
func (s *Sampler) Checkers() (p [64]float64) {
	for i := range s.boards {
		b := &s.boards[i]
		for x := b.pos.Checkers(); x != 0; {
			p[x.PopFirst()] += b.w
		}
	}
	return p
}
