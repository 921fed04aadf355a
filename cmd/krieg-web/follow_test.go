package main

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// fakeComm is an endpoint whose events the test sends.
type fakeComm struct{ events chan net.Event }

func (c *fakeComm) Connect(context.Context) error { return nil }
func (c *fakeComm) Events() <-chan net.Event      { return c.events }
func (c *fakeComm) Begin(net.GameSpec) error      { return nil }
func (c *fakeComm) Attempt(game.Move) error       { return nil }
func (c *fakeComm) Do(net.Command) error          { return nil }
func (c *fakeComm) Console(string) error          { return nil }
func (c *fakeComm) Close() error                  { return nil }

// TestRecordsURL: the door's /record beside its WebSocket.
func TestRecordsURL(t *testing.T) {
	for in, want := range map[string]string{"ws://club.example:8080/ws": "http://club.example:8080/record",
		"wss://club.example/krieg/ws": "https://club.example/krieg/record"} {
		if got, err := recordsURL(in); err != nil || got != want {
			t.Errorf("recordsURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := recordsURL("http://club.example/ws"); err == nil {
		t.Error("an http URL was taken for the WebSocket")
	}
}

// TestFollowerTellsAndFetches: events pass through in order, the page is
// told of the start, the end and a lost connection, what was heard is
// kept, and the record is fetched only once the game is over.
func TestFollowerTellsAndFetches(t *testing.T) {
	pgn := "[Event \"kriegd Wild 16\"]\n[White \"ann\"]\n[Black \"bob\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n"
	door := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("white") != "ann" || r.URL.Query().Get("black") != "bob" {
			http.Error(w, "kriegd: no such game", http.StatusNotFound)
			return
		}
		w.Write([]byte(pgn))
	}))
	defer door.Close()
	var mu sync.Mutex
	var told []string
	comm := &fakeComm{events: make(chan net.Event, 8)}
	f := newFollower(comm, serverRecords(door.URL), func(kind, text string) {
		mu.Lock()
		told = append(told, kind+": "+text)
		mu.Unlock()
	})
	spec := net.GameSpec{White: "ann", Black: "bob", Rules: referee.Wild16}
	heard := referee.Entry{Mover: game.White, Attempt: game.NewMove(game.E2, game.E4, game.NoPieceType), Verdict: referee.Accepted}
	evs := []net.Event{{Kind: net.KindStarted, Snap: net.Snapshot{Spec: spec, InGame: true}},
		{Kind: net.KindHeard, Entry: heard, Snap: net.Snapshot{Spec: spec, InGame: true}}}
	for _, ev := range evs {
		comm.events <- ev
		if got := <-f.Events(); got.Kind != ev.Kind {
			t.Fatalf("passed on %v; want %v", got.Kind, ev.Kind)
		}
	}
	if _, err := f.Record(); err == nil || !strings.Contains(err.Error(), "not over") {
		t.Fatalf("a record before the end: %v", err)
	}
	comm.events <- net.Event{Kind: net.KindEnded, Snap: net.Snapshot{Spec: spec, Result: &referee.Result{Score: "1-0", Reason: referee.ReasonResignation}}}
	<-f.Events()
	rec, err := f.Record()
	if err != nil || rec.Result != "1-0" {
		t.Fatalf("the record: %+v, %v", rec, err)
	}

	// The connection goes as kriegd closes an idle one: the player reads
	// the server's reason, never the WebSocket library's error.
	comm.events <- net.Event{Kind: net.KindConnection, Snap: net.Snapshot{State: net.Disconnected},
		Err: errors.New("wsstream: failed to read: use of closed network connection"), Text: "kriegd closed the connection: no input for too long (10 minutes)"}
	<-f.Events()
	comm.events <- net.Event{Kind: net.KindConnection, Snap: net.Snapshot{State: net.Disconnected}, Err: errors.New("wsstream: failed to read: EOF")}
	<-f.Events()
	if _, got := f.Heard(); len(got) != 1 || got[0].Attempt != heard.Attempt {
		t.Fatalf("heard %+v", got)
	}
	mu.Lock()
	defer mu.Unlock()
	if want := "started: ann vs. bob|ended: 1-0 (resignation)|lost: kriegd closed the connection: no input for too long (10 minutes).|lost: The connection to the server was lost."; strings.Join(told, "|") != want {
		t.Fatalf("the page was told %q; want %q", strings.Join(told, "|"), want)
	}
	close(comm.events)
	if _, open := <-f.Events(); open {
		t.Fatal("the events stayed open after the endpoint's closed")
	}
}

// TestFollowerRefusesAnotherGamesRecord: a game aborted before any move
// is not kept by the door, which then serves the two players' game
// before; the follower refuses it rather than show it as this one's (an
// outside tester's Review showed the earlier game's moves).
func TestFollowerRefusesAnotherGamesRecord(t *testing.T) {
	older := "[Event \"kriegd Wild 16\"]\n[White \"ann\"]\n[Black \"bob\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n"
	door := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(older)) }))
	defer door.Close()
	comm := &fakeComm{events: make(chan net.Event, 8)}
	f := newFollower(comm, serverRecords(door.URL), func(string, string) {})
	spec := net.GameSpec{White: "ann", Black: "bob", Rules: referee.Wild16}
	for _, ev := range []net.Event{{Kind: net.KindStarted, Snap: net.Snapshot{Spec: spec, InGame: true}},
		{Kind: net.KindEnded, Snap: net.Snapshot{Spec: spec, Result: &referee.Result{Score: "*", Reason: referee.ReasonAborted}}}} {
		comm.events <- ev
		<-f.Events()
	}
	if rec, err := f.Record(); err == nil || !strings.Contains(err.Error(), "keeps no record of this game") {
		t.Fatalf("the record of a game aborted before any move: %+v, %v; want the earlier game's refused", rec, err)
	}
	close(comm.events)
}

// TestFollowerLeavesChallengesToThePage: a challenge and its withdrawal are
// told to the page, whose card shows them; the board gets the challenge as
// a line of its log only (no card of its own under the page's lobby), and
// nothing of the withdrawal, which the page says.
func TestFollowerLeavesChallengesToThePage(t *testing.T) {
	var mu sync.Mutex
	var told []string
	comm := &fakeComm{events: make(chan net.Event, 8)}
	f := newFollower(comm, nil, func(kind, text string) {
		mu.Lock()
		told = append(told, kind+": "+text)
		mu.Unlock()
	})
	comm.events <- net.Event{Kind: net.KindChallenge, From: "bob", Text: "bob (1500) challenges you: unrated Wild 16 5 3"}
	comm.events <- net.Event{Kind: net.KindChallengeGone, From: "bob", Text: "The challenge from bob stands no more."}
	comm.events <- net.Event{Kind: net.KindClock}
	var passed []string
	for range 2 {
		ev := <-f.Events()
		passed = append(passed, ev.Kind.String()+" "+ev.Text)
	}
	if want := []string{"console bob (1500) challenges you: unrated Wild 16 5 3", "clock "}; strings.Join(passed, "|") != strings.Join(want, "|") {
		t.Errorf("passed on %q; want %q", passed, want)
	}
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"challenge: bob\nbob (1500) challenges you: unrated Wild 16 5 3", "challenge-gone: bob"}; strings.Join(told, "|") != strings.Join(want, "|") {
		t.Errorf("told the page %q; want %q", told, want)
	}
}

// TestRecordRefusedForTheBudgetSaysSo: a door past the address's budget
// (429) is told as the server busy with the page's requests, in its own
// words, not as a game without a record.
func TestRecordRefusedForTheBudgetSaysSo(t *testing.T) {
	door := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "1")
		http.Error(w, "kriegd: too many requests for records from your address: try again in 1 s", http.StatusTooManyRequests)
	}))
	defer door.Close()
	_, err := fetchRecord(door.URL + "/record?white=ann&black=bob")
	if err == nil || !strings.Contains(err.Error(), "busy with this address's requests: kriegd: too many requests") || strings.Contains(err.Error(), "no record") {
		t.Fatalf("a 429: %v; want the budget told in the server's words", err)
	}
}
