package icc_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/kriegdtest"
)

// TestLobbyFromKriegd: the driver lists a real kriegd's lobby (datagram
// 202): another player's seek with its terms, the players with their
// ratings; "lobby" typed, with no call waiting, comes to the console in
// words; a client closed lists nothing, saying so.
func TestLobbyFromKriegd(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{})
	typed := make(chan string, 16) // bob's console lines about the lobby
	connect := func(user string) *icc.Client {
		c := kriegdtest.Client(t, addr, user, "")
		go func() { // the events are read, as a window reads them
			for ev := range c.Events() {
				if ev.Kind == net.KindConsole && user == "bob" && (strings.Contains(ev.Text, "logged in, ") || strings.HasPrefix(ev.Text, "  bob:")) {
					typed <- ev.Text
				}
			}
		}()
		return c
	}
	bob, ann := connect("bob"), connect("ann")
	if err := bob.Console("seek 3 2 berkeley white"); err != nil {
		t.Fatal(err)
	}
	var l icc.Lobby
	// Generous bounds: on a machine busy with other tests a listing has
	// taken over 2 s.
	for deadline := time.Now().Add(20 * time.Second); len(l.Seeks) == 0 && time.Now().Before(deadline); {
		ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
		var err error
		l, err = ann.Lobby(ctx)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(l.Seeks) != 1 {
		t.Fatalf("lobby %+v; want bob's seek", l)
	}
	if s := l.Seeks[0]; s.From != "bob" || s.Rules != "berkeley" || s.Minutes != 3 || s.Increment != 2 || s.Rated || s.Colour != "white" {
		t.Fatalf("seek %+v; want bob's Berkeley 3 2 unrated, bob White", s)
	}
	if len(l.Players) != 2 || l.Players[0].Name != "ann" || l.Players[1].Name != "bob" || l.Players[0].Registered || l.Players[0].Rating != 0 {
		t.Fatalf("players %+v; want ann and bob, unregistered", l.Players)
	}
	// "lobby" typed at a console, with no Lobby call waiting: the lobby in words.
	if err := bob.Console("lobby"); err != nil {
		t.Fatal(err)
	}
	want := []string{"2 players logged in, 0 games in progress, 1 seek open:", `  bob: Berkeley 3 2, unrated, bob playing white ("play 1")`}
	var got []string
	for timeout := time.After(5 * time.Second); len(got) < len(want); {
		select {
		case ev := <-typed:
			got = append(got, ev)
		case <-timeout:
			t.Fatalf("typed lobby gave %q; want %q", got, want)
		}
	}
	if got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("typed lobby gave %q; want %q", got, want)
	}
	ann.Close()
	if _, err := ann.Lobby(t.Context()); !errors.Is(err, icc.ErrNoLobby) {
		t.Fatalf("a closed client's lobby: %v; want ErrNoLobby", err)
	}
}
