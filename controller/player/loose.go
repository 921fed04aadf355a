package player

import "github.com/krieg/krieg/game"

// Loose men drop off: a man no man of ours guards is lost to any enemy who
// sees our men, so static charges our loose men in proportion to the chance
// that the enemy sees (sight.go). See docs/player.md.

// looseCharge is what static charges, in pawns of material, per pawn of
// value left loose, against an enemy who surely sees.
const looseCharge = 0.3

// loose is the value of our men other than pawns and the king on p that no
// man of ours guards.
func loose(p *game.Position, us game.Color) float64 {
	occ := p.Occupied()
	v := 0.0
	for x := p.ByColor(us) &^ p.Pieces(us, game.Pawn) &^ p.Pieces(us, game.King); x != 0; {
		s := x.PopFirst()
		if p.AttackersTo(s, us, occ) == 0 {
			v += pieceValue[p.At(s).Type()]
		}
	}
	return v
}
