package controller

import "github.com/krieg/krieg/game"

// fadeFloor is the opacity under which a capture token is removed.
const fadeFloor = 1.0 / 8

// fade is rule R2's capture token: fully opaque when the enemy captures on a
// square, halved on every later enemy move, removed under fadeFloor or when
// one of our men moves onto or through the square.
type fade struct {
	square  game.Square
	opacity float64
	message string
}

// fades is the set of live capture tokens.
type fades []fade

// enemyMoved halves every token and drops the faint ones.
func (f fades) enemyMoved() fades {
	out := f[:0]
	for _, x := range f {
		x.opacity /= 2
		if x.opacity >= fadeFloor {
			out = append(out, x)
		}
	}
	return out
}

// explored drops the tokens on squares our move crossed or reached.
func (f fades) explored(squares game.Bitboard) fades {
	out := f[:0]
	for _, x := range f {
		if !squares.Has(x.square) {
			out = append(out, x)
		}
	}
	return out
}
