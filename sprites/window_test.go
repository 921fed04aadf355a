package sprites

import (
	"context"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/local"
	"github.com/krieg/krieg/sprites/scene"
)

// scripted is a computer opponent that tries its moves in order, each turn
// taking the first the referee accepts.
type scripted struct{ moves []string }

func (s *scripted) Turn(u referee.Umpire) []referee.Answer {
	var out []referee.Answer
	for len(s.moves) > 0 {
		m, _ := game.ParseMove(s.moves[0])
		s.moves = s.moves[1:]
		a := u.Attempt(m)
		out = append(out, a)
		if a.Verdict == referee.Accepted || a.Verdict == referee.Finished {
			break
		}
	}
	return out
}

// newLocalApp returns a window whose Play button starts a game as White
// from the standard start against opp on the local endpoint.
func newLocalApp(t *testing.T, opp local.Opponent) *App {
	t.Helper()
	return newLocalAppFrom(t, opp, game.Start(), local.Options{Seed: 1})
}

// newLocalAppFrom is newLocalApp from the position start, with the
// endpoint's options.
func newLocalAppFrom(t *testing.T, opp local.Opponent, start game.Position, opt local.Options) *App {
	t.Helper()
	return newLocalAppUnder(t, opp, referee.Wild16, start, opt)
}

// newLocalAppUnder is newLocalAppFrom under rules.
func newLocalAppUnder(t *testing.T, opp local.Opponent, rules referee.Ruleset, start game.Position, opt local.Options) *App {
	t.Helper()
	app, err := New(Options{Local: func(scene.NewGameChoice) (net.Communicator, error) {
		ep := local.New(opp, opt)
		if err := ep.Connect(context.Background()); err != nil {
			return nil, err
		}
		spec := net.GameSpec{Rules: rules, Start: start, Base: 5 * time.Minute, Increment: 3 * time.Second}
		return ep, ep.Begin(spec)
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.show(nil); app.Close() })
	return app
}

// startFrom shows a window, starts a game as White from fen against a
// scripted opponent playing replies, and waits for it to begin.
func startFrom(t *testing.T, fen string, replies ...string) *App {
	t.Helper()
	start, err := game.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	app := newLocalAppFrom(t, &scripted{moves: replies}, start, local.Options{Seed: 1})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	return app
}

// atPly is a condition for waitFor: the game in app is at ply n with White
// to move, and the window shows it.
func atPly(app *App, n int) func() bool {
	return func() bool {
		p := app.play
		return p != nil && p.ctl != nil && p.snap.InGame && p.snap.Plies == n && p.snap.ToMove == game.White && app.frame.View.Plies == n
	}
}

// countPixels counts the pixels in the middle of square sq whose colour
// satisfies is.
func countPixels(screen *ebiten.Image, l scene.Layout, sq game.Square, is func(r, g, b byte) bool) int {
	r := l.SquareRect(sq)
	bounds := screen.Bounds()
	buf := make([]byte, 4*bounds.Dx()*bounds.Dy())
	screen.ReadPixels(buf)
	n := 0
	for y := int(r.Y + r.H*0.3); y < int(r.Y+r.H*0.8); y++ {
		for x := int(r.X + r.W*0.3); x < int(r.X+r.W*0.7); x++ {
			i := 4 * (y*bounds.Dx() + x)
			if is(buf[i], buf[i+1], buf[i+2]) {
				n++
			}
		}
	}
	return n
}

// whitePixels counts the nearly white pixels in the middle of square sq:
// a white man's body.
func whitePixels(screen *ebiten.Image, l scene.Layout, sq game.Square) int {
	return countPixels(screen, l, sq, func(r, g, b byte) bool { return r > 235 && g > 235 && b > 235 })
}

func TestWindowPlaysAttempts(t *testing.T) {
	opp := &scripted{moves: []string{"e7e5", "b8c6", "g8f6", "f8c5", "d7d6"}}
	app := newLocalApp(t, opp)
	h.show(app)
	app2 := app
	h.do(func() { app2.Inject(Intent{Kind: Press, Button: scene.Start}) })
	plies := func(n int) func() bool { return atPly(app, n) }
	h.waitFor(t, "the game to start", 5*time.Second, plies(0))

	// Click-click: e2, then e4.
	h.do(func() {
		app.Inject(Intent{Kind: ClickSquare, Square: game.E2}, Intent{Kind: ClickSquare, Square: game.E4})
	})
	h.waitFor(t, "1. e4 and the reply", 5*time.Second, plies(2))

	// Drag and drop: g1 to f3, through the pointer's path.
	var l scene.Layout
	h.do(func() { l = app.scene.Layout })
	g1, f3 := l.SquareRect(game.G1), l.SquareRect(game.F3)
	h.do(func() {
		app.Inject(Intent{Kind: DragStart, Square: game.G1, X: g1.X + 30, Y: g1.Y + 30},
			Intent{Kind: DragTo, X: f3.X + 20, Y: f3.Y + 20})
	})
	h.do(func() {
		if app.frame.Drag == nil {
			t.Error("no piece is being dragged after DragStart")
		}
		app.Inject(Intent{Kind: Drop, Square: game.F3})
	})
	h.waitFor(t, "2. Nf3 and the reply", 5*time.Second, plies(4))

	// Typed: d2d4 and Enter.
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "d2d4"}, Intent{Kind: Submit}) })
	h.waitFor(t, "3. d4 and the reply", 5*time.Second, plies(6))

	// An illegal attempt: e4-e5 runs into Black's pawn. It snaps back.
	h.do(func() { app.Inject(Intent{Kind: AttemptMove, Move: game.NewMove(game.E4, game.E5, game.NoPieceType)}) })
	h.waitFor(t, "the illegal attempt's cue", 5*time.Second, func() bool { return app.frame.Illegal != nil })
	h.do(func() {
		if got := app.frame.Panel.Notice; got != "Illegal move: e4e5" {
			t.Errorf("notice %q; want %q", got, "Illegal move: e4e5")
		}
		if own := app.frame.View.Own; own.At(game.E4) != game.NewPiece(game.White, game.Pawn) || own.At(game.E5) != game.NoPiece {
			t.Errorf("after the illegal attempt the board shows e4 %v, e5 %v; want the pawn still on e4", own.At(game.E4), own.At(game.E5))
		}
	})

	h.do(func() {
		app.Inject(Intent{Kind: Hover, X: l.Board.X + l.Square*4.5, Y: l.Board.Y + l.Square*0.5}, Intent{Kind: Press, Button: scene.ToggleZone})
	})
	shoot(t, "play")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.ToggleZone}, Intent{Kind: Hover, X: -1, Y: -1}) })

	// The pixels on the screen: men where the referee put them, and none
	// where they left.
	h.onScreen(func(screen *ebiten.Image) {
		checkWhiteMen(t, screen, l, []game.Square{game.E4, game.F3, game.D4}, []game.Square{game.E2, game.G1, game.D2, game.E5})
	})
}

// checkWhiteMen checks in the screen's pixels that a white man stands on
// each of men (at least 40 white pixels) and that each of empty shows none
// (at most 5).
func checkWhiteMen(t *testing.T, screen *ebiten.Image, l scene.Layout, men, empty []game.Square) {
	t.Helper()
	for _, sq := range men {
		if n := whitePixels(screen, l, sq); n < 40 {
			t.Errorf("%v: %d white pixels; want a white man (at least 40)", sq, n)
		}
	}
	for _, sq := range empty {
		if n := whitePixels(screen, l, sq); n > 5 {
			t.Errorf("%v: %d white pixels; want an empty square", sq, n)
		}
	}
}
