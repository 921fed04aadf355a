package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// Where a square's chance of holding an enemy man puts it on replay
// --guesses's board: its likeliest man from likelyMan on (more likely
// than not), '?' from maybeMan, '.' below.
const (
	likelyMan = 0.5
	maybeMan  = 0.2
)

// guessBoard draws what the assistant made of the dark side after a ply,
// for replay --text --guesses: the viewer's own men as the diagram shows
// them, on every other square the likeliest enemy man (in its colour's
// case) where one stands more likely than not, '?' where one may stand at
// 20 % or more, '.' elsewhere; then the enemy king's likeliest squares and
// how many boards the chances come from. A teacher can follow the
// deduction in a terminal (the window shows the same as tokens).
func guessBoard(own *game.Position, v *controller.ViewModel, viewer game.Color) string {
	var b strings.Builder
	enemy := viewer.Other()
	b.WriteString(game.DiagramOf(viewer == game.Black, func(s game.Square) byte {
		return guessLetter(own.At(s), &v.Probability, s, enemy)
	}))
	fmt.Fprintf(&b, "  enemy king: %s; %s\n", likeliest(&v.Probability[game.King], 3), guessSource(v))
	return b.String()
}

// guessLetter is one square of guessBoard.
func guessLetter(ours game.Piece, p *[game.King + 1][64]float64, s game.Square, enemy game.Color) byte {
	if ours != game.NoPiece {
		return ours.FENLetter()
	}
	any, best, kind := 0.0, 0.0, game.NoPieceType
	for _, t := range controller.Classes {
		any += p[t][s]
		if p[t][s] > best {
			best, kind = p[t][s], t
		}
	}
	switch {
	case any >= likelyMan:
		return game.NewPiece(enemy, kind).FENLetter()
	case any >= maybeMan:
		return '?'
	}
	return '.'
}

// likeliest names the n likeliest squares of chances, with their chance
// in per cent: "e8 41 %, f8 22 %, d8 12 %".
func likeliest(chances *[64]float64, n int) string {
	squares := make([]game.Square, 64)
	for s := range squares {
		squares[s] = game.Square(s)
	}
	slices.SortStableFunc(squares, func(a, b game.Square) int {
		switch {
		case chances[a] > chances[b]:
			return -1
		case chances[a] < chances[b]:
			return 1
		}
		return 0
	})
	var out []string
	for _, s := range squares[:n] {
		if chances[s] > 0 {
			out = append(out, fmt.Sprintf("%v %.0f %%", s, 100*chances[s]))
		}
	}
	if len(out) == 0 {
		return "nowhere"
	}
	return strings.Join(out, ", ")
}

// guessSource says where guessBoard's chances come from.
func guessSource(v *controller.ViewModel) string {
	if v.FromB1 {
		return "from the rules alone (no sampled board was left)"
	}
	return fmt.Sprintf("from %d sampled %s", v.Boards, map[bool]string{true: "board", false: "boards"}[v.Boards == 1])
}
