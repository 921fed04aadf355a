package sprites

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/sprites/scene"
)

// byButtons reports whether the scene draws a text run holding str just
// under the game's buttons (its last row of them), where the
// player looks to answer, not only among the log's grey lines.
func byButtons(s *scene.Scene, str string) bool {
	var row scene.Rectangle
	for _, hit := range s.Hits {
		// The last row of buttons: the toggles' in play, else the
		// review's.
		if (hit.Button == scene.Resign || hit.Button == scene.Review || hit.Button == scene.TogglePieces) && hit.R.Y >= row.Y {
			row = hit.R
		}
	}
	for _, sp := range s.Sprites {
		if sp.Kind == scene.Text && strings.Contains(sp.Text, str) && sp.Y > row.Y+row.H && sp.Y-(row.Y+row.H) < 4*row.H {
			return true
		}
	}
	return false
}

// TestWindowDrawDeclinedByTheButtons: the computer declines a draw offer;
// the panel says so by the buttons (it was only a grey log line) until our
// next move.
func TestWindowDrawDeclinedByTheButtons(t *testing.T) {
	app := startFrom(t, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e8d7")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.OfferDraw}) })
	h.waitFor(t, "the answer shown", servedWait, func() bool { return byButtons(&app.scene, "Computer declines the draw offer.") })
	// The answer is news until our next move, not for the rest of the game.
	h.do(func() { app.Inject(Intent{Kind: AttemptMove, Move: game.NewMove(game.H1, game.H2, game.NoPieceType)}) })
	h.waitFor(t, "1. Rh2 Kd7", servedWait, atPly(app, 2))
	h.do(func() {
		if news := app.frame.Panel.OfferNews; news != "" {
			t.Errorf("after our next move the buttons still say %q", news)
		}
	})
}

// TestWindowOffersOnKriegd: on a kriegd over TCP, the opponent's draw
// offer stands by the buttons with the button that accepts it; our abort
// offer, which kriegd keeps standing, is shown there as waiting.
func TestWindowOffersOnKriegd(t *testing.T) {
	s := serveGame(t, server.Config{Attempts: 10000})
	s.play(t, "e2e4", "e7e5")
	if err := s.black.Do(net.Draw); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the offer shown", servedWait, func() bool {
		return s.app.frame.Panel.Offer == "draw" && byButtons(&s.app.scene, "(click Draw to accept)")
	})
	h.do(func() { s.app.Inject(Intent{Kind: Press, Button: scene.Abort}) })
	h.waitFor(t, "our offer shown", servedWait, func() bool {
		return s.app.frame.Panel.OfferNews == "You offered to abort: waiting for the opponent to agree" && byButtons(&s.app.scene, "You offered to abort")
	})
}

// TestOfferNewsReadsKriegd: kriegd's lines about our offers become the
// note by the buttons, the lapse of an offer answered by a move included.
func TestOfferNewsReadsKriegd(t *testing.T) {
	for line, want := range map[string]string{
		"You offer to draw.":                         "You offered to draw: waiting for the opponent to agree",
		"bob declines your draw offer by moving on.": "bob declines your draw offer by moving on.",
	} {
		if got, ok := offerNews(line); !ok || got != want {
			t.Errorf("offerNews(%q) = %q, %v; want %q", line, got, ok, want)
		}
	}
	if _, ok := offerNews("bob offers to draw. Type \"draw\" to agree."); ok {
		t.Error("the opponent's offer was read as news of ours")
	}
}
