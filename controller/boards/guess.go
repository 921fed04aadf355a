package boards

import (
	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
)

// Guess returns up to n boards (equally weighted, summing to one) drawn
// from the B1 sets alone, for a player who must choose while the sampler
// holds no board (a rebuild kept none: no placement of the make-ups it
// tried agreed with the last message). Like Rebuild it draws the make-ups
// B1 allows nearest the last consistent board's material in turn, until one
// keeps a board, at random on their classes' squares, keeping the boards B1
// admits; unlike it, it does not ask them to agree with the last message,
// so a board may show checks or pawn tries that were not announced. The
// boards are not kept: the sampler stays empty until a message lets a
// rebuild keep one. own is our men, with us to move. It returns nil when B1
// admits no board it draws.
func (s *Sampler) Guess(own *game.Position, b *belief.Belief, n int) []Board {
	if n <= 0 {
		return nil
	}
	attempts := guessAttempts * n
	drawn := s.placeNearest(nil, n, own, b, nil, attempts, attempts)
	if len(drawn) == 0 {
		return nil
	}
	out := make([]Board, len(drawn))
	for i, d := range drawn {
		out[i] = Board{Pos: d.pos, Weight: 1 / float64(len(drawn))}
	}
	return out
}

// guessAttempts bounds Guess at this many draws per board asked for.
const guessAttempts = 4
