package sprites

import (
	"strings"
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

// TestWindowChallengeCard: on kriegd, a challenge from another player
// shows as a card over the board with Accept and Decline, not only as a
// line of the log. Decline answers it; a challenge withdrawn (its player
// gone) takes its card away and says so in words; Enter accepts, and the
// game begins on the board.
func TestWindowChallengeCard(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{})
	player := func(name string) *icc.Client { return kriegdtest.Client(t, addr, name, "") }
	app := showOn(t, player("alice"))
	challenge := func(from *icc.Client) {
		t.Helper()
		if err := from.Begin(net.GameSpec{Rules: referee.Wild16, Kriegspiel: true, Opponent: "alice", AnySide: true, Base: 5 * time.Minute}); err != nil {
			t.Fatal(err)
		}
	}
	card := func() *scene.ChallengeCard {
		var c *scene.ChallengeCard
		h.do(func() { c = app.frame.Challenge })
		return c
	}
	bob := player("bob")
	challenge(bob)
	h.waitFor(t, "bob's challenge on a card", servedWait, func() bool { return app.frame.Challenge != nil })
	h.do(func() {
		c := app.frame.Challenge
		if !strings.HasPrefix(c.Text, "bob") || !strings.Contains(c.Text, "challenges you") || !c.Keys {
			t.Errorf("the card: %+v; want bob's challenge in words, with its keys", c)
		}
		if !hasButton(&app.scene, scene.AcceptChallenge) || !hasButton(&app.scene, scene.DeclineChallenge) || !sceneHasText(&app.scene, "challenges you") {
			t.Error("the card is not drawn with Accept and Decline")
		}
	})
	shoot(t, "challenge")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.DeclineChallenge}) })
	for ev := range bob.Events() {
		if strings.Contains(ev.Text, "declines your challenge") {
			break
		}
	}
	if c := card(); c != nil {
		t.Errorf("after Decline the card stays: %+v", c)
	}

	challenge(bob)
	h.waitFor(t, "bob's second challenge", servedWait, func() bool { return app.frame.Challenge != nil })
	bob.Close()
	h.waitFor(t, "the withdrawn challenge's card to go", servedWait, func() bool { return app.frame.Challenge == nil })
	h.do(func() {
		if n := app.frame.Panel.Notice; n != "The challenge from bob was withdrawn." {
			t.Errorf("after bob left: notice %q; want the withdrawal said in words", n)
		}
	})

	carol := player("carol")
	challenge(carol)
	h.waitFor(t, "carol's challenge", servedWait, func() bool { return app.frame.Challenge != nil })
	h.do(func() { app.Inject(Intent{Kind: Submit}) })
	h.waitFor(t, "the game Enter accepted", servedWait, func() bool {
		p := app.play
		return p != nil && p.snap.InGame && p.snap.Spec.White+p.snap.Spec.Black != "" && app.frame.Challenge == nil
	})
}

// TestWindowChallengeAfterAGame: the newest of the result card and a
// challenge's card is on top and has Enter and Escape, its card saying so.
// A challenge that comes while the result card is up is drawn over it and
// Escape declines it, the result card staying (its keys did nothing); a
// result that comes over a challenge waiting takes Escape first, which
// closes it, and then Escape declines.
func TestWindowChallengeAfterAGame(t *testing.T) {
	spec := net.GameSpec{Rules: referee.Wild16, Start: game.Start(), Kriegspiel: true}
	res := referee.Result{Score: "1-0", Reason: referee.ReasonResignation}
	ended := net.Snapshot{Side: game.White, Spec: spec, Result: &res}
	started := net.Event{Kind: net.KindStarted, Snap: net.Snapshot{Side: game.White, Spec: spec, InGame: true}}
	end := net.Event{Kind: net.KindEnded, Snap: ended}
	bob := net.Event{Kind: net.KindChallenge, From: "bob", Text: "bob (1500) challenges you: unrated Wild 16 (ICC) 5 3", Snap: ended}
	// topmost says which card was drawn last, Accept's or the result's buttons.
	topmost := func(app *App) string {
		for i := len(app.scene.Hits) - 1; i >= 0; i-- {
			switch app.scene.Hits[i].Button {
			case scene.AcceptChallenge, scene.DeclineChallenge:
				return "challenge"
			case scene.CloseBanner:
				return "result"
			}
		}
		return ""
	}

	app, comm := showRemote(t)
	for _, ev := range []net.Event{started, end, bob} {
		comm.events <- ev
	}
	h.waitFor(t, "the result and the challenge", 5*time.Second, func() bool { return app.frame.Banner != nil && app.frame.Challenge != nil })
	h.do(func() {
		if !app.frame.Challenge.Keys || !sceneHasText(&app.scene, "Enter accepts · Escape declines") || topmost(app) != "challenge" {
			t.Errorf("a challenge after the result: keys %v, on top %q; want its card on top with its keys and their hint", app.frame.Challenge.Keys, topmost(app))
		}
		app.Inject(Intent{Kind: Cancel})
	})
	h.do(func() {
		if app.frame.Challenge != nil || app.frame.Banner == nil {
			t.Errorf("after Escape: challenge %+v, result card %v; want the challenge declined and the result card up", app.frame.Challenge, app.frame.Banner)
		}
	})

	app, comm = showRemote(t)
	bob.Snap = started.Snap
	for _, ev := range []net.Event{started, bob, end} {
		comm.events <- ev
	}
	h.waitFor(t, "the challenge and the result", 5*time.Second, func() bool { return app.frame.Banner != nil && app.frame.Challenge != nil })
	h.do(func() {
		if app.frame.Challenge.Keys || topmost(app) != "result" {
			t.Errorf("a result after the challenge: challenge keys %v, on top %q; want the result card on top with the keys", app.frame.Challenge.Keys, topmost(app))
		}
		app.Inject(Intent{Kind: Cancel})
	})
	h.do(func() {
		if app.frame.Banner != nil || app.frame.Challenge == nil || !app.frame.Challenge.Keys {
			t.Errorf("after Escape: result card %v, challenge %+v; want the card closed and the challenge waiting, its keys now working", app.frame.Banner, app.frame.Challenge)
		}
		app.Inject(Intent{Kind: Cancel})
	})
	h.do(func() {
		if app.frame.Challenge != nil {
			t.Errorf("after a second Escape the challenge stays: %+v", app.frame.Challenge)
		}
	})
}

// TestWindowChallengeAnsweredByHand: "decline" typed in the move line
// answers the latest challenge, as kriegd takes it, and its card goes; the
// one before it stays on the card.
func TestWindowChallengeAnsweredByHand(t *testing.T) {
	app, comm := showRemote(t)
	for _, from := range []string{"bob", "carol"} {
		comm.events <- net.Event{Kind: net.KindChallenge, From: from, Text: from + " (1500) challenges you: unrated Wild 16 (ICC) 5 3"}
	}
	h.waitFor(t, "two challenges", 5*time.Second, func() bool { return app.frame.Challenge != nil && app.frame.Challenge.More == 1 })
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "decline"}, Intent{Kind: Submit}) })
	h.do(func() {
		if c := app.frame.Challenge; c == nil || c.More != 0 || !strings.HasPrefix(c.Text, "bob") {
			t.Errorf("after decline typed: the card %+v; want bob's challenge alone", c)
		}
	})
}

// TestWindowChallengeUnderTheLegend: with the legend open over a
// challenge, Escape closes the legend, as it does anywhere, and leaves the
// challenge waiting.
func TestWindowChallengeUnderTheLegend(t *testing.T) {
	app, comm := showRemote(t)
	comm.events <- net.Event{Kind: net.KindChallenge, From: "bob", Text: "bob (1500) challenges you: unrated Wild 16 (ICC) 5 3"}
	h.waitFor(t, "the challenge", 5*time.Second, func() bool { return app.frame.Challenge != nil })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Legend}) })
	h.do(func() { app.Inject(Intent{Kind: Cancel}) })
	h.do(func() {
		if app.frame.Legend || app.frame.Challenge == nil {
			t.Errorf("after Escape over the legend: legend %v, challenge %+v; want the legend closed and the challenge waiting", app.frame.Legend, app.frame.Challenge)
		}
	})
}

// TestWindowChallengeClosesTheLegend: a challenge that comes while the
// legend is open closes it, so that its card is seen (the legend covered
// it).
func TestWindowChallengeClosesTheLegend(t *testing.T) {
	app, comm := showRemote(t)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Legend}) })
	h.waitFor(t, "the legend", 5*time.Second, func() bool { return app.frame.Legend })
	comm.events <- net.Event{Kind: net.KindChallenge, From: "bob", Text: "bob (1500) challenges you: unrated Wild 16 (ICC) 5 3"}
	h.waitFor(t, "the challenge", 5*time.Second, func() bool { return app.frame.Challenge != nil })
	h.do(func() {
		if app.frame.Legend {
			t.Error("the legend stays open over the challenge's card; want it closed")
		}
	})
}
