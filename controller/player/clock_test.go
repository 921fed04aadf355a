package player

import (
	"testing"
	"time"
)

// TestWeighingLeavesTailAndReserve checks the plan of a turn: a weighing
// that fits ends, with the tail expected after its deadline, before the
// reserve kept for further refusals; one that does not fit is not given
// time beyond now; and the first weighing gets a larger share than later ones.
func TestWeighingLeavesTailAndReserve(t *testing.T) {
	budget := 50 * time.Millisecond
	start := time.Unix(1000, 0)
	c := turnClock{start: start, budget: budget}
	end := start.Add(budget - 15*time.Millisecond - budget/10)
	for _, tail := range []time.Duration{0, budget / 10, budget / 3, budget} {
		fitted := 0
		for e := time.Duration(0); e <= budget; e += time.Millisecond {
			now := start.Add(e)
			for attempt := range 2 {
				d, fits := c.weighing(now, attempt, tail)
				if !fits {
					if !d.Equal(now) {
						t.Errorf("tail %v, at %v: no weighing fits but the deadline is %v after now", tail, e, d.Sub(now))
					}
					continue
				}
				fitted++
				if !d.After(now) || d.Add(tail).After(end) {
					t.Errorf("tail %v, at %v, attempt %d: deadline %v, ends %v after the plan's end", tail, e, attempt, d.Sub(start), d.Add(tail).Sub(end))
				}
			}
		}
		if tail < budget/2 && fitted == 0 {
			t.Errorf("tail %v: no weighing fits at any time", tail)
		}
		if tail >= budget && fitted > 0 {
			t.Errorf("tail %v: %d weighings fit though the tail alone spends the budget", tail, fitted)
		}
	}
	first, _ := c.weighing(start, 0, 0)
	later, _ := c.weighing(start, 1, 0)
	if !first.After(later) {
		t.Errorf("first weighing's deadline %v, a later one's %v", first.Sub(start), later.Sub(start))
	}
}

// TestMarginForTheScheduler checks the time a turn leaves to the
// scheduler: a tenth of a long budget, at least 15 ms of a blitz one, and
// never more than 30 % of a very short one.
func TestMarginForTheScheduler(t *testing.T) {
	for _, c := range []struct{ budget, want time.Duration }{
		{time.Second, 100 * time.Millisecond},
		{200 * time.Millisecond, 20 * time.Millisecond},
		{100 * time.Millisecond, 15 * time.Millisecond},
		{50 * time.Millisecond, 15 * time.Millisecond},
		{20 * time.Millisecond, 6 * time.Millisecond},
	} {
		if got := (turnClock{budget: c.budget}).margin(); got != c.want {
			t.Errorf("budget %v: margin %v, want %v", c.budget, got, c.want)
		}
	}
}

// TestTailRemembersSlowWeighings checks that a slow weighing's tail is
// expected of the next ones, then forgotten a little at each, and that a
// stall of the machine is expected for at most half the budget.
func TestTailRemembersSlowWeighings(t *testing.T) {
	c := turnClock{budget: time.Second}
	if got := c.tail(10*time.Millisecond, 40*time.Millisecond); got != 40*time.Millisecond {
		t.Errorf("a tail longer than expected: %v, want 40ms", got)
	}
	got := c.tail(40*time.Millisecond, -5*time.Millisecond)
	if got != 30*time.Millisecond {
		t.Errorf("a weighing ending early: %v, want 30ms", got)
	}
	if got := c.tail(0, 3*time.Second); got != 500*time.Millisecond {
		t.Errorf("a stall of 3s: %v expected, want 500ms", got)
	}
}
