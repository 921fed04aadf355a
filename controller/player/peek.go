package player

import (
	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// Peeking is a measurement, not play: Options.Peek shows the bot the true
// board, which it then weighs beside its belief at Options.PeekWeight, to
// tell how much of its loss to a player who sees comes from what it does
// not know (docs/measurements.md). No command but `krieg match --peek` sets it.

// peeked returns boards with truth added at weight w (0 < w ≤ 1) and the
// others scaled by 1-w, so that the weights still sum to one; w = 1 leaves
// the true board alone.
func peeked(boards []controller.Board, truth game.Position, w float64) []controller.Board {
	if w >= 1 {
		return []controller.Board{{Pos: truth, Weight: 1}}
	}
	out := make([]controller.Board, 0, len(boards)+1)
	out = append(out, controller.Board{Pos: truth, Weight: w})
	for _, b := range boards {
		b.Weight *= 1 - w
		out = append(out, b)
	}
	return out
}
