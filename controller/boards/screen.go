package boards

import (
	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// screen answers consistentInto's question for the enemy's legal moves on one
// board, mostly without playing them. The capture square and kind and the
// promotion come from the board before the move. The checks on our king come
// from what the king sees before the move, which a move leaving and reaching
// squares out of its sight cannot change, and otherwise from the mover's men
// after the move, found by moving bits (the moved man, the castling rook, an
// en passant victim) rather than copying and applying the position. Our pawn
// tries after the move are the board's own after most moves (neutral), are
// counted by difference from them after many others (filter), and are
// counted from our pawns, the enemy's men after the move and the pins on our
// pawns after the rest that leave our king out of check. Only a move that
// checks our king, when the message says the tries, is played (on a scratch
// copy) to count them. The answers are exactly consistentInto's
// (screen_test.go compares them over many positions and messages).
type screen struct {
	p     *game.Position
	o     *belief.Observation
	rules *referee.Ruleset
	us    game.Color  // the side hearing the message, to move after the enemy's move
	king  game.Square // our king, or NoSquare when we have none
	// The occupancy and the mover's men before the move, as moveMen holds
	// them after one (its ep and epVictim, shadowed by the squares below,
	// stay empty): neutral counts our tries from them without a copy.
	moveMen
	// ours is set when us, king, ourPawns and what follows from them alone
	// (the rays, leaperChecks and the leapers' checks, reach) are those of
	// the board before: the boards of a refresh share our men, so that only
	// a board whose men of ours differ finds them anew.
	ours bool
	// What our king sees: along diagonals and straight lines on an empty
	// board, then on this board (to the first man each way, included).
	diagonalRays, straightRays game.Bitboard
	sight                      game.Bitboard
	checkers                   game.Bitboard                // the mover's men attacking our king before the move
	leaperChecks               [game.King + 1]game.Bitboard // where a man of each type attacks our king without sliding
	checks                     [game.King + 1]game.Bitboard // where a man of each type attacks our king on this board
	ourPawns, reach            game.Bitboard                // our pawns and the squares they attack
	noTries                    bool                         // whether o's tries are those of a board without pawn captures
	neutralTries               bool                         // whether o's tries are those after a move outside neutralZone (neutral)
	neutralZone                game.Bitboard
	neutralCount               int                      // how many pawn captures we have after such a move
	pinLines, allLines         game.Bitboard            // what pins our pawns that may capture, and all our pawns (neutral)
	lineReach                  game.Bitboard            // what our pawns on lines through our king attack, but those that may capture
	free                       game.Bitboard            // our pawns not pinned to our king
	ep, epVictim               game.Square              // the en passant square and the pawn it would take, or NoSquare
	caps                       [20]game.Move            // scratch: our pawn captures after a move
	judge                      [game.MaxMoves]game.Move // scratch: the moves judged one by one
	runs                       []run                    // scratch: filter's runs
	q                          quietFilter              // scratch: filter's masks for a quiet message
	// quietHeard is set when the message announces no capture, no check
	// and no promotion; heardQ holds q's fields that only the message sets.
	quietHeard bool
	heardQ     quietFilter
}

// reset readies s for the enemy's moves on p (the enemy to move) and message o.
func (s *screen) reset(p *game.Position, o *belief.Observation, rules *referee.Ruleset) {
	s.heard(o, rules)
	s.board(p)
}

// heard readies s for message o under rules, what no board changes: a
// refresh calls it once and then board for each board.
func (s *screen) heard(o *belief.Observation, rules *referee.Ruleset) {
	s.o, s.rules = o, rules
	s.quietHeard = o.Capture == game.NoSquare && len(o.Checks) == 0 && !(rules.PromotionAnnounced && o.Promoted)
	style := rules.Tries
	q := quietFilter{tries: o.Tries != nil}
	q.counted = style == referee.TriesCount || style == referee.TriesYesNo
	q.yesNo = style == referee.TriesYesNo
	if q.tries {
		q.want, q.has = o.Tries.Count, o.Tries.Has()
		s.noTries = triesMatch(nil, o.Tries, style)
	}
	s.heardQ = q
}

// board readies s for the enemy's moves on p (the enemy to move), the
// message heard (heard).
func (s *screen) board(p *game.Position) {
	s.p = p
	mover := p.Turn()
	us := mover.Other()
	king := p.KingSquare(us)
	ourPawns := p.Pieces(us, game.Pawn)
	if !s.ours || us != s.us || king != s.king || ourPawns != s.ourPawns {
		s.ourMen(us, king, ourPawns)
	}
	s.occ = p.Occupied()
	s.them = p.ByColor(mover)
	s.knights = p.Pieces(mover, game.Knight)
	s.pawns = p.Pieces(mover, game.Pawn)
	s.kings = p.Pieces(mover, game.King)
	queens := p.Pieces(mover, game.Queen)
	s.diagonal = p.Pieces(mover, game.Bishop) | queens
	s.straight = p.Pieces(mover, game.Rook) | queens
	if k := s.king; k == game.NoSquare {
		s.sight, s.checkers = 0, 0
		s.checks[game.Bishop], s.checks[game.Rook], s.checks[game.Queen] = 0, 0, 0
	} else {
		bishop, rook := game.BishopAttacks(k, s.occ), game.RookAttacks(k, s.occ)
		s.checks[game.Bishop], s.checks[game.Rook], s.checks[game.Queen] = bishop, rook, bishop|rook
		s.sight = bishop | rook
		// The mover's men attacking our king (Position.AttackersTo), from
		// the lines just found.
		s.checkers = s.leaperChecks[game.Knight]&s.knights | s.leaperChecks[game.Pawn]&s.pawns |
			s.leaperChecks[game.King]&s.kings | bishop&s.diagonal | rook&s.straight
	}
	s.ep, s.epVictim = p.EnPassant(), game.NoSquare
	if s.ep != game.NoSquare {
		s.epVictim = s.ep + 8
		if mover == game.White {
			s.epVictim = s.ep - 8
		}
	}
	if s.o.Tries != nil {
		s.neutral()
	}
}

// ourMen sets what follows from our men alone: our side us, our king (or
// NoSquare) and our pawns.
func (s *screen) ourMen(us game.Color, king game.Square, ourPawns game.Bitboard) {
	s.us, s.king, s.ourPawns, s.ours = us, king, ourPawns, true
	s.reach = pawnReach(us, ourPawns)
	if king == game.NoSquare {
		s.diagonalRays, s.straightRays = 0, 0
		s.leaperChecks = [game.King + 1]game.Bitboard{}
	} else {
		s.diagonalRays = game.BishopAttacks(king, 0)
		s.straightRays = game.RookAttacks(king, 0)
		s.leaperChecks = [game.King + 1]game.Bitboard{game.Knight: game.KnightAttacks(king), game.Pawn: game.PawnAttacks(us, king), game.King: game.KingAttacks(king)}
	}
	for _, t := range [3]game.PieceType{game.Knight, game.Pawn, game.King} {
		s.checks[t] = s.leaperChecks[t]
	}
}

// neutral sets the tries we would have after a move that leaves our king out
// of check, lets no pawn of ours capture en passant, takes no pawn of ours,
// and leaves and reaches squares outside neutralZone: the squares our pawns
// attack and pinLines, for each pawn that may capture on a line through our
// king, the squares of that line up to the first man each way with the pawn
// lifted. Such a move changes neither which of our pawns touch an enemy man,
// nor where, nor what pins them (a pin depends on those squares only).
//
// It also sets what filter needs to count the tries after a plain move that
// leaves and reaches squares outside pinLines, shielding nothing and
// checking from nowhere it arrives, and, when it reaches
// lineReach (the squares our other pawns on lines through our king attack),
// outside allLines (those squares for all our pawns on such lines): the pins
// that matter stay, and the count changes only by the unpinned pawns
// attacking the squares left and reached.
func (s *screen) neutral() {
	now := &s.moveMen
	caps := s.capturesAfter(now, game.NoSquare)
	s.neutralCount = len(caps)
	s.neutralTries = triesMatch(caps, s.o.Tries, s.rules.Tries)
	s.neutralZone, s.pinLines, s.allLines, s.lineReach, s.free = s.reach, 0, 0, 0, s.ourPawns
	if s.king == game.NoSquare {
		return
	}
	candidates := s.ourPawns & pawnReach(s.us.Other(), s.them)
	onLines := s.ourPawns & (s.diagonalRays | s.straightRays)
	s.lineReach = pawnReach(s.us, onLines&^candidates)
	for b := onLines; b != 0; {
		f := b.PopFirst()
		// What pins f: the line through our king and f, to the first man
		// each way with f lifted. Changes elsewhere do not touch the pin.
		var line game.Bitboard
		if s.diagonalRays.Has(f) {
			line = game.BishopAttacks(s.king, s.occ&^f.Bit()) & game.Line(s.king, f)
		} else {
			line = game.RookAttacks(s.king, s.occ&^f.Bit()) & game.Line(s.king, f)
		}
		s.allLines |= line
		if candidates.Has(f) {
			s.pinLines |= line
		}
		if line&(s.diagonal|s.straight)&^s.sight != 0 && s.pinned(now, f) {
			s.free &^= f.Bit()
		}
	}
	s.neutralZone |= s.pinLines
}

// pawnReach returns the squares c's pawns attack.
func pawnReach(c game.Color, pawns game.Bitboard) game.Bitboard {
	return pawnReachWest(c, pawns) | pawnReachEast(c, pawns)
}

// pawnReachWest returns the squares c's pawns attack towards the a-file.
func pawnReachWest(c game.Color, pawns game.Bitboard) game.Bitboard {
	if c == game.White {
		return (pawns &^ game.FileA) << 7
	}
	return (pawns &^ game.FileA) >> 9
}

// pawnReachEast returns the squares c's pawns attack towards the h-file.
func pawnReachEast(c game.Color, pawns game.Bitboard) game.Bitboard {
	if c == game.White {
		return (pawns &^ game.FileH) << 9
	}
	return (pawns &^ game.FileH) >> 7
}

// filter appends to kept the moves of t (the legal moves of the board s was
// reset for, man by man) consistent with the message, in LegalMoves' order,
// and returns it: the moves consistentInto accepts (filterRuns, listed).
func (s *screen) filter(next *game.Position, t *game.Targets, kept []game.Move) []game.Move {
	s.runs = s.filterRuns(next, t, s.runs[:0])
	return appendRunMoves(kept, s.runs)
}

// filterRuns appends to runs the moves of t (the legal moves of the board s
// was reset for, man by man) consistent with the message, as runs in
// LegalMoves' order, and returns it. When the message announces no capture,
// no check and no promotion and our king is not attacked, it answers most
// plain moves (no capture, promotion, castling or en passant) a man at a
// time from bitboards alone: those of men that shield no enemy slider from
// our king (so that only the man arriving may check) and leaving the pins
// on our pawns that matter as they are; our pawn tries then follow from the
// board's own. A man our king sees that does not check it may stand on
// such a square too: the only men that move along a line without being
// sliders of its kind (which would be checking) are a pawn pushing along a
// file and the king, neither checks along the line, and the man still
// blocks it after the move. The other moves go through consistent. After an announced
// capture only the moves onto its square (or the en passant square) are
// judged.
func (s *screen) filterRuns(next *game.Position, t *game.Targets, runs []run) []run {
	o := s.o
	quiet := s.quietHeard && s.checkers == 0
	if !quiet && o.Capture == game.NoSquare && len(o.Checks) != 0 && s.checkers == 0 {
		return s.checkRuns(next, t, runs)
	}
	if !quiet {
		to := ^game.Bitboard(0)
		if o.Capture != game.NoSquare {
			// A move to another square captures elsewhere or nothing.
			to = o.Capture.Bit()
			if s.ep != game.NoSquare {
				to |= s.ep.Bit()
			}
		}
		for _, m := range t.AppendMovesTo(s.judge[:0], to) {
			if s.consistent(next, m) {
				runs = append(runs, run{to: m.To().Bit(), from: m.From(), promo: m.Promotion()})
			}
		}
		return runs
	}
	q := &s.q
	s.quiet(q)
	if t.King != game.NoSquare {
		runs = s.quietMan(next, q, t.King, t.Steps, false, runs)
		for _, c := range t.Castle {
			if m := game.NewMove(t.King, c, game.NoPieceType); c != game.NoSquare && s.consistent(next, m) {
				runs = append(runs, run{to: c.Bit(), from: t.King})
			}
		}
	}
	special := q.special | t.Promoting
	for i := 0; i < t.N; i++ {
		m := &t.Men[i]
		targets := m.To &^ s.occ
		switch {
		case targets == 0:
		case special.Has(m.From) || targets&q.doubleTo != 0 && q.doublers.Has(m.From):
			runs = s.quietMan(next, q, m.From, m.To, t.Promoting.Has(m.From), runs)
		default:
			// An ordinary man (quietFilter.ordinary): quietMan's answer
			// from the board's masks.
			judged := targets & q.judgeTo
			if q.lined.Has(m.From) {
				judged |= targets & q.lineReach
			}
			plain := targets &^ judged &^ (q.checkZone & s.checks[s.p.At(m.From).Type()])
			keep := q.keep
			if q.recount.Has(m.From) {
				keep = q.good(s.neutralCount - (s.free & game.PawnAttacks(s.us.Other(), m.From)).Count())
			}
			ok := plain & keep
			if q.nearJudged {
				judged |= plain & s.reach
			}
			if judged != 0 {
				runs = s.keepJudged(next, m.From, ok, judged, runs)
			} else if ok != 0 {
				runs = append(runs, run{to: ok, from: m.From})
			}
		}
	}
	return s.passantRuns(next, t, runs)
}

// promotionRuns appends to runs the promotions of the pawn on from to the
// squares of targets that consistent accepts, one run each, in LegalMoves'
// order, and returns it.
func (s *screen) promotionRuns(next *game.Position, from game.Square, targets game.Bitboard, runs []run) []run {
	for b := targets; b != 0; {
		to := b.PopFirst()
		for _, pr := range [4]game.PieceType{game.Queen, game.Rook, game.Bishop, game.Knight} {
			if s.consistent(next, game.NewMove(from, to, pr)) {
				runs = append(runs, run{to: to.Bit(), from: from, promo: pr})
			}
		}
	}
	return runs
}

// passantRuns appends to runs the en passant captures of t that consistent
// accepts, and returns it.
func (s *screen) passantRuns(next *game.Position, t *game.Targets, runs []run) []run {
	for b := t.EnPassant; b != 0; {
		if from := b.PopFirst(); s.consistent(next, game.NewMove(from, t.Passant, game.NoPieceType)) {
			runs = append(runs, run{to: t.Passant.Bit(), from: from})
		}
	}
	return runs
}

// checkRuns is filterRuns for a message announcing a check and no capture,
// our king not attacked before the move. A move checks it only where its
// man lands attacking it (the lines found with the man still on its
// square: a slider that uncovered its own line through that square would
// have been checking already), where it leaves a square shielding our king
// from an enemy slider, or when it castles, promotes or takes en passant:
// only those moves are judged.
func (s *screen) checkRuns(next *game.Position, t *game.Targets, runs []run) []run {
	shields := s.shields()
	judge := func(from game.Square, targets game.Bitboard, promotes bool) {
		if !promotes && !shields.Has(from) {
			targets &= s.checks[s.p.At(from).Type()]
		}
		if promotes {
			runs = s.promotionRuns(next, from, targets, runs)
		} else {
			runs = s.keepJudged(next, from, 0, targets, runs)
		}
	}
	if t.King != game.NoSquare {
		judge(t.King, t.Steps, false)
		for _, c := range t.Castle {
			if c != game.NoSquare && s.consistent(next, game.NewMove(t.King, c, game.NoPieceType)) {
				runs = append(runs, run{to: c.Bit(), from: t.King})
			}
		}
	}
	for i := 0; i < t.N; i++ {
		judge(t.Men[i].From, t.Men[i].To, t.Promoting.Has(t.Men[i].From))
	}
	return s.passantRuns(next, t, runs)
}

// quietFilter is what filter needs for a quiet message, shared by every man
// of one board.
type quietFilter struct {
	avoidFrom, avoidTo game.Bitboard // squares a move must not leave or reach to be answered from bitboards
	doubleTo           game.Bitboard // squares a double step must not reach to be answered from bitboards
	doubleFrom         game.Bitboard // where the mover's pawns stand before a double step
	lineReach          game.Bitboard // reached with lineReach, a move leaving or reaching allLines is judged alone
	checkZone          game.Bitboard // squares where the man arriving may check
	tries              bool          // the message announces our pawn tries
	// With counted tries (a number, or yes or no), toCount[k] holds the
	// squares k of our unpinned pawns attack.
	counted  bool
	toCount  [3]game.Bitboard
	want     int
	has      bool
	yesNo    bool
	farTries bool // the tries are those of a move far from our pawns (neutral)
	// A man on none of special's squares, not promoting, moves as an
	// ordinary man: of its targets off the men, those on judgeTo (and
	// lineReach when it stands on lined) are judged alone, the others kept
	// when on keep (nearJudged: judged when our pawns attack them) and
	// where it gives no check (quietMan's answer, folded into masks the
	// board shares).
	// A pawn of doublers (before its double step) is ordinary unless its
	// double step lands on doubleTo.
	special, judgeTo, keep, doublers game.Bitboard
	lined                            game.Bitboard
	recount                          game.Bitboard // where an ordinary man's leaving changes our counted tries
	nearJudged                       bool
}

// quiet readies in q the bitboards filter answers a quiet message's plain
// moves from.
func (s *screen) quiet(q *quietFilter) {
	o := s.o
	*q = s.heardQ
	q.avoidFrom, q.farTries = s.shields(), s.neutralTries
	if o.Tries != nil {
		q.avoidFrom |= s.pinLines
		q.avoidTo |= s.pinLines
		q.lineReach = s.lineReach
	}
	q.checkZone = s.sight | s.checks[game.Knight] | s.checks[game.Pawn] | s.checks[game.King]
	if s.ep != game.NoSquare {
		q.avoidTo |= s.ep.Bit()
	}
	// Where a double step lands whose en passant square our pawns attack:
	// a double step there changes the tries (when none are heard, it is a
	// plain move).
	switch {
	case o.Tries == nil:
	case s.p.Turn() == game.White:
		q.doubleTo = s.reach & game.RankMask(2) << 8
		q.doubleFrom = game.RankMask(1)
	default:
		q.doubleTo = s.reach & game.RankMask(5) >> 8
		q.doubleFrom = game.RankMask(6)
	}
	if q.tries && q.counted {
		west, east := pawnReachWest(s.us, s.free), pawnReachEast(s.us, s.free)
		q.toCount = [3]game.Bitboard{^(west | east), west ^ east, west & east}
	}
	q.ordinary(s)
}

// ordinary sets the masks of q that answer an ordinary man's moves: one
// standing where quietMan judges none of its moves for leaving its square,
// nor counts our tries by it. Our pawns attack no such square, so that
// after a move to one of their squares we have the neutral count of tries
// plus the pawns attacking where it lands.
func (q *quietFilter) ordinary(s *screen) {
	q.special = q.avoidFrom
	q.judgeTo = q.avoidTo
	q.keep = ^game.Bitboard(0)
	if !q.tries {
		return
	}
	q.doublers = q.doubleFrom & s.pawns
	q.lined = s.allLines
	q.judgeTo |= q.lineReach & s.allLines
	q.keep = 0
	if q.farTries {
		q.keep = ^s.reach
	}
	if !q.counted {
		q.special |= s.reach
		q.nearJudged = true
		return
	}
	// Ordinary too is a man our pawns attack, its tries counted from the
	// neutral ones less the pawns that attacked it (quietMan).
	q.recount = s.reach
	q.keep |= s.reach & q.good(s.neutralCount)
}

// good returns the squares where the enemy man arriving leaves us counted
// tries the message allows, n0 tries being ours before our pawns attacking
// it are counted (toCount).
func (q *quietFilter) good(n0 int) game.Bitboard {
	var out game.Bitboard
	for k, squares := range q.toCount {
		if n := n0 + k; n == q.want || q.yesNo && (n > 0) == q.has {
			out |= squares
		}
	}
	return out
}

// shields returns the men our king sees that stand alone between it and an
// enemy slider of their line's kind: leaving, they discover a check.
func (s *screen) shields() game.Bitboard {
	k := s.king
	if k == game.NoSquare {
		return 0
	}
	var out game.Bitboard
	snipers := s.straightRays&s.straight | s.diagonalRays&s.diagonal
	for x := snipers; x != 0; {
		b := game.Between(k, x.PopFirst()) & s.occ
		if b != 0 && b&(b-1) == 0 {
			out |= b
		}
	}
	return out & s.sight
}

// quietMan appends to runs the moves consistent with a quiet message of
// the man on from to the squares of targets (each four promotions when
// promotes), in order, and returns it.
func (s *screen) quietMan(next *game.Position, q *quietFilter, from game.Square, targets game.Bitboard, promotes bool, runs []run) []run {
	fromBit := from.Bit()
	targets &^= s.occ // a capture, and none was announced
	if targets == 0 {
		return runs
	}
	if promotes {
		return s.promotionRuns(next, from, targets, runs)
	}
	// The moves judged one by one: from or to a square where the shields
	// of our king, the pins on our pawns or castling and en passant matter.
	judged := targets
	moved := s.p.At(from).Type()
	var double game.Bitboard // a double step our pawns may take en passant, counted below
	if fromBit&q.avoidFrom == 0 {
		judged = targets & q.avoidTo
		if fromBit&q.doubleFrom != 0 && moved == game.Pawn {
			if q.counted {
				double = targets & q.doubleTo
			} else {
				judged |= targets & q.doubleTo
			}
		}
		if fromBit&s.allLines != 0 {
			judged |= targets & q.lineReach
		} else {
			judged |= targets & q.lineReach & s.allLines
		}
	}
	// The rest: a plain move of a man that shields nothing, which opens no
	// line to our king, checks only from where the man arrives, and our
	// pawns keep their pins: only the enemy man leaving from and reaching
	// to changes our pawn tries.
	plain := targets &^ judged &^ (q.checkZone & s.checks[moved])
	ok := plain
	if q.tries {
		near := plain
		if fromBit&s.reach == 0 {
			near = plain & s.reach
			if !q.farTries {
				ok = near
			}
		}
		switch {
		case near == 0:
		case q.counted:
			ok &^= near
			ok |= near & q.good(s.neutralCount-(s.free&game.PawnAttacks(s.us.Other(), from)).Count())
		default:
			ok &^= near
			judged |= near
		}
	}
	if double &^= judged; double&plain != 0 {
		// Our pawns may also take en passant the pawn that stepped.
		ok &^= double
		to := double.First()
		n := s.neutralCount - (s.free & game.PawnAttacks(s.us.Other(), from)).Count() +
			(s.free & game.PawnAttacks(s.us.Other(), to)).Count() + s.passersAfterDouble(from, to).Count()
		if n == q.want || q.yesNo && (n > 0) == q.has {
			ok |= double
		}
	}
	return s.keepJudged(next, from, ok, judged, runs)
}

// keepJudged appends to runs the run of the man on from to the squares of
// ok and those of judged that consistent accepts, and returns it.
func (s *screen) keepJudged(next *game.Position, from game.Square, ok, judged game.Bitboard, runs []run) []run {
	ok |= judged
	for b := judged; b != 0; {
		to := b.PopFirst()
		if !s.consistent(next, game.NewMove(from, to, game.NoPieceType)) {
			ok &^= to.Bit()
		}
	}
	if ok != 0 {
		runs = append(runs, run{to: ok, from: from})
	}
	return runs
}

// consistent reports what consistentInto(next, s.p, m, s.o, rules) reports for
// the legal move m, using next as scratch only when it must play m.
func (s *screen) consistent(next *game.Position, m game.Move) bool {
	p, o := s.p, s.o
	from, to := m.From(), m.To()
	fromBit, toBit := from.Bit(), to.Bit()
	moved := p.At(from).Type()
	// The captured man's square, as CapturedSquare finds it.
	capSq := game.NoSquare
	if s.occ&toBit != 0 {
		capSq = to
	} else if to == s.ep && moved == game.Pawn && from.File() != to.File() {
		capSq = s.epVictim
	}
	if capSq != o.Capture {
		return false
	}
	if capSq != game.NoSquare && s.rules.CaptureKind && o.Captured != referee.CapturedUnknown {
		if (p.At(capSq).Type() == game.Pawn) != (o.Captured == referee.CapturedPawn) {
			return false
		}
	}
	lands := moved
	if pr := m.Promotion(); pr != game.NoPieceType {
		lands = pr
	}
	if s.rules.PromotionAnnounced && (lands != moved) != o.Promoted {
		return false
	}
	d := int(to) - int(from)
	castles := moved == game.King && (d == 2 || d == -2)
	plain := !castles && (capSq == game.NoSquare || capSq == to) // only from and to change
	var after moveMen
	built := false
	var checkers game.Bitboard
	if plain && (fromBit|toBit)&s.sight == 0 {
		// The king sees what it saw: only a leaper on to may newly check.
		checkers = s.checkers&^fromBit | toBit&s.leaperChecks[lands]
	} else {
		s.menAfter(&after, from, to, capSq, lands, castles)
		built = true
		checkers = s.checkersAfter(&after)
	}
	if checkers != 0 || len(o.Checks) != 0 {
		if !s.sameChecks(checkers, to, lands, after.rookTo) {
			return false
		}
	}
	if o.Tries == nil {
		return true
	}
	var ep game.Bitboard
	if moved == game.Pawn && (d == 16 || d == -16) {
		ep = game.Square((int(from) + int(to)) / 2).Bit()
	}
	if checkers == 0 && plain && s.reach&ep == 0 && (fromBit|toBit)&s.neutralZone == 0 && (capSq == game.NoSquare || !s.ourPawns.Has(capSq)) {
		return s.neutralTries
	}
	if !built {
		s.menAfter(&after, from, to, capSq, lands, castles)
	}
	// s.reach may still hold what a pawn of ours just taken attacked: then
	// the captures are counted, which answers exactly all the same.
	if s.reach&(after.them|after.ep) == 0 {
		return s.noTries
	}
	if checkers == 0 {
		return triesMatch(s.capturesAfter(&after, capSq), o.Tries, s.rules.Tries)
	}
	*next = *p
	next.Apply(m)
	return sameTries(next, *o.Tries, s.rules.Tries)
}

// moveMen is the mover's men and the occupancy after a move.
type moveMen struct {
	occ, them             game.Bitboard
	knights, pawns, kings game.Bitboard
	diagonal, straight    game.Bitboard
	rookTo                game.Square // where a castling rook lands, else 0 (a square no rook castles to)
	// After a double step, the en passant square and the pawn there to
	// take; else empty.
	ep, epVictim game.Bitboard
}

// menAfter sets a to the mover's men and the occupancy after the move from
// from to to (a man of type lands arriving) capturing on capSq (NoSquare for
// none), castles telling whether it is castling.
func (s *screen) menAfter(a *moveMen, from, to, capSq game.Square, lands game.PieceType, castles bool) {
	fromBit, toBit := from.Bit(), to.Bit()
	*a = moveMen{occ: s.occ&^fromBit | toBit, them: s.them&^fromBit | toBit}
	if capSq != game.NoSquare && capSq != to {
		a.occ &^= capSq.Bit()
	}
	a.knights, a.pawns, a.kings = s.knights&^fromBit, s.pawns&^fromBit, s.kings&^fromBit
	a.diagonal, a.straight = s.diagonal&^fromBit, s.straight&^fromBit
	if castles {
		rookFrom, rookTo := from+3, from+1
		if to < from {
			rookFrom, rookTo = from-4, from-1
		}
		swap := rookFrom.Bit() | rookTo.Bit()
		a.occ ^= swap
		a.them ^= swap
		a.straight ^= swap
		a.rookTo = rookTo
	}
	if d := to - from; lands == game.Pawn && (d == 16 || d == -16) {
		a.ep, a.epVictim = game.Square((int(from)+int(to))/2).Bit(), toBit
	}
	switch lands {
	case game.Knight:
		a.knights |= toBit
	case game.Pawn:
		a.pawns |= toBit
	case game.King:
		a.kings |= toBit
	case game.Bishop:
		a.diagonal |= toBit
	case game.Rook:
		a.straight |= toBit
	case game.Queen:
		a.diagonal |= toBit
		a.straight |= toBit
	}
}

// checkersAfter returns the mover's men after that attack our king.
func (s *screen) checkersAfter(after *moveMen) game.Bitboard {
	k := s.king
	if k == game.NoSquare {
		return 0
	}
	checkers := after.knights&s.leaperChecks[game.Knight] | after.pawns&s.leaperChecks[game.Pawn] | after.kings&s.leaperChecks[game.King]
	if after.diagonal&s.diagonalRays != 0 {
		checkers |= game.BishopAttacks(k, after.occ) & after.diagonal
	}
	if after.straight&s.straightRays != 0 {
		checkers |= game.RookAttacks(k, after.occ) & after.straight
	}
	return checkers
}

// sameChecks reports whether checkers, the men checking our king after the
// move, make the checks o announces: as many, and when the rules give
// directions, the same directions in increasing square order. to is where
// the moved man landed, as a man of type lands, and rookTo where a castling
// rook landed.
func (s *screen) sameChecks(checkers game.Bitboard, to game.Square, lands game.PieceType, rookTo game.Square) bool {
	if checkers.Count() != len(s.o.Checks) {
		return false
	}
	if checkers == 0 || !s.rules.CheckDirection {
		return true
	}
	for i := 0; checkers != 0; i++ {
		sq := checkers.PopFirst()
		t := s.p.At(sq).Type()
		switch {
		case sq == to:
			t = lands
		case sq == rookTo && rookTo != 0:
			t = game.Rook
		}
		if referee.ClassifyCheck(s.king, sq, t) != s.o.Checks[i] {
			return false
		}
	}
	return true
}
