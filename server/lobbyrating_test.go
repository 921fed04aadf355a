package server_test

import (
	"testing"

	"github.com/krieg/krieg/server"
)

// TestLobbyShowsRatings: the lobby (the page's player list) gives each
// registered player's rating, as who does, and none for an unregistered
// one; it gave no rating at all (an outside tester's finding).
func TestLobbyShowsRatings(t *testing.T) {
	u := startUmpire(t, server.Config{})
	r := u.login(t, "rated", "")
	r.send("register goodpass1")
	r.waitFor("rated is now registered")
	u.login(t, "casual", "")
	got := map[string]server.PlayerView{}
	for _, p := range u.srv.Lobby().Players {
		got[p.Name] = p
	}
	if p := got["rated"]; !p.Registered || p.Rating != 1500 {
		t.Errorf("the registered player in the lobby: %+v; want registered, rating 1500", p)
	}
	if p := got["casual"]; p.Registered || p.Rating != 0 {
		t.Errorf("the unregistered player in the lobby: %+v; want no rating", p)
	}
}
