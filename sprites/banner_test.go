package sprites

import (
	"slices"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
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
	app := startFrom(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e8d8")
	// A move each first: a game ended before any has nothing to review.
	h.do(func() { app.Inject(Intent{Kind: AttemptMove, Move: game.NewMove(game.H1, game.H2, game.NoPieceType)}) })
	h.waitFor(t, "1. Rh2 Kd8", servedWait, atPly(app, 2))
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

// TestWindowReviewAfterKriegdGame: after a game on kriegd over TCP, the
// server's record reaches the window, which offers Review; the review
// shows the game with the enemy's men revealed, and Copy PGN and Save as…
// have the record, a refused attempt included.
func TestWindowReviewAfterKriegdGame(t *testing.T) {
	s := serveGame(t, server.Config{Attempts: 10000})
	s.play(t, "e2e4", "e7e5")
	h.do(func() { s.app.Inject(Intent{Kind: TypeText, Text: "e4e5"}, Intent{Kind: Submit}) }) // the pawn on e5 stops it
	h.waitFor(t, "the refusal", servedWait, func() bool { return s.app.frame.Illegal != nil })
	if err := s.black.Do(net.Resign); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "Review offered", servedWait, func() bool { return s.app.frame.Panel.Reviewable })
	h.do(func() {
		if !hasButton(&s.app.scene, scene.Review) {
			t.Error("the result card offers no Review once the record is in")
		}
		s.app.Inject(Intent{Kind: Press, Button: scene.Review})
	})
	h.waitFor(t, "the review", servedWait, func() bool { return s.app.replay != nil && s.app.frame.Replay.Review })
	h.do(func() {
		f := &s.app.frame
		if f.Replay.Plies != 2 || f.Truth == nil || f.Truth.At(game.E5) != game.NewPiece(game.Black, game.Pawn) {
			t.Errorf("the review: %d plies, truth %v; want 2 plies with Black's pawn shown on e5", f.Replay.Plies, f.Truth)
		}
		rec, err := s.app.gameRecord()
		if err != nil || rec.Tag("White") != "alice" || !slices.Equal(rec.Trailing(), []string{"e5"}) {
			t.Errorf("the record for Copy PGN and Save as… (%v): %+v; want alice's game ending with the refused e4e5", err, rec)
		}
	})
}
