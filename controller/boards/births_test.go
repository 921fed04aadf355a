package boards

import (
	"bytes"
	"runtime"
	"sync"
	"testing"
)

// goroutineID returns the number the runtime gives the calling goroutine
// (the first line of its stack), to tell goroutines apart in a test.
func goroutineID() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	return string(bytes.Fields(buf)[1])
}

// TestDealWorksOnCaller checks that deal does every share once and that
// its first worker runs on the caller's goroutine, so that a refresh keeps
// its work on the caller's thread and starts one goroutine fewer.
func TestDealWorksOnCaller(t *testing.T) {
	caller := goroutineID()
	var mu sync.Mutex
	done := make(map[int]int)
	var first []string
	deal(2, 16, func(w, c int) {
		mu.Lock()
		defer mu.Unlock()
		done[c]++
		if w == 0 {
			first = append(first, goroutineID())
		}
	})
	for c := range 16 {
		if done[c] != 1 {
			t.Errorf("share %d done %d times, want once", c, done[c])
		}
	}
	for _, id := range first {
		if id != caller {
			t.Fatalf("worker 0 ran on goroutine %s, the caller is %s", id, caller)
		}
	}
}

// TestKeyTellsBoardsAsHashDoes checks that merge's key parts boards exactly
// as Position.Hash does, over the positions of seeded random playouts, many
// reached along several paths (the start, the first moves), with their
// sides to move swapped as well.
func TestKeyTellsBoardsAsHashDoes(t *testing.T) {
	byHash := make(map[uint64]uint64)
	byKey := make(map[uint64]uint64)
	positions := screenPositions(t, 60)
	repeats := 0
	for i := range positions {
		p := positions[i]
		for range 2 {
			h, k := p.Hash(), key(&p)
			if old, ok := byHash[h]; ok && old != k {
				t.Fatalf("%s: key %#x, an equal board's %#x", p.FEN(), k, old)
			}
			if old, ok := byKey[k]; ok && old != h {
				t.Fatalf("%s: hash %#x shares its key with a board of hash %#x", p.FEN(), h, old)
			}
			if _, ok := byKey[k]; ok {
				repeats++
			}
			byHash[h], byKey[k] = k, h
			p.SetTurn(p.Turn().Other())
		}
	}
	if repeats == 0 || len(byKey) < len(positions) {
		t.Errorf("%d keys, %d repeats for %d positions: the test tells too little apart", len(byKey), repeats, len(positions))
	}
}
