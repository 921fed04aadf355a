package player

import "github.com/krieg/krieg/game"

// Loose men drop off: a man no man of ours guards is lost to any enemy man
// that comes to attack it, and an enemy who sees our men finds them (the
// omniscient test opponent takes every one its 3-ply search reaches). The
// boards hold such an attacker only as often as the belief expects it, so
// static charges our loose men in proportion to the chance that the enemy
// sees (sight.go). Against the cheat (200 games at 1 s, session 17, in
// docs/measurements.md), with the purposeful opponent model in full, adding
// the charge took the material the bot had lost by ply 40 from 5.9 pawns to
// 2.5. With both in full against every enemy, the bot's games against the
// random attempter grew from 85 plies to 106-113 and it lost 2 of 200: a
// blind enemy is not charged for. Charging each candidate once on our men
// alone (not inside static, on each board and after each reply) did no good
// (3.9 pawns by ply 40 at this charge, more at a larger one).

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
