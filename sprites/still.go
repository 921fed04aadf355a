package sprites

import (
	"slices"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/sprites/scene"
)

// still lets a frame whose scene is the one on the screen already go
// undrawn. A board waiting for the player changes a few times a second at
// most (a clock's figure, a hover), and drawing its few hundred sprites
// sixty times a second kept a core busy under a software renderer and
// drains a laptop's battery. Ebitengine is told to keep the screen between
// frames (SetScreenClearedEveryFrame), so an undrawn frame shows the last.
type still struct {
	kept   int            // frames drawn since the screen was kept between frames
	dst    *ebiten.Image  // the screen drawn on last
	w, h   int            // its size then
	shown  []scene.Sprite // the sprites drawn on it then
	always bool           // draw every frame: the benchmarks that time the drawing set it
	draws  int            // frames drawn whole, for the tests
}

// same reports whether drawing s on dst would paint what dst shows.
func (st *still) same(dst *ebiten.Image, s *scene.Scene) bool {
	b := dst.Bounds()
	// The setting takes effect from the next frame: only a frame drawn
	// after one under it may be relied on to be kept.
	return st.kept >= 2 && !st.always && dst == st.dst && b.Dx() == st.w && b.Dy() == st.h &&
		slices.Equal(s.Sprites, st.shown)
}

// drawn records that s was drawn whole on dst.
func (st *still) drawn(dst *ebiten.Image, s *scene.Scene) {
	if st.kept == 0 {
		ebiten.SetScreenClearedEveryFrame(false)
	}
	st.kept = min(st.kept+1, 2)
	st.draws++
	st.dst, st.w, st.h = dst, dst.Bounds().Dx(), dst.Bounds().Dy()
	st.shown = append(st.shown[:0], s.Sprites...)
}
