package controller

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Async follows one player's game like a Controller, but runs the
// deduction (B1, B2 and the view model built from them) on a goroutine of
// its own, so that a caller drawing frames never waits for it. Observe
// returns at once with what needs no belief: our men, the turn, the log,
// the counters and the token rules R1-R10 as the JKrieg rules alone give
// them; the belief's part (sets, probabilities, boards, the tokens drawn
// from them) is the newest the deduction has finished, and Updating is set
// while a message is still in flight. Poll picks up the deduction's newer
// work. Messages reach the deduction in the order Observe got them, none
// dropped: once it has followed them all, the view model is the one a
// Controller fed the same entries returns (Changes aside, which are always
// relative to the view model last handed out).
//
// Its methods are for one goroutine, the caller's (a window's game loop);
// the deduction's goroutine runs until Close.
type Async struct {
	front front     // the caller's: followed at once
	shown ViewModel // the view model last handed out, for Changes
	seen  uint64    // the version of the deduction's work in shown
	sent  uint64    // messages handed to the deduction
	asked asked     // the latest preview asked of the deduction
	err   error     // the first message the deduction refused

	mu     sync.Mutex
	idle   *sync.Cond // signalled after each piece of work, and at Close
	queue  []job
	pushed int // pieces of work queued, ever
	worked int // pieces of work done
	closed bool
	wake   chan struct{} // holds a token while the queue may hold work
	done   chan struct{} // closed when the deduction's goroutine ends
	latest atomic.Pointer[finished]
	// hold, when set (tests), is received from before each piece of work,
	// so a test can keep messages in flight.
	hold chan struct{}
}

// job is one piece of the deduction's work: a message, or a preview.
type job struct {
	entry   referee.Entry
	arrived time.Time
	preview *preview // a preview to compute instead of a message
}

// asked names an attempt preview: of our man on from, after gen messages.
type asked struct {
	from game.Square
	gen  uint64
	ok   bool
}

// preview is an attempt preview the deduction computed.
type preview struct {
	asked
	targets []Target
}

// finished is the deduction's newest work, published to the caller.
type finished struct {
	version uint64 // counts publications
	gen     uint64 // messages the view model follows
	view    ViewModel
	latency time.Duration // from the arrival of message gen to its view model
	preview *preview      // the newest preview computed, or nil
	err     error         // a message the deduction refused, or nil
}

// ErrClosed is returned by Observe after Close.
var ErrClosed = errors.New("controller: the deduction was closed")

// NewAsync hands c to a goroutine of its own and returns the Async that
// feeds it. The caller must not use c afterwards. When c's Options left
// Workers at 0, B2 then refreshes on one goroutine fewer than GOMAXPROCS (at
// least one): the caller's goroutine keeps a core, where a refresh on every
// core would hold it off until the scheduler preempts one (10 ms). The
// deduction runs at a lower priority than the caller's threads (behind),
// and a refresh on one goroutine runs on that same thread.
func NewAsync(c *Controller) *Async {
	if c.sampler != nil && c.autoWorkers {
		c.sampler.SetWorkers(max(1, runtime.GOMAXPROCS(0)-1))
	}
	return newAsync(c, nil)
}

// newAsync is NewAsync with a hold channel for tests (nil: none).
func newAsync(c *Controller, hold chan struct{}) *Async {
	a := &Async{front: c.front.clone(), shown: c.current, wake: make(chan struct{}, 1), done: make(chan struct{}), hold: hold}
	a.idle = sync.NewCond(&a.mu)
	a.latest.Store(&finished{view: c.current})
	go a.run(c)
	return a
}

// Observe takes one log entry as the player heard it and returns at once
// the view model with the entry's immediate part (our men, the turn, the
// log, the counters, the rules' tokens); the deduction follows it on its
// goroutine. An entry that cannot follow the ones before is refused with an
// error and changes nothing, as Controller.Observe refuses it.
func (a *Async) Observe(e referee.Entry) (ViewModel, error) {
	o := belief.Observe(e)
	if err := a.front.admissible(e, &o); err != nil {
		return a.shown, err
	}
	if !a.push(job{entry: e, arrived: time.Now()}) {
		return a.shown, ErrClosed
	}
	a.front.step(e, &o)
	a.sent++
	return a.show(a.latest.Load()), nil
}

// Poll returns the view model with the deduction's newest finished work,
// and whether anything changed since the view model last handed out (the
// deduction finished a message or a requested preview). It never waits.
func (a *Async) Poll() (ViewModel, bool) {
	p := a.latest.Load()
	if p.version == a.seen {
		return a.shown, false
	}
	return a.show(p), true
}

// Updating reports whether the deduction has not yet followed every
// message given to Observe.
func (a *Async) Updating() bool { return a.latest.Load().gen != a.sent }

// Latency returns how long the deduction took from the arrival of the
// newest message it finished to its view model (queueing included).
func (a *Async) Latency() time.Duration { return a.latest.Load().latency }

// Err returns the first message the deduction refused (which Observe had
// admitted: a fault in the engine), or nil. The deduction goes on with the
// next message.
func (a *Async) Err() error {
	if p := a.latest.Load(); p.err != nil && a.err == nil {
		a.err = p.err
	}
	return a.err
}

// Attemptable reports whether m is an attempt our men can make now, judged
// on our own board at once: it is our move, the game goes on, and m is one
// of referee.Candidates.
func (a *Async) Attemptable(m game.Move) bool {
	f := &a.front
	return f.result == nil && f.own.Turn() == f.side && f.attemptable(m)
}

// Preview returns the attempt preview of our man on from (Controller's
// Preview). When the deduction has computed it after every message so far,
// it is B2's; otherwise it is asked for (Poll then reports the change) and
// the estimate returned at once comes from the newest B1 sets, FromB1.
func (a *Async) Preview(from game.Square) []Target {
	if p := a.latest.Load().preview; p != nil && p.from == from && p.gen == a.sent {
		return p.targets
	}
	out, _ := a.front.targets(from)
	if len(out) == 0 {
		return nil
	}
	if want := (asked{from: from, gen: a.sent, ok: true}); a.asked != want {
		a.asked = want
		a.push(job{preview: &preview{asked: want}})
	}
	uniformPreview(&a.front.own, out, a.shown.Possible, a.shown.MaxCount)
	return out
}

// Wait blocks until the deduction has done all the work given to it (every
// message, and the preview last asked for), or until Close, and returns
// Poll's view model.
func (a *Async) Wait() ViewModel {
	a.mu.Lock()
	for a.worked != a.pushed && !a.closed {
		a.idle.Wait()
	}
	a.mu.Unlock()
	v, _ := a.Poll()
	return v
}

// Close stops the deduction: what waits is dropped, and its goroutine ends
// after the piece of work in hand. It returns at once (a window leaving a
// game does not wait for a refresh of many boards).
func (a *Async) Close() {
	a.mu.Lock()
	a.closed = true
	a.queue = nil
	a.idle.Broadcast()
	a.mu.Unlock()
	a.signal()
}

// push queues a piece of work; it reports false after Close.
func (a *Async) push(j job) bool {
	a.mu.Lock()
	closed := a.closed
	if !closed {
		a.queue = append(a.queue, j)
		a.pushed++
	}
	a.mu.Unlock()
	a.signal()
	return !closed
}

// signal wakes the deduction's goroutine, without waiting.
func (a *Async) signal() {
	select {
	case a.wake <- struct{}{}:
	default:
	}
}

// next waits for the oldest piece of work; false once closed.
func (a *Async) next() (job, bool) {
	for {
		a.mu.Lock()
		if a.closed {
			a.mu.Unlock()
			return job{}, false
		}
		if len(a.queue) > 0 {
			j := a.queue[0]
			a.queue[0] = job{}
			a.queue = a.queue[1:]
			a.mu.Unlock()
			return j, true
		}
		a.mu.Unlock()
		<-a.wake
	}
}

// behindNice is how much lower than the caller's the deduction's thread
// runs (behind): enough that a frame's threads take a shared core first.
const behindNice = 10

// run is the deduction's goroutine: it follows every message in order with
// c and publishes each view model, on a thread of lower priority (behind).
func (a *Async) run(c *Controller) {
	defer close(a.done)
	behind()
	for {
		j, ok := a.next()
		if ok && a.hold != nil {
			<-a.hold
		}
		if !ok {
			return
		}
		p := *a.latest.Load()
		p.version++
		if j.preview != nil {
			j.preview.targets = c.Preview(j.preview.from)
			p.preview = j.preview
		} else {
			v, err := c.Observe(j.entry)
			if err != nil && p.err == nil {
				p.err = fmt.Errorf("controller: the deduction refused a message the front admitted: %w", err)
			}
			p.gen++
			p.view, p.latency = v, time.Since(j.arrived)
		}
		a.mu.Lock()
		a.latest.Store(&p)
		a.worked++
		a.idle.Broadcast()
		a.mu.Unlock()
	}
}

// show composes the view model from the front and the deduction's work p,
// records it as shown and returns it.
func (a *Async) show(p *finished) ViewModel {
	var v ViewModel
	if p.gen == a.sent {
		v = p.view // the deduction has followed every message
	} else {
		v = a.immediate(&p.view)
	}
	v.Changes = diffTokens(a.shown.Tokens, v.Tokens)
	a.shown, a.seen = v, p.version
	return v
}

// immediate is the view model of the front's messages with the belief's
// part of the older view model last: its sets and probabilities off our
// men, and the rules' tokens from the JKrieg rules alone (the enemy may
// have moved since last was made, so its sets bound nothing now).
func (a *Async) immediate(last *ViewModel) ViewModel {
	f := &a.front
	v := f.base()
	ours := f.own.ByColor(f.side)
	for _, t := range Classes {
		v.Possible[t] = last.Possible[t] &^ ours
		v.Probability[t] = last.Probability[t]
		for x := ours; x != 0; {
			v.Probability[t][x.PopFirst()] = 0
		}
	}
	v.MaxCount, v.PawnsOnly, v.FromB1, v.Boards = last.MaxCount, last.PawnsOnly, last.FromB1, last.Boards
	v.Updating = true
	d := deduced{within: ^ours, checkSets: f.checkRaw, king: v.Possible[game.King], kingRule: ^ours}
	v.Tokens = f.tokens(&v, &d)
	f.markTries(&v)
	return v
}
