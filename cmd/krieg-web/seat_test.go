//go:build !(js && wasm)

package main

import (
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/kriegdtest"
)

// mapKeeper is the browser's storage in tests.
type mapKeeper map[string]string

func (m mapKeeper) Get(key string) (string, bool) { v, ok := m[key]; return v, ok }
func (m mapKeeper) Set(key, value string) error   { m[key] = value; return nil }
func (m mapKeeper) Remove(key string)             { delete(m, key) }

// startKriegd runs a kriegd on 127.0.0.1 over TCP and returns its address.
func startKriegd(t *testing.T) string {
	t.Helper()
	return kriegdtest.Start(t, server.Config{Grace: time.Minute})
}

// waitKind reads ch until an event of kind comes.
func waitKind(t *testing.T, ch <-chan net.Event, kind net.Kind) net.Event {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case ev, ok := <-ch:
			if !ok {
				t.Fatalf("the events ended while waiting for %v", kind)
			}
			if ev.Kind == kind {
				return ev
			}
		case <-deadline:
			t.Fatalf("no %v within 10 s", kind)
		}
	}
}

// TestGuestResumesAfterClosingThePage: a guest in a game closes the page;
// a page opened again with the same storage takes the same seat back with
// the kept name and token, the game goes on, and its end forgets the seat.
// The token is never in what the page is told.
func TestGuestResumesAfterClosingThePage(t *testing.T) {
	addr := startKriegd(t)
	const server = "ws://club.example/ws"
	k := mapKeeper{}
	var told []string
	tell := func(kind, text string) { told = append(told, kind+": "+text) }
	opt := icc.Options{Addr: addr, Quiet: 5 * time.Millisecond}

	guest, err := connect(t.Context(), opt, k, server, false)
	if err != nil {
		t.Fatal(err)
	}
	page := newFollower(guest, nil, keepSeat(k, server, guest, tell))
	other, err := icc.New(opt)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if err := other.Connect(t.Context()); err != nil {
		t.Fatal(err)
	}
	if err := guest.Console("seek 5 3 u w16 white"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // the seek reaches the lobby
	if err := other.Console("play " + guest.Handle()); err != nil {
		t.Fatal(err)
	}
	waitKind(t, page.Events(), net.KindStarted)
	waitKind(t, other.Events(), net.KindStarted)
	s, ok := rememberedSeat(k, server)
	if !ok || s.Name != guest.Handle() || s.Token == "" {
		t.Fatalf("the seat kept at the game's start: %+v, %v (storage %v)", s, ok, k)
	}
	if _, ok := rememberedSeat(k, "ws://another.example/ws"); ok {
		t.Error("the seat was offered for another server")
	}
	name := guest.Handle()
	page.Close() // the tab is closed

	again, err := connect(t.Context(), opt, k, server, true)
	if err != nil {
		t.Fatalf("the seat was not resumed: %v", err)
	}
	defer again.Close()
	if again.Handle() != name || !again.Playing() {
		t.Fatalf("resumed as %q, playing %v; want %q in the game", again.Handle(), again.Playing(), name)
	}
	page = newFollower(again, nil, keepSeat(k, server, again, tell))
	if err := again.Attempt(game.NewMove(game.E2, game.E4, game.NoPieceType)); err != nil {
		t.Fatal(err)
	}
	waitKind(t, page.Events(), net.KindHeard)
	if err := other.Do(net.Resign); err != nil {
		t.Fatal(err)
	}
	waitKind(t, page.Events(), net.KindEnded)
	if _, ok := rememberedSeat(k, server); ok {
		t.Errorf("the seat outlived its game: %v", k)
	}
	for _, l := range told {
		if strings.Contains(l, s.Token) {
			t.Errorf("the page was told the token: %q", l)
		}
	}
}

// TestRefusedSeatForgotten: a kept seat the server does not take (its
// name held for another's game, the token wrong) is forgotten and told in
// the server's words, without the driver's prefixes or codes.
func TestRefusedSeatForgotten(t *testing.T) {
	addr := startKriegd(t)
	const server = "ws://club.example/ws"
	opt := icc.Options{Addr: addr, Quiet: 5 * time.Millisecond}
	holder, err := icc.New(opt)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	if err := holder.Connect(t.Context()); err != nil {
		t.Fatal(err)
	}
	k := mapKeeper{}
	keepSeat(k, server, badToken{holder}, func(string, string) {})("started", "")
	_, err = connect(t.Context(), opt, k, server, true)
	if err == nil {
		t.Fatal("a wrong token took a live guest's name")
	}
	if msg := err.Error(); strings.Contains(msg, "icc:") || strings.Contains(msg, "code") || !strings.Contains(msg, holder.Handle()) {
		t.Errorf("the refusal reads %q", msg)
	}
	if testing.Verbose() {
		t.Log(err)
	}
	if _, ok := rememberedSeat(k, server); ok {
		t.Error("a refused seat is still offered")
	}
}

// badToken is a holder whose token is not the server's.
type badToken struct{ *icc.Client }

func (badToken) Token() string { return "0123456789abcdef0123456789abcdef" }

// TestRefusedLoginInWords: a name kriegd refuses is told in its words.
func TestRefusedLoginInWords(t *testing.T) {
	addr := startKriegd(t)
	_, err := connect(t.Context(), icc.Options{Addr: addr, User: "x"}, mapKeeper{}, "", false)
	if err == nil {
		t.Fatal(`kriegd took the name "x"`)
	}
	if msg := err.Error(); strings.Contains(msg, "icc:") || strings.Contains(msg, "code") || !strings.HasSuffix(msg, ".") {
		t.Errorf("the refusal reads %q", msg)
	}
	if testing.Verbose() {
		t.Log(err)
	}
}
