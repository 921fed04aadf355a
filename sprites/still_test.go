package sprites

import (
	"bytes"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/sprites/scene"
)

// screenBytes reads what the window shows after its next frame.
func screenBytes() []byte {
	var out []byte
	h.onScreen(func(screen *ebiten.Image) {
		b := screen.Bounds()
		out = make([]byte, 4*b.Dx()*b.Dy())
		screen.ReadPixels(out)
	})
	return out
}

// TestUnchangedFrameNotDrawn: a window at rest draws nothing anew frame
// after frame, yet shows what a frame drawn whole shows; a change (the
// legend opened) is drawn at once.
func TestUnchangedFrameNotDrawn(t *testing.T) {
	app, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	h.show(app)
	defer h.show(nil)
	h.waitFor(t, "two frames drawn", 5*time.Second, func() bool { return app.drawer.still.draws >= 2 })
	var before int
	h.do(func() { before = app.drawer.still.draws })
	rest := screenBytes()
	for i := 0; i < 30; i++ {
		h.do(func() {})
	}
	var after int
	h.do(func() { after = app.drawer.still.draws })
	if after != before {
		t.Fatalf("a window at rest drew %d frames whole of 30 or more; want none", after-before)
	}
	if again := screenBytes(); !bytes.Equal(again, rest) {
		t.Fatal("the screen changed while nothing was drawn")
	}
	h.do(func() { app.drawer.still.always = true })
	whole := screenBytes()
	h.do(func() { app.drawer.still.always = false })
	if !bytes.Equal(whole, rest) {
		t.Fatal("the screen kept between frames differs from the same scene drawn whole")
	}

	h.do(func() {
		before = app.drawer.still.draws
		app.Inject(Intent{Kind: Press, Button: scene.Legend})
	})
	h.waitFor(t, "the legend drawn", 5*time.Second, func() bool { return app.drawer.still.draws > before })
	if open := screenBytes(); bytes.Equal(open, rest) {
		t.Fatal("opening the legend changed nothing on the screen")
	}
}
