package sprites

import (
	"testing"
	"time"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/sprites/scene"
)

// onBoard returns the buttons drawn over the board (the result card's).
func onBoard(s *scene.Scene) []scene.Button {
	var out []scene.Button
	b := s.Layout.Board
	for _, hit := range s.Hits {
		r := hit.R
		if hit.Button != scene.CloseBanner && r.X >= b.X && r.Y >= b.Y && r.X+r.W <= b.X+b.W && r.Y+r.H <= b.Y+b.H {
			out = append(out, hit.Button)
		}
	}
	return out
}

// TestWindowResultCardAgainstTheComputer: the result card of a game
// against the computer offers Review and New game as buttons, the
// panel's own words; its Review opens the review.
func TestWindowResultCardAgainstTheComputer(t *testing.T) {
	app := startFrom(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1")
	h.do(func() {
		app.Inject(Intent{Kind: Press, Button: scene.Resign}, Intent{Kind: Press, Button: scene.Resign})
	})
	h.waitFor(t, "the result card", servedWait, func() bool { return app.frame.Banner != nil && app.frame.Panel.Reviewable })
	time.Sleep(100 * time.Millisecond)
	h.do(func() {
		got := onBoard(&app.scene)
		if len(got) != 2 || got[0] != scene.Review || got[1] != scene.NewGame {
			t.Errorf("the card's buttons %v; want Review and New game", got)
		}
		if !sceneHasText(&app.scene, "New game") || sceneHasText(&app.scene, "Lobby") {
			t.Error("the card does not read New game, or reads Lobby")
		}
		app.Inject(Intent{Kind: Press, Button: scene.Review})
	})
	h.waitFor(t, "the review", servedWait, func() bool { return app.replay != nil && app.frame.Replay.Review })
}

// TestWindowResultCardOnKriegd: on a kriegd over TCP, from a page with a
// lobby, the result card offers Review and Lobby (kriegd has no rematch),
// never New game; its Lobby goes to the lobby.
func TestWindowResultCardOnKriegd(t *testing.T) {
	lobby := 0
	s := serveGameWith(t, server.Config{Attempts: 10000}, Options{Lobby: func() { lobby++ }})
	s.play(t, "e2e4", "e7e5")
	if err := s.black.Do(net.Resign); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the result card", servedWait, func() bool { return s.app.frame.Banner != nil })
	time.Sleep(100 * time.Millisecond)
	h.do(func() {
		got := onBoard(&s.app.scene)
		if len(got) == 0 || got[len(got)-1] != scene.ToLobby {
			t.Errorf("the card's buttons %v; want Lobby last", got)
		}
		if sceneHasText(&s.app.scene, "New game") {
			t.Error("a game on a server's card or panel reads New game")
		}
		s.app.Inject(Intent{Kind: Press, Button: scene.ToLobby})
	})
	h.waitFor(t, "the lobby", servedWait, func() bool { return lobby == 1 })
}
