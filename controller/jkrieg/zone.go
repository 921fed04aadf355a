// Package jkrieg holds the token rules R1-R10 of docs/deduction.md, the JKrieg
// thesis' rules plus the ones it left out: each reads only the latest
// messages and our own men. Rule R1 spreads pawn tries over their targets
// (TryTargets, TryOpacity), R2 fades capture tokens (Fades), R3-R6 place the
// man checking our king (CheckerSquares), R7-R8 the enemy king after our
// check (KingSquares) and R9 is the zone of control (Zone).
package jkrieg

import "github.com/krieg/krieg/game"

// Zone returns rule R9's squares: those none of side's men attacks, with our
// men blocking our lines and unknown squares taken as empty.
func Zone(own *game.Position, side game.Color) game.Bitboard {
	return ^Attacks(own, side, own.ByColor(side))
}

// Attacks returns every square c's men in p attack with occupancy occ.
func Attacks(p *game.Position, c game.Color, occ game.Bitboard) game.Bitboard {
	var a game.Bitboard
	for x := p.ByColor(c); x != 0; {
		s := x.PopFirst()
		a |= game.AttacksFrom(p.At(s).Type(), c, s, occ)
	}
	return a
}
