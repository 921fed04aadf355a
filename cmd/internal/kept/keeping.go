package kept

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/net"
)

// Recorder is the local endpoint as the keeping needs it.
type Recorder interface {
	net.Communicator
	Record() (*record.Record, error)
}

// Keeping stands between the local endpoint and the board and keeps the
// game in its store after each thing heard, until it ends.
type Keeping struct {
	Recorder
	store  Store
	terms  Game // Rules, Time, Opponent and Seed; the rest is filled at each save
	events chan net.Event
	dirty  chan struct{}      // a save is due
	flush  chan chan struct{} // Close asks for the due save now, and waits
	stop   chan struct{}      // closed once the endpoint's events end

	mu     sync.Mutex // guards the state below
	snap   net.Snapshot
	on     bool // a game is in progress
	unkept bool // the last save was refused: closing would lose the game
	last   Game // what the last save kept, for the clocks' updates
}

// ClockEvery is how often a running clock's time left is kept.
var ClockEvery = time.Second

// Keep follows c's games, keeping each in s; terms gives the game's rules,
// time, opponent and seed.
func Keep(c Recorder, s Store, terms Game) *Keeping {
	w := &Keeping{Recorder: c, store: s, terms: terms, events: make(chan net.Event, 1024),
		dirty: make(chan struct{}, 1), flush: make(chan chan struct{}), stop: make(chan struct{})}
	go w.pass()
	go w.saver()
	return w
}

// Events returns the endpoint's events, passed on once noted.
func (w *Keeping) Events() <-chan net.Event { return w.events }

// pass forwards every event, noting it first, until the endpoint closes.
func (w *Keeping) pass() {
	defer close(w.stop)
	defer close(w.events)
	for ev := range w.Recorder.Events() {
		w.note(ev)
		w.events <- ev
	}
	// A closed game (the board went back to the server's lobby) stays
	// kept if it was, but closing no longer loses anything new.
	w.mu.Lock()
	w.on = false
	w.mu.Unlock()
}

// note keeps the game's state and asks for a save, or forgets the game
// once it ended.
func (w *Keeping) note(ev net.Event) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.snap = ev.Snap
	switch ev.Kind {
	case net.KindStarted:
		w.on = true
	case net.KindEnded:
		w.on, w.unkept, w.last = false, false, Game{}
		w.store.Remove(Key)
		return
	case net.KindHeard, net.KindClock:
	default:
		return
	}
	select {
	case w.dirty <- struct{}{}:
	default: // a save is due already, and takes this too
	}
}

// saver saves the game whenever asked, off the event's way: the record
// comes from the endpoint's loop, which may be busy with the computer's turn.
func (w *Keeping) saver() {
	tick := time.NewTicker(ClockEvery)
	defer tick.Stop()
	for {
		select {
		case <-w.dirty:
			w.save()
		case done := <-w.flush:
			select {
			case <-w.dirty:
				w.save()
			default:
				w.keepClocks() // the time left to the moment of closing
			}
			close(done)
		case <-tick.C:
			w.keepClocks()
		case <-w.stop:
			return
		}
	}
}

// keepClocks keeps the time left on the clocks as they stand now, with the
// record of the last save, while a game is on and a clock runs.
func (w *Keeping) keepClocks() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.on || !w.snap.Clocks.Ticking || w.last.PGN == "" {
		return
	}
	w.setClocks(&w.last, time.Now())
	if b, err := json.Marshal(w.last); err == nil {
		w.unkept = w.store.Set(Key, string(b)) != nil
	}
}

// setClocks sets g's time left from the clocks at now (under w.mu).
func (w *Keeping) setClocks(g *Game, now time.Time) {
	g.White = w.snap.Clocks.Remaining(game.White, now).Milliseconds()
	g.Black = w.snap.Clocks.Remaining(game.Black, now).Milliseconds()
}

// save writes the game as it stands into the store.
func (w *Keeping) save() {
	rec, err := w.Record()
	var pgn strings.Builder
	if err == nil {
		err = record.Write(&pgn, rec)
	}
	if err != nil {
		w.mu.Lock()
		w.unkept = w.on
		w.mu.Unlock()
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.on || (rec.Result != "" && rec.Result != "*") {
		return // the game ended meanwhile: it is forgotten, not kept again
	}
	if _, err := Read(w.store); errors.Is(err, ErrHeld) {
		w.unkept = true // another window keeps its game there: this one is not kept
		return
	}
	g := w.terms
	g.Side = strings.ToLower(w.snap.Side.Title())
	w.setClocks(&g, time.Now())
	g.Plies, g.PGN, g.Holder = len(rec.Plies), pgn.String(), os.Getpid()
	b, err := json.Marshal(g)
	if err == nil {
		err = w.store.Set(Key, string(b))
	}
	w.unkept = err != nil
	if err == nil {
		w.last = g
	}
}

// Unsaved reports whether a game is on that the store did not keep:
// leaving it would lose it.
func (w *Keeping) Unsaved() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.on && w.unkept
}

// Keeps reports whether a game is on and kept, so that closing it loses
// nothing: the next start offers to resume it.
func (w *Keeping) Keeps() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.on && !w.unkept && w.last.PGN != ""
}

// flushWait bounds how long Close waits for the due save: the endpoint's
// loop may be busy with the computer's turn.
const flushWait = 3 * time.Second

// Close makes the save that is due (or keeps the clocks as they stand),
// then closes the endpoint; the game stays kept.
func (w *Keeping) Close() error {
	done := make(chan struct{})
	select {
	case w.flush <- done:
		select {
		case <-done:
		case <-time.After(flushWait):
		}
	case <-w.stop:
	case <-time.After(flushWait):
	}
	return w.Recorder.Close()
}
