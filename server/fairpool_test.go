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
		queuedAs(t, p, addr, n)
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

// TestFairPoolTurnsAwayGuessesOverTheCap: an address's guesses that queued
// before its first wrong password are turned away, newest first, down to
// maxGuessesWaiting per check running, once that password proves wrong;
// a guess from it after that is refused at once.
func TestFairPoolTurnsAwayGuessesOverTheCap(t *testing.T) {
	p := newFairPool(1, realClock{})
	p.acquire("guesser") // running
	const queued = maxGuessesWaiting + 5
	got := make(chan bool, queued)
	for range queued {
		go func() { got <- p.acquireGuess("guesser") }()
	}
	queuedAs(t, p, "guesser", queued)
	p.release("guesser", false)
	turned, ran := 0, 0
	for range queued - maxGuessesWaiting + 1 {
		select {
		case ok := <-got:
			if ok {
				ran++
			} else {
				turned++
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("after a wrong password, %d guesses ran and %d were turned away in 5 s; want 1 and %d", ran, turned, queued-maxGuessesWaiting)
		}
	}
	if ran != 1 || turned != queued-maxGuessesWaiting {
		t.Fatalf("after a wrong password, %d guesses ran and %d were turned away; want 1 and %d", ran, turned, queued-maxGuessesWaiting)
	}
	// One ran, so one more guess may wait; the next is refused at once.
	go func() { got <- p.acquireGuess("guesser") }()
	queuedAs(t, p, "guesser", maxGuessesWaiting)
	if p.acquireGuess("guesser") {
		t.Fatal("a guess beyond the cap waited its turn")
	}
	// A fresh address still queues, and runs before the guesses waiting.
	fresh := make(chan bool, 1)
	go func() { fresh <- p.acquireGuess("fresh") }()
	queuedAs(t, p, "fresh", 1)
	p.release("guesser", false)
	select {
	case ok := <-fresh:
		if !ok {
			t.Fatal("the fresh address's login was turned away")
		}
	case <-got:
		t.Fatal("a guess ran before the fresh address's login")
	case <-time.After(5 * time.Second):
		t.Fatal("the fresh address's login never ran")
	}
}

// queuedAs waits until n checks from addr wait in p (5 s at most).
func queuedAs(t *testing.T, p *fairPool, addr string, n int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		p.mu.Lock()
		q := len(p.queues[addr])
		p.mu.Unlock()
		if q == n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d checks from %s wait; want %d", q, addr, n)
		}
	}
}
