package sprites

import (
	"context"
	"slices"
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

// kriegdLobbyWindow starts a kriegd on 127.0.0.1 and the window on its
// lobby as alice; a second driver logs in as bob, whose events are read.
func kriegdLobbyWindow(t *testing.T) (app *App, bob *icc.Client) {
	t.Helper()
	addr := kriegdtest.Start(t, server.Config{})
	bob = kriegdtest.Client(t, addr, "bob", "")
	go func() {
		for range bob.Events() {
		}
	}()
	return lobbyOn(t, kriegdtest.Client(t, addr, "alice", "")), bob
}

// lobbyOn opens the window on a kriegd's lobby through alice, a driver
// logged in as alice.
func lobbyOn(t *testing.T, alice *icc.Client) *App {
	t.Helper()
	terms := net.GameSpec{Base: 3 * time.Minute, Increment: 2 * time.Second, AnySide: true}
	app, err := New(Options{Remote: alice, Spec: &terms, Site: &Site{Endpoint: alice, Lobby: KriegdLister{Client: alice, Terms: terms}, User: "alice"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.show(nil); app.Close() })
	h.show(app)
	return app
}

// lobbyEntries refreshes the lobby until an entry starts with want and the
// rows have stood still for lobbySettle, and returns the entries and its
// place.
func lobbyEntries(t *testing.T, app *App, want string) ([]string, int) {
	t.Helper()
	var labels []string
	at := -1
	var asked time.Time
	defer func() {
		if t.Failed() {
			t.Logf("the lobby listed %q; its status %q", labels, app.frame.Lobby.Status)
		}
	}()
	h.waitFor(t, "the lobby to list "+want, 10*time.Second, func() bool {
		if app.frame.Mode != scene.LobbyScreen || app.frame.Lobby.Fetching {
			return false
		}
		labels = app.frame.Lobby.Entries
		if at = indexPrefix(labels, want); at < 0 {
			// Asked again at most once a second: kriegd refuses listings
			// asked faster than its limit (one a second, after a burst of
			// five), and a test asking at every poll went unanswered.
			if time.Since(asked) > 1100*time.Millisecond {
				app.Inject(Intent{Kind: Press, Button: scene.Refresh})
				asked = time.Now()
			}
			return false
		}
		// A click on a row that has just changed is not carried out
		// (lobby.movedUnder): a user sees the list before clicking.
		return time.Since(app.lobby.changedAt) >= lobbySettle
	})
	return labels, at
}

// lobbyGameOver has bob seek and the window take the seek in its lobby;
// both move, bob resigns, and the window waits for the result card with
// Review.
func lobbyGameOver(t *testing.T, app *App, bob *icc.Client) {
	t.Helper()
	takeBobsSeek(t, app, bob, "white")
	firstMoves(t, app, bob, game.Black)
	if err := bob.Do(net.Resign); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the result card with Review", servedWait, func() bool {
		return app.frame.Banner != nil && app.frame.Panel.Reviewable
	})
}

// takeBobsSeek has bob seek a 3-minute Wild 16 game, bob playing colour,
// and the window take the seek in its lobby and wait for the game.
func takeBobsSeek(t *testing.T, app *App, bob *icc.Client, colour string) {
	t.Helper()
	if err := bob.Console("seek 3 0 w16 " + colour); err != nil {
		t.Fatal(err)
	}
	_, seek := lobbyEntries(t, app, "Play bob (")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyGroup, seek)}) })
	h.waitFor(t, "the game to start", servedWait, func() bool {
		return app.frame.Mode == scene.PlayScreen && app.play != nil && app.play.ctl != nil && app.play.snap.InGame
	})
}

// firstMoves plays the first move of each side, e2e4 and e7e5, in the
// window's game against other, the window playing side: kriegd aborts a
// game resigned before both players have moved, and scores it after.
func firstMoves(t *testing.T, app *App, other *icc.Client, side game.Color) {
	t.Helper()
	for ply, mv := range []string{"e2e4", "e7e5"} {
		m, err := game.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		if game.Color(ply%2) == side {
			h.waitFor(t, "the window's turn for "+mv, servedWait, func() bool {
				return app.play.ctl != nil && app.play.snap.InGame && app.play.snap.Plies == ply && app.play.snap.ToMove == side
			})
			h.do(func() { app.Inject(Intent{Kind: AttemptMove, Move: m}) })
		} else {
			// The other driver may hear the game start after the window.
			deadline := time.Now().Add(servedWait)
			for err := other.Attempt(m); err != nil; err = other.Attempt(m) {
				if time.Now().After(deadline) {
					t.Fatalf("the other side could not play %s: %v", mv, err)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		h.waitFor(t, mv+" played", servedWait, func() bool { return app.play.snap.Plies == ply+1 })
	}
}

// TestWindowKriegdLobbyTakesASeek: on a kriegd the window opens its lobby:
// another player's seek to take, players to challenge, a seek of our own
// on the command line's clock. A click on the seek starts its game.
func TestWindowKriegdLobbyTakesASeek(t *testing.T) {
	app, bob := kriegdLobbyWindow(t)
	if err := bob.Console("seek 4 1 berkeley white"); err != nil {
		t.Fatal(err)
	}
	labels, seek := lobbyEntries(t, app, "Play bob (++++): Berkeley, 4+1, unrated, you play Black")
	for _, w := range []string{"Challenge bob (++++): Wild 16 (ICC), 3+2, unrated, you play White", "Seek a game: Wild 16 (ICC), 3+2, unrated, you play White"} {
		if indexPrefix(labels, w) < 0 {
			t.Fatalf("the lobby lacks %q:\n%s", w, strings.Join(labels, "\n"))
		}
	}
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyColourGroup, 2)}) })
	lobbyEntries(t, app, "Seek a game: Wild 16 (ICC), 3+2, unrated, you play either colour")
	h.do(func() {
		if got := app.frame.Lobby.Title; got != "kriegd · alice" {
			t.Errorf("lobby title %q", got)
		}
		// The rulesets are named as the new-game screen names them.
		if got := app.frame.Lobby.Rules; !slices.Equal(got, scene.RuleChoices()) {
			t.Errorf("the lobby's rulesets %q; want %q", got, scene.RuleChoices())
		}
		app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyGroup, seek)})
	})
	h.waitFor(t, "the game to start", 10*time.Second, func() bool {
		sn := app.play.snap
		return app.frame.Mode == scene.PlayScreen && app.play.ctl != nil && sn.InGame && sn.Spec.Rules.Name == "berkeley" && sn.Side.String() == "black"
	})

	// Lobby during the game (both sides having moved) asks first, as Resign
	// does; after the game the result card offers it, and it lists the
	// lobby again.
	firstMoves(t, app, bob, game.Black)
	h.do(func() {
		if !app.frame.Panel.Lobby {
			t.Error("no Lobby button in a kriegd game")
		}
		if got, want := app.frame.Panel.Title, "Berkeley · 4+1 · you play Black · unrated"; got != want {
			t.Errorf("the game's title %q; want %q", got, want)
		}
		app.Inject(Intent{Kind: Press, Button: scene.ToLobby})
	})
	h.waitFor(t, "Lobby to ask first", 5*time.Second, func() bool { return app.play.question == lobbyQuestion })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.CancelResign}) })
	h.waitFor(t, "the question taken back", 5*time.Second, func() bool { return app.play.confirmAt.IsZero() && app.frame.Mode == scene.PlayScreen })
	if err := bob.Do(net.Resign); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the result card", 10*time.Second, func() bool {
		return app.play.snap.Result != nil && app.frame.Banner != nil && slices.Contains(scene.BannerActions(app.frame.Panel), scene.ToLobby)
	})
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.ToLobby}) })
	lobbyEntries(t, app, "Challenge bob (")
}

// TestWindowKriegdLobbySeekTaken: a seek posted from the lobby shows as
// ours to withdraw, and when another player takes it the game takes the
// board; a challenge while the lobby shows brings its card over the board.
func TestWindowKriegdLobbySeekTaken(t *testing.T) {
	app, bob := kriegdLobbyWindow(t)
	_, mine := lobbyEntries(t, app, "Seek a game: ")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyGroup, mine)}) })
	h.waitFor(t, "the play screen", 5*time.Second, func() bool { return app.frame.Mode == scene.PlayScreen })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.ToLobby}) }) // back to the lobby, the seek standing
	lobbyEntries(t, app, "Your seek 1: Wild 16 (ICC), 3+2, unrated, you play White (withdraw it)")

	if err := bob.Console("match alice 1 0 u"); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "bob's challenge card", 10*time.Second, func() bool {
		return app.frame.Mode == scene.PlayScreen && len(app.challenges) == 1
	})
	h.do(func() { app.answerChallenge(false) })
	h.waitFor(t, "the card to go", 5*time.Second, func() bool { return len(app.challenges) == 0 })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.ToLobby}) })
	lobbyEntries(t, app, "Your seek 1:")
	if err := bob.Console("play 1"); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the seek's game to take the board", 10*time.Second, func() bool {
		return app.frame.Mode == scene.PlayScreen && app.play.ctl != nil && app.play.snap.InGame
	})
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	if l, err := bob.Lobby(ctx); err != nil || len(l.Seeks) != 0 {
		t.Fatalf("after the seek was taken, the lobby %+v, %v; want no seek", l, err)
	}
}

// TestWindowKriegdLobbyKeepsCurrent: a seek posted while the lobby shows
// comes onto the list by itself, without Refresh.
func TestWindowKriegdLobbyKeepsCurrent(t *testing.T) {
	app, bob := kriegdLobbyWindow(t)
	lobbyEntries(t, app, "Challenge bob (")
	if err := bob.Console("seek 2 1"); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "bob's seek listed unasked", 2*kriegdEvery+5*time.Second, func() bool {
		return indexPrefix(app.frame.Lobby.Entries, "Play bob (++++): Wild 16 (ICC), 2+1") >= 0
	})
	h.do(func() {
		if app.frame.Lobby.Status != "" {
			t.Errorf("status %q after a listing unasked; want none", app.frame.Lobby.Status)
		}
	})
}

// TestWindowKriegdLobbyActionsStay: withdrawing our seek from the lobby
// keeps the lobby on screen, and a challenge that came while it showed
// gives it back once declined.
func TestWindowKriegdLobbyActionsStay(t *testing.T) {
	app, bob := kriegdLobbyWindow(t)
	_, mine := lobbyEntries(t, app, "Seek a game: ")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyGroup, mine)}) })
	h.waitFor(t, "the play screen", servedWait, func() bool { return app.frame.Mode == scene.PlayScreen })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.ToLobby}) })
	_, withdraw := lobbyEntries(t, app, "Your seek 1:")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyGroup, withdraw)}) })
	left := false
	h.waitFor(t, "the seek withdrawn, listed anew", servedWait, func() bool {
		left = left || app.frame.Mode != scene.LobbyScreen
		return !app.frame.Lobby.Fetching && indexPrefix(app.frame.Lobby.Entries, "Your seek") < 0
	})
	if left {
		t.Error("withdrawing the seek left the lobby")
	}

	if err := bob.Console("match alice 1 0 u"); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "bob's challenge card", servedWait, func() bool { return len(app.challenges) == 1 && hasButton(&app.scene, scene.DeclineChallenge) })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.DeclineChallenge}) })
	h.waitFor(t, "the lobby back after the decline", servedWait, func() bool {
		return len(app.challenges) == 0 && app.frame.Mode == scene.LobbyScreen
	})
}

// TestWindowKriegdLobbySeekWaits: once a finished game is left for the
// lobby, nothing of it comes back: a seek posted from the lobby waits on a
// fresh board with a status saying so, not under the old game's title and
// result, and a challenge's card comes alone, without the old result card.
func TestWindowKriegdLobbySeekWaits(t *testing.T) {
	app, bob := kriegdLobbyWindow(t)
	lobbyGameOver(t, app, bob)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.ToLobby}) })
	_, mine := lobbyEntries(t, app, "Seek a game: ")
	h.do(func() {
		for _, l := range app.play.console {
			if strings.Contains(l.Text, "Game 1 (") {
				t.Errorf("the old game's line %q is kept for the next game's log", l.Text)
			}
		}
	})
	noOldCard := func() {
		t.Helper()
		if err := bob.Console("match alice 1 0 u"); err != nil {
			t.Fatal(err)
		}
		h.waitFor(t, "bob's challenge card", servedWait, func() bool { return hasButton(&app.scene, scene.DeclineChallenge) })
		h.do(func() {
			if app.frame.Banner != nil || app.frame.Panel.Title != "" {
				t.Errorf("the old game came back under the challenge: card %+v, title %q", app.frame.Banner, app.frame.Panel.Title)
			}
			app.Inject(Intent{Kind: Press, Button: scene.DeclineChallenge})
		})
		h.waitFor(t, "the lobby back", servedWait, func() bool { return app.frame.Mode == scene.LobbyScreen })
	}
	noOldCard()
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyGroup, mine)}) })
	h.waitFor(t, "the seek's wait on the play screen", servedWait, func() bool { return app.frame.Mode == scene.PlayScreen })
	time.Sleep(200 * time.Millisecond) // the server's answers to the seek come in
	h.do(func() {
		f := &app.frame
		if want := "Seeking a game: Wild 16 (ICC), 3+2, unrated, you play White — waiting for an opponent"; !strings.HasPrefix(f.Panel.Status, want) {
			t.Errorf("status %q while the seek waits; want %q…", f.Panel.Status, want)
		}
		if f.Panel.Title != "" || f.Banner != nil || f.Panel.GameOver || f.Panel.Reviewable || f.View.Result != nil || len(f.View.Log) != 0 || !f.Panel.Untimed {
			t.Errorf("the seek waits under the old game: title %q, card %v, over %v, reviewable %v, result %v, %d log lines, clocks shown %v",
				f.Panel.Title, f.Banner, f.Panel.GameOver, f.Panel.Reviewable, f.View.Result, len(f.View.Log), !f.Panel.Untimed)
		}
		if !hasButton(&app.scene, scene.ToLobby) {
			t.Error("no way back to the lobby while the seek waits")
		}
		app.Inject(Intent{Kind: Press, Button: scene.ToLobby})
	})
	lobbyEntries(t, app, "Your seek ")
	noOldCard()
}

// TestWindowKriegdNoGameNoResign: while a seek waits, and once the game it
// brought is over, the panel offers no Resign, Draw or Abort, which the
// server would only refuse; during the game it does.
func TestWindowKriegdNoGameNoResign(t *testing.T) {
	app, bob := kriegdLobbyWindow(t)
	gameButtons := func(want bool, when string) {
		t.Helper()
		h.do(func() {
			for _, b := range []scene.Button{scene.Resign, scene.OfferDraw, scene.Abort} {
				if hasButton(&app.scene, b) != want {
					t.Errorf("%s: button %v offered %v; want %v", when, b, !want, want)
				}
			}
		})
	}
	_, mine := lobbyEntries(t, app, "Seek a game: ")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyGroup, mine)}) })
	h.waitFor(t, "the seek's wait", servedWait, func() bool { return app.frame.Mode == scene.PlayScreen && hasButton(&app.scene, scene.ToLobby) })
	gameButtons(false, "the seek waiting")
	if err := bob.Console("play 1"); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the game", servedWait, func() bool { return app.play.ctl != nil && app.play.snap.InGame && hasButton(&app.scene, scene.Resign) })
	gameButtons(true, "the game in progress")
	if err := bob.Do(net.Resign); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the game's end", servedWait, func() bool { return app.play.snap.Result != nil && app.frame.Banner != nil })
	gameButtons(false, "the game over")
}

// TestWindowKriegdLobbyRatedForMembers: a registered player's lobby offers
// rated games, and its entries then say rated; a guest's offers no rated
// choice, only the reason, and its entries stay unrated.
func TestWindowKriegdLobbyRatedForMembers(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{})
	app := lobbyOn(t, member(t, addr, "alice", "alicepw"))
	lobbyEntries(t, app, "Seek a game: ")
	h.do(func() {
		if got := app.frame.Lobby.Rated; len(got) != 2 || !hasButton(&app.scene, scene.Choice(scene.LobbyRatedGroup, 1)) {
			t.Errorf("a member's rating choices %q; want unrated and rated", got)
		}
		app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyRatedGroup, 1)})
	})
	lobbyEntries(t, app, "Seek a game: Wild 16 (ICC), 3+2, rated")
	// A guest there is challenged unrated, as kriegd would play it.
	guestThere := kriegdtest.Client(t, addr, "zed", "")
	go func() {
		for range guestThere.Events() {
		}
	}()
	lobbyEntries(t, app, "Challenge zed (++++): Wild 16 (ICC), 3+2, unrated, you play White")

	guest, _ := kriegdLobbyWindow(t)
	lobbyEntries(t, guest, "Seek a game: Wild 16 (ICC), 3+2, unrated")
	h.do(func() {
		v := guest.frame.Lobby
		if len(v.Rated) != 0 || hasButton(&guest.scene, scene.Choice(scene.LobbyRatedGroup, 1)) {
			t.Errorf("a guest is offered rated games: %q", v.Rated)
		}
		if !strings.Contains(v.RatedNote, "registered players") || !sceneHasText(&guest.scene, "guest.") {
			t.Errorf("a guest's lobby says %q of rated games; want why there are none", v.RatedNote)
		}
	})
}

// TestWindowKriegdChallengeDeclined: a challenge chosen in the lobby and
// declined no longer reads as awaited: the status lets it go and the
// panel says who declined.
func TestWindowKriegdChallengeDeclined(t *testing.T) {
	app, bob := kriegdLobbyWindow(t)
	_, challenge := lobbyEntries(t, app, "Challenge bob (")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyGroup, challenge)}) })
	h.waitFor(t, "the challenge awaited", servedWait, func() bool {
		return strings.HasPrefix(app.frame.Panel.Status, "You challenged bob: ")
	})
	time.Sleep(200 * time.Millisecond) // the challenge reaches bob
	if err := bob.Console("decline alice"); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the decline told", servedWait, func() bool {
		f := &app.frame
		return !strings.HasPrefix(f.Panel.Status, "You challenged") && f.Panel.Notice == "bob declined your challenge; Lobby goes back to the lobby"
	})
}

// TestWindowKriegdChallengeWithdrawnOnLeaving: Lobby while a challenge
// chosen in the lobby waits withdraws it, so that it cannot start a game
// after the player went back to the list.
func TestWindowKriegdChallengeWithdrawnOnLeaving(t *testing.T) {
	app, bob := kriegdLobbyWindow(t)
	_, challenge := lobbyEntries(t, app, "Challenge bob (")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyGroup, challenge)}) })
	h.waitFor(t, "the challenge awaited", servedWait, func() bool {
		return strings.HasPrefix(app.frame.Panel.Status, "You challenged bob: ")
	})
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.ToLobby}) })
	h.waitFor(t, "the withdrawal said", servedWait, func() bool {
		for _, l := range app.play.console {
			if l.Text == "You withdraw your challenge to bob." {
				return app.frame.Mode == scene.LobbyScreen
			}
		}
		return false
	})
	if err := bob.Console("accept alice"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	h.do(func() {
		if app.frame.Mode != scene.LobbyScreen || app.play.snap.InGame {
			t.Error("bob's accept after the withdrawal started a game")
		}
	})
}

// TestWindowKriegdLobbyAbortsAnUnbegunGame: Lobby before our first move
// asks to abort the game, not to resign it, and confirmed, aborts it.
func TestWindowKriegdLobbyAbortsAnUnbegunGame(t *testing.T) {
	app, bob := kriegdLobbyWindow(t)
	takeBobsSeek(t, app, bob, "black")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.ToLobby}) })
	h.waitFor(t, "Lobby to ask to abort", servedWait, func() bool { return app.play.question == lobbyAbortQuestion })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.ToLobby}) })
	h.waitFor(t, "the lobby after the abort", servedWait, func() bool {
		r := app.play.snap.Result
		return app.frame.Mode == scene.LobbyScreen && r != nil && r.Reason == referee.ReasonAborted
	})
}

// TestWindowKriegdResignUnbegunAborts: Resign before both sides have moved,
// on the opponent's turn, asks to abort the game, and confirmed, kriegd
// aborts it: the card says no result, with no rating moved.
func TestWindowKriegdResignUnbegunAborts(t *testing.T) {
	app, bob := kriegdLobbyWindow(t)
	takeBobsSeek(t, app, bob, "white")
	h.waitFor(t, "bob to move", servedWait, func() bool { return app.play.snap.ToMove == game.White })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Resign}) })
	h.waitFor(t, "Resign to ask to abort", servedWait, func() bool { return app.play.question == resignAbortQuestion })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Resign}) })
	h.waitFor(t, "the game aborted", servedWait, func() bool {
		r := app.play.snap.Result
		return r != nil && r.Reason == referee.ReasonAborted && app.frame.Banner != nil
	})
	h.do(func() {
		if b := app.frame.Banner; b.Rating != "" || b.Title != "No result" || !strings.Contains(b.Detail, "resigned before both players had moved") {
			t.Errorf("the card after resigning an unbegun game: %+v; want no result, why, and no rating", *b)
		}
	})
}

// TestWindowKriegdLobbySaysAChallengeWithdrawn: a challenge whose card
// came over the lobby and which its player withdrew gives the lobby back,
// saying so under the list.
func TestWindowKriegdLobbySaysAChallengeWithdrawn(t *testing.T) {
	app, bob := kriegdLobbyWindow(t)
	lobbyEntries(t, app, "Seek a game: ")
	if err := bob.Console("match alice 1 0 u"); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "bob's challenge card", servedWait, func() bool { return hasButton(&app.scene, scene.DeclineChallenge) })
	if err := bob.Console("withdraw"); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the lobby saying the challenge was withdrawn", servedWait, func() bool {
		return app.frame.Mode == scene.LobbyScreen && app.frame.Lobby.Status == "The challenge from bob was withdrawn." &&
			sceneHasText(&app.scene, "The challenge from bob was withdrawn.")
	})
}

// TestWindowKriegdLobbyClickOnAMovedRow: a click on a row that a new
// listing has just put in place of another is not carried out (it was
// aimed at the one before), and says so; once the rows have stood still, the
// same click takes the entry.
func TestWindowKriegdLobbyClickOnAMovedRow(t *testing.T) {
	app, bob := kriegdLobbyWindow(t)
	if err := bob.Console("seek 3 0 w16 white"); err != nil {
		t.Fatal(err)
	}
	_, first := lobbyEntries(t, app, "Play bob (")
	if err := bob.Console("seek 7 0 w16 white"); err != nil {
		t.Fatal(err)
	}
	var asked time.Time
	h.waitFor(t, "the newer seek in the older one's row, clicked at once", servedWait, func() bool {
		e := app.frame.Lobby.Entries
		if app.frame.Lobby.Fetching || first >= len(e) || !strings.Contains(e[first], " 7+0") {
			if time.Since(asked) > 1100*time.Millisecond {
				app.Inject(Intent{Kind: Press, Button: scene.Refresh})
				asked = time.Now()
			}
			return false
		}
		app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyGroup, first)})
		return true
	})
	time.Sleep(100 * time.Millisecond)
	h.do(func() {
		if app.frame.Mode != scene.LobbyScreen || app.play != nil && app.play.snap.InGame {
			t.Fatal("a click on a row that had just changed started a game")
		}
		if !strings.Contains(app.frame.Lobby.Status, "The list changed as you clicked") {
			t.Errorf("the lobby's status after the click: %q", app.frame.Lobby.Status)
		}
	})
	time.Sleep(lobbySettle)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyGroup, first)}) })
	h.waitFor(t, "the 7-minute game", servedWait, func() bool {
		return app.play != nil && app.play.snap.InGame && app.play.snap.Spec.Base == 7*time.Minute
	})
}

// TestWindowKriegdChallengeBoardFromOurColour: a challenge that comes to
// the lobby saying "you playing Black" puts behind its card a board seen
// from Black, Black's clock ours at the bottom, with no game's belief on
// it (an outside tester saw White's side up, labelled White, with the
// heat map on).
func TestWindowKriegdChallengeBoardFromOurColour(t *testing.T) {
	app, bob := kriegdLobbyWindow(t)
	lobbyEntries(t, app, "Seek a game: ")
	h.do(func() { app.frame.Show.Heat, app.frame.Assist = game.King, scene.AssistFull })
	if err := bob.Console("match alice 1 0 u white"); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "bob's challenge card", servedWait, func() bool { return hasButton(&app.scene, scene.DeclineChallenge) })
	h.do(func() {
		f := &app.frame
		if !strings.Contains(f.Challenge.Text, "you playing Black") {
			t.Fatalf("the card reads %q; want the colour named (the test's premise)", f.Challenge.Text)
		}
		if f.View.Side != game.Black || !f.Flipped {
			t.Errorf("behind the card the board is %v's, flipped %v; want Black's, Black at the bottom", f.View.Side, f.Flipped)
		}
		if len(f.View.Tokens) != 0 || f.View.Probability[game.King][game.E1] != 0 || f.View.Zone != 0 {
			t.Errorf("behind the card the board holds %d tokens, %.0f%% on e1; want no belief", len(f.View.Tokens), 100*f.View.Probability[game.King][game.E1])
		}
	})
}
