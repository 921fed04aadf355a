package player

import (
	"math"

	"github.com/krieg/krieg/game"
)

// Utilities are on one scale from our side: +1 a win (mate), -1 a loss,
// 0 a draw. A position still in play maps its material and progress into
// (-0.9, 0.9) through tanh, except a technical win (a lone enemy king against
// a queen or rook), which sits between 0.9 and 1 so that no gamble is worth
// more than keeping it, and only mate is.
const (
	utilityWin     = 1.0
	utilityLoss    = -1.0
	utilityDraw    = 0.0
	technicalWin   = 0.9
	technicalRange = 0.09
	materialScale  = 10.0 // pawns of advantage that make tanh reach 0.76
	kxkHorizon     = 40.0 // plies to mate beyond which KQK/KRK progress counts as none
)

// pieceValue is material in pawns.
var pieceValue = [...]float64{game.Pawn: 1, game.Knight: 3, game.Bishop: 3.25, game.Rook: 5, game.Queen: 9}

// static is the utility of p for us with no look-ahead, seeing being the
// chance that the enemy sees our men (sight.go): it charges our loose men.
func static(p *game.Position, us game.Color, seeing float64) float64 {
	them := us.Other()
	if p.InsufficientMaterial() {
		return utilityDraw
	}
	if p.ByColor(them) == p.Pieces(them, game.King) {
		if d, mate, ok := KXKDistance(p); ok {
			if !mate {
				return utilityDraw // the piece falls, or stalemate
			}
			return kxkUtility(p, us, d)
		}
		if q := p.Pieces(us, game.Queen); q != 0 {
			// More men beside the queen: the KQK table on the king and
			// queen, when no man of ours blocks the queen's lines there.
			core := kxkCore(p, us, game.Queen)
			if kxkFaithful(game.Queen, us, q.First(), p.KingSquare(them), p.Occupied(), core.Occupied()) {
				if d, mate, _ := KXKDistance(&core); mate {
					return kxkUtility(p, us, d)
				}
			}
		}
		if p.Pieces(us, game.Queen)|p.Pieces(us, game.Rook) != 0 {
			return technicalWin + technicalRange*loneKingProgress(p, us)
		}
	}
	if win, ok := KPKWins(p); ok {
		pawn := p.ByType(game.Pawn).First()
		if p.At(pawn).Color() != us {
			win = !win // the enemy's pawn: its win is our loss, its draw our draw
			if win {
				return utilityDraw
			}
			return -technicalWin
		}
		if !win {
			return utilityDraw + 0.01*advance(pawn, us)
		}
		return 0.5 + 0.3*advance(pawn, us)
	}
	e := 0.0
	for t := game.Pawn; t <= game.Queen; t++ {
		e += pieceValue[t] * float64(p.Pieces(us, t).Count()-p.Pieces(them, t).Count())
	}
	e += pawnAdvance(p, us) - pawnAdvance(p, them)
	if seeing > 0 {
		e -= seeing * looseCharge * loose(p, us)
	}
	e += hunt(p, us, e)
	return 0.9 * math.Tanh(e/materialScale)
}

// kxkUtility is the technical win of p, d plies from mate by the tables.
func kxkUtility(p *game.Position, us game.Color, d int) float64 {
	return technicalWin + technicalRange*max(0, 1-float64(d)/kxkHorizon) - harassed(p, us)
}

// hunt is the bonus for driving the enemy king to the edge and closing in on
// it, weighted up as the enemy runs out of pieces or we get ahead (e is our
// material lead so far).
func hunt(p *game.Position, us game.Color, e float64) float64 {
	them := us.Other()
	ek := p.KingSquare(them)
	if ek == game.NoSquare {
		return 0
	}
	enemyPieces := 0.0
	for t := game.Knight; t <= game.Queen; t++ {
		enemyPieces += pieceValue[t] * float64(p.Pieces(them, t).Count())
	}
	weight := 0.05
	if enemyPieces <= 5 || e >= 5 {
		weight = 0.3
	}
	v := float64(3 - edgeDistance(ek))
	near := 0.0
	for x := p.ByColor(us) &^ p.Pieces(us, game.Pawn); x != 0; {
		near += float64(7-x.PopFirst().Distance(ek)) / 7
	}
	v += 0.5*near - 0.25*float64(kingRoom(p, them))
	return weight * v
}

// harassment is what it costs to leave our queen or rook unprotected within
// two steps of the enemy king: harmless on a board we can see, but in the
// dark the piece may find no square safe on every board next move.
const harassment = 0.03

// harassed returns harassment when the enemy king is near our unprotected
// queen or rook in p, else 0.
func harassed(p *game.Position, us game.Color) float64 {
	ek, ok := p.KingSquare(us.Other()), p.KingSquare(us)
	for x := p.Pieces(us, game.Queen) | p.Pieces(us, game.Rook); x != 0; {
		s := x.PopFirst()
		if s.Distance(ek) <= 2 && s.Distance(ok) > 1 {
			return harassment
		}
	}
	return 0
}

// loneKingProgress is in [0,1]: how far our queen or rook and king have
// confined the lone enemy king (the box its king is shut in, the room it has
// to move, its distance from the edge, our king's distance from it).
func loneKingProgress(p *game.Position, us game.Color) float64 {
	them := us.Other()
	ek, ok := p.KingSquare(them), p.KingSquare(us)
	area := 64.0
	for x := p.Pieces(us, game.Queen) | p.Pieces(us, game.Rook); x != 0; {
		area = math.Min(area, float64(box(x.PopFirst(), ek)))
	}
	room := float64(kingRoom(p, them))
	v := 1 - (0.45*area/64 + 0.2*room/8 + 0.15*float64(edgeDistance(ek))/3 + 0.2*float64(ok.Distance(ek)-2)/5)
	return min(max(v, 0), 1)
}

// box is the number of squares in the rectangle a rook on r shuts a king on
// k into (64 when the king stands on the rook's line).
func box(r, k game.Square) int {
	files, ranks := sideCount(r.File(), k.File()), sideCount(r.Rank(), k.Rank())
	if files == 0 || ranks == 0 {
		return 64
	}
	return files * ranks
}

// sideCount is how many lines lie on k's side of line r (0 when k is on r).
func sideCount(r, k int) int {
	switch {
	case k < r:
		return r
	case k > r:
		return 7 - r
	}
	return 0
}

// kingRoom counts the squares side c's king could step to, as far as the
// other side's attacks go (its own men block).
func kingRoom(p *game.Position, c game.Color) int {
	k := p.KingSquare(c)
	occ := p.Occupied() &^ k.Bit()
	free := game.KingAttacks(k) &^ p.ByColor(c)
	n := 0
	for x := free; x != 0; {
		if p.AttackersTo(x.PopFirst(), c.Other(), occ) == 0 {
			n++
		}
	}
	return n
}

// edgeDistance is 0 on the edge, 3 in the centre.
func edgeDistance(s game.Square) int {
	return min(s.File(), 7-s.File(), s.Rank(), 7-s.Rank())
}
