package sprites

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// A held arrow key repeats by the wall clock, not by ticks: a slow frame
// (a replay's step under a software renderer) would otherwise slow the
// repeat down, and the steps it owes are made up at the next tick.

const (
	repeatDelay = 300 * time.Millisecond // a held key's first repeat
	repeatEvery = 50 * time.Millisecond  // and each one after
	repeatCatch = 10                     // at most this many owed repeats in one tick
)

// repeater times one held key's repeats.
type repeater struct {
	down time.Time // when the key went down; zero while it is up
	done int       // repeats made since
}

// presses is how many times the key counts in this tick at now: once when
// it went down (a press let go within the tick included), then each
// repeat due while it is held.
func (r *repeater) presses(k ebiten.Key, now time.Time) int {
	n := 0
	if inpututil.IsKeyJustPressed(k) {
		r.down, r.done, n = now, 0, 1
	}
	if !ebiten.IsKeyPressed(k) {
		r.down = time.Time{}
		return n
	}
	return n + r.due(now)
}

// due is the number of repeats owed at now, at most repeatCatch, counted
// as made.
func (r *repeater) due(now time.Time) int {
	if r.down.IsZero() {
		return 0
	}
	held := now.Sub(r.down)
	if held < repeatDelay {
		return 0
	}
	owed := int((held-repeatDelay)/repeatEvery) + 1 - r.done
	owed = max(0, min(owed, repeatCatch))
	r.done += owed
	return owed
}
