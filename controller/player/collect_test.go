package player

import (
	"runtime"
	"runtime/metrics"
	"testing"
)

func TestDueCountsFromTheTrigger(t *testing.T) {
	const mb = 1 << 20
	for _, c := range []struct {
		used, live, goal, perTurn uint64
		want                      bool
	}{
		{used: 10 * mb, live: 10 * mb, goal: 20 * mb, perTurn: 1 * mb, want: false},
		{used: 14 * mb, live: 10 * mb, goal: 20 * mb, perTurn: 1 * mb, want: true}, // 16 MB reaches the trigger at 16
		{used: 10 * mb, live: 10 * mb, goal: 20 * mb, perTurn: 3 * mb, want: true},
		{used: 10 * mb, live: 10 * mb, goal: 20 * mb, perTurn: 2*mb + mb/2, want: false},
		{used: 30 * mb, live: 30 * mb, goal: 20 * mb, perTurn: 0, want: true}, // past a goal below the live heap
	} {
		if got := due(c.used, c.live, c.goal, c.perTurn); got != c.want {
			t.Errorf("due(used %d MB, live %d MB, goal %d MB, per turn %d KB) = %v, want %v",
				c.used/mb, c.live/mb, c.goal/mb, c.perTurn>>10, got, c.want)
		}
	}
}

// forced counts the collections the program asked for.
func forced(t *testing.T) uint64 {
	s := []metrics.Sample{{Name: "/gc/cycles/forced:gc-cycles"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		t.Skip("this runtime does not count forced collections")
	}
	return s[0].Value.Uint64()
}

var kept [][]byte

func TestCollectorCollectsAfterABigTurnOnly(t *testing.T) {
	runtime.GC()
	var c collector
	c.begin()
	before := forced(t)
	if c.end() || forced(t) != before {
		t.Fatal("a turn that allocated nothing, just after a collection, was followed by another")
	}
	c = collector{}
	c.begin()
	for range 64 {
		kept = append(kept, make([]byte, 1<<20)) // a turn that allocates 64 MB
	}
	before = forced(t)
	if !c.end() || forced(t) != before+1 {
		t.Fatal("a turn that allocated 64 MB was not followed by a collection")
	}
	kept = nil
	if c.perTurn < 64<<20 {
		t.Fatalf("the collector learnt %d bytes a turn, want at least 64 MB", c.perTurn)
	}
}
