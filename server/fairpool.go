package server

import "sync"

// fairPool bounds the password checks running at once and, when they
// must wait, serves the waiting ones round-robin by address: one
// address's flood of logins waits behind itself, while another address's
// first login waits at most one check of each address ahead of it.
type fairPool struct {
	mu     sync.Mutex
	free   int                        // checks that may start now
	queues map[string][]chan struct{} // waiting checks by address, oldest first
	order  []string                   // the addresses with checks waiting, in turn
}

func newFairPool(n int) *fairPool { return &fairPool{free: n, queues: map[string][]chan struct{}{}} }

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

// release ends a check: the next address in turn runs its oldest waiting
// check, and goes to the back of the line if it has more.
func (p *fairPool) release() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.order) == 0 {
		p.free++
		return
	}
	addr := p.order[0]
	p.order = p.order[1:]
	q := p.queues[addr]
	close(q[0])
	if len(q) > 1 {
		p.queues[addr] = q[1:]
		p.order = append(p.order, addr)
	} else {
		delete(p.queues, addr)
	}
}
