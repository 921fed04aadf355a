package local

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

func connect(t *testing.T, seed uint64) *Endpoint {
	t.Helper()
	ep := New(attempter.NewRandom(seed), Options{Seed: seed})
	if err := ep.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ep.Close() })
	return ep
}

// next returns the next event, failing the test after a generous wait.
func next(t *testing.T, ep *Endpoint) net.Event {
	t.Helper()
	select {
	case ev, ok := <-ep.Events():
		if !ok {
			t.Fatal("events closed")
		}
		return ev
	case <-time.After(10 * time.Second):
		t.Fatal("no event within 10 s")
	}
	return net.Event{}
}

func placement(p game.Position) string { return strings.Fields(p.FEN())[0] }

// TestWholeGames plays whole games through the endpoint, our side attempting
// at random from the snapshots alone, and follows every heard entry with a
// controller: the snapshot's own men must always equal what the controller
// derived from the announcements, entries arrive in ply order, and every game
// ends with one Ended event.
func TestWholeGames(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		side := game.Color(seed % 2)
		ep := connect(t, seed)
		if ev := next(t, ep); ev.Kind != net.KindConnection || ev.Snap.State != net.Connected {
			t.Fatalf("first event %v %v; want connection connected", ev.Kind, ev.Snap.State)
		}
		if err := ep.Begin(net.GameSpec{Rules: referee.Wild16, Side: side}); err != nil {
			t.Fatal(err)
		}
		ctl := controller.New(side, referee.Wild16, game.Start(), controller.Options{BeliefOnly: true})
		rng := rand.New(rand.NewPCG(seed, 9))
		var refused map[game.Move]bool
		lastPly, heard, ended := -1, 0, false
		for !ended {
			ev := next(t, ep)
			switch ev.Kind {
			case net.KindStarted:
				if ev.Snap.Spec.Side != side || !ev.Snap.InGame {
					t.Fatalf("seed %d: started as %v in game %v; want %v", seed, ev.Snap.Spec.Side, ev.Snap.InGame, side)
				}
			case net.KindHeard:
				heard++
				if ev.Entry.Ply < lastPly {
					t.Fatalf("seed %d: entry of ply %d after ply %d", seed, ev.Entry.Ply, lastPly)
				}
				lastPly = ev.Entry.Ply
				vm, err := ctl.Observe(ev.Entry)
				if err != nil {
					t.Fatal(err)
				}
				if got, want := placement(ev.Snap.Own), placement(vm.Own); got != want {
					t.Fatalf("seed %d ply %d: snapshot own %s; controller derived %s", seed, ev.Entry.Ply, got, want)
				}
				if ev.Snap.Own.ByColor(side.Other()) != 0 {
					t.Fatalf("seed %d: the snapshot shows enemy men", seed)
				}
			case net.KindEnded:
				ended = true
				if ev.Snap.Result == nil || ev.Snap.InGame {
					t.Fatalf("seed %d: ended without a result", seed)
				}
				continue
			case net.KindProblem:
				t.Fatalf("seed %d: problem %s", seed, ev.Text)
			}
			if ev.Kind == net.KindHeard && ev.Entry.Mover == side && ev.Entry.Verdict != referee.Accepted {
				refused[ev.Entry.Attempt] = true
			}
			if ev.Snap.InGame && ev.Snap.ToMove == side && (ev.Kind == net.KindStarted || ev.Kind == net.KindHeard) {
				if ev.Kind == net.KindStarted || ev.Entry.Verdict == referee.Accepted {
					refused = map[game.Move]bool{}
				}
				own := ev.Snap.Own
				var open []game.Move
				for _, m := range referee.Candidates(&own) {
					if !refused[m] {
						open = append(open, m)
					}
				}
				if len(open) == 0 {
					t.Fatalf("seed %d: every candidate refused", seed)
				}
				if err := ep.Attempt(open[rng.IntN(len(open))]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if heard < 2 {
			t.Fatalf("seed %d: only %d entries heard", seed, heard)
		}
	}
}

func TestFlagFalls(t *testing.T) {
	ep := connect(t, 3)
	next(t, ep)
	ep.Begin(net.GameSpec{Rules: referee.Wild16, Side: game.White, Base: 60 * time.Millisecond})
	// The clocks start once both sides have moved: White moves, and then
	// lets its clock run out.
	if err := ep.Attempt(game.NewMove(game.E2, game.E4, 0)); err != nil {
		t.Fatal(err)
	}
	for {
		ev := next(t, ep)
		if ev.Kind != net.KindEnded {
			continue
		}
		if r := ev.Snap.Result; r.Reason != referee.ReasonTime || r.Score != "0-1" {
			t.Fatalf("result %+v; want 0-1 on time", *r)
		}
		if left := ev.Snap.Clocks.White; left != 0 {
			t.Fatalf("white's clock shows %v after the flag; want 0", left)
		}
		// The record says how the game ended, which its moves do not.
		rec, err := ep.Record()
		if err != nil {
			t.Fatal(err)
		}
		if got := rec.Tag("Termination"); got != string(referee.ReasonTime) || rec.Result != "0-1" {
			t.Errorf("the record: Termination %q, result %q; want %q, 0-1", got, rec.Result, referee.ReasonTime)
		}
		if err := record.Check(rec, referee.Wild16); err != nil {
			t.Errorf("the record lost on time does not check: %v", err)
		}
		return
	}
}

func TestCommands(t *testing.T) {
	tests := []struct {
		name  string
		side  game.Color
		do    func(*Endpoint) error
		kind  net.Kind
		want  string // a word the problem text, or the result reason, contains
		score game.Score
	}{
		{"resign", game.White, func(e *Endpoint) error { return e.Do(net.Resign) }, net.KindEnded, "resignation", "0-1"},
		{"abort before moving", game.White, func(e *Endpoint) error { return e.Do(net.Abort) }, net.KindEnded, "aborted", "*"},
		{"attempt after the end", game.White, func(e *Endpoint) error {
			e.Do(net.Resign)
			return e.Attempt(game.NewMove(game.E2, game.E4, 0))
		}, net.KindProblem, "no game in progress", ""},
		{"console resign", game.Black, func(e *Endpoint) error { return e.Console("resign") }, net.KindEnded, "resignation", "1-0"},
		{"console nonsense", game.White, func(e *Endpoint) error { return e.Console("hello") }, net.KindConsole, "not a move (such as e2e4) nor a command: resign, draw, abort, flag or px (help says more)", ""},
		{"help in the window's line", game.White, func(e *Endpoint) error { return e.Console("Help") }, net.KindConsole, "a move: e2e4", ""},
		{"a pasted page, quoted short", game.White, func(e *Endpoint) error { return e.Console(strings.Repeat("x", 5000)) }, net.KindConsole,
			`"` + strings.Repeat("x", 40) + `…" is not a move`, ""},
		{"flag with time left", game.White, func(e *Endpoint) error { return e.Do(net.Flag) }, net.KindProblem, "still has time", ""},
		{"abort after both moved", game.Black, func(e *Endpoint) error {
			e.Attempt(game.NewMove(game.E7, game.E5, 0))
			return e.Do(net.Abort)
		}, net.KindProblem, "too late", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ep := connect(t, 5)
			next(t, ep)
			ep.Begin(net.GameSpec{Rules: referee.Wild16, Side: tc.side, Base: time.Minute})
			// Wait until it is our move (Black waits for the computer's first move).
			for {
				ev := next(t, ep)
				if ev.Kind == net.KindStarted && tc.side == game.White {
					break
				}
				if ev.Kind == net.KindHeard && ev.Entry.Verdict == referee.Accepted {
					break
				}
			}
			if err := tc.do(ep); err != nil {
				t.Fatal(err)
			}
			for {
				ev := next(t, ep)
				if ev.Kind != tc.kind {
					continue
				}
				got := ev.Text
				if ev.Kind == net.KindEnded {
					got = string(ev.Snap.Result.Reason)
					if ev.Snap.Result.Score != tc.score {
						t.Fatalf("score %s; want %s", ev.Snap.Result.Score, tc.score)
					}
				}
				if !strings.Contains(got, tc.want) {
					t.Fatalf("got %q; want it to contain %q", got, tc.want)
				}
				if (ev.Kind == net.KindProblem || ev.Kind == net.KindConsole) && strings.HasPrefix(got, "local:") {
					t.Fatalf("the player is told %q, with the package's prefix", got)
				}
				return
			}
		})
	}
}

func TestClosedEndpoint(t *testing.T) {
	ep := New(attempter.NewRandom(1), Options{})
	if err := ep.Attempt(game.NewMove(game.E2, game.E4, 0)); err == nil {
		t.Fatal("an attempt before Connect was accepted")
	}
	ep.Connect(context.Background())
	ep.Close()
	if err := ep.Begin(net.GameSpec{}); err == nil {
		t.Fatal("Begin after Close was accepted")
	}
	if _, ok := <-ep.Events(); ok {
		// drain: events sent before Close may remain
		for range ep.Events() {
		}
	}
}

// TestClockAfterReply: once the computer's move is accepted, the latest
// snapshot runs our clock, not the computer's, before we do anything.
func TestClockAfterReply(t *testing.T) {
	ep := connect(t, 4)
	next(t, ep)
	if err := ep.Begin(net.GameSpec{Rules: referee.Wild16, Side: game.White, Base: time.Minute}); err != nil {
		t.Fatal(err)
	}
	if err := ep.Attempt(game.NewMove(game.E2, game.E4, 0)); err != nil {
		t.Fatal(err)
	}
	var last net.Event
	replied := false
	for !replied || last.Snap.Clocks.Running != game.White {
		select {
		case ev := <-ep.Events():
			last = ev
			if ev.Kind == net.KindHeard && ev.Entry.Mover == game.Black && ev.Entry.Verdict == referee.Accepted {
				replied = true
			}
		case <-time.After(2 * time.Second):
			t.Fatalf("after the computer's reply (seen: %v) the latest snapshot runs %v's clock; want White's", replied, last.Snap.Clocks.Running)
		}
	}
	if c := last.Snap.Clocks; !c.Ticking || c.Remaining(game.Black, time.Now()) != c.Black {
		t.Errorf("clocks %+v: want White's running and Black's stopped", c)
	}
}

// TestMinTurn: with MinTurn set the computer's reply comes no sooner, and
// its clock is charged for the wait.
func TestMinTurn(t *testing.T) {
	ep := New(attempter.NewRandom(2), Options{Seed: 2, MinTurn: 400 * time.Millisecond})
	if err := ep.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ep.Close() })
	if err := ep.Begin(net.GameSpec{Rules: referee.Wild16, Side: game.White, Base: time.Minute}); err != nil {
		t.Fatal(err)
	}
	// Black's second turn: the clocks start once both sides have moved.
	if err := ep.Attempt(game.NewMove(game.E2, game.E4, 0)); err != nil {
		t.Fatal(err)
	}
	for ev := next(t, ep); ev.Kind != net.KindHeard || ev.Entry.Mover != game.Black; ev = next(t, ep) {
	}
	sent := time.Now()
	if err := ep.Attempt(game.NewMove(game.D2, game.D4, 0)); err != nil {
		t.Fatal(err)
	}
	for {
		ev := next(t, ep)
		if ev.Kind != net.KindHeard || ev.Entry.Mover != game.Black {
			continue
		}
		if took := time.Since(sent); took < 400*time.Millisecond {
			t.Fatalf("the computer answered after %v; want at least 400ms", took)
		}
		if left := ev.Snap.Clocks.Remaining(game.Black, time.Now()); left > time.Minute-400*time.Millisecond {
			t.Errorf("Black's clock shows %v after a 400ms turn; want it charged", left)
		}
		return
	}
}

// scripted plays its moves in order, one a turn.
type scripted struct{ moves []game.Move }

func (s *scripted) Turn(u referee.Umpire) []referee.Answer {
	if len(s.moves) == 0 {
		return nil
	}
	m := s.moves[0]
	s.moves = s.moves[1:]
	return []referee.Answer{u.Attempt(m)}
}

// TestPawnCaptureShortcut: in Wild 16, px (net.AskAny) is refused while no
// single pawn capture is legal, and plays the pawn capture when exactly one
// is, as on ICC (it was answered Any? Nonsense).
func TestPawnCaptureShortcut(t *testing.T) {
	ep := New(&scripted{moves: []game.Move{game.NewMove(game.D7, game.D5, 0), game.NewMove(game.G8, game.F6, 0)}}, Options{Seed: 1})
	if err := ep.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	next(t, ep)
	ep.Begin(net.GameSpec{Rules: referee.Wild16, Side: game.White, Base: time.Minute})
	heard := func() referee.Entry {
		for {
			if ev := next(t, ep); ev.Kind == net.KindHeard {
				return ev.Entry
			}
		}
	}
	ep.Do(net.AskAny)
	if e := heard(); e.Verdict != referee.Illegal {
		t.Fatalf("px with no pawn try: %v; want Illegal", e.Verdict)
	}
	ep.Attempt(game.NewMove(game.E2, game.E4, 0))
	heard() // our e4
	heard() // the computer's d5, with our one pawn try
	ep.Do(net.AskAny)
	e := heard()
	if e.Verdict != referee.Accepted || e.Attempt != game.NewMove(game.E4, game.D5, 0) {
		t.Fatalf("px with one pawn try: %v %v; want exd5 accepted", e.Verdict, e.Attempt)
	}
}

// TestClocksWaitForBothFirstMoves: as on lichess and kriegd, no clock runs
// before both sides have moved; after Black's first reply White's does.
func TestClocksWaitForBothFirstMoves(t *testing.T) {
	ep := connect(t, 3)
	next(t, ep)
	if err := ep.Begin(net.GameSpec{Rules: referee.Wild16, Side: game.White, Base: time.Minute}); err != nil {
		t.Fatal(err)
	}
	ev := next(t, ep)
	for ev.Kind != net.KindStarted {
		ev = next(t, ep)
	}
	if ev.Snap.Clocks.Ticking {
		t.Fatal("a clock runs before the first move")
	}
	if err := ep.Attempt(game.NewMove(game.E2, game.E4, 0)); err != nil {
		t.Fatal(err)
	}
	for ev = next(t, ep); ev.Kind != net.KindHeard || ev.Entry.Mover != game.Black; ev = next(t, ep) {
		if ev.Snap.Clocks.Ticking && ev.Snap.Plies < 2 {
			t.Fatalf("a clock runs before Black's first move (%v)", ev.Kind)
		}
	}
	// Black's move goes out with the clocks as they stand after it.
	if !ev.Snap.Clocks.Ticking || ev.Snap.Clocks.Running != game.White {
		t.Errorf("with Black's first move: ticking %v, %v's clock runs; want White's running",
			ev.Snap.Clocks.Ticking, ev.Snap.Clocks.Running)
	}
}

// TestComputersMoveComesWithItsClockStopped: the computer's accepted move
// reaches us with its clock stopped and its increment added, as the console
// prints the clocks with the entry that gives us the move; before, the
// computer's clock was still running there, a second or two short.
func TestComputersMoveComesWithItsClockStopped(t *testing.T) {
	ep := connect(t, 3)
	next(t, ep)
	if err := ep.Begin(net.GameSpec{Rules: referee.Wild16, Side: game.White, Base: time.Minute, Increment: 2 * time.Second}); err != nil {
		t.Fatal(err)
	}
	blackMoves := 0
	for _, m := range []game.Move{game.NewMove(game.E2, game.E4, 0), game.NewMove(game.D2, game.D4, 0)} {
		if err := ep.Attempt(m); err != nil {
			t.Fatal(err)
		}
		ev := next(t, ep)
		for ; ev.Kind != net.KindHeard || ev.Entry.Mover != game.Black || ev.Entry.Verdict != referee.Accepted; ev = next(t, ep) {
		}
		blackMoves++
		c := ev.Snap.Clocks
		if c.Running != game.White {
			t.Fatalf("with Black's move %d, %v's clock runs; want White's", blackMoves, c.Running)
		}
		if blackMoves == 2 && c.Black < time.Minute {
			// The computer took well under its 2 s increment (MinTurn 0 here).
			t.Errorf("with Black's second move Black has %v; want at least a minute (its increment added)", c.Black)
		}
	}
}

// TestBeginRefusesAClockOfNothing: a base of 0 with an increment starts no
// game; the endpoint says why.
func TestClockBounds(t *testing.T) {
	for _, c := range []struct {
		base, inc time.Duration
		ok        bool
	}{
		{0, 0, true}, {MinBase, 0, true}, {5 * time.Minute, 3 * time.Second, true},
		{0, 2 * time.Second, false}, {600 * time.Millisecond, 0, false}, {MinBase - time.Millisecond, 2 * time.Second, false},
		{MaxBase + time.Second, 0, false}, {time.Minute, MaxIncrement + time.Second, false},
	} {
		if err := CheckTimeControl(c.base, c.inc); (err == nil) != c.ok {
			t.Errorf("CheckTimeControl(%v, %v) = %v, want ok %v", c.base, c.inc, err, c.ok)
		}
	}
}

func TestBeginRefusesAClockOfNothing(t *testing.T) {
	ep := New(attempter.NewRandom(1), Options{})
	if err := ep.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	if err := ep.Begin(net.GameSpec{Base: 0, Increment: 2 * time.Second}); err != nil {
		t.Fatal(err)
	}
	for ev := range ep.Events() {
		switch ev.Kind {
		case net.KindStarted:
			t.Fatal("a game began with a clock of 0+2")
		case net.KindProblem:
			if !strings.Contains(ev.Text, "a base time of 0 with an increment is not played") {
				t.Fatalf("refused as %q", ev.Text)
			}
			return
		}
	}
}

// TestUntimedGameRecord: a game without a clock never starts the clocks,
// and its record's TimeControl is PGN's "-" (it read 0+0).
func TestUntimedGameRecord(t *testing.T) {
	ep := connect(t, 5)
	next(t, ep)
	ep.Begin(net.GameSpec{Rules: referee.Wild16, Side: game.White})
	if err := ep.Attempt(game.NewMove(game.E2, game.E4, 0)); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; {
		ev := next(t, ep)
		if ev.Snap.Clocks.Ticking {
			t.Fatal("the clocks run in a game without a clock")
		}
		if ev.Snap.Plies >= 2 && ev.Snap.ToMove == game.White {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no reply within 10 s")
		}
	}
	rec, err := ep.Record()
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Tag("TimeControl"); got != "-" {
		t.Errorf("TimeControl %q; want -", got)
	}
	// PGN's seven tags, which some tools want, are all there.
	for _, key := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result"} {
		if rec.Tag(key) == "" {
			t.Errorf("the record has no %s tag", key)
		}
	}
}

// TestFlagWithoutAClock: flag in a game without a clock says there is
// none to fall, not that the opponent still has time.
func TestFlagWithoutAClock(t *testing.T) {
	ep := connect(t, 5)
	next(t, ep)
	ep.Begin(net.GameSpec{Rules: referee.Wild16, Side: game.White})
	for ev := next(t, ep); ev.Kind != net.KindStarted; ev = next(t, ep) {
	}
	if err := ep.Do(net.Flag); err != nil {
		t.Fatal(err)
	}
	for ev := next(t, ep); ; ev = next(t, ep) {
		if ev.Kind == net.KindProblem {
			if !strings.Contains(ev.Text, "this game has no clock") {
				t.Errorf("flag without a clock: %q; want it said there is no clock", ev.Text)
			}
			return
		}
	}
}
