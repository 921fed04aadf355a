package icc

// Transcripts (package icctest) drive a scripted ICC server on loopback and
// the test's client together.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc/icctest"
)

// directive and script are the transcripts of package icctest, which also
// documents the directives.
type (
	directive = icctest.Directive
	script    = icctest.Script
)

func readScript(t *testing.T, path string) script {
	t.Helper()
	s, err := icctest.ReadScript(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func parseScript(t *testing.T, name, text string) script {
	t.Helper()
	s, err := icctest.ParseScript(name, text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// startServer plays s on a loopback listener closed when the test ends.
func startServer(t *testing.T, s script) *icctest.Server {
	t.Helper()
	srv, err := icctest.Start(s)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

// describe writes an event as transcripts expect it.
func describe(ev net.Event) string {
	s := ev.Snap
	switch ev.Kind {
	case net.KindConnection:
		return "connection " + s.State.String()
	case net.KindStarted:
		kind := "chess"
		if s.Spec.Kriegspiel {
			kind = "w16"
		}
		return fmt.Sprintf("started %s %s #%d vs %s %v+%v", s.Spec.Side, kind, s.Spec.Number, s.Spec.Opponent, s.Spec.Base, s.Spec.Increment)
	case net.KindHeard:
		return describeEntry(ev.Entry) + " | own " + strings.Fields(s.Own.FEN())[0]
	case net.KindEnded:
		return fmt.Sprintf("ended %s %s", s.Result.Score, s.Result.Reason)
	}
	return ev.Kind.String() + " " + ev.Text
}

// describeEntry writes what was heard of one attempt: "white e2e4 accepted:
// moved, capture e5 pawn, check long-diagonal, tries 1".
func describeEntry(e referee.Entry) string {
	move := "?"
	if e.Attempt != game.NoMove {
		move = e.Attempt.String()
	}
	var said []string
	for _, a := range e.Said {
		switch a.Kind {
		case referee.KindMoved:
			said = append(said, "moved")
		case referee.KindCapture:
			said = append(said, strings.TrimSpace(fmt.Sprintf("capture %s %s", a.Square, a.Captured)))
		case referee.KindCheck:
			said = append(said, "check "+a.Check.String())
		case referee.KindTries:
			said = append(said, fmt.Sprintf("tries %d", a.Tries.Count))
		case referee.KindIllegal:
			said = append(said, "illegal")
		case referee.KindNonsense:
			said = append(said, "nonsense")
		case referee.KindGameOver:
			said = append(said, fmt.Sprintf("over %s %s", a.Result.Score, a.Result.Reason))
		default:
			said = append(said, fmt.Sprint(a.Kind))
		}
	}
	return fmt.Sprintf("heard %s %s %s: %s", e.Mover, move, e.Verdict, strings.Join(said, ", "))
}

// matches compares an event description with an expectation; an
// expectation without " | own " ignores the board, and one ending in "*"
// is a prefix.
func matches(got, want string) bool {
	if !strings.Contains(want, " | own ") {
		got, _, _ = strings.Cut(got, " | own ")
	}
	if p, ok := strings.CutSuffix(want, "*"); ok {
		return strings.HasPrefix(got, p)
	}
	return got == want
}

// play runs a transcript against a fresh client: it carries out the
// client-side directives, collects every event, and checks the E lines in
// order against the events (clock events are not compared). It returns all
// events.
func play(t *testing.T, s script, opt Options) []net.Event {
	t.Helper()
	srv := startServer(t, s)
	opt.Addr = srv.Addr()
	opt.Backoff = Backoff{Min: 5 * time.Millisecond, Max: 20 * time.Millisecond, Tries: 20}
	c, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	var events []net.Event
	var wants []directive
	for _, d := range s.Dirs {
		if d.Op == "E" {
			wants = append(wants, d)
		}
	}
	connectErr := make(chan error, 1)
	go func() { connectErr <- c.Connect(t.Context()) }()
	actions := srv.Actions
	var pending *icctest.Action
	deadline := time.After(30 * time.Second)
	lost := false
	answered := 0 // events seen when the last attempt went out: its answer must come first
	for actions != nil || pending != nil {
		if pending != nil && canAct(pending.D, events, answered) {
			answered = len(events)
			if err := act(c, pending.D); err != nil {
				t.Fatalf("%s:%d: %v", s.Name, pending.D.Line, err)
			}
			close(pending.Done)
			pending = nil
			continue
		}
		select {
		case a, ok := <-actions:
			if !ok {
				actions = nil
				continue
			}
			pending = &a
		case ev := <-c.Events():
			events = append(events, ev)
			if ev.Kind == net.KindConnection && ev.Snap.State == net.Disconnected && !lost {
				lost = true
				go func() { connectErr <- c.Reconnect(t.Context()) }()
			}
			if ev.Kind == net.KindConnection && ev.Snap.State == net.Connected {
				lost = false
			}
		case err := <-srv.Errs:
			t.Fatalf("server: %v", err)
		case <-deadline:
			t.Fatalf("%s: transcript not finished within 30 s (%d events)", s.Name, len(events))
		}
	}
	// Collect the rest until the last expectation is met or things go quiet.
	for quiet := time.After(300 * time.Millisecond); len(events) < 100000; {
		select {
		case ev := <-c.Events():
			events = append(events, ev)
			continue
		case <-quiet:
		}
		break
	}
	c.Close()
	if err := <-connectErr; err != nil && len(wants) > 0 && !strings.Contains(wants[0].Arg, "problem") {
		t.Logf("connect: %v", err)
	}
	i := 0
	for _, ev := range events {
		if ev.Kind == net.KindClock || i >= len(wants) {
			continue
		}
		if matches(describe(ev), wants[i].Arg) {
			i++
		}
	}
	if i < len(wants) {
		var got []string
		for _, ev := range events {
			if ev.Kind != net.KindClock {
				got = append(got, describe(ev))
			}
		}
		t.Fatalf("%s:%d: expected event %q not seen in order; events:\n%s", s.Name, wants[i].Line, wants[i].Arg, strings.Join(got, "\n"))
	}
	// Every heard entry must be expected: none extra, none lost.
	heard, wantHeard := 0, 0
	for _, ev := range events {
		if ev.Kind == net.KindHeard {
			heard++
		}
	}
	for _, w := range wants {
		if strings.HasPrefix(w.Arg, "heard ") {
			wantHeard++
		}
	}
	if heard != wantHeard {
		t.Fatalf("%s: %d heard events; the transcript expects %d", s.Name, heard, wantHeard)
	}
	return events
}

// canAct says whether a client-side directive may run: an attempt waits
// for the answer to the one before (an event after answered) and for a
// heard or start event that shows our move.
func canAct(d directive, events []net.Event, answered int) bool {
	if d.Op != "A" && !(d.Op == "D" && d.Arg == "any") {
		return true
	}
	for i := len(events) - 1; i >= answered; i-- {
		switch ev := events[i]; ev.Kind {
		case net.KindHeard, net.KindStarted:
			return ev.Snap.InGame && ev.Snap.ToMove == ev.Snap.Side
		}
	}
	return false
}

func act(c *Client, d directive) error {
	switch d.Op {
	case "A":
		m, err := game.ParseMove(d.Arg)
		if err != nil {
			return err
		}
		return c.Attempt(m)
	case "D":
		for cmd := net.Resign; cmd <= net.Decline; cmd++ {
			if cmd.String() == d.Arg {
				return c.Do(cmd)
			}
		}
		return fmt.Errorf("unknown command %q", d.Arg)
	case "B":
		var name string
		var base, inc int
		if _, err := fmt.Sscan(d.Arg, &name, &base, &inc); err != nil {
			return err
		}
		return c.Begin(net.GameSpec{Opponent: name, Base: time.Duration(base) * time.Minute,
			Increment: time.Duration(inc) * time.Second, Kriegspiel: true, AnySide: true})
	}
	return nil
}
