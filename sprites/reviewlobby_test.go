package sprites

import (
	"testing"

	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowKriegdReviewToLobby: a challenge that comes while a game of the
// lobby's is reviewed shows its card over the review, and Lobby in the
// review's panel goes back to the lobby, as the result card's does.
func TestWindowKriegdReviewToLobby(t *testing.T) {
	app, bob := kriegdLobbyWindow(t)
	lobbyGameOver(t, app, bob)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Review}) })
	h.waitFor(t, "the review", servedWait, func() bool { return app.frame.Mode == scene.ReplayScreen && app.frame.Replay.Review })
	if err := bob.Console("match alice 1 0 u"); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "bob's challenge card over the review", servedWait, func() bool {
		return app.frame.Mode == scene.ReplayScreen && hasButton(&app.scene, scene.DeclineChallenge)
	})
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.DeclineChallenge}) })
	h.waitFor(t, "the card to go", servedWait, func() bool { return len(app.challenges) == 0 && !hasButton(&app.scene, scene.DeclineChallenge) })
	h.do(func() {
		if !hasButton(&app.scene, scene.ToLobby) {
			t.Error("the review of a lobby's game offers no Lobby")
		}
		app.Inject(Intent{Kind: Press, Button: scene.ToLobby})
	})
	h.waitFor(t, "the lobby after the review", servedWait, func() bool {
		return app.frame.Mode == scene.LobbyScreen && app.replay == nil
	})
	lobbyEntries(t, app, "Challenge bob (")
}
