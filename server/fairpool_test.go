package server

import (
	"testing"
	"time"
)

// TestFairPoolServesAddressesInTurn: with one check running and five more
// from one address waiting, another address's check runs next, not sixth.
func TestFairPoolServesAddressesInTurn(t *testing.T) {
	p := newFairPool(1, realClock{})
	p.acquire("flood") // running
	ran := make(chan string, 10)
	waiting := func(addr string, n int) {
		for range n {
			go func() {
				p.acquire(addr)
				ran <- addr
			}()
		}
		for deadline := time.Now().Add(5 * time.Second); ; {
			p.mu.Lock()
			q := len(p.queues[addr])
			p.mu.Unlock()
			if q == n || time.Now().After(deadline) {
				return
			}
			time.Sleep(time.Millisecond)
		}
	}
	waiting("flood", 5)
	waiting("honest", 1)
	var order []string
	for range 6 {
		p.release("x", true)
		order = append(order, <-ran)
	}
	if order[0] != "flood" || order[1] != "honest" {
		t.Fatalf("checks ran in the order %v; the honest address's should be second at most", order)
	}
	p.release("x", true)
	if p.free != 1 || len(p.order) != 0 || len(p.queues) != 0 {
		t.Fatalf("the pool is left with %d free, %v in turn", p.free, p.order)
	}
}
