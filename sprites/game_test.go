package sprites

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net/local"
	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowPromotionPicker: a pawn dropped on the last rank opens the
// picker instead of going out as a queen; Escape closes it with nothing
// sent; a click on the rook sends the under-promotion.
func TestWindowPromotionPicker(t *testing.T) {
	app := startFrom(t, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "e8d7")
	var l scene.Layout
	h.do(func() { l = app.scene.Layout })
	a7, a8 := l.SquareRect(game.A7), l.SquareRect(game.A8)
	drag := []Intent{
		{Kind: DragStart, Square: game.A7, X: a7.X + 30, Y: a7.Y + 30},
		{Kind: DragTo, X: a8.X + 30, Y: a8.Y + 30},
		{Kind: Drop, Square: game.A8},
	}
	h.do(func() { app.Inject(drag...) })
	h.do(func() {
		if app.frame.Promote == nil {
			t.Fatal("dropping the pawn on a8 did not open the promotion picker")
		}
		app.Inject(Intent{Kind: Cancel})
	})
	h.do(func() {
		if app.frame.Promote != nil || app.play.entries != 0 {
			t.Fatalf("after Escape: picker %v, %d entries heard; want it closed and nothing sent", app.frame.Promote, app.play.entries)
		}
		app.Inject(Intent{Kind: ClickSquare, Square: game.A7}, Intent{Kind: ClickSquare, Square: game.A8})
	})
	// The picker's four choices on the screen: a8 queen down to a5 bishop,
	// each a white man on a grey disc.
	h.onScreen(func(screen *ebiten.Image) {
		for _, sq := range []game.Square{game.A8, game.A7, game.A6, game.A5} {
			if n := whitePixels(screen, l, sq); n < 30 {
				t.Errorf("picker square %v: %d white pixels; want a white man", sq, n)
			}
		}
	})
	h.do(func() { app.Inject(Intent{Kind: ClickSquare, Square: game.A6}) })
	h.waitFor(t, "1. a8=R and the reply", 5*time.Second, atPly(app, 2))
	h.do(func() {
		if got := app.frame.View.Own.At(game.A8); got != game.NewPiece(game.White, game.Rook) {
			t.Errorf("a8 holds %v; want the white rook picked", got)
		}
	})
}

// TestWindowPromotionByKeyboard: the picker answers the keyboard and
// nothing behind it does: Escape closes it and puts the pawn down; the
// arrows walk the cursor along the choices (not off them), a typed letter
// other than q, r, b or n goes nowhere, and Enter takes the choice under
// the cursor.
func TestWindowPromotionByKeyboard(t *testing.T) {
	app := startFrom(t, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "e8d7")
	open := func() {
		h.do(func() {
			app.Inject(Intent{Kind: ClickSquare, Square: game.A7}, Intent{Kind: ClickSquare, Square: game.A8})
		})
		h.do(func() {
			if app.frame.Promote == nil {
				t.Fatal("a7-a8 did not open the picker")
			}
		})
	}
	open()
	h.do(func() { app.Inject(Intent{Kind: Cancel}) })
	h.do(func() {
		if app.frame.Promote != nil || app.frame.Selected != game.NoSquare {
			t.Errorf("after Escape: picker %v, selected %v; want both gone", app.frame.Promote, app.frame.Selected)
		}
	})
	open()
	down := Intent{Kind: CursorMove, Y: 1} // away from the eighth rank on White's board
	h.do(func() {
		app.Inject(down, down, down, down, down, down, Intent{Kind: TypeText, Text: "x"})
	})
	h.do(func() {
		if app.frame.Cursor != game.A5 || app.play.typed != "" || app.frame.Promote == nil {
			t.Errorf("arrows and x in the picker: cursor %v, typed %q, picker %v; want a5 (the bishop), nothing typed, still open", app.frame.Cursor, app.play.typed, app.frame.Promote)
		}
		app.Inject(Intent{Kind: CursorMove, Y: -1}, Intent{Kind: Submit}) // up to the rook, Enter
	})
	h.waitFor(t, "1. a8=R and the reply", 5*time.Second, atPly(app, 2))
	h.do(func() {
		if got := app.frame.View.Own.At(game.A8); got != game.NewPiece(game.White, game.Rook) {
			t.Errorf("a8 holds %v; want the rook taken with Enter", got)
		}
	})
}

// TestWindowFullGame plays a whole game in the window against the computer
// player: the window's side attempts random candidate moves through
// AttemptMove intents, retrying after each refusal, until the game ends.
// The result must be on show, the game saved, and the saved record must
// agree with what the window showed of our own men.
func TestWindowFullGame(t *testing.T) {
	if testing.Short() {
		t.Skip("a full game takes a few seconds")
	}
	dir := t.TempDir()
	bot := player.New(player.Options{MoveTime: 20 * time.Millisecond, Seed: 7})
	app := newLocalAppFrom(t, bot, game.Start(), local.Options{Seed: 7, SaveDir: dir})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))

	rng := rand.New(rand.NewPCG(7, 7))
	deadline := time.Now().Add(3 * time.Minute)
	tried := map[game.Move]bool{}
	lastPly := -1
	over := false
	for !over {
		if time.Now().After(deadline) {
			t.Fatal("the game did not end within 3 minutes")
		}
		var m game.Move
		entries := 0
		h.do(func() {
			p := app.play
			if over = p.snap.Result != nil; over {
				return
			}
			if p.snap.ToMove != p.snap.Side {
				return
			}
			if p.snap.Plies != lastPly {
				lastPly, tried = p.snap.Plies, map[game.Move]bool{}
			}
			m = untried(&app.frame.View.Own, game.White, tried, rng, app.Sendable)
			if m == game.NoMove {
				t.Fatalf("ply %d: every candidate was refused", p.snap.Plies)
			}
			tried[m] = true
			entries = p.entries
			app.Inject(Intent{Kind: AttemptMove, Move: m})
		})
		if m == game.NoMove {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		h.waitFor(t, "the answer to "+m.String(), 10*time.Second, func() bool { return app.play.entries > entries || app.play.snap.Result != nil })
	}

	var status string
	var own game.Position
	var plies int
	h.do(func() { status, own, plies = app.frame.Panel.Status, app.frame.View.Own, app.play.snap.Plies })
	t.Logf("%s after %d plies", status, plies)
	if len(status) < 9 || status[:9] != "Game over" {
		t.Errorf("status %q; want the result", status)
	}
	var saved []string
	h.waitFor(t, "the game to be saved", 5*time.Second, func() bool {
		saved, _ = filepath.Glob(filepath.Join(dir, "*.pgn"))
		return len(saved) == 1
	})
	tl, err := timeline.Load(saved[0], "", timeline.Options{})
	if err != nil {
		t.Fatalf("the saved game does not replay: %v", err)
	}
	if tl.Plies != plies {
		t.Errorf("saved record has %d plies; the window saw %d", tl.Plies, plies)
	}
	truth := tl.Truth[tl.Plies]
	if got, want := own.ByColor(game.White), truth.ByColor(game.White); got != want {
		t.Errorf("the window shows our men on %v; the referee's board has them on %v", got, want)
	}
}

// untried draws one of side's candidate attempts in own not yet tried
// and sendable (the window would not keep it back; promotions to a queen
// only), or NoMove when none is left.
func untried(own *game.Position, side game.Color, tried map[game.Move]bool, rng *rand.Rand, sendable func(game.Move) bool) game.Move {
	p := *own
	p.SetTurn(side)
	var left []game.Move
	for _, m := range referee.Candidates(&p) {
		if !tried[m] && (m.Promotion() == game.NoPieceType || m.Promotion() == game.Queen) && sendable(m) {
			left = append(left, m)
		}
	}
	if len(left) == 0 {
		return game.NoMove
	}
	return left[rng.IntN(len(left))]
}

// TestWindowClosedMidGameSaves: closing the window (its close button, or
// Ctrl-C) during a game against the computer abandons the game and saves
// its record unfinished, as the console does: no game is lost.
func TestWindowClosedMidGameSaves(t *testing.T) {
	dir := t.TempDir()
	app := newLocalAppFrom(t, &scripted{moves: []string{"e7e5"}}, game.Start(), local.Options{Seed: 3, SaveDir: dir})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: AttemptMove, Move: game.NewMove(game.E2, game.E4, game.NoPieceType)}) })
	h.waitFor(t, "1. e4 e5", 5*time.Second, atPly(app, 2))
	h.show(nil)
	app.Close()
	saved, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
	if len(saved) != 1 {
		t.Fatalf("%d records saved on closing the window mid-game; want 1", len(saved))
	}
	rec, err := record.ReadFile(saved[0])
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Plies) != 2 || rec.Result != "*" {
		t.Errorf("the saved record: %d plies, result %q; want 2 plies, unfinished (*)", len(rec.Plies), rec.Result)
	}
}

// TestNoCardAfterAMove: a click or a drop on the board hides the hover card
// (it would cover the referee's answer on that square) until the pointer
// moves on.
func TestNoCardAfterAMove(t *testing.T) {
	app := startFrom(t, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e8d8")
	r := app.scene.Layout.SquareRect(game.E2)
	hover := func(want bool) func() bool { return func() bool { return app.frame.Hover == want } }
	for i, played := range [][]Intent{
		{{Kind: ClickSquare, Square: game.E2}},
		{{Kind: DragStart, Square: game.E2, X: r.X, Y: r.Y}, {Kind: Drop, Square: game.E2}},
	} {
		h.do(func() { app.Inject(Intent{Kind: Hover, X: r.X + 1, Y: r.Y + 1}) })
		h.waitFor(t, "the hover card", servedWait, hover(true))
		h.do(func() { app.Inject(played...) })
		h.waitFor(t, fmt.Sprintf("move %d to hide the card", i), servedWait, hover(false))
		h.do(func() { app.Inject(Intent{Kind: Hover, X: r.X + 2, Y: r.Y + 2}, Intent{Kind: Cancel}) })
		h.waitFor(t, "the card once the pointer moves on", servedWait, hover(true))
	}
}
