package sprites

import (
	"fmt"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowResizeNoClip resizes the real window to three sizes, on the
// new-game screen and in a game, and checks that the scene it draws has no
// text run cut by its box, the panel or the window.
func TestWindowResizeNoClip(t *testing.T) {
	app := newLocalApp(t, &scripted{moves: []string{"e7e5"}})
	h.show(app)
	sizes := [][2]int{{800, 500}, {1100, 720}, {1280, 800}}
	check := func(screen string) {
		for _, size := range sizes {
			t.Run(fmt.Sprintf("%s/%dx%d", screen, size[0], size[1]), func(t *testing.T) {
				h.do(func() { ebiten.SetWindowSize(size[0], size[1]) })
				h.waitFor(t, "the window to take the size", 5*time.Second, func() bool {
					return app.scene.W == size[0] && app.scene.H == size[1]
				})
				h.do(func() {
					for _, c := range app.scene.Clipped() {
						t.Error(c)
					}
				})
			})
		}
	}
	check("newgame")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "e2e4"}, Intent{Kind: Submit}) })
	h.waitFor(t, "1. e4 e5", 5*time.Second, atPly(app, 2))
	check("play")
	h.do(func() { ebiten.SetWindowSize(1000, 680) })
}
