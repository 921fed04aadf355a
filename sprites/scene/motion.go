package scene

import (
	"github.com/krieg/krieg/game"
)

// MotionKind is what a motion on the board does.
type MotionKind uint8

// The motions.
const (
	Slide   MotionKind = iota // one of our men glides From → To
	FadeOut                   // one of our men, captured on From, fades away
	Blink                     // the square From, named by the referee, flashes
)

// Motion is one short animation on the board, timed in ticks.
type Motion struct {
	Kind     MotionKind
	From, To game.Square
	Piece    game.Piece
	Start    int64
}

// Motion lengths in ticks at 60 per second: a slide takes 120 ms as on
// lichess, a fade 250 ms, a flash 0.7 s.
const (
	SlideTicks = 7
	BlinkTicks = 42
)

// Ticks is how long m lasts.
func (m Motion) Ticks() int64 {
	switch m.Kind {
	case Slide:
		return SlideTicks
	case FadeOut:
		return FadeTicks
	}
	return BlinkTicks
}

// Over reports whether m has ended by tick now.
func (m Motion) Over(now int64) bool { return now-m.Start >= m.Ticks() }

// progress is how far m has run at tick now, 0 to 1.
func (m Motion) progress(now int64) float64 {
	return max(0, min(1, float64(now-m.Start)/float64(m.Ticks())))
}

// sliding returns where the man arriving on sq is drawn at this tick, and
// whether it is still sliding.
func (s *Scene) sliding(f *Frame, sq game.Square) (Rectangle, bool) {
	if f.ReduceMotion {
		return Rectangle{}, false
	}
	for _, m := range f.Motions {
		if m.Kind == Slide && m.To == sq && !m.Over(f.Tick) {
			t := m.progress(f.Tick)
			t = 1 - (1-t)*(1-t) // ease out
			a, b := s.Layout.SquareRect(m.From), s.Layout.SquareRect(m.To)
			return Rectangle{a.X + (b.X-a.X)*t, a.Y + (b.Y-a.Y)*t, b.W, b.H}, true
		}
	}
	return Rectangle{}, false
}

// blinks draws the squares the referee named, pulsing (or steady when
// motion is reduced).
func (s *Scene) blinks(f *Frame) {
	for _, m := range f.Motions {
		if m.Kind != Blink || m.Over(f.Tick) {
			continue
		}
		a := 0.45
		if !f.ReduceMotion {
			t := m.progress(f.Tick)
			a = 0.6 * (1 - t) * (0.6 + 0.4*pulse(t*3))
		}
		s.rect(s.Layout.SquareRect(m.From), blinkMark, a)
	}
}

// fading draws our captured men fading away (at once gone when motion is
// reduced).
func (s *Scene) fading(f *Frame) {
	if f.ReduceMotion {
		return
	}
	for _, m := range f.Motions {
		if m.Kind == FadeOut && !m.Over(f.Tick) {
			s.piece(s.Layout.SquareRect(m.From), m.Piece, 1-m.progress(f.Tick))
		}
	}
}

// pulse is a triangle wave 0 → 1 → 0 per unit of t.
func pulse(t float64) float64 {
	t -= float64(int(t))
	if t < 0.5 {
		return 2 * t
	}
	return 2 - 2*t
}
