package boards

import (
	"testing"
	"time"

	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// pickUp is White's sampler at its turn, trimmed to a number of boards,
// and the attempts of the man with the most targets: what the preview
// computes when the player picks that man up.
type pickUp struct {
	boards []particle
	moves  []game.Move
}

// pickUps plays seeded random games, following White with a sampler of
// 4*hold boards, and keeps, at White's turns after ply 10 whose sampler
// holds at least hold boards, the boards trimmed to hold and the attempts
// of White's busiest man.
func pickUps(b *testing.B, hold, want int) []pickUp {
	b.Helper()
	var out []pickUp
	done := func() bool { return len(out) >= want }
	gametest.RandomGames(50, done, func(g uint64) func(referee.Entry) bool {
		s := New([]game.Position{game.Start()}, game.White, referee.Wild16, 4*hold, g, 0)
		return func(h referee.Entry) bool {
			o := belief.Observe(h)
			s.Observe(&o)
			if !s.Normalise() {
				return false
			}
			if o.Mover == game.Black && o.Moved && s.Boards() >= hold && h.Ply > 10 {
				own := s.boards[0].pos.Only(game.White)
				out = append(out, pickUp{boards: append([]particle(nil), s.boards[:hold]...), moves: busiest(&own)})
			}
			return true
		}
	})
	if len(out) == 0 {
		b.Skip("no state held enough boards")
	}
	return out
}

// busiest returns the attempts of the man with the most of them.
func busiest(own *game.Position) []game.Move {
	by := map[game.Square][]game.Move{}
	var best game.Square
	for _, m := range referee.Candidates(own) {
		by[m.From()] = append(by[m.From()], m)
		if len(by[m.From()]) > len(by[best]) {
			best = m.From()
		}
	}
	return by[best]
}

// BenchmarkB2Preview times the preview of one picked-up man over exactly
// DefaultCapacity boards ("man") and reports the p99. Its baseline
// ("baseline") previews no attempt on the same boards: it only generates
// each board's legal moves, which the preview must do at least once.
func BenchmarkB2Preview(b *testing.B) {
	states := pickUps(b, DefaultCapacity, 40)
	for _, c := range []struct {
		name string
		some bool
	}{{"man", true}, {"baseline", false}} {
		b.Run(c.name, func(b *testing.B) {
			var times []time.Duration
			for i := 0; i < b.N; i++ {
				s := &states[i%len(states)]
				moves := s.moves
				if !c.some {
					moves = nil
				}
				t := time.Now()
				preview(s.boards, moves)
				times = append(times, time.Since(t))
			}
			gametest.ReportP99(b, times)
		})
	}
}
