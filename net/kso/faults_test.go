package kso_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/kso"
)

// TestEventStreamDrivesPlay: with the state polled only every 15 minutes,
// a whole game can only go on through the event stream's nudges.
func TestEventStreamDrivesPlay(t *testing.T) {
	s := site(t)
	ep := connect(t, s, kso.EndpointOptions{Poll: time.Minute})
	if err := ep.Begin(net.GameSpec{Rules: referee.Berkeley, Side: game.White, Opponent: "housebot"}); err != nil {
		t.Fatal(err)
	}
	d := newDriver(t, ep, 3)
	d.play(3 * time.Minute)
	if n := s.Requests("GET /game/{ref}/events"); n != 1 {
		t.Fatalf("%d event streams opened; want 1", n)
	}
}

// TestDroppedStreamFallsBackToPolling: with every event stream refused, the
// game goes on by reading the state at the poll interval.
func TestDroppedStreamFallsBackToPolling(t *testing.T) {
	s := site(t)
	s.DropStreams(true)
	ep := connect(t, s, kso.EndpointOptions{Poll: 40 * time.Millisecond})
	if err := ep.Begin(net.GameSpec{Rules: referee.Wild16, Side: game.Black, Opponent: "housebot"}); err != nil {
		t.Fatal(err)
	}
	d := newDriver(t, ep, 4)
	d.play(3 * time.Minute)
	lost := false
	for _, ev := range d.events {
		lost = lost || (ev.Kind == net.KindConsole && strings.HasPrefix(ev.Text, "event stream lost"))
	}
	if !lost {
		t.Fatal("no word that the event stream was lost")
	}
	if n := s.Requests("GET /game/{ref}/events"); n < 1 {
		t.Fatalf("the event stream was never tried")
	}
	sameHeard(t, referee.Wild16, d.heard, toldOnly(t, s, game.Black))
}

// TestStreamCutMidGame: streams cut during the game are reopened or replaced by polling.
func TestStreamCutMidGame(t *testing.T) {
	s := site(t)
	ep := connect(t, s, kso.EndpointOptions{Poll: 40 * time.Millisecond})
	if err := ep.Begin(net.GameSpec{Rules: referee.Cincinnati, Side: game.White, Opponent: "housebot"}); err != nil {
		t.Fatal(err)
	}
	d := newDriver(t, ep, 5)
	cut := time.AfterFunc(300*time.Millisecond, func() {
		s.DropStreams(true)
		time.Sleep(200 * time.Millisecond)
		s.DropStreams(false)
	})
	defer cut.Stop()
	d.play(3 * time.Minute)
	sameHeard(t, referee.Cincinnati, d.heard, toldOnly(t, s, game.White))
}

func toldOnly(t *testing.T, s interface {
	Truth(string) *referee.Referee
	Games() []string
}, side game.Color) []referee.Entry {
	t.Helper()
	ids := s.Games()
	if len(ids) != 1 {
		t.Fatalf("%d games; want 1", len(ids))
	}
	return toldFor(s.Truth(ids[0]), side)
}

func TestServerErrorsAreRetried(t *testing.T) {
	s := site(t)
	c := client(t, s, "")
	if _, err := c.Login(context.Background(), "alice", "secret"); err != nil {
		t.Fatal(err)
	}
	s.Fail("GET /game/mine/active", 2, 500)
	if _, err := c.ActiveGames(context.Background()); err != nil {
		t.Fatalf("two 500s then success: %v", err)
	}
	s.Fail("", 10, 503)
	_, err := c.ActiveGames(context.Background())
	if !errors.Is(err, kso.ErrServer) {
		t.Fatalf("503 on every try: got %v; want ErrServer", err)
	}
	s.Fail("", 0, 0)
	s.Delay("GET /game/mine/active", 1, 3*time.Second)
	start := time.Now()
	if _, err := c.ActiveGames(context.Background()); err != nil {
		t.Fatalf("one slow answer then a quick one: %v", err)
	}
	if d := time.Since(start); d > 2900*time.Millisecond {
		t.Fatalf("the timed-out request was waited for (%v)", d)
	}
}

// TestMoveTimeout: a move whose answer times out is not sent again; the
// endpoint says so and finds the move on the next state read.
func TestMoveTimeout(t *testing.T) {
	s := site(t)
	s.AddUser("bob", "pw")
	_, code, err := s.NewGame("berkeley", "alice", "bob")
	if err != nil {
		t.Fatal(err)
	}
	ep := connect(t, s, kso.EndpointOptions{})
	if err := ep.Console("resume " + code); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindStarted })
	s.Delay("POST /game/{ref}/move", 1, 3*time.Second)
	if err := ep.Attempt(game.NewMove(game.E2, game.E4, game.NoPieceType)); err != nil {
		t.Fatal(err)
	}
	ev := waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindProblem || ev.Kind == net.KindHeard })
	if ev.Kind != net.KindProblem || !strings.Contains(ev.Text, "move") {
		t.Fatalf("got %v %q %+v; want a problem with the move", ev.Kind, ev.Text, ev.Entry)
	}
	if n := s.Requests("POST /game/{ref}/move"); n != 1 {
		t.Fatalf("the move was sent %d times; want once", n)
	}
	ev = waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindHeard })
	if ev.Entry.Verdict != referee.Accepted || ev.Entry.Attempt.String() != "e2e4" {
		t.Fatalf("heard %+v; want e2e4 accepted", ev.Entry)
	}
}

func TestExpiredSession(t *testing.T) {
	s := site(t)
	ep := connect(t, s, kso.EndpointOptions{Poll: 30 * time.Millisecond})
	if err := ep.Begin(net.GameSpec{Rules: referee.English, Side: game.Black, Opponent: "housebot"}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindStarted })
	s.Expire()
	s.DropStreams(true)
	ev := waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindConnection && ev.Err != nil })
	if !errors.Is(ev.Err, kso.ErrSession) {
		t.Fatalf("got %v; want ErrSession", ev.Err)
	}
}

func TestNotYourTurn(t *testing.T) {
	s := site(t)
	s.AddUser("bob", "pw")
	_, code, err := s.NewGame("rand", "bob", "alice")
	if err != nil {
		t.Fatal(err)
	}
	ep := connect(t, s, kso.EndpointOptions{})
	if err := ep.Console("resume " + code); err != nil {
		t.Fatal(err)
	}
	ev := waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindStarted })
	if ev.Snap.Side != game.Black || ev.Snap.Spec.White != "bob" || ev.Snap.Spec.Black != "alice" {
		t.Fatalf("started %+v; want alice as black against bob", ev.Snap.Spec)
	}
	if err := ep.Attempt(game.NewMove(game.E7, game.E5, game.NoPieceType)); err != nil {
		t.Fatal(err)
	}
	ev = waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindProblem })
	if !errors.Is(ev.Err, kso.ErrNotYourTurn) {
		t.Fatalf("got %v; want NOT_YOUR_TURN", ev.Err)
	}
}

// TestGameTimesOut: the clock runs from the first completed move; the
// state read after the flag falls ends the game on time.
func TestGameTimesOut(t *testing.T) {
	s := site(t)
	s.AddUser("bob", "pw")
	s.SetClock(1500*time.Millisecond, 0) // long enough to see the clock run under load
	_, code, err := s.NewGame("wild16", "alice", "bob")
	if err != nil {
		t.Fatal(err)
	}
	ep := connect(t, s, kso.EndpointOptions{Poll: 50 * time.Millisecond})
	if err := ep.Console("resume " + code); err != nil {
		t.Fatal(err)
	}
	ev := waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindStarted })
	if ev.Snap.Clocks.Ticking {
		t.Fatal("the clock runs before the first move")
	}
	if err := ep.Attempt(game.NewMove(game.E2, game.E4, game.NoPieceType)); err != nil {
		t.Fatal(err)
	}
	ev = waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindClock && ev.Snap.Clocks.Ticking })
	if ev.Snap.Clocks.Running != game.Black {
		t.Fatalf("after white's move the %s clock runs", ev.Snap.Clocks.Running)
	}
	ev = waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindEnded })
	if want := (referee.Result{Score: "1-0", Reason: referee.ReasonTime}); ev.Snap.Result == nil || *ev.Snap.Result != want {
		t.Fatalf("ended %v; want %v", ev.Snap.Result, want)
	}
	bob := client(t, s, "")
	if _, err := bob.Login(context.Background(), "bob", "pw"); err != nil {
		t.Fatal(err)
	}
	if _, err := bob.Move(context.Background(), code, "e7e5"); !errors.Is(err, kso.ErrGameNotActive) {
		t.Fatalf("a move after the flag: got %v; want GAME_NOT_ACTIVE", err)
	}
}

// TestFailingSiteBacksOff: while every state read fails, the endpoint
// reads less and less often, and plays on once the site is back.
func TestFailingSiteBacksOff(t *testing.T) {
	s := site(t)
	s.AddUser("bob", "pw")
	_, code, err := s.NewGame("english", "alice", "bob")
	if err != nil {
		t.Fatal(err)
	}
	s.DropStreams(true)
	c, err := kso.New(kso.Options{Base: s.URL, Retries: -1})
	if err != nil {
		t.Fatal(err)
	}
	ep := kso.NewEndpoint(c, kso.EndpointOptions{User: "alice", Password: "secret", Poll: 20 * time.Millisecond})
	if err := ep.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	if err := ep.Console("resume " + code); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindStarted })
	s.Fail("GET /game/{ref}/state", 1000, 500)
	before := s.Requests("GET /game/{ref}/state")
	time.Sleep(1500 * time.Millisecond)
	n := s.Requests("GET /game/{ref}/state") - before
	// Steady polling would read 75 times in 1.5 s; doubling waits from
	// 20 ms (jittered to at least half) read at most about 10 times.
	if n == 0 || n > 20 {
		t.Fatalf("%d state requests in 1.5 s of failures; want a few (backing off)", n)
	}
	s.Fail("", 0, 0)
	if err := ep.Attempt(game.NewMove(game.E2, game.E4, game.NoPieceType)); err != nil {
		t.Fatal(err)
	}
	ev := waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindHeard })
	if ev.Entry.Verdict != referee.Accepted {
		t.Fatalf("after the site came back: heard %+v", ev.Entry)
	}
	t.Logf("%d state requests while failing", n)
}
