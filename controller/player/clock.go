package player

import "time"

// turnClock plans one turn's time: every attempt until the referee accepts
// one must end within the move budget, however busy the machine. A
// weighing is given a share of what is left of the turn once a reserve for
// further refusals and the weighing's own tail (the work after its deadline:
// the last board, the merges, the stalemate and exposure charges, measured
// on the latest weighings) are set aside; when no weighing fits, the bot
// takes the next candidate of the latest weighing at once.
type turnClock struct {
	start  time.Time
	budget time.Duration
}

// The planned shares of the budget. marginShare is left to the scheduler
// (at least minMargin, see margin); reserveShare is kept for the instant
// attempts after the last weighing; a first weighing may use firstShare of
// what is left, a later one laterShare, so that more refusals still find
// time.
const (
	marginShare  = 0.1
	reserveShare = 0.1
	firstShare   = 0.7
	laterShare   = 0.5
)

// minMargin is the least time left to the scheduler at the end of a turn,
// whatever the budget: on two cores shared with two busy processes a
// thread ready to run can wait a time slice of several milliseconds for a
// core, and a tenth of a blitz budget (5 ms of 50) left turns that waited
// once at the end 6 to 11 ms over. It is capped at maxMarginShare of the
// budget, so that a very short budget still leaves the turn most of it.
const (
	minMargin      = 15 * time.Millisecond
	maxMarginShare = 0.3
)

// margin is the time the turn leaves to the scheduler.
func (c turnClock) margin() time.Duration {
	return max(c.share(marginShare), min(minMargin, c.share(maxMarginShare)))
}

// minWeighing is the least share of the move budget a later weighing must
// have before its deadline to be started. Timing each part of the slow
// Berkeley blitz turns (50 ms) showed the same shape in each: a second
// weighing begun 1 to 3 ms before its deadline scored a single board and
// still took 12 to 25 ms (merging the 4096 boards, the stalemate charge on
// 256 of them), ending the turn at 52 to 63 ms.
const minWeighing = 0.1

// tailDecay is how much of the longest tail seen is still expected of the
// next weighing: a slow moment of the machine is remembered for a few
// weighings, then forgotten.
const tailDecay = 0.75

// maxTail is the longest tail expected, as a share of the budget: a stall
// of the machine longer than that would leave the next turns no weighing
// at all, and a turn with one scored board plays close to at random.
const maxTail = 0.5

// firstTail is the tail expected before any weighing was timed.
func firstTail(budget time.Duration) time.Duration {
	return time.Duration(reserveShare * float64(budget))
}

// share is fraction f of the budget.
func (c turnClock) share(f float64) time.Duration {
	return time.Duration(f * float64(c.budget))
}

// weighing returns the deadline of a weighing for attempt (from 0) begun at
// now, given the expected tail, and whether it fits. When it does not, the
// deadline is now: a first attempt, with no weighing to take a candidate
// from, then scores a single board.
func (c turnClock) weighing(now time.Time, attempt int, tail time.Duration) (time.Time, bool) {
	spare := c.start.Add(c.budget-c.margin()).Sub(now) - c.share(reserveShare) - tail
	if spare < c.share(minWeighing) {
		return now, false
	}
	f := laterShare
	if attempt == 0 {
		f = firstShare
	}
	return now.Add(time.Duration(f * float64(spare))), true
}

// tail is the tail to expect after a weighing ran over past its deadline
// (negative when it ended before it), given the tail expected before.
func (c turnClock) tail(before, over time.Duration) time.Duration {
	return min(max(over, time.Duration(tailDecay*float64(before))), c.share(maxTail))
}

// real is the wall-clock instant at which the bot's clock reads t: the
// searches stop on the wall clock, and a test's clock may run apart from it.
func (b *Bot) real(t time.Time) time.Time {
	return time.Now().Add(t.Sub(b.clock()))
}
