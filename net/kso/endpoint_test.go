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
	"github.com/krieg/krieg/net/kso/ksotest"
)

func TestLogin(t *testing.T) {
	s := site(t)
	c := client(t, s, "")
	if _, err := c.ActiveGames(context.Background()); !errors.Is(err, kso.ErrSession) {
		t.Fatalf("before login: got %v; want ErrSession", err)
	}
	_, err := c.Login(context.Background(), "alice", "wrong")
	var api *kso.APIError
	if !errors.Is(err, kso.ErrSession) || !errors.As(err, &api) || api.Message != "Invalid username or password" {
		t.Fatalf("refused password: got %v; want a 401 with the site's message", err)
	}
	r, err := c.Login(context.Background(), "alice", "secret")
	if err != nil || r.Username != "alice" {
		t.Fatalf("login: %+v, %v", r, err)
	}
	if _, err := c.ActiveGames(context.Background()); err != nil {
		t.Fatalf("after login: %v", err)
	}
	ep := kso.NewEndpoint(client(t, s, ""), kso.EndpointOptions{User: "alice", Password: "nope"})
	if err := ep.Connect(context.Background()); !errors.Is(err, kso.ErrSession) {
		t.Fatalf("endpoint with a refused password: got %v; want ErrSession", err)
	}
}

// TestWholeGames plays one game per ruleset between the endpoint (driven
// by random attempts and Any?) and the computer player behind the fake,
// then checks that everything the client heard, and its men, equal the
// referee's truth for its side.
func TestWholeGames(t *testing.T) {
	for i, variant := range kso.Variants() {
		t.Run(variant, func(t *testing.T) {
			t.Parallel()
			s := site(t)
			ep := connect(t, s, kso.EndpointOptions{SaveDir: t.TempDir()})
			rules, _ := kso.RulesFor(variant)
			side := game.Color(i % 2)
			if err := ep.Begin(net.GameSpec{Rules: rules, Side: side, Opponent: "housebot"}); err != nil {
				t.Fatal(err)
			}
			d := newDriver(t, ep, uint64(i)+1)
			end := d.play(4 * time.Minute) // seconds when the machine is idle; generous for -race under load
			if d.side != side || d.rules.Name != rules.Name {
				t.Fatalf("started as %s under %s; want %s under %s", d.side, d.rules.Name, side, rules.Name)
			}
			ref := s.Truth(onlyGame(t, s))
			sameHeard(t, rules, d.heard, toldFor(ref, side))
			sameMen(t, end.Own, ref.Position(), side)
			if end.Result == nil || *end.Result != toldResult(ref) {
				t.Fatalf("result %v; the referee's %v", end.Result, ref.Result())
			}
			saved := false
			for _, ev := range d.events {
				saved = saved || (ev.Kind == net.KindConsole && len(ev.Text) > 11 && ev.Text[:11] == "game saved:")
			}
			drainSaved(t, ep, &saved)
			if !saved {
				t.Fatal("the finished game was not saved")
			}
			t.Logf("%s: %d plies, %d entries heard, %s", variant, ref.Plies(), len(d.heard), end.Result.Reason)
		})
	}
}

// TestResignation: a resignation mid-game is heard as the referee logs it.
func TestResignation(t *testing.T) {
	s := site(t)
	ep := connect(t, s, kso.EndpointOptions{})
	if err := ep.Begin(net.GameSpec{Rules: referee.RAND, Side: game.Black, Opponent: "housebot"}); err != nil {
		t.Fatal(err)
	}
	d := newDriver(t, ep, 9)
	d.resign = 9
	end := d.play(30 * time.Second)
	ref := s.Truth(onlyGame(t, s))
	if want := (referee.Result{Score: "1-0", Reason: referee.ReasonResignation}); end.Result == nil || *end.Result != want {
		t.Fatalf("ended %v; want %v", end.Result, want)
	}
	last := d.heard[len(d.heard)-1]
	if !last.Resigned || last.Mover != game.Black {
		t.Fatalf("last heard %+v; want black's resignation", last)
	}
	sameHeard(t, referee.RAND, d.heard, toldFor(ref, game.Black))
}

// TestAnyInBerkeleyAny asks Any? through the endpoint and hears the answer.
func TestAnyInBerkeleyAny(t *testing.T) {
	s := site(t)
	ep := connect(t, s, kso.EndpointOptions{})
	if err := ep.Begin(net.GameSpec{Rules: referee.BerkeleyAny, Side: game.White, Opponent: "housebot"}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindStarted })
	if err := ep.Do(net.AskAny); err != nil {
		t.Fatal(err)
	}
	ev := waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindHeard })
	if !ev.Entry.AskedAny || ev.Entry.Verdict != referee.Answered || ev.Entry.Said[0].Kind != referee.KindAnyAnswer || ev.Entry.Said[0].Has {
		t.Fatalf("Any? at the start: heard %+v; want the answer no", ev.Entry)
	}
	// A second Any? in the same turn is refused by the site.
	if err := ep.Do(net.AskAny); err != nil {
		t.Fatal(err)
	}
	ev = waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindProblem || ev.Kind == net.KindHeard })
	if ev.Kind != net.KindProblem || !errors.Is(ev.Err, kso.ErrActionNotAvailable) {
		t.Fatalf("a second Any?: got %v %q; want ACTION_NOT_AVAILABLE", ev.Kind, ev.Text)
	}
	// The site itself refuses it too.
	c := client(t, s, "")
	if _, err := c.Login(context.Background(), "alice", "secret"); err != nil {
		t.Fatal(err)
	}
	if _, err := c.AskAny(context.Background(), onlyGame(t, s)); !errors.Is(err, kso.ErrActionNotAvailable) {
		t.Fatalf("a second Any? at the site: got %v; want ACTION_NOT_AVAILABLE", err)
	}
	// After "no", a pawn capture is nonsense and a plain move is played.
	if err := ep.Attempt(game.NewMove(game.E2, game.D3, game.NoPieceType)); err != nil {
		t.Fatal(err)
	}
	ev = waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindHeard })
	if ev.Entry.Verdict != referee.Nonsense || ev.Entry.Attempt.String() != "e2d3" {
		t.Fatalf("a pawn capture after no: heard %+v; want nonsense", ev.Entry)
	}
	if err := ep.Attempt(game.NewMove(game.E2, game.E4, game.NoPieceType)); err != nil {
		t.Fatal(err)
	}
	ev = waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindHeard })
	if ev.Entry.Verdict != referee.Accepted {
		t.Fatalf("e2e4 after no: heard %+v; want accepted", ev.Entry)
	}
}

// onlyGame returns the id of the one game on s.
func onlyGame(t *testing.T, s *ksotest.Server) string {
	t.Helper()
	ids := s.Games()
	if len(ids) != 1 {
		t.Fatalf("%d games on the site; want 1", len(ids))
	}
	return ids[0]
}

// toldResult is the referee's result as the site tells it.
func toldResult(ref *referee.Referee) referee.Result {
	r := *ref.Result()
	if r.Reason == referee.ReasonPlyCap {
		r.Reason = referee.ReasonFiftyMoves
	}
	return r
}

// waitFor returns the first event ok accepts, within 10 s.
func waitFor(t *testing.T, comm net.Communicator, ok func(net.Event) bool) net.Event {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case ev, open := <-comm.Events():
			if !open {
				t.Fatal("events closed")
			}
			if ok(ev) {
				return ev
			}
		case <-deadline:
			t.Fatal("no such event within 10 s")
		}
	}
}

// drainSaved waits a little for the "game saved" line after the end.
func drainSaved(t *testing.T, comm net.Communicator, saved *bool) {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for !*saved {
		select {
		case ev := <-comm.Events():
			if ev.Kind == net.KindProblem {
				t.Fatalf("problem after the end: %s", ev.Text)
			}
			*saved = ev.Kind == net.KindConsole && len(ev.Text) > 11 && ev.Text[:11] == "game saved:"
		case <-deadline:
			return
		}
	}
}

// TestCreateAndJoin: alice creates an open game from the console; bob
// finds it in the open list and joins it; alice's game starts and her
// first move reaches bob's state.
func TestCreateAndJoin(t *testing.T) {
	s := site(t)
	s.AddUser("bob", "pw")
	ep := connect(t, s, kso.EndpointOptions{})
	if err := ep.Console("create cincinnati white"); err != nil {
		t.Fatal(err)
	}
	ev := waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindConsole })
	if !strings.Contains(ev.Text, "created cincinnati game") {
		t.Fatalf("got %q", ev.Text)
	}
	bob := client(t, s, "")
	if _, err := bob.Login(context.Background(), "bob", "pw"); err != nil {
		t.Fatal(err)
	}
	open, err := kso.Lobby{C: bob}.Open(context.Background())
	if err != nil || len(open) != 1 || open[0].CreatedBy != "alice" || open[0].AvailableColor != "black" {
		t.Fatalf("open games %+v, %v", open, err)
	}
	if _, err := (kso.Lobby{C: bob}).Join(context.Background(), strings.ToLower(open[0].GameCode)); err != nil {
		t.Fatal(err)
	}
	ev = waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindStarted })
	if ev.Snap.Spec.White != "alice" || ev.Snap.Spec.Black != "bob" || ev.Snap.Side != game.White || ev.Snap.Spec.Rules.Name != "cincinnati" {
		t.Fatalf("started %+v as %s", ev.Snap.Spec, ev.Snap.Side)
	}
	if err := ep.Attempt(game.NewMove(game.G1, game.F3, game.NoPieceType)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ep, func(ev net.Event) bool { return ev.Kind == net.KindHeard && ev.Entry.Verdict == referee.Accepted })
	st, err := bob.State(context.Background(), open[0].GameCode)
	if err != nil || st.Turn == nil || *st.Turn != "black" || len(st.AllowedMoves) == 0 {
		t.Fatalf("bob's state after alice's move: %+v, %v", st.Turn, err)
	}
}
