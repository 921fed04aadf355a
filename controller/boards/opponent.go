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

// pieceValue is each type's material value in pawns (the king is never lost).
var pieceValue = [game.King + 1]float64{game.Pawn: 1, game.Knight: 3, game.Bishop: 3, game.Rook: 5, game.Queen: 9}

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
		if k := score + 40; k >= 0 && k < len(purposeExps) {
			w[i] = purposeExps[k]
		} else {
			w[i] = math.Exp(purposeScale * (float64(score) / 2))
		}
		sum += w[i]
	}
	return sum
}

// pieceHalves is pieceValue in half pawns.
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
