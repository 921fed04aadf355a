package sprites

import (
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/local"
	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowResignConfirmed: Resign asks first; Escape keeps playing; a
// second press, or Enter, resigns; the result stands in a banner over the
// board, which a click closes.
func TestWindowResignConfirmed(t *testing.T) {
	for _, confirm := range []Intent{{Kind: Press, Button: scene.Resign}, {Kind: Submit}} {
		app := newLocalApp(t, &scripted{moves: []string{"e7e5"}})
		h.show(app)
		h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
		h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
		h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Resign}) })
		time.Sleep(200 * time.Millisecond)
		h.do(func() {
			if app.play.snap.Result != nil || !app.frame.Panel.ConfirmResign || !sceneHasText(&app.scene, "Confirm resign") {
				t.Errorf("one press of Resign: result %v, asking %v; want the game on and the question asked", app.play.snap.Result, app.frame.Panel.ConfirmResign)
			}
			app.Inject(Intent{Kind: Cancel})
		})
		time.Sleep(200 * time.Millisecond)
		h.do(func() {
			if app.play.snap.Result != nil || app.frame.Panel.ConfirmResign {
				t.Errorf("after Escape: result %v, asking %v; want the game on", app.play.snap.Result, app.frame.Panel.ConfirmResign)
			}
			app.Inject(Intent{Kind: Press, Button: scene.Resign}, confirm)
		})
		h.waitFor(t, "the resignation", 5*time.Second, func() bool { return app.play.snap.Result != nil })
		h.do(func() {
			b := app.frame.Banner
			if b == nil || b.Title != "You lost" || !strings.Contains(b.Detail, "White resigned") || !strings.Contains(b.Detail, "0-1") {
				t.Errorf("banner %+v; want You lost, White resigned, 0-1", b)
			}
			if !sceneHasText(&app.scene, "You lost") || !hasButton(&app.scene, scene.CloseBanner) {
				t.Error("the banner is not drawn")
			}
		})
		if confirm.Kind == Submit {
			shoot(t, "banner")
		}
		h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.CloseBanner}) })
		h.do(func() {
			if app.frame.Banner != nil {
				t.Error("a click left the banner up")
			}
		})
		h.show(nil)
		app.Close()
	}
}

// TestWindowNewGameDuringAGame: New game during a game asks to resign it
// first; Escape keeps playing; confirmed, the game is resigned and the
// new-game screen opens, saying how the game ended.
func TestWindowNewGameDuringAGame(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5"}})
	defer app.Close()
	h.show(app)
	defer h.show(nil)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.NewGame}) })
	h.do(func() {
		if !app.frame.Panel.ConfirmResign || !strings.Contains(app.frame.Panel.Question, "Resign this one first") {
			t.Errorf("New game during the game: asking %v, question %q; want the resignation asked for", app.frame.Panel.ConfirmResign, app.frame.Panel.Question)
		}
		app.Inject(Intent{Kind: Cancel})
	})
	h.do(func() {
		if app.frame.Panel.ConfirmResign || app.frame.Mode != scene.PlayScreen || app.play.snap.Result != nil {
			t.Errorf("after Escape: asking %v, mode %v, result %v; want the game on", app.frame.Panel.ConfirmResign, app.frame.Mode, app.play.snap.Result)
		}
		app.Inject(Intent{Kind: Press, Button: scene.NewGame}, Intent{Kind: Submit})
	})
	h.waitFor(t, "the new-game screen", 5*time.Second, func() bool { return app.frame.Mode == scene.NewGameScreen })
	h.do(func() {
		if app.play != nil || !strings.Contains(app.frame.Panel.Notice, "Last game: Black wins: White resigned") {
			t.Errorf("new-game screen: play %v, notice %q; want the game closed and its end told", app.play, app.frame.Panel.Notice)
		}
	})
}

// sceneHasText reports whether the scene draws a text run holding str.
func sceneHasText(s *scene.Scene, str string) bool {
	for _, sp := range s.Sprites {
		if sp.Kind == scene.Text && strings.Contains(sp.Text, str) {
			return true
		}
	}
	return false
}

// TestWindowBannerRating: a rated game's banner carries the rating change
// the server announced.
func TestWindowBannerRating(t *testing.T) {
	app, comm := showRemote(t)
	spec := net.GameSpec{Rules: referee.Wild16, Start: game.Start(), Rated: true}
	res := referee.Result{Score: "1-0", Reason: referee.ReasonResignation}
	for _, ev := range []net.Event{
		{Kind: net.KindStarted, Snap: net.Snapshot{Side: game.White, Spec: spec, InGame: true}},
		{Kind: net.KindEnded, Snap: net.Snapshot{Side: game.White, Spec: spec, Result: &res}},
		{Kind: net.KindConsole, Text: "Kriegspiel rating adjustment: 1500 --> 1512", Snap: net.Snapshot{Side: game.White, Spec: spec, Result: &res}},
	} {
		comm.events <- ev
	}
	h.waitFor(t, "the banner", 5*time.Second, func() bool { return app.frame.Banner != nil && app.frame.Banner.Rating != "" })
	h.do(func() {
		if b := app.frame.Banner; b.Title != "You won" || b.Rating != "Rating 1500 → 1512 (+12)" {
			t.Errorf("banner %+v; want a win and the rating change", *b)
		}
	})
}

// TestWindowResignQuestionLapses: unanswered, the question goes after its
// time, measured on the wall clock, and its hint goes with it (it stayed
// and invited an Enter that no longer resigned); a notice says the game
// goes on (it reverted silently).
func TestWindowResignQuestionLapses(t *testing.T) {
	defer func(d time.Duration) { confirmFor = d }(confirmFor)
	confirmFor = 300 * time.Millisecond
	app := newLocalApp(t, &scripted{moves: []string{"e7e5"}})
	h.show(app)
	defer func() { h.show(nil); app.Close() }()
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Resign}) })
	h.waitFor(t, "the question", 5*time.Second, func() bool { return app.frame.Panel.ConfirmResign })
	h.waitFor(t, "the question to lapse", 5*time.Second, func() bool { return !app.frame.Panel.ConfirmResign })
	h.do(func() {
		if strings.Contains(app.frame.Panel.Notice, "Resign?") {
			t.Errorf("the lapsed question's hint stayed: %q", app.frame.Panel.Notice)
		}
		if app.frame.Panel.Question != "" {
			t.Errorf("the lapsed question stayed: %q", app.frame.Panel.Question)
		}
		if got := app.frame.Panel.Notice; got != resignLapsed {
			t.Errorf("after the question lapsed the notice reads %q; want %q", got, resignLapsed)
		}
		if app.play.snap.Result != nil {
			t.Errorf("the game ended: %v", app.play.snap.Result)
		}
	})
}

// TestWindowResignArmedShowsItsTime: armed, the Resign button asks
// "Confirm resign?" and counts its seconds down, beside a Cancel button
// that takes it back; a move typed meanwhile and Enter play the move, not
// the resignation.
func TestWindowResignArmedShowsItsTime(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5"}})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Resign}) })
	h.waitFor(t, "the armed button", 5*time.Second, func() bool { return sceneHasText(&app.scene, scene.ConfirmLabel(confirmFor)) })
	h.do(func() {
		if !hasButton(&app.scene, scene.CancelResign) || !sceneHasText(&app.scene, "Cancel") {
			t.Error("armed, Resign has no Cancel beside it")
		}
	})
	h.waitFor(t, "the count to go down", 5*time.Second, func() bool {
		return sceneHasText(&app.scene, scene.ConfirmLabel(confirmFor-time.Second))
	})
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.CancelResign}) })
	h.waitFor(t, "Cancel to take it back", 5*time.Second, func() bool {
		return !app.frame.Panel.ConfirmResign && !sceneHasText(&app.scene, "Confirm resign") && hasButton(&app.scene, scene.OfferDraw)
	})
	h.do(func() {
		app.Inject(Intent{Kind: Press, Button: scene.Resign}, Intent{Kind: TypeText, Text: "e2e4"}, Intent{Kind: Submit})
	})
	h.waitFor(t, "1. e4 e5", 5*time.Second, atPly(app, 2))
	h.do(func() {
		if app.play.snap.Result != nil {
			t.Errorf("a move typed while armed and Enter: the game ended %v; want the move played", app.play.snap.Result)
		}
	})
}

// TestWindowAbortedUnplayedHasNoReview: a game aborted before any move
// ends without Review, Copy PGN or Save as… (an outside tester was offered
// them, under "game not saved: nothing was played", and Review showed
// "Ply 0 of 0"); the way to the next game stays.
func TestWindowAbortedUnplayedHasNoReview(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5"}})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Abort}) })
	h.waitFor(t, "the game aborted", 5*time.Second, func() bool { return app.play.snap.Result != nil })
	time.Sleep(100 * time.Millisecond) // a frame drawn after the end
	h.do(func() {
		for _, b := range []scene.Button{scene.Review, scene.CopyPGN, scene.SaveAs} {
			if hasButton(&app.scene, b) {
				t.Errorf("%v offered after a game aborted before any move", b)
			}
		}
		if !hasButton(&app.scene, scene.NewGame) {
			t.Error("no New game after the abort")
		}
	})
}

// TestWindowAbortOnlyWhileItWorks: against the computer, Abort is offered
// until both sides have moved, and not after (it could only be refused:
// "too late, both sides have moved").
func TestWindowAbortOnlyWhileItWorks(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5"}})
	t.Cleanup(func() { h.show(nil); app.Close() })
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() {
		if !hasButton(&app.scene, scene.Abort) {
			t.Error("no Abort before the first move")
		}
		app.Inject(Intent{Kind: ClickSquare, Square: game.E2}, Intent{Kind: ClickSquare, Square: game.E4})
	})
	h.waitFor(t, "both first moves", 5*time.Second, atPly(app, 2))
	time.Sleep(100 * time.Millisecond) // a frame drawn at ply 2
	h.do(func() {
		if hasButton(&app.scene, scene.Abort) {
			t.Error("Abort is offered after both sides have moved")
		}
		if !hasButton(&app.scene, scene.Resign) || !hasButton(&app.scene, scene.OfferDraw) {
			t.Error("Resign or Offer draw went with Abort")
		}
	})
}

// TestWindowPxKeptBack: px typed on White's first move in Wild 16, when
// the referee has announced no pawn tries, is kept back with the reason:
// nothing reaches the referee's log.
func TestWindowPxKeptBack(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5"}})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "px"}, Intent{Kind: Submit}) })
	time.Sleep(200 * time.Millisecond)
	h.do(func() {
		if n := len(app.frame.View.Log); n != 0 || !strings.Contains(app.frame.Panel.Notice, "announced no pawn tries") {
			t.Errorf("px at the start: %d log lines, notice %q; want it kept back with the reason", n, app.frame.Panel.Notice)
		}
	})
}

// TestWindowNonsenseAfterAnyKeptBack: under Berkeley + Any, a pawn
// capture typed after "No pawn captures" is kept back with the answer
// named, and a second px too (a stranger's attempts were sent, refused as
// nonsense and shown as illegal moves); nothing more reaches the log.
func TestWindowNonsenseAfterAnyKeptBack(t *testing.T) {
	app := newLocalAppUnder(t, &scripted{moves: []string{"e7e5"}}, referee.BerkeleyAny, game.Start(), local.Options{Seed: 1})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "px"}, Intent{Kind: Submit}) })
	h.waitFor(t, "the answer to Any?", 5*time.Second, func() bool { return len(app.frame.View.Log) == 1 })
	// Picked up, the pawn offers its moves forward, not the captures the
	// answer rules out.
	h.do(func() { app.Inject(Intent{Kind: ClickSquare, Square: game.E2}) })
	h.do(func() {
		if d := app.frame.Dests; d.Has(game.D3) || d.Has(game.F3) || !d.Has(game.E3) || !d.Has(game.E4) {
			t.Errorf("the e2 pawn picked up after the no offers %v; want e3 and e4, no capture", d.Squares())
		}
		app.Inject(Intent{Kind: Cancel})
	})
	for _, tc := range []struct{ typed, want string }{
		{"e2d3", `after "No pawn captures" no pawn capture may be tried`},
		{"px", "Any? was already answered this turn"},
	} {
		h.do(func() { app.Inject(Intent{Kind: TypeText, Text: tc.typed}, Intent{Kind: Submit}) })
		time.Sleep(200 * time.Millisecond)
		h.do(func() {
			if n := len(app.frame.View.Log); n != 1 || !strings.Contains(app.frame.Panel.Notice, tc.want) || app.frame.Panel.Tone != scene.HintTone {
				t.Errorf("%s after the no: %d log lines, notice %q in tone %v; want it kept back, saying %q in the hint's tone", tc.typed, n, app.frame.Panel.Notice, app.frame.Panel.Tone, tc.want)
			}
		})
	}
}

// TestWindowResignQuestionSurvivesTyping: while "Confirm resign?" is up, a
// move kept back (its hint takes the notice) leaves the question in sight;
// a move typed and sent ends it, so that a later Enter on the empty line
// does not resign.
func TestWindowResignQuestionSurvivesTyping(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5"}})
	h.show(app)
	defer func() { h.show(nil); app.Close() }()
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Resign}) })
	asked := func(after string) {
		t.Helper()
		h.do(func() {
			if !app.frame.Panel.ConfirmResign || !sceneHasText(&app.scene, "Resign? Click Confirm resign") {
				t.Errorf("after %s: asking %v, question drawn %v; want the question still asked and in sight",
					after, app.frame.Panel.ConfirmResign, sceneHasText(&app.scene, "Resign? Click Confirm resign"))
			}
		})
	}
	asked("Resign")
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "a1a3"}, Intent{Kind: Submit}) })
	h.do(func() {
		if !strings.Contains(app.frame.Panel.Notice, "not sent") {
			t.Errorf("after a1a3: notice %q; want why it was kept back", app.frame.Panel.Notice)
		}
	})
	asked("a move kept back")
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "e2e4"}, Intent{Kind: Submit}) })
	h.waitFor(t, "1. e4 e5", 5*time.Second, atPly(app, 2))
	h.do(func() {
		if app.frame.Panel.ConfirmResign || app.frame.Panel.Question != "" || sceneHasText(&app.scene, "Resign? Click Confirm resign") {
			t.Errorf("after a move typed and sent: asking %v, question %q; want the question ended", app.frame.Panel.ConfirmResign, app.frame.Panel.Question)
		}
		app.Inject(Intent{Kind: Submit})
	})
	time.Sleep(200 * time.Millisecond)
	h.do(func() {
		if app.play.snap.Result != nil {
			t.Errorf("Enter on the empty line after the move: result %v; want the game on", app.play.snap.Result)
		}
	})
}

// TestWindowTypedResignAsksFirst: "resign" typed asks "Confirm resign?" as
// the button does (it resigned at once); typed again, it resigns.
func TestWindowTypedResignAsksFirst(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5"}})
	h.show(app)
	defer func() { h.show(nil); app.Close() }()
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "resign"}, Intent{Kind: Submit}) })
	time.Sleep(200 * time.Millisecond)
	h.do(func() {
		if app.play.snap.Result != nil || !app.frame.Panel.ConfirmResign {
			t.Errorf("resign typed: result %v, asking %v; want the game on and the question asked", app.play.snap.Result, app.frame.Panel.ConfirmResign)
		}
		app.Inject(Intent{Kind: TypeText, Text: "Resign"}, Intent{Kind: Submit})
	})
	h.waitFor(t, "the resignation", 5*time.Second, func() bool { return app.play.snap.Result != nil })
}
