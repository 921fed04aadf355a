package sprites

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowPreview: in a real window, after 1. e4 e5, picking up the
// queen (a drag) shows the attempt preview on its target dots: each dot as
// large as its chance of acceptance, a red ring where the queen could be
// taken; a first click on the knight and a hover on f3 show the numbers.
func TestWindowPreview(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5"}})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() {
		app.Inject(Intent{Kind: ClickSquare, Square: game.E2}, Intent{Kind: ClickSquare, Square: game.E4})
	})
	h.waitFor(t, "1. e4 e5", 5*time.Second, atPly(app, 2))

	var l scene.Layout
	h.do(func() { l = app.scene.Layout })
	d1 := l.SquareRect(game.D1)
	h.do(func() { app.Inject(Intent{Kind: DragStart, Square: game.D1, X: d1.X + 20, Y: d1.Y + 20}) })
	var want []controller.Target
	// The deduction answers a preview off the loop: until it has, the
	// estimate is B1's (FromB1, no danger). Wait for B2's on the frame.
	h.waitFor(t, "the queen's preview from the boards", 20*time.Second, func() bool {
		want = app.play.ctl.Preview(game.D1)
		return app.frame.Drag != nil && len(app.frame.Preview) > 0 && !app.frame.Preview[0].FromB1 && len(want) > 0 && !want[0].FromB1
	})
	h.do(func() {
		if len(app.frame.Preview) != len(want) {
			t.Fatalf("the frame holds %d targets; the controller previews %d", len(app.frame.Preview), len(want))
		}
		rings := 0
		for _, tg := range want {
			dot, ring := previewSprites(app.scene, l, tg.To)
			wantW := l.Square * (0.12 + 0.30*tg.Accept)
			if dot == nil || math.Abs(dot.W-wantW) > 0.01 {
				t.Errorf("%s (accept %.2f): dot %+v; want one %.1f px wide", tg.To, tg.Accept, dot, wantW)
			}
			if (ring != nil) != (tg.Danger >= 0.05 && tg.Accept > 0) {
				t.Errorf("%s (danger %.2f): ring %v", tg.To, tg.Danger, ring != nil)
			}
			if ring != nil {
				rings++
			}
		}
		if rings == 0 {
			t.Errorf("no red ring on any of the queen's targets %+v; after 1... e5 some square is in reach of Black", want)
		}
		app.Inject(Intent{Kind: Drop, Square: game.NoSquare})
	})

	// A first click picks the knight up; the pointer rests on f3.
	f3 := l.SquareRect(game.F3)
	h.do(func() {
		app.Inject(Intent{Kind: ClickSquare, Square: game.G1}, Intent{Kind: Hover, X: f3.X + f3.W/2, Y: f3.Y + f3.H/2})
	})
	h.waitFor(t, "the knight's preview and the tooltip", 5*time.Second, func() bool {
		// The card's lines wrap where its width ends: read them as one.
		var card []string
		for _, sp := range app.scene.Sprites {
			if sp.Kind == scene.Text {
				card = append(card, strings.TrimSpace(sp.Text))
			}
		}
		return strings.Contains(strings.Join(card, " "), "attempt g1f3: accepted 100%, captures 0%")
	})
	// On the screen: the surely accepted g1-h3 has a large green dot.
	h.do(func() { app.Inject(Intent{Kind: Hover, X: -1, Y: -1}) })
	h.onScreen(func(screen *ebiten.Image) {
		green := countPixels(screen, l, game.H3, func(r, g, b byte) bool { return int(g) > int(r)+30 && int(g) > int(b)+30 })
		if green < 100 {
			t.Errorf("h3: %d green pixels; want the large dot of a sure attempt (at least 100)", green)
		}
	})
}

// previewSprites finds the preview's dot and red ring centred on sq.
func previewSprites(s scene.Scene, l scene.Layout, sq game.Square) (dot, ring *scene.Sprite) {
	r := l.SquareRect(sq)
	cx, cy := r.X+r.W/2, r.Y+r.H/2
	for i := range s.Sprites {
		sp := &s.Sprites[i]
		if math.Abs(sp.X+sp.W/2-cx) > 0.5 || math.Abs(sp.Y+sp.H/2-cy) > 0.5 {
			continue
		}
		switch {
		case sp.Kind == scene.Disc && sp.W < r.W*0.5 && sp.Color.G == 0x55:
			dot = sp
		case sp.Kind == scene.Ring && sp.Color.R == 0xe0 && sp.Color.G == 0x1c:
			ring = sp
		}
	}
	return dot, ring
}
