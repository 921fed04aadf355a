package server

import (
	"slices"
	"sync"
	"time"
)

// failedMemory is how long an address whose password proved wrong waits
// behind the addresses that have not guessed wrong when checks queue.
const failedMemory = 10 * time.Minute

// maxFailed bounds how many such addresses are remembered.
const maxFailed = 10000

// maxGuessesWaiting is how many checks from addresses that guessed wrong
// lately may wait per check running at once.
const maxGuessesWaiting = 4

// fairPool bounds the password checks running at once and, when they
// must wait, serves the addresses with no wrong password lately first,
// then the others, each group round-robin by address: a crowd of guessing
// addresses waits behind itself, and only so many of its logins wait at
// all, while an honest address's first login waits only for the checks
// already running.
type fairPool struct {
	mu     sync.Mutex
	size   int                  // checks that may run at once
	free   int                  // checks that may start now
	queues map[string][]*waiter // waiting checks by address, oldest first
	order  []string             // the addresses with checks waiting, in turn
	failed map[string]time.Time // when each address last had a wrong password checked
	clock  Clock
}

// waiter is one check waiting its turn: told true on turn, false when
// turned away (a guess over the cap).
type waiter struct {
	turn  chan bool
	guess bool // a login's password (acquireGuess), which may be turned away
}

func newFairPool(n int, clock Clock) *fairPool {
	return &fairPool{size: n, free: n, queues: map[string][]*waiter{}, failed: map[string]time.Time{}, clock: clock}
}

// acquire waits for addr's turn to run a check.
func (p *fairPool) acquire(addr string) { p.wait(addr, false) }

// acquireGuess is acquire for a login's password, except that it returns
// false, at once or while waiting, when addr has had a wrong password
// lately and the logins waiting from such addresses are already
// maxGuessesWaiting per check running: a crowd of guessers queues no more
// than that, and is told to try again.
func (p *fairPool) acquireGuess(addr string) bool { return p.wait(addr, true) }

// wait waits for addr's turn (true), or returns false when guess is set
// and addr's guess may not wait (acquireGuess).
func (p *fairPool) wait(addr string, guess bool) bool {
	p.mu.Lock()
	if p.free > 0 {
		p.free--
		p.mu.Unlock()
		return true
	}
	if guess && p.failedLately(p.clock.Now(), addr) && p.guessesWaiting() >= maxGuessesWaiting*p.size {
		p.mu.Unlock()
		return false
	}
	w := &waiter{turn: make(chan bool, 1), guess: guess}
	if len(p.queues[addr]) == 0 {
		p.order = append(p.order, addr)
	}
	p.queues[addr] = append(p.queues[addr], w)
	p.mu.Unlock()
	return <-w.turn
}

// release ends addr's check, whose password was right or not (ok), and
// starts the next: the oldest waiting check of the first address in turn
// with no wrong password lately, or failing that of the first address in
// turn; that address goes to the back of the line if it has more. A wrong
// password turns away addr's guesses that waited from before, newest
// first, as long as more wait than acquireGuess lets wait.
func (p *fairPool) release(addr string, ok bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock.Now()
	if !ok {
		p.noteFailed(now, addr)
		p.turnAway(addr)
	}
	if len(p.order) == 0 {
		p.free++
		return
	}
	next := 0
	for i, a := range p.order {
		if !p.failedLately(now, a) {
			next = i
			break
		}
	}
	a := p.order[next]
	p.order = slices.Delete(p.order, next, next+1)
	q := p.queues[a]
	q[0].turn <- true
	if len(q) > 1 {
		p.queues[a] = q[1:]
		p.order = append(p.order, a)
	} else {
		delete(p.queues, a)
	}
}

// turnAway tells addr's newest waiting guesses they may not wait while
// more wait than the cap (under p.mu).
func (p *fairPool) turnAway(addr string) {
	over := p.guessesWaiting() - maxGuessesWaiting*p.size
	q := p.queues[addr]
	for i := len(q) - 1; i >= 0 && over > 0; i-- {
		if q[i].guess {
			q[i].turn <- false
			q = slices.Delete(q, i, i+1)
			over--
		}
	}
	if len(q) > 0 {
		p.queues[addr] = q
		return
	}
	if _, waited := p.queues[addr]; waited {
		delete(p.queues, addr)
		p.order = slices.DeleteFunc(p.order, func(a string) bool { return a == addr })
	}
}

// guessesWaiting counts the guesses waiting from addresses that had a
// wrong password lately (under p.mu).
func (p *fairPool) guessesWaiting() int {
	now, n := p.clock.Now(), 0
	for _, a := range p.order {
		if p.failedLately(now, a) {
			for _, w := range p.queues[a] {
				if w.guess {
					n++
				}
			}
		}
	}
	return n
}

// failedLately reports whether addr had a wrong password checked less than
// failedMemory ago (under p.mu).
func (p *fairPool) failedLately(now time.Time, addr string) bool {
	at, ok := p.failed[addr]
	return ok && now.Sub(at) < failedMemory
}

// noteFailed remembers that addr had a wrong password checked (under p.mu).
func (p *fairPool) noteFailed(now time.Time, addr string) {
	makeRoom(p.failed, now, failedMemory, maxFailed)
	p.failed[addr] = now
}
