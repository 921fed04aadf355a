package sprites

import (
	"regexp"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/kriegdtest"
	"github.com/krieg/krieg/sprites/scene"
)

// member logs name in on the kriegd at addr with its password,
// registering the name first (kriegd's "register", as the page's lobby
// does).
func member(t *testing.T, addr, name, password string) *icc.Client {
	t.Helper()
	kriegdtest.Register(t, addr, name, password)
	return kriegdtest.Client(t, addr, name, password)
}

// TestWindowRatingChangeFromKriegd: after a rated game on a real kriegd the
// result card says how the game moved the player's rating, read from the
// line kriegd sends after the result ("Your rating: 1500 -> 1338 (-162).").
func TestWindowRatingChangeFromKriegd(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{})
	alice, bob := member(t, addr, "alice", "alicepw"), member(t, addr, "bob", "bobpw")
	app := showOn(t, alice)
	if err := alice.Begin(net.GameSpec{Rules: referee.Wild16, Kriegspiel: true, Side: game.White, Opponent: "bob", Rated: true, Base: 5 * time.Minute}); err != nil {
		t.Fatal(err)
	}
	for ev := range bob.Events() {
		if ev.Kind == net.KindChallenge {
			break
		}
	}
	if err := bob.Do(net.Accept); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the rated game", servedWait, func() bool { return app.play.snap.InGame && app.play.snap.Spec.Rated })
	firstMoves(t, app, bob, game.White)
	h.do(func() {
		app.Inject(Intent{Kind: Press, Button: scene.Resign}, Intent{Kind: Press, Button: scene.Resign})
	})
	h.waitFor(t, "the rating change on the result card", servedWait, func() bool {
		return app.frame.Banner != nil && app.frame.Banner.Rating != ""
	})
	h.do(func() {
		b := app.frame.Banner
		if !regexp.MustCompile(`^Rating 1500 → 1[34]\d\d \(-\d+\)$`).MatchString(b.Rating) || b.Title != "You lost" {
			t.Errorf("the result card: %+v; want the loss and the rating change, 1500 → less", *b)
		}
		if !sceneHasText(&app.scene, b.Rating) {
			t.Errorf("the card does not draw %q", b.Rating)
		}
	})
}
