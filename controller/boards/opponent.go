package boards

import (
	"math"

	"github.com/krieg/krieg/controller/jkrieg"
	"github.com/krieg/krieg/game"
)

// The opponent model weighs the enemy's legal moves on a board before the
// referee's answer filters them. A uniform opponent (every legal move equally
// likely) is right for a random attempter and overconfident against a player
// with a purpose, who captures what it can, keeps its men out of reach and
// promotes. The model mixes the two: a share (Sampler.SetPurpose) of each
// board's weight goes to its moves in proportion to exp(purposeScale·score),
// the rest evenly.
//
// It scores a move on the true board, which a Kriegspiel player does not
// see; measured against the computer player it made B2's calibration
// worse, so controllers leave it off unless asked (docs/deduction.md).

// purposeScale turns a move's score (in pawns) into a weight.
const purposeScale = 0.7

// purposeWeights fills w with exp(purposeScale·score) of each legal move on
// p (the enemy to move, us its opponent) and returns their sum. A move
// scores the value of what it captures (an en passant capture a pawn), a
// promotion's gain, minus the moved man's value when it lands where our men
// attack, plus half of it when it leaves an attacked square for a safe one,
// and one for castling.
func purposeWeights(p *game.Position, us game.Color, legal []game.Move, w []float64) float64 {
	ours := jkrieg.Attacks(p, us, p.Occupied())
	ep := p.EnPassant()
	sum := 0.0
	for i, m := range legal {
		// The score in half pawns: an integer, so that the table is indexed
		// without testing the score for a fraction.
		from, to := m.From(), m.To()
		mover := p.At(from).Type()
		v := pieceHalves[mover]
		score := 0
		if c := p.At(to); c != game.NoPiece {
			score += pieceHalves[c.Type()]
		} else if mover == game.Pawn && to == ep {
			score += 2
		}
		if pr := m.Promotion(); pr != game.NoPieceType {
			score += pieceHalves[pr] - 2
			v = pieceHalves[pr]
		}
		switch {
		case mover == game.King:
			if d := int(to) - int(from); d == 2 || d == -2 {
				score += 2 // castling
			}
		case ours.Has(to):
			score -= v
		case ours.Has(from):
			score += v / 2
		}
		w[i] = purposeExp(score)
		sum += w[i]
	}
	return sum
}

// purposeExp returns exp(purposeScale·score) for a score in half pawns.
func purposeExp(halves int) float64 {
	if k := halves + 40; k >= 0 && k < len(purposeExps) {
		return purposeExps[k]
	}
	return math.Exp(purposeScale * (float64(halves) / 2))
}

// purposeOdds adds to odds what board p (the enemy to move, us its
// opponent, its legal moves t) of weight w says of the two opponent models,
// the message allowing the moves of runs (in LegalMoves' order): what
// modelOdds.add adds from purposeWeights' weights of the listed legal moves,
// the same sums in the same order, found man by man without listing the
// moves or looking for the kept ones among them. a holds what our leapers
// attack, kept from board to board.
func purposeOdds(odds *modelOdds, a *leaperAttacks, p *game.Position, us game.Color, t *game.Targets, runs []run, w float64) {
	ps := purposeSum{p: p, ours: a.attacks(p, us), theirs: p.ByColor(us), runs: runs}
	ps.skip()
	if t.King != game.NoSquare {
		kept := ps.take(t.King, t.Steps|t.Castle[0].Bit()|t.Castle[1].Bit())
		for b := t.Steps; b != 0; {
			to := b.PopFirst()
			ps.add(kept.Has(to), ps.captured(to))
		}
		for _, c := range t.Castle {
			if c != game.NoSquare {
				ps.add(kept.Has(c), 2)
			}
		}
	}
	ep := p.EnPassant()
	for i := 0; i < t.N; i++ {
		m := &t.Men[i]
		from := m.From
		if t.Promoting.Has(from) {
			for b := m.To; b != 0; {
				to := b.PopFirst()
				for _, pr := range [4]game.PieceType{game.Queen, game.Rook, game.Bishop, game.Knight} {
					ps.promotion(from, to, pr, ps.captured(to)+pieceHalves[pr]-2+ps.exposure(from, to, pieceHalves[pr]))
				}
			}
			continue
		}
		mover := p.At(from).Type()
		v := pieceHalves[mover]
		// The move's score less what it captures: by where it lands.
		safe, attacked := 0, -v
		if ps.ours.Has(from) {
			safe = v / 2
		}
		kept := ps.take(from, m.To)
		// ps.add's sums, held in locals across the man's moves (not
		// stored and loaded back move after move): the same additions in
		// the same order.
		sum, allowed, n := ps.sum, ps.allowed, 0
		for b := m.To; b != 0; {
			to := b.PopFirst()
			score := safe
			if ps.ours.Has(to) {
				score = attacked
			}
			if ps.theirs.Has(to) {
				score += pieceHalves[p.At(to).Type()]
			} else if mover == game.Pawn && to == ep {
				score += 2
			}
			x := purposeExp(score)
			sum += x
			if kept.Has(to) {
				allowed += x
				n++
			}
		}
		ps.sum, ps.allowed = sum, allowed
		ps.legal += m.To.Count()
		ps.kept += n
	}
	if t.Passant != game.NoSquare {
		for b := t.EnPassant; b != 0; {
			from := b.PopFirst()
			ps.add(ps.take(from, t.Passant.Bit()).Has(t.Passant), ps.captured(t.Passant)+2+ps.exposure(from, t.Passant, pieceHalves[game.Pawn]))
		}
	}
	if ps.kept == 0 {
		return
	}
	odds.uniform += w * float64(ps.kept) / float64(ps.legal)
	odds.purposeful += w * ps.allowed / ps.sum
}

// leaperAttacks holds the squares our knights, pawns and king attack, and
// the men they were found for: the boards of a refresh share our men, so
// that only a board whose leapers of ours differ finds them anew.
type leaperAttacks struct {
	knights, pawns, kings game.Bitboard
	found                 bool
	us                    game.Color
	attacked              game.Bitboard
}

// attacks returns the squares us's men attack in p (jkrieg.Attacks with p's
// occupancy).
func (a *leaperAttacks) attacks(p *game.Position, us game.Color) game.Bitboard {
	knights, pawns, kings := p.Pieces(us, game.Knight), p.Pieces(us, game.Pawn), p.Pieces(us, game.King)
	if !a.found || us != a.us || knights != a.knights || pawns != a.pawns || kings != a.kings {
		*a = leaperAttacks{knights: knights, pawns: pawns, kings: kings, found: true, us: us, attacked: pawnReach(us, pawns)}
		for x := knights; x != 0; {
			a.attacked |= game.KnightAttacks(x.PopFirst())
		}
		for x := kings; x != 0; {
			a.attacked |= game.KingAttacks(x.PopFirst())
		}
	}
	out, occ := a.attacked, p.Occupied()
	queens := p.Pieces(us, game.Queen)
	for x := p.Pieces(us, game.Bishop) | queens; x != 0; {
		out |= game.BishopAttacks(x.PopFirst(), occ)
	}
	for x := p.Pieces(us, game.Rook) | queens; x != 0; {
		out |= game.RookAttacks(x.PopFirst(), occ)
	}
	return out
}

// purposeSum is purposeOdds' walk over a board's legal moves: their weights
// summed, and those of the moves kept, found by following the runs.
type purposeSum struct {
	p            *game.Position
	ours, theirs game.Bitboard // the squares our men attack; our men
	runs         []run
	r            int           // the run of the next move kept
	next         game.Bitboard // the squares of run r not yet passed
	legal, kept  int
	sum, allowed float64
}

// captured returns the value in half pawns of the man of ours on to, if any.
func (ps *purposeSum) captured(to game.Square) int {
	if !ps.theirs.Has(to) {
		return 0
	}
	return pieceHalves[ps.p.At(to).Type()]
}

// exposure returns the score of a man other than the king worth v half
// pawns moving from from to to: minus v landing where our men attack, plus
// half of it leaving an attacked square for a safe one.
func (ps *purposeSum) exposure(from, to game.Square, v int) int {
	switch {
	case ps.ours.Has(to):
		return -v
	case ps.ours.Has(from):
		return v / 2
	}
	return 0
}

// add adds the next legal move in LegalMoves' order, scoring score half
// pawns, kept when the message allows it.
func (ps *purposeSum) add(kept bool, score int) {
	w := purposeExp(score)
	ps.sum += w
	ps.legal++
	if kept {
		ps.allowed += w
		ps.kept++
	}
}

// take returns the squares of the runs from the next on that move the man
// on from to squares of to without promoting, and passes them: its moves
// to to kept, the next legal moves being those (the runs of a man's moves
// follow one another, as the moves do; a pawn's en passant capture comes
// after every man's, to a square none of its other moves reaches).
func (ps *purposeSum) take(from game.Square, to game.Bitboard) game.Bitboard {
	var kept game.Bitboard
	for ps.next != 0 && ps.runs[ps.r].from == from && ps.runs[ps.r].promo == game.NoPieceType && ps.next&^to == 0 {
		kept |= ps.next
		ps.r++
		ps.skip()
	}
	return kept
}

// promotion adds the legal move from from to to promoting to promo,
// scoring score half pawns, the next legal move in LegalMoves' order, kept
// when it is the next move of the runs.
func (ps *purposeSum) promotion(from, to game.Square, promo game.PieceType, score int) {
	kept := false
	if ps.next != 0 {
		r := &ps.runs[ps.r]
		kept = r.from == from && r.promo == promo && ps.next.First() == to
	}
	ps.add(kept, score)
	if kept {
		if ps.next &= ps.next - 1; ps.next == 0 {
			ps.r++
			ps.skip()
		}
	}
}

// skip sets next to the squares of the first run from r on that has any,
// or to none past the last run.
func (ps *purposeSum) skip() {
	for ps.next = 0; ps.r < len(ps.runs); ps.r++ {
		if ps.next = ps.runs[ps.r].to; ps.next != 0 {
			return
		}
	}
}

// pieceHalves is each type's material value in half pawns (1, 3, 3, 5 and 9
// pawns; the king is never lost), so that scores stay whole numbers.
var pieceHalves = [game.King + 1]int{game.Pawn: 2, game.Knight: 6, game.Bishop: 6, game.Rook: 10, game.Queen: 18}

// purposeExps holds exp(purposeScale·score) for the scores a move can have
// (halves of a pawn from -20 to 40), so that weighing a board's moves
// calls no exponential: the same values, found in a table.
var purposeExps = func() (t [121]float64) {
	for i := range t {
		t[i] = math.Exp(purposeScale * (float64(i)/2 - 20))
	}
	return t
}()

// purposeWeight returns exp(purposeScale·score).
func purposeWeight(score float64) float64 {
	if k := score*2 + 40; k >= 0 && k < float64(len(purposeExps)) && k == math.Trunc(k) {
		return purposeExps[int(k)]
	}
	return math.Exp(purposeScale * score)
}
