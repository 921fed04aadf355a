package controller

import "github.com/krieg/krieg/controller/belief"

// Defer puts off B2's part of our own attempts from now on: each is
// followed at once by B1, the rules and the log, and its B2 step (the
// boards filtered by our refused attempt, or our accepted move played on
// them) waits until Settle or the enemy's next message. A player short of
// time that will not weigh the boards again this turn uses it so that each
// further attempt costs B1's update only; the boards then take the whole
// run of attempts together, with at most one rebuild.
//
// While steps wait, the view model's Probability, FromB1 and Boards are
// those from before them, and Pending counts them. Without B2 (BeliefOnly)
// Defer does nothing.
func (c *Controller) Defer() {
	c.deferring = c.sampler != nil
}

// Settle runs the B2 steps Defer put off, in order, and ends deferring.
// The boards are checked against B1 once, after the last of them (B1 then
// describes the position they reach): when none survives, they are rebuilt
// once, from B1 and the last attempt's answer. B1 after our move admits a
// few boards it ruled out before it, so a settled run may keep boards that
// step-by-step checking drops (in TestDeferredAttemptsSettle's random games,
// 7 turns of 1029).
func (c *Controller) Settle() {
	if c.settle() {
		c.refresh()
	}
}

// settle is Settle without refreshing the view model; it reports whether
// any step ran.
func (c *Controller) settle() bool {
	c.deferring = false
	if len(c.deferred) == 0 {
		return false
	}
	for i := range c.deferred {
		c.sampler.Observe(&c.deferred[i])
	}
	c.refill(&c.deferred[len(c.deferred)-1])
	c.deferred = c.deferred[:0]
	return true
}

// weigh runs B2's step for o: the sampler follows it and drops what B1
// rules out. Our attempt waits while deferring. (Observe settles what
// waits before B1 follows any message of the enemy's, so the boards and B1
// describe the same position when the boards are checked.)
func (c *Controller) weigh(o *belief.Observation) {
	if c.deferring && o.Mover == c.side {
		c.deferred = append(c.deferred, *o)
		return
	}
	c.sampler.Observe(o)
	c.refill(o)
}
