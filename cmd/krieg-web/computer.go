package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites/scene"
)

// A game against the computer outlives the page: the page keeps it in the
// browser's storage as it goes (its terms, the record of every attempt
// so far, the time left on each clock), and a page opened again resumes
// it where it was left. The clocks stand still while the page is closed:
// while one runs, the time left is kept again every clockEvery, so that a
// page closed during a long think keeps the think spent.

// gameKey is the storage item of the game against the computer in progress.
const gameKey = "krieg/computer-game"

// keptGame is a game against the computer as the page keeps it.
type keptGame struct {
	Rules    string `json:"rules"`    // the ruleset's name
	Side     string `json:"side"`     // white or black, as drawn
	Time     string `json:"time"`     // minutes+increment
	Opponent string `json:"opponent"` // bot or random
	Seed     uint64 `json:"seed"`
	White    int64  `json:"white_ms"` // time left, in milliseconds
	Black    int64  `json:"black_ms"`
	Plies    int    `json:"plies"`
	PGN      string `json:"pgn"` // the record so far, refused attempts and all
}

// keptComputerGame returns the game against the computer kept in k, if any.
func keptComputerGame(k keeper) (keptGame, bool) {
	v, ok := k.Get(gameKey)
	if !ok {
		return keptGame{}, false
	}
	var g keptGame
	if json.Unmarshal([]byte(v), &g) != nil || g.PGN == "" || g.Rules == "" {
		return keptGame{}, false
	}
	return g, true
}

// describe says what the kept game is, for the door's Resume button.
func (g keptGame) describe() string {
	title := g.Rules
	if r, err := referee.RulesetByName(g.Rules); err == nil {
		title = r.Title
	}
	return fmt.Sprintf("%s, %s, you play %s, %d plies played", title, g.Time, g.Side, g.Plies)
}

// recorder is the local endpoint as the keeping needs it.
type recorder interface {
	net.Communicator
	Record() (*record.Record, error)
}

// keeping stands between the local endpoint and the board and keeps the
// game in storage after each thing heard, until it ends.
type keeping struct {
	recorder
	store  keeper
	terms  keptGame // Rules, Time, Opponent and Seed; the rest is filled at each save
	events chan net.Event
	dirty  chan struct{} // a save is due
	stop   chan struct{} // closed once the endpoint's events end

	mu     sync.Mutex // guards the state below
	snap   net.Snapshot
	on     bool     // a game is in progress
	unkept bool     // the last save was refused: a reload would lose the game
	last   keptGame // what the last save kept, for the clocks' updates
}

// clockEvery is how often a running clock's time left is kept.
var clockEvery = time.Second

// keep follows c's games, keeping each in k; terms gives the game's rules,
// time, opponent and seed.
func keep(c recorder, k keeper, terms keptGame) *keeping {
	w := &keeping{recorder: c, store: k, terms: terms, events: make(chan net.Event, 1024),
		dirty: make(chan struct{}, 1), stop: make(chan struct{})}
	go w.pass()
	go w.saver()
	return w
}

// Events returns the endpoint's events, passed on once noted.
func (w *keeping) Events() <-chan net.Event { return w.events }

// pass forwards every event, noting it first, until the endpoint closes.
func (w *keeping) pass() {
	defer close(w.stop)
	defer close(w.events)
	for ev := range w.recorder.Events() {
		w.note(ev)
		w.events <- ev
	}
	// A closed game (the board went back to the server's lobby) stays
	// kept if it was, but leaving the page no longer loses anything new.
	w.mu.Lock()
	w.on = false
	w.mu.Unlock()
}

// note keeps the game's state and asks for a save, or forgets the game
// once it ended.
func (w *keeping) note(ev net.Event) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.snap = ev.Snap
	switch ev.Kind {
	case net.KindStarted:
		w.on = true
	case net.KindEnded:
		w.on, w.unkept, w.last = false, false, keptGame{}
		w.store.Remove(gameKey)
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
func (w *keeping) saver() {
	tick := time.NewTicker(clockEvery)
	defer tick.Stop()
	for {
		select {
		case <-w.dirty:
			w.save()
		case <-tick.C:
			w.keepClocks()
		case <-w.stop:
			return
		}
	}
}

// keepClocks keeps the time left on the clocks as they stand now, with the
// record of the last save, while a game is on and a clock runs.
func (w *keeping) keepClocks() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.on || !w.snap.Clocks.Ticking || w.last.PGN == "" {
		return
	}
	w.setClocks(&w.last, time.Now())
	if b, err := json.Marshal(w.last); err == nil {
		w.unkept = w.store.Set(gameKey, string(b)) != nil
	}
}

// setClocks sets g's time left from the clocks at now (under w.mu).
func (w *keeping) setClocks(g *keptGame, now time.Time) {
	g.White = w.snap.Clocks.Remaining(game.White, now).Milliseconds()
	g.Black = w.snap.Clocks.Remaining(game.Black, now).Milliseconds()
}

// save writes the game as it stands into storage.
func (w *keeping) save() {
	rec, err := w.Record()
	if err != nil {
		w.mu.Lock()
		w.unkept = w.on
		w.mu.Unlock()
		return
	}
	var pgn strings.Builder
	if err := record.Write(&pgn, rec); err != nil {
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
	g := w.terms
	g.Side = strings.ToLower(w.snap.Side.Title())
	w.setClocks(&g, time.Now())
	g.Plies, g.PGN = len(rec.Plies), pgn.String()
	b, err := json.Marshal(g)
	if err == nil {
		err = w.store.Set(gameKey, string(b))
	}
	w.unkept = err != nil
	if err == nil {
		w.last = g
	}
}

// unsaved reports whether a game is on that storage did not keep: leaving
// the page would lose it.
func (w *keeping) unsaved() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.on && w.unkept
}

// flags are fl with the kept game's terms.
func (g keptGame) flags(fl launch.Flags) launch.Flags {
	fl.Rules, fl.Side, fl.Time, fl.Opponent, fl.Seed = g.Rules, g.Side, g.Time, g.Opponent, g.Seed
	return fl
}

// resumeComputer takes up the game kept in k where it was left; fl gives
// the rest of the computer's flags (its time per move). A kept game that
// cannot be resumed is forgotten, so that the door offers it no more.
func resumeComputer(k keeper, fl launch.Flags) (*keeping, error) {
	g, ok := keptComputerGame(k)
	if !ok {
		return nil, errors.New("there is no game against the computer to resume")
	}
	w, err := resumeKept(k, g, g.flags(fl))
	if err != nil {
		k.Remove(gameKey)
		return nil, fmt.Errorf("your game against the computer cannot be resumed: %w", err)
	}
	return w, nil
}

// resumeKept starts an endpoint on g's game under fl.
func resumeKept(k keeper, g keptGame, fl launch.Flags) (*keeping, error) {
	rec, err := record.Read(strings.NewReader(g.PGN))
	if err != nil {
		return nil, err
	}
	spec, err := fl.Spec()
	if err != nil {
		return nil, err
	}
	if spec.AnySide {
		return nil, errors.New("krieg-web: the kept game has no side")
	}
	ep, err := fl.Local()
	if err != nil {
		return nil, err
	}
	if err := ep.Connect(context.Background()); err != nil {
		return nil, err
	}
	w := keep(ep, k, g)
	if err := ep.Resume(spec, rec, time.Duration(g.White)*time.Millisecond, time.Duration(g.Black)*time.Millisecond); err != nil {
		w.Close()
		return nil, err
	}
	return w, nil
}

// startComputer begins a new game against the computer as the new-game
// screen chose, kept in k as it goes.
func startComputer(k keeper, fl launch.Flags, ch scene.NewGameChoice) (*keeping, error) {
	c, err := launch.StartLocal(fl, ch)
	if err != nil {
		return nil, err
	}
	rc, ok := c.(recorder)
	if !ok {
		c.Close()
		return nil, errors.New("krieg-web: this game keeps no record")
	}
	return keep(rc, k, keptGame{Rules: ch.Ruleset().Name, Time: scene.TimeControls[ch.Time],
		Opponent: []string{"bot", "random"}[ch.Opponent], Seed: fl.Seed}), nil
}
