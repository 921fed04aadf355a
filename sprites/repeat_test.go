package sprites

import (
	"testing"
	"time"
)

// TestRepeaterByTheClock: a held key repeats 300 ms after it went down,
// then every 50 ms, by the wall clock: a tick that comes late makes up
// the repeats owed (at most repeatCatch), and none is made twice.
func TestRepeaterByTheClock(t *testing.T) {
	start := time.Unix(1000, 0)
	r := repeater{down: start}
	total := 0
	for _, c := range []struct {
		at   time.Duration
		want int
	}{{100 * time.Millisecond, 0}, {299 * time.Millisecond, 0}, {300 * time.Millisecond, 1}, {320 * time.Millisecond, 0},
		{350 * time.Millisecond, 1}, {600 * time.Millisecond, 5}, {600 * time.Millisecond, 0}, {2 * time.Second, repeatCatch}} {
		got := r.due(start.Add(c.at))
		if got != c.want {
			t.Errorf("at %v: %d repeats; want %d", c.at, got, c.want)
		}
		total += got
	}
	if total != 1+1+5+repeatCatch {
		t.Errorf("%d repeats in all", total)
	}
	if (&repeater{}).due(start) != 0 {
		t.Error("a key up repeats")
	}
}
