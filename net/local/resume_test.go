package local

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// playTurns plays our side at random until turns of our moves are
// accepted and returns what we heard, stopping on our turn.
func playTurns(t *testing.T, ep *Endpoint, side game.Color, turns int, seed uint64) []referee.Entry {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 5))
	var heard []referee.Entry
	refused := map[game.Move]bool{}
	for {
		ev := next(t, ep)
		switch ev.Kind {
		case net.KindHeard:
			heard = append(heard, ev.Entry)
			if ev.Entry.Verdict == referee.Accepted {
				refused = map[game.Move]bool{}
				if ev.Entry.Mover == side {
					turns--
				}
			} else if ev.Entry.Mover == side {
				refused[ev.Entry.Attempt] = true
			}
		case net.KindEnded, net.KindProblem:
			t.Fatalf("the game stopped before the resume: %v %s", ev.Kind, ev.Text)
		}
		if !ev.Snap.InGame || ev.Snap.ToMove != side || (ev.Kind != net.KindStarted && ev.Kind != net.KindHeard) {
			continue
		}
		if ev.Kind == net.KindHeard && ev.Entry.Verdict == referee.Accepted && ev.Entry.Mover == side {
			continue
		}
		if turns <= 0 {
			return heard
		}
		own := ev.Snap.Own
		var open []game.Move
		for _, m := range referee.Candidates(&own) {
			if !refused[m] {
				open = append(open, m)
			}
		}
		if err := ep.Attempt(open[rng.IntN(len(open))]); err != nil {
			t.Fatal(err)
		}
	}
}

// TestResumeHearsTheSameGame: a game against the computer kept as its
// record (written out and read back, as the web page keeps it) and
// resumed on a new endpoint starts with the kept clocks and tells the
// player every entry they heard before, in order; the game then goes on.
func TestResumeHearsTheSameGame(t *testing.T) {
	for i, rules := range referee.Rulesets {
		seed := uint64(40 + i)
		ep := connect(t, seed)
		next(t, ep)
		spec := net.GameSpec{Rules: rules, Side: game.Black, Base: 5 * time.Minute}
		if err := ep.Begin(spec); err != nil {
			t.Fatal(err)
		}
		before := playTurns(t, ep, game.Black, 6, seed)
		rec, err := ep.Record()
		if err != nil {
			t.Fatal(err)
		}
		var pgn bytes.Buffer
		if err := record.Write(&pgn, rec); err != nil {
			t.Fatal(err)
		}
		kept, err := record.Read(&pgn)
		if err != nil {
			t.Fatal(err)
		}

		again := connect(t, seed+100)
		next(t, again)
		if err := again.Resume(spec, kept, 3*time.Minute, 2*time.Minute); err != nil {
			t.Fatalf("%s: %v", rules.Name, err)
		}
		ev := next(t, again)
		if ev.Kind != net.KindStarted || ev.Snap.Spec.Side != game.Black || ev.Snap.Spec.Rules.Name != rules.Name {
			t.Fatalf("%s: the resume began with %v as %v under %s", rules.Name, ev.Kind, ev.Snap.Spec.Side, ev.Snap.Spec.Rules.Name)
		}
		if c := ev.Snap.Clocks; c.White != 3*time.Minute || c.Black != 2*time.Minute || c.Running != game.Black {
			t.Fatalf("%s: resumed clocks %+v; want White 3m, Black 2m, Black's running", rules.Name, c)
		}
		var after []referee.Entry
		var last net.Snapshot
		for len(after) < len(before) {
			if ev := next(t, again); ev.Kind == net.KindHeard {
				after, last = append(after, ev.Entry), ev.Snap
			}
		}
		if !reflect.DeepEqual(after, before) {
			t.Fatalf("%s: the resumed game told %d entries, the first %d; they differ", rules.Name, len(after), len(before))
		}
		if !goesOn(t, again, last.Own) {
			t.Fatalf("%s: no move of ours was accepted after the resume", rules.Name)
		}
	}
}

// goesOn attempts our candidates from own until the referee accepts one.
func goesOn(t *testing.T, ep *Endpoint, own game.Position) bool {
	t.Helper()
	for _, m := range referee.Candidates(&own) {
		if err := ep.Attempt(m); err != nil {
			t.Fatal(err)
		}
		for {
			ev := next(t, ep)
			if ev.Kind == net.KindProblem {
				t.Fatalf("after the resume: %s", ev.Text)
			}
			if ev.Kind == net.KindHeard {
				if ev.Entry.Verdict == referee.Accepted || ev.Entry.Verdict == referee.Finished {
					return true
				}
				break
			}
		}
	}
	return false
}

// TestResumeRefusesAFinishedGame: a record with a result is not resumed.
func TestResumeRefusesAFinishedGame(t *testing.T) {
	ep := connect(t, 3)
	rec := &record.Record{Result: "1-0"}
	if err := ep.Resume(net.GameSpec{Rules: referee.Wild16}, rec, time.Minute, time.Minute); err == nil {
		t.Fatal("a finished game was resumed")
	}
}
