package jkrieg

import "github.com/krieg/krieg/game"

// fadeFloor is the opacity under which a capture token is removed.
const fadeFloor = 1.0 / 8

// Fade is rule R2's capture token: fully opaque when the enemy captures on a
// square, halved on every later enemy move, removed under fadeFloor or when
// one of our men moves onto or through the square.
type Fade struct {
	Square  game.Square
	Opacity float64
	Message string
}

// Fades is the set of live capture tokens.
type Fades []Fade

// EnemyMoved halves every token and drops the faint ones.
func (f Fades) EnemyMoved() Fades {
	out := f[:0]
	for _, x := range f {
		x.Opacity /= 2
		if x.Opacity >= fadeFloor {
			out = append(out, x)
		}
	}
	return out
}

// Explored drops the tokens on squares our move crossed or reached.
func (f Fades) Explored(squares game.Bitboard) Fades {
	out := f[:0]
	for _, x := range f {
		if !squares.Has(x.Square) {
			out = append(out, x)
		}
	}
	return out
}
