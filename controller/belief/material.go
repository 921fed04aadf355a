package belief

import (
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// The kinds of enemy men a make-up counts.
const (
	pawns = iota
	queens
	rooks
	lightBishops
	darkBishops
	knights
	promoted // men promoted from pawns, of unknown type
	kinds
)

// material is one way the enemy's men (the king aside) may be made up: how
// many of each kind it has.
type material [kinds]int8

// materials is the set of make-ups the enemy's men may have, given every
// capture heard: Wild 16 says only "pawn" or "piece", so a capture on a square
// where a rook or a knight may have stood leaves two make-ups, and a later
// capture may tell them apart.
type materials []material

// materialOf returns the make-up of c's men in p.
func materialOf(p *game.Position, c game.Color) material {
	bishops := p.Pieces(c, game.Bishop)
	return material{
		pawns:        int8(p.Pieces(c, game.Pawn).Count()),
		queens:       int8(p.Pieces(c, game.Queen).Count()),
		rooks:        int8(p.Pieces(c, game.Rook).Count()),
		lightBishops: int8((bishops & game.LightSquares).Count()),
		darkBishops:  int8((bishops &^ game.LightSquares).Count()),
		knights:      int8(p.Pieces(c, game.Knight).Count()),
	}
}

// builder collects distinct make-ups.
type builder struct {
	seen map[material]bool
	out  materials
}

func newBuilder(n int) *builder {
	return &builder{seen: make(map[material]bool, n), out: make(materials, 0, n)}
}

// add puts m in the set unless it is there already.
func (b *builder) add(m material) {
	if !b.seen[m] {
		b.seen[m] = true
		b.out = append(b.out, m)
	}
}

// with returns the set with m added.
func (ms materials) with(m material) materials {
	for _, x := range ms {
		if x == m {
			return ms
		}
	}
	return append(ms, m)
}

// promote adds, for every make-up with a pawn, the one in which a pawn has
// promoted.
func (ms materials) promote() materials {
	b := newBuilder(2 * len(ms))
	for _, m := range ms {
		b.add(m)
		if m[pawns] > 0 {
			m[pawns]--
			m[promoted]++
			b.add(m)
		}
	}
	return b.out
}

// capture returns the make-ups left after we captured a man of kind on s,
// where possible(t) tells whether a man of class t may have stood there. A
// capture no make-up explains leaves the set as it was (the belief is then
// already wrong, and dropping every make-up would make it worse).
func (ms materials) capture(s game.Square, kind referee.CapturedKind, possible func(game.PieceType) bool) materials {
	piece := kind != referee.CapturedPawn
	light := game.LightSquares.Has(s)
	var taken [kinds]bool
	taken[pawns] = kind == referee.CapturedPawn || kind == referee.CapturedUnknown && possible(game.Pawn)
	taken[queens] = piece && possible(game.Queen)
	taken[rooks] = piece && possible(game.Rook)
	taken[lightBishops] = piece && possible(game.Bishop) && light
	taken[darkBishops] = piece && possible(game.Bishop) && !light
	taken[knights] = piece && possible(game.Knight)
	taken[promoted] = taken[queens] || taken[rooks] || taken[lightBishops] || taken[darkBishops] || taken[knights]
	b := newBuilder(len(ms))
	for _, m := range ms {
		for k, ok := range taken {
			if ok && m[k] > 0 {
				x := m
				x[k]--
				b.add(x)
			}
		}
	}
	if len(b.out) == 0 {
		return ms
	}
	return b.out
}

// piecesNone reports whether some make-up has no man besides pawns (the
// king aside): no piece, and no promoted man.
func (ms materials) piecesNone() bool {
	for _, m := range ms {
		if m == (material{pawns: m[pawns]}) {
			return true
		}
	}
	return false
}

// bounds returns, per class, the most men of that class any make-up has (a
// promoted man counts in every promotion class), and whether a bishop may
// stand on light and on dark squares.
func (ms materials) bounds() (most [game.King + 1]int, light, dark bool) {
	most[game.King] = 1
	for _, m := range ms {
		p := int(m[promoted])
		most[game.Pawn] = max(most[game.Pawn], int(m[pawns]))
		most[game.Queen] = max(most[game.Queen], int(m[queens])+p)
		most[game.Rook] = max(most[game.Rook], int(m[rooks])+p)
		most[game.Bishop] = max(most[game.Bishop], int(m[lightBishops]+m[darkBishops])+p)
		most[game.Knight] = max(most[game.Knight], int(m[knights])+p)
		light = light || m[lightBishops] > 0 || p > 0
		dark = dark || m[darkBishops] > 0 || p > 0
	}
	return most, light, dark
}
