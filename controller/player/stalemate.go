package player

import (
	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// The boards can all miss the true position. In a game against the random
// attempter none of them held the enemy king on h1 behind its own pawn on
// h2, and the bot, a rook, bishop and knight up, played the quiet Nd8 with
// its rook on g8 taking g1 and g2 from that king: stalemate. So, when the bot is winning, each
// candidate is also judged against the sound sets and the floored
// probabilities: on every square B1 allows the enemy king, would a king
// there be out of check and have no free square to step to (each attacked by
// our men, or one an enemy pawn may stand on)? The probability of the king
// on those squares, times the share of boards on which the enemy has only
// pawns besides after the move (pieces can always move; in another game the
// bot's bishop took the last one, a knight, and left the king on e3 no
// square and its pawns blocked), is the chance the move stalemates. The
// stalemate throws the win away, so the candidate keeps its value only on the
// rest: its score is scaled by one minus that chance.
//
// Berkeley's referee names no man we capture, and the boards can keep one
// that is gone: in three blitz stalemates against bot-random, 90 to 98 % of
// the boards still gave the enemy a rook or a knight already taken, and put
// its king far from where it stood. So while B1 admits a make-up of the
// enemy's men with no piece, the boards without one count for at least
// piecesDoubt, and every square B1 allows the king for at least kingDoubt.
const (
	piecesDoubt = 0.25
	kingDoubt   = 0.02
)

// stalemateRisk is that chance for our men after a candidate (only ours on
// after), given the view and the share of the boards with an enemy piece.
func stalemateRisk(after *game.Position, us game.Color, v *controller.ViewModel, piecesShare float64) float64 {
	ours := after.ByColor(us)
	occ := after.Occupied()
	pawns := v.Possible[game.Pawn]
	risk := 0.0
	for x := v.Possible[game.King] &^ ours; x != 0; {
		k := x.PopFirst()
		if after.AttackersTo(k, us, occ) != 0 {
			continue // a king there would be in check
		}
		if frozen(after, us, k, pawns, occ) {
			risk += max(v.Probability[game.King][k], kingDoubt)
		}
	}
	bare := 1 - piecesShare
	if v.PawnsOnly {
		bare = max(bare, piecesDoubt)
	}
	return min(1, risk*bare)
}

// frozen reports whether an enemy king on k could step nowhere: every
// neighbour is attacked by our men (a man of ours there is then defended)
// or may hold one of its own pawns.
func frozen(after *game.Position, us game.Color, k game.Square, pawns, occ game.Bitboard) bool {
	for n := game.KingAttacks(k); n != 0; {
		s := n.PopFirst()
		if pawns.Has(s) && !after.ByColor(us).Has(s) {
			continue
		}
		if after.AttackersTo(s, us, occ&^s.Bit()) == 0 {
			return false
		}
	}
	return true
}

// piecesShare is the weight of the boards (summing to one) on which the
// enemy keeps a man other than its king and pawns after our move m (a man
// on its target square is taken).
func piecesShare(boards []controller.Board, them game.Color, m game.Move) float64 {
	share := 0.0
	for _, b := range boards {
		pieces := b.Pos.ByColor(them) &^ b.Pos.Pieces(them, game.King) &^ b.Pos.Pieces(them, game.Pawn)
		if pieces&^m.To().Bit() != 0 {
			share += b.Weight
		}
	}
	return share
}

// penalizeStalemates scales the score of each of cands (moves of our men in
// own) by the chance it does not stalemate, and sorts them again, best first.
func penalizeStalemates(own *game.Position, cands []choice, v *controller.ViewModel, boards []controller.Board) {
	us := own.Turn()
	for i := range cands {
		share := piecesShare(boards, us.Other(), cands[i].move)
		if share >= 1 && !v.PawnsOnly || cands[i].score <= utilityDraw {
			continue
		}
		after := *own
		after.Apply(cands[i].move)
		cands[i].score *= 1 - stalemateRisk(&after, us, v, share)
	}
	sortChoices(cands)
}
