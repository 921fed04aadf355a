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

// fairPool bounds the password checks running at once and, when they
// must wait, serves the addresses with no wrong password lately first,
// then the others, each group round-robin by address: a crowd of guessing
// addresses waits behind itself, while an honest address's first login
// waits only for the checks already running.
type fairPool struct {
	mu     sync.Mutex
	free   int                        // checks that may start now
	queues map[string][]chan struct{} // waiting checks by address, oldest first
	order  []string                   // the addresses with checks waiting, in turn
	failed map[string]time.Time       // when each address last had a wrong password checked
	clock  Clock
}

func newFairPool(n int, clock Clock) *fairPool {
	return &fairPool{free: n, queues: map[string][]chan struct{}{}, failed: map[string]time.Time{}, clock: clock}
}

// acquire waits for addr's turn to run a check.
func (p *fairPool) acquire(addr string) {
	p.mu.Lock()
	if p.free > 0 {
		p.free--
		p.mu.Unlock()
		return
	}
	turn := make(chan struct{})
	if len(p.queues[addr]) == 0 {
		p.order = append(p.order, addr)
	}
	p.queues[addr] = append(p.queues[addr], turn)
	p.mu.Unlock()
	<-turn
}

// release ends addr's check, whose password was right or not (ok), and
// starts the next: the oldest waiting check of the first address in turn
// with no wrong password lately, or failing that of the first address in
// turn; that address goes to the back of the line if it has more.
func (p *fairPool) release(addr string, ok bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := p.clock.Now()
	if !ok {
		p.noteFailed(now, addr)
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
	close(q[0])
	if len(q) > 1 {
		p.queues[a] = q[1:]
		p.order = append(p.order, a)
	} else {
		delete(p.queues, a)
	}
}

// failedLately reports whether addr had a wrong password checked less than
// failedMemory ago (under p.mu).
func (p *fairPool) failedLately(now time.Time, addr string) bool {
	at, ok := p.failed[addr]
	return ok && now.Sub(at) < failedMemory
}

// noteFailed remembers that addr had a wrong password checked (under p.mu).
func (p *fairPool) noteFailed(now time.Time, addr string) {
	if len(p.failed) >= maxFailed {
		for a, at := range p.failed {
			if now.Sub(at) >= failedMemory {
				delete(p.failed, a)
			}
		}
		if len(p.failed) >= maxFailed {
			clear(p.failed)
		}
	}
	p.failed[addr] = now
}
