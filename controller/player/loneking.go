package player

import (
	"math"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Against a lone king with a rook, the bot weighs its candidates
// on the belief as a whole (the metaposition of the Bolognesi-Ciancarini KRK
// work) rather than board by board. A candidate splits the believed king
// squares by what the referee would answer (illegal, mate, stalemate, check
// along a rank, a file or a diagonal, or silence); within each answer the
// enemy king's replies spread the squares into the belief the bot will hold
// next move, and that belief is judged as a whole: by its worst and mean
// distance to mate (from the KXK tables) and by how many squares it keeps.
// Averaging per-board distances instead let the king slip round the rook:
// each board's best move is exact, but their mean need not confine a king
// that may stand on any of 20 squares. Judging in plies also makes a gamble
// on mate worth its price: a quiet move costs plies, a mate attempt that
// fails on some boards only sends the king back a few.

// How a lone-king belief is judged, in plies to mate: the worst distance to
// mate over the king's squares plus a price per square, tuned on KRK
// studies against the cheat (`krieg endgame krk`, docs/measurements.md):
const (
	loneSquare  = 3.0 // plies charged per square the king may stand on
	lonePly     = 2.0 // plies charged for a move that neither mates nor is refused
	loneDrawn   = 80  // the distance charged to a square the tables call drawn
	rookHorizon = 100.0
	// bnHorizon is far beyond bishop and knight's longest mate (65 plies)
	// and a wide belief's price, so that every belief still ranks.
	bnHorizon = 400.0
)

// loneKind is the technique a lone-king ending is played with.
type loneKind uint8

// The lone-king techniques: none (the board-by-board weighing), king and
// rook (the KXK table), king and two minor pieces (the KBNK or KBBK table).
const (
	loneNone loneKind = iota
	loneRook
	loneMinor
)

// horizon is the estimated plies at which progress counts as none.
func (k loneKind) horizon() float64 {
	if k == loneMinor {
		return bnHorizon
	}
	return rookHorizon
}

// mating are our men in p whose loss draws the ending: the mating pieces,
// and the pawns that hold an enemy pawn blocked (blocked.go).
func (k loneKind) mating(p *game.Position, us game.Color) game.Bitboard {
	if k == loneMinor {
		return p.Pieces(us, game.Bishop) | p.Pieces(us, game.Knight) | blockers(p, us)
	}
	return p.Pieces(us, game.Rook) | blockers(p, us)
}

// answerSilent is the class of a move the referee answers with silence,
// answerCheck that of a check announced without its direction; the other
// classes are the checks by their announced directions (answerOf).
const (
	answerSilent  = 0
	answerCheck   = 1
	answerClasses = 1 + 6 + 6*5
)

// loneOutcome gathers a candidate's boards that get one answer: their
// weight and the squares the enemy king may stand on after its reply.
type loneOutcome struct {
	weight float64
	reach  game.Bitboard
	mass   [64]float64 // the king's chance of each square, replies spread evenly
}

// loneEnding returns the technique for own (our men) against boards, and
// the position the technique plays from: our men with the enemy's blocked
// pawns fixed beside them (blocked.go). The techniques: a king, one rook and
// maybe pawns against a lone king (the pawns are not pushed on purpose: the
// rook mates sooner than a pawn queens, and the tables know no pawns), or a
// king and a bishop with a knight or a bishop of the other colour, no pawn
// of ours able to move, once the pair's table is ready, against a king maybe
// with pawns that cannot move on any board. The rook's table cannot see past
// an enemy pawn in its lines: against a king beside its pawns the ordinary
// weighing mated more often. With a queen the board-by-board average
// already mates.
func loneEnding(own *game.Position, boards []controller.Board) (loneKind, game.Position) {
	us := own.Turn()
	if len(boards) == 0 {
		return loneNone, *own
	}
	kind := loneNone
	king, rook, pawns := own.Pieces(us, game.King), own.Pieces(us, game.Rook), own.Pieces(us, game.Pawn)
	bishop, knight := own.Pieces(us, game.Bishop), own.Pieces(us, game.Knight)
	theirs, blocked := blockedPawns(boards, us.Other())
	switch {
	case !blocked:
		return loneNone, *own
	case rook.Count() == 1 && own.ByColor(us) == king|rook|pawns && theirs == 0:
		kind = loneRook
	case own.ByColor(us) != king|bishop|knight|pawns || !rammed(pawns, theirs, us):
		return loneNone, *own
	case bishop.Count() == 1 && knight.Count() == 1 && pairBN.ready():
		kind = loneMinor
	case bishop.Count() == 2 && knight == 0 && pairsColours(bishop) && pairBB.ready():
		kind = loneMinor
	default:
		return loneNone, *own
	}
	return kind, withFixed(own, theirs)
}

// loneFloor is the share of a lone king's weight spread evenly over the
// squares B1 allows, the rest following B2's boards: B2's sample may miss a
// square where the king stands and could take a man, B1 never does.
const loneFloor = 0.5

// trackFloor is the share of a lone king's weight spread evenly over B1's
// squares when its chances are followed (kingtrack.go), the rest following
// them.
const trackFloor = 0.0

// kingBoards are the boards of a lone-king ending: our men in own and the
// enemy king on each of kings (B1's squares), weighed by the king's chances
// and trackFloor when they are followed (chances not nil, some on kings),
// by B2's boards and loneFloor otherwise. With no square left it returns
// boards.
func kingBoards(own *game.Position, boards []controller.Board, kings game.Bitboard, chances *[64]float64) []controller.Board {
	us := own.Turn()
	kings &^= own.ByColor(us)&^own.Pieces(us, game.Pawn) | own.ByColor(us.Other())
	if kings == 0 {
		return boards
	}
	var mass [64]float64
	total := 0.0
	floor := loneFloor
	if chances != nil {
		for x := kings; x != 0; {
			k := x.PopFirst()
			mass[k] = chances[k]
			total += chances[k]
		}
		floor = trackFloor
	}
	if total <= 0 {
		mass, floor = [64]float64{}, loneFloor
		for i := range boards {
			b := &boards[i]
			if k := b.Pos.KingSquare(us.Other()); kings.Has(k) {
				mass[k] += b.Weight
				total += b.Weight
			}
		}
	}
	n := float64(kings.Count())
	out := make([]controller.Board, 0, kings.Count())
	for x := kings; x != 0; {
		k := x.PopFirst()
		w := floor / n
		if total > 0 {
			w += (1 - floor) * mass[k] / total
		} else {
			w = 1 / n
		}
		if w <= 0 {
			continue
		}
		p := *own
		p.Put(k, game.NewPiece(us.Other(), game.King))
		out = append(out, controller.Board{Pos: p, Weight: w})
	}
	return out
}

// rankLone scores the untried candidates against a lone king on the belief
// as a whole and orders them best first.
func rankLone(kind loneKind, own *game.Position, boards []controller.Board, tried map[game.Move]bool, rules referee.Ruleset, deadline time.Time) ranking {
	us := own.Turn()
	them := us.Other()
	r := ranking{lone: true, pure: kind == loneMinor}
	kings := game.Bitboard(0)
	total := 0.0
	for i := range boards {
		b := &boards[i]
		kings |= b.Pos.Pieces(them, game.King)
		total += b.Weight
	}
	r.boards = len(boards)
	r.now = beliefValue(kind, own, kings, us, 0)
	// The search for a forced mate comes first, with half the time: it
	// ends the game, the look further only ranks the rest.
	mating := func(p *game.Position) game.Bitboard { return kind.mating(p, us) }
	forced, isForced := forcedMate(own, kings, rules, time.Now().Add(time.Until(deadline)/2), mating)
	r.choices, _ = scoreLone(kind, own, boards, tried, total, &bnLooker{rules: rules, deadline: deadline, depth: 1})
	if kind == loneMinor {
		// The look further is kept only when it judged every candidate:
		// cut short by the deadline (a busy machine), it would rank some
		// candidates a move deeper than others.
		look := &bnLooker{rules: rules, deadline: deadline, depth: bnDepth}
		if deeper, done := scoreLone(kind, own, boards, tried, total, look); done {
			r.choices = deeper
			if n := kings.Count(); n > 1 && n <= bnThirdSquares {
				r.choices = lookThird(own, boards, tried, total, r.choices, rules, deadline)
			}
		}
	}
	if kind == loneMinor && kings.Count() == 1 && own.ByType(game.Pawn) == 0 {
		sortChoices(r.choices)
		if m, ok := knownMove(r.choices, boards[0], rules); ok {
			for i := range r.choices {
				if r.choices[i].move == m {
					r.choices[i].score = knownScore
				}
			}
		}
	}
	if isForced && !tried[forced] {
		for i := range r.choices {
			if r.choices[i].move == forced {
				r.choices[i].score = forcedScore // above any weighing's
			}
		}
	}
	sortChoices(r.choices)
	return r
}

// scoreLone scores the untried candidates over boards (of total weight),
// bishop and knight looking look.depth moves of ours ahead; done is false
// when the look was cut short by its deadline.
func scoreLone(kind loneKind, own *game.Position, boards []controller.Board, tried map[game.Move]bool, total float64, look *bnLooker) (choices []choice, done bool) {
	us := own.Turn()
	for _, m := range referee.Candidates(own) {
		if tried[m] || (m.Promotion() != game.NoPieceType && m.Promotion() != game.Queen) {
			continue
		}
		c := choice{move: m}
		sp := splitLone(kind, m, boards, look.rules)
		c.legal = sp.legal
		outs, illegal, won, lost := &sp.outs, &sp.illegal, sp.won, sp.lost
		if c.legal == 0 {
			c.score = math.Inf(-1)
			choices = append(choices, c)
			continue
		}
		after := *own
		after.Apply(m)
		after.SetTurn(us)
		v := won * utilityWin
		for i := range outs {
			if o := &outs[i]; o.weight > 0 {
				v += o.weight * outcomeValue(kind, &after, o, us, lonePly, look)
			}
		}
		// An illegal answer costs no ply: the bot tries again knowing more.
		v += illegal.weight * outcomeValue(kind, own, illegal, us, 0, look)
		c.value = v
		c.score = v / total
		if lost > 0 {
			c.risky = true
			if kind == loneRook {
				c.score -= 1 // the rook can nearly always stand safe: only when nothing safe is left
			}
			// Bishop and knight cannot both keep out of every believed
			// king's reach: a loss is charged by its weight, a draw's
			// worth against a win's, which outweighs any progress.
		}
		choices = append(choices, c)
	}
	return choices, !look.cut
}

// loneSplit is what one candidate meets over the boards of a lone-king
// belief: the weight on which it is legal, mates, or lets a mating man fall
// or the king be stalemated (lost), and the rest by the referee's answer.
type loneSplit struct {
	legal, won, lost float64
	illegal          loneOutcome
	outs             [answerClasses]loneOutcome
}

// splitLone plays m (a candidate of ours) on each of boards.
func splitLone(kind loneKind, m game.Move, boards []controller.Board, rules referee.Ruleset) loneSplit {
	var sp loneSplit
	var replies [game.MaxMoves]game.Move
	for i := range boards {
		b := &boards[i]
		us := b.Pos.Turn()
		them := us.Other()
		if !b.Pos.IsLegal(m) {
			sp.illegal.weight += b.Weight
			sp.illegal.reach |= b.Pos.Pieces(them, game.King)
			sp.illegal.mass[b.Pos.KingSquare(them)] += b.Weight
			continue
		}
		sp.legal += b.Weight
		next := b.Pos
		next.Apply(m)
		rs := next.LegalMoves(replies[:0])
		if len(rs) == 0 {
			if next.InCheck() {
				sp.won += b.Weight
			} else {
				sp.lost += b.Weight // stalemate: the win thrown away
			}
			continue
		}
		mating := kind.mating(&next, us)
		o := &sp.outs[answerOf(&next, rules)]
		taken := false // a mating man falls (a pawn may), or a blocked pawn is freed
		for _, rep := range rs {
			taken = taken || mating.Has(rep.To()) || next.At(rep.From()).Type() != game.King
			o.reach |= rep.To().Bit()
		}
		if taken {
			sp.lost += b.Weight
			continue
		}
		o.weight += b.Weight
		for _, rep := range rs {
			o.mass[rep.To()] += b.Weight / float64(len(rs))
		}
	}
	return sp
}

// forcedScore ranks a move found to force mate against every believed
// square first.
const forcedScore = utilityWin + 1

// answerOf is the class of the referee's answer to the move that led to p
// (the enemy to move): silence, or the checks as the rules announce them.
func answerOf(p *game.Position, rules referee.Ruleset) int {
	var buf [2]referee.CheckKind
	kinds := referee.CheckKinds(p, buf[:0])
	switch {
	case len(kinds) == 0:
		return answerSilent
	case !rules.CheckDirection:
		return answerCheck
	}
	class := 1 + int(kinds[0])
	if len(kinds) > 1 {
		class += 6 * int(kinds[1])
	}
	return class
}

// beliefValue is the utility of the belief that the enemy king stands on
// one of kings, our men as in own, us to move, plus spent plies already
// spent on the way there: a technical win, nearer mate the fewer plies
// loneEstimate expects.
func beliefValue(kind loneKind, own *game.Position, kings game.Bitboard, us game.Color, spent float64) float64 {
	if kind == loneMinor {
		var o loneOutcome
		for x := kings; x != 0; {
			o.mass[x.PopFirst()] = 1
		}
		est := spent + bnEstimate(own, &o.mass, us)
		return technicalWin + technicalRange*max(0, 1-est/kind.horizon())
	}
	est := spent + loneEstimate(kind, own, kings, us)
	return technicalWin + technicalRange*max(0, 1-est/kind.horizon())
}

// outcomeValue is beliefValue for an outcome: bishop and knight judge the
// king's chances (bnEstimate), the rook the squares it may reach.
func outcomeValue(kind loneKind, own *game.Position, o *loneOutcome, us game.Color, spent float64, look *bnLooker) float64 {
	if kind != loneMinor {
		return beliefValue(kind, own, o.reach, us, spent)
	}
	est := spent + look.estimate(own, &o.mass, us, look.depth-1)
	if own.ByType(game.Pawn) == 0 {
		// Unclamped: a share charged as a draw (bnLost) is worth a draw.
		return technicalWin + technicalRange*(1-est/kind.horizon())
	}
	return technicalWin + technicalRange*max(0, 1-est/kind.horizon())
}

// How bishop and knight judge a belief, in plies to mate (bnEstimate): the
// mean and three times the worst distance to mate over the king's chances
// (the worst is what the king, seeing the board, makes of our move; at its
// former weight of one the prices below outweighed a ply of progress and a
// known king was walked round the wrong corner until the ply cap), plus a price
// per bit of their entropy, per chance that the king stands within two
// squares of an unguarded man, and per square between our king and it;
// tuned on KBNK studies against the cheat (`krieg endgame kbnk`).
const (
	bnWorst    = 3.0
	bnEntropy  = 10.0
	bnHang     = 15.0
	bnApproach = 6.0
	// bnRepetition is the price in plies of each earlier visit of a
	// placement of our men, up to bnRepetitionCap: a shuffle gives way.
	// Up to four visits, a king shuffled beside the knight it guarded
	// against a king believed on two squares until the ply cap, every move
	// elsewhere weighed 60-70 plies worse than the return.
	bnRepetition    = 10.0 * technicalRange / bnHorizon
	bnRepetitionCap = 12 * bnRepetition
)

// bnEstimate is a guess at the plies to mate with bishop and knight from
// the king's chances mass over the squares (us to move).
func bnEstimate(own *game.Position, mass *[64]float64, us game.Color) float64 {
	total := 0.0
	for _, m := range mass {
		total += m
	}
	if total <= 0 {
		return 0
	}
	distance := loneDistance(loneMinor, own, us)
	loose := looseMen(own, us)
	ok := own.KingSquare(us)
	mean, h, hang, approach, worst := 0.0, 0.0, 0.0, 0.0, 0.0
	for s := game.Square(0); s < 64; s++ {
		if mass[s] <= 0 {
			continue
		}
		p := mass[s] / total
		h -= p * math.Log2(p)
		approach += p * float64(ok.Distance(s))
		for x := loose; x != 0; {
			if x.PopFirst().Distance(s) <= 2 {
				hang += p
			}
		}
		d, mate, known := distance(s)
		if !known || !mate {
			d = loneDrawn
		}
		mean += p * float64(d)
		worst = max(worst, float64(d))
	}
	return mean + bnWorst*worst + bnEntropy*h + bnHang*hang + bnApproach*approach
}

// loneEstimate is a guess at the plies to mate from a belief: the worst
// distance to mate over the king's squares, as if the bot knew which, plus
// a price per square for not knowing.
func loneEstimate(kind loneKind, own *game.Position, kings game.Bitboard, us game.Color) float64 {
	worst, n := 0, 0
	distance := loneDistance(kind, own, us)
	for x := kings; x != 0; {
		k := x.PopFirst()
		if own.Occupied().Has(k) && own.At(k).Type() != game.Pawn {
			continue // a square the king cannot hold
		}
		n++
		d, mate, ok := distance(k)
		if !ok {
			continue
		}
		if !mate {
			d = loneDrawn
		}
		worst = max(worst, d)
	}
	if n == 0 {
		return 0
	}
	return float64(worst) + loneSquare*float64(n)
}

// looseMen are our minor pieces in own, and our pawns that hold an enemy
// pawn blocked, that no man of ours guards.
func looseMen(own *game.Position, us game.Color) game.Bitboard {
	var out game.Bitboard
	occ := own.Occupied()
	for x := own.Pieces(us, game.Bishop) | own.Pieces(us, game.Knight) | blockers(own, us); x != 0; {
		s := x.PopFirst()
		if own.AttackersTo(s, us, occ) == 0 {
			out |= s.Bit()
		}
	}
	return out
}

// loneDistance returns the tables' distance to mate from own (us to move)
// with the enemy king on a given square; ok is false where the tables
// cannot say.
func loneDistance(kind loneKind, own *game.Position, us game.Color) func(k game.Square) (int, bool, bool) {
	if kind == loneMinor {
		p := withoutPawns(own)
		p.SetTurn(us)
		return func(k game.Square) (int, bool, bool) {
			q := p
			q.Put(k, game.NewPiece(us.Other(), game.King))
			return minorDistance(&q)
		}
	}
	core := kxkCore(own, us, game.Rook)
	core.SetTurn(us)
	rook := core.Pieces(us, game.Rook).First()
	return func(k game.Square) (int, bool, bool) {
		if !kxkFaithful(game.Rook, us, rook, k, own.Occupied()|k.Bit(), core.Occupied()|k.Bit()) {
			return 0, false, false // a pawn of ours in the rook's line there: the tables cannot say
		}
		p := core
		p.Put(k, game.NewPiece(us.Other(), game.King))
		return KXKDistance(&p)
	}
}
