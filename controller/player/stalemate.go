package player

import (
	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// The boards can all miss the true position. In a game against the random
// attempter none of them held the enemy king on h1 behind its own pawn on
// h2, and the bot, a rook, bishop and knight up, played the quiet Nd8 with
// its rook on g8 taking g1 and g2 from that king: stalemate. So, when the
// bot is winning, each candidate is also judged against the sound sets and
// the floored probabilities: on every square B1 allows the enemy king, would
// a king there be out of check and have no free square to step to (each
// attacked by our men, or one an enemy pawn may stand on)? The probability
// of the king on those squares, times the share of boards on which the enemy
// cannot move any other man after the move (in another game the bot's bishop
// took the last piece, a knight, and left the king on e3 no square and its
// pawns blocked), is the chance the move stalemates. The stalemate throws
// the win away, so the candidate keeps its value only on the rest: its score
// is scaled by one minus that chance.
//
// Berkeley's referee names no man we capture, and the boards can keep one
// that is gone: in two blitz stalemates against bot-random, 96 and 98 % of
// the boards still gave the enemy a rook or a knight already taken, and put
// its king far from where it stood. So while B1 admits a make-up of the
// enemy's men with no piece, the boards where it cannot move another man
// count for at least piecesDoubt.
const piecesDoubt = 0.25

// stalemateRisk is that chance for our men after a candidate (only ours on
// after), given the view and the enemy's mobility on the boards after it.
// B1's doubt about the enemy's pieces counts only where its pawns cannot move
// either: free pawns spare the king a stalemate, phantom pieces or not.
func stalemateRisk(after *game.Position, us game.Color, v *controller.ViewModel, mob mobility) float64 {
	return riskOf(frozenMass(after, us, v), v, mob)
}

// riskOf is the chance of a stalemate given the king's frozen mass.
func riskOf(frozen float64, v *controller.ViewModel, mob mobility) float64 {
	bare := 1 - mob.men
	if v.PawnsOnly {
		bare = max(bare, piecesDoubt*(1-mob.pawns))
	}
	return min(1, frozen*bare)
}

// frozenMass is the king's probability over the squares B1 allows it where,
// with our men as on after, it would be out of check and have no free square
// to step to.
func frozenMass(after *game.Position, us game.Color, v *controller.ViewModel) float64 {
	ours := after.ByColor(us)
	occ := after.Occupied()
	pawns := v.Possible[game.Pawn]
	risk := 0.0
	for x := v.Possible[game.King] &^ ours; x != 0; {
		k := x.PopFirst()
		if v.Probability[game.King][k] == 0 || after.AttackersTo(k, us, occ) != 0 {
			continue // no king there, or it would be in check
		}
		if frozen(after, us, k, pawns, occ) {
			risk += v.Probability[game.King][k]
		}
	}
	return risk
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

// mobility holds, among the boards on which our move is legal, the share of
// the weight where the enemy can then move a man besides its king (men) and
// where it can move a pawn (pawns). A board where the move gives check
// stalemates nowhere and counts as mobile.
type mobility struct{ men, pawns float64 }

// mobileShare is the enemy's mobility after our move m. A piece pinned to its
// king, or pawns blocked, leave it no man to move: two Berkeley blitz
// stalemates against bot-random came from a bishop, and a rook and a pawn,
// pinned by the bot's queen and rook, which counting the enemy's pieces took
// for free men. With no board on which m is legal it reports no mobility, and
// the charge rests on B1's squares alone.
func mobileShare(boards []controller.Board, m game.Move) mobility {
	var buf [game.MaxMoves]game.Move
	var mob mobility
	total := 0.0
	for _, b := range boards {
		after, ok := b.Pos.Play(m)
		if !ok {
			continue
		}
		total += b.Weight
		if after.InCheck() {
			mob.men += b.Weight
			mob.pawns += b.Weight
			continue
		}
		king := after.KingSquare(after.Turn())
		men, pawns := false, false
		for _, x := range after.LegalMoves(buf[:0]) {
			if x.From() != king {
				men = true
				pawns = pawns || after.At(x.From()).Type() == game.Pawn
			}
			if pawns {
				break
			}
		}
		if men {
			mob.men += b.Weight
		}
		if pawns {
			mob.pawns += b.Weight
		}
	}
	if total == 0 {
		return mobility{}
	}
	return mobility{men: mob.men / total, pawns: mob.pawns / total}
}

// penalizeStalemates scales the score of each of cands (moves of our men in
// own) by the chance it does not stalemate, and sorts them again, best first.
func penalizeStalemates(own *game.Position, cands []choice, v *controller.ViewModel, boards []controller.Board) {
	us := own.Turn()
	for i := range cands {
		if cands[i].score <= utilityDraw {
			continue
		}
		after := *own
		after.Apply(cands[i].move)
		mass := frozenMass(&after, us, v)
		if mass == 0 {
			continue // no board is played for a move that freezes no square
		}
		cands[i].score *= 1 - riskOf(mass, v, mobileShare(boards, cands[i].move))
	}
	sortChoices(cands)
}
