package player

import (
	"runtime"
	"runtime/metrics"
)

// collector runs the garbage collector at the end of a turn, on the enemy's
// time, when the heap is so near its next collection that the coming turn
// would likely start one. A collection stops every thread of the process
// twice, and on a machine whose cores are busy with other programs a thread
// that has lost its core holds the stop until it runs again: such stalls
// were most of the blitz turns that ran over (docs/player.md).
type collector struct {
	// perTurn is the most a turn has allocated lately (decayed like the
	// weighing's tail), and start the allocation count when this turn began.
	perTurn, start uint64
	samples        [4]metrics.Sample
}

// The runtime's figures the collector reads.
const (
	allocsMetric  = "/gc/heap/allocs:bytes"
	goalMetric    = "/gc/heap/goal:bytes"
	liveMetric    = "/gc/heap/live:bytes"
	objectsMetric = "/memory/classes/heap/objects:bytes"
)

// triggerShare is the part of the way from the live heap to the goal at
// which the runtime may already start a collection: it starts early enough
// to finish marking by the goal, so the collector counts from well before it.
const triggerShare = 0.6

// read takes the runtime's figures: bytes allocated so far, the heap goal,
// the heap found live by the latest collection, and the heap in use now.
func (c *collector) read() (allocs, goal, live, used uint64) {
	if c.samples[0].Name == "" {
		for i, n := range [...]string{allocsMetric, goalMetric, liveMetric, objectsMetric} {
			c.samples[i].Name = n
		}
	}
	metrics.Read(c.samples[:])
	for _, s := range c.samples {
		if s.Value.Kind() != metrics.KindUint64 {
			return 0, 0, 0, 0 // not served by this runtime: collect nothing early
		}
	}
	return c.samples[0].Value.Uint64(), c.samples[1].Value.Uint64(), c.samples[2].Value.Uint64(), c.samples[3].Value.Uint64()
}

// begin notes the allocation count as a turn starts.
func (c *collector) begin() {
	c.start, _, _, _ = c.read()
}

// end learns what the turn allocated and collects now if twice that would
// carry the heap past the point where the runtime may start a collection.
// It reports whether it collected.
func (c *collector) end() bool {
	allocs, goal, live, used := c.read()
	if goal == 0 {
		return false
	}
	c.perTurn = max(allocs-c.start, c.perTurn*3/4)
	if !due(used, live, goal, c.perTurn) {
		return false
	}
	runtime.GC()
	return true
}

// due tells whether a heap of used bytes, after a collection found live
// bytes and set goal, would reach the runtime's trigger within two turns
// that allocate perTurn each.
func due(used, live, goal, perTurn uint64) bool {
	trigger := live + uint64(triggerShare*float64(goal-min(live, goal)))
	return used+2*perTurn >= trigger
}
