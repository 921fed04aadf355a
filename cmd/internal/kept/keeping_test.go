//go:build !(js && wasm)

package kept

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites/scene"
)

// pageFlags are the page's flags for a game against the random mover.
func pageFlags(rules string) launch.Flags {
	return launch.Flags{Seed: 11, Side: "black", Time: "5+3", Opponent: "random", MoveTime: 5 * time.Millisecond, Rules: rules}
}

// blackVsRandom is the new-game screen's choice: Black, 5+3, the random mover.
var blackVsRandom = scene.NewGameChoice{Side: 1, Time: 2, Opponent: 1}

// playSome plays our side at random for some accepted moves, answering
// only on our turn, and returns what we heard and the last snapshot.
func playSome(t *testing.T, w *Keeping, side game.Color, moves int) ([]referee.Entry, net.Snapshot) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	var heard []referee.Entry
	refused := map[game.Move]bool{}
	for {
		ev := waitAny(t, w.Events())
		if ev.Kind == net.KindEnded || ev.Kind == net.KindProblem {
			t.Fatalf("the game stopped: %v %s", ev.Kind, ev.Text)
		}
		if ev.Kind == net.KindHeard {
			heard = append(heard, ev.Entry)
			if ev.Entry.Verdict == referee.Accepted {
				refused = map[game.Move]bool{}
				if ev.Entry.Mover == side {
					moves--
				}
			} else if ev.Entry.Mover == side {
				refused[ev.Entry.Attempt] = true
			}
		}
		ours := ev.Kind == net.KindStarted || ev.Kind == net.KindHeard && !(ev.Entry.Mover == side && ev.Entry.Verdict == referee.Accepted)
		if !ev.Snap.InGame || ev.Snap.ToMove != side || !ours {
			continue
		}
		if moves <= 0 {
			return heard, ev.Snap
		}
		own := ev.Snap.Own
		var open []game.Move
		for _, m := range referee.Candidates(&own) {
			if !refused[m] {
				open = append(open, m)
			}
		}
		if err := w.Attempt(open[rng.IntN(len(open))]); err != nil {
			t.Fatal(err)
		}
	}
}

// waitAny returns the next event.
func waitAny(t *testing.T, ch <-chan net.Event) net.Event {
	t.Helper()
	select {
	case ev, ok := <-ch:
		if !ok {
			t.Fatal("the events ended")
		}
		return ev
	case <-time.After(10 * time.Second):
		t.Fatal("no event within 10 s")
	}
	return net.Event{}
}

// waitKind reads ch until an event of kind comes.
func waitKind(t *testing.T, ch <-chan net.Event, kind net.Kind) net.Event {
	t.Helper()
	for {
		if ev := waitAny(t, ch); ev.Kind == kind {
			return ev
		}
	}
}

// mapStore is the page's storage in tests.
type mapStore map[string]string

func (m mapStore) Get(key string) (string, bool) { v, ok := m[key]; return v, ok }
func (m mapStore) Set(key, value string) error   { m[key] = value; return nil }
func (m mapStore) Remove(key string)             { delete(m, key) }

// keptHeard waits until k keeps a game whose record tells side want.
func keptHeard(t *testing.T, k Store, side game.Color, rules referee.Ruleset, want int) Game {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if g, ok := Load(k); ok {
			if rec, err := record.Read(strings.NewReader(g.PGN)); err == nil {
				if ref, err := record.Replay(rec, rules, nil); err == nil && len(ref.View(side).Heard) == want {
					return g
				}
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("storage did not keep the game's %d entries: %v", want, k)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestComputerGameResumesAfterClosing: a game against the computer
// is kept in the page's storage as it goes; a page opened again with the
// same storage resumes it in the same position with the same history
// (every entry heard, in order) and the kept clocks, the game goes on,
// and its end forgets it.
func TestComputerGameResumesAfterClosing(t *testing.T) {
	k := mapStore{}
	fl := pageFlags("berkeley")
	ch := blackVsRandom
	ch.Rules = "berkeley" // the screen's choice, preset from the page's
	w, err := Start(k, fl, ch)
	if err != nil {
		t.Fatal(err)
	}
	heard, snap := playSome(t, w, game.Black, 5)
	g := keptHeard(t, k, game.Black, referee.Berkeley, len(heard))
	if g.Side != "black" || g.Rules != "berkeley" || g.Time != "5+3" || g.Opponent != "random" || g.Plies != snap.Plies {
		t.Fatalf("kept %+v; want black, berkeley, 5+3, random, %d plies", g, snap.Plies)
	}
	if g.Black <= 0 || g.Black > (5*time.Minute+3*5*time.Second).Milliseconds() {
		t.Fatalf("kept Black's clock at %d ms", g.Black)
	}
	if !strings.Contains(g.Describe(), "Berkeley") || !strings.Contains(g.Describe(), "you play Black") {
		t.Errorf("the door would offer %q", g.Describe())
	}
	w.Close() // the tab is closed

	again, err := Resume(k, launch.Flags{MoveTime: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	ev := waitAny(t, again.Events())
	for ev.Kind != net.KindStarted {
		ev = waitAny(t, again.Events())
	}
	// The page saves off the events' way, so a save may follow the one
	// read above by a few milliseconds of Black's running clock.
	kept := time.Duration(g.Black) * time.Millisecond
	if b := ev.Snap.Clocks.Black; ev.Snap.Side != game.Black || ev.Snap.Spec.Rules.Name != "berkeley" || b > kept || b < kept-time.Second {
		t.Fatalf("resumed as %v under %s with Black's clock %v; want black, berkeley, at most %v and within a second of it", ev.Snap.Side, ev.Snap.Spec.Rules.Name, b, kept)
	}
	var after []referee.Entry
	var last net.Snapshot
	for len(after) < len(heard) {
		if ev := waitAny(t, again.Events()); ev.Kind == net.KindHeard {
			after, last = append(after, ev.Entry), ev.Snap
		}
	}
	if !reflect.DeepEqual(after, heard) {
		t.Fatalf("the resumed game told other entries than the first")
	}
	if last.Own != snap.Own || last.Plies != snap.Plies {
		t.Fatalf("resumed at ply %d, %s; left at ply %d, %s", last.Plies, last.Own.FEN(), snap.Plies, snap.Own.FEN())
	}
	if err := again.Do(net.Resign); err != nil {
		t.Fatal(err)
	}
	waitKind(t, again.Events(), net.KindEnded)
	if _, ok := Load(k); ok {
		t.Errorf("the game outlived its end: %v", k)
	}
}

// refusingStore is storage that keeps nothing.
type refusingStore struct{ mapStore }

func (refusingStore) Set(string, string) error { return errors.New("quota") }

// TestUnkeptComputerGameWarns: while a game against the computer is on
// and storage refuses it, the page must ask before it is left; not before
// the game, nor after it.
func TestUnkeptComputerGameWarns(t *testing.T) {
	w, err := Start(refusingStore{mapStore{}}, pageFlags("wild16"), blackVsRandom)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	playSome(t, w, game.Black, 1)
	deadline := time.Now().Add(10 * time.Second)
	for !w.Unsaved() {
		if time.Now().After(deadline) {
			t.Fatal("a game storage refused is not said to be unsaved")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := w.Do(net.Resign); err != nil {
		t.Fatal(err)
	}
	waitKind(t, w.Events(), net.KindEnded)
	if w.Unsaved() {
		t.Error("a finished game is still said to be unsaved")
	}
}

// TestBrokenKeptGameForgotten: a kept game that cannot be resumed is
// refused in a sentence and forgotten.
func TestBrokenKeptGameForgotten(t *testing.T) {
	k := mapStore{Key: `{"rules":"wild16","side":"white","time":"5+3","opponent":"bot","pgn":"1. e4 e5 2. Ke3 Ke6 3. Ke3"}`}
	if _, err := Resume(k, launch.Flags{MoveTime: time.Millisecond}); err == nil || !strings.Contains(err.Error(), "cannot be resumed") {
		t.Fatalf("a broken kept game: %v", err)
	}
	if _, ok := Load(k); ok {
		t.Error("a kept game that cannot be resumed is still offered")
	}
}

// TestKeptClockCountsTheThink: while our clock runs, the page keeps the
// time left as it goes, not only at each thing heard, so that a page
// closed during a long think resumes with the think spent (an outside
// tester got 34 s back by reloading).
func TestKeptClockCountsTheThink(t *testing.T) {
	was := ClockEvery
	ClockEvery = 20 * time.Millisecond
	defer func() { ClockEvery = was }()
	k := mapStore{}
	w, err := Start(k, pageFlags("wild16"), blackVsRandom)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	heard, _ := playSome(t, w, game.Black, 3) // our turn: Black's clock runs
	before := keptHeard(t, k, game.Black, referee.Wild16, len(heard))
	time.Sleep(500 * time.Millisecond) // thinking
	after, _ := Load(k)
	if spent := time.Duration(before.Black-after.Black) * time.Millisecond; spent < 400*time.Millisecond || spent > 2*time.Second {
		t.Fatalf("kept Black's clock at %d ms, then %d ms after a 500 ms think; want the think spent", before.Black, after.Black)
	}
	if after.PGN != before.PGN {
		t.Fatalf("the record changed while Black thought")
	}
}
