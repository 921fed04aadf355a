// Package scene turns what the board shows (a view model, the user's
// selection and toggles, the panels, the animation clock) into a Scene: a
// flat list of sprites with positions, sizes and alpha. It is pure Go with no
// ebiten, so every picture the board draws can be built and tested without a
// display; two drawers paint a Scene: the Ebitengine one in package sprites
// for the window, and the CPU one in sprites/raster for PNGs and goldens.
package scene

import (
	"image/color"
	"math"

	"github.com/krieg/krieg/assets"
	"github.com/krieg/krieg/game"
)

// Kind is what a sprite draws.
type Kind uint8

// The sprite kinds.
const (
	Rect  Kind = iota // a filled rectangle
	Disc              // a filled circle inscribed in the box
	Ring              // a circle outline inscribed in the box, Stroke wide
	Piece             // the piece art of Piece, filling the box
	Text              // Text in Font at Size pixels, laid out in the box by Align
)

// Align places text inside its box (always centred vertically).
type Align uint8

// The alignments.
const (
	Left Align = iota
	Center
	Right
)

// Sprite is one thing to draw. X, Y, W, H is its box in pixels; Color is a
// straight (not premultiplied) colour whose alpha Alpha further scales.
type Sprite struct {
	Kind       Kind
	X, Y, W, H float64
	Color      color.RGBA
	Alpha      float64
	Stroke     float64    // Ring
	Piece      game.Piece // Piece
	Text       string     // Text
	Font       assets.Font
	Size       float64 // Text: pixel height of the font
	Align      Align
}

// Hit is a clickable region of the scene and what clicking it means.
type Hit struct {
	R      Rectangle
	Button Button
	Ply    int // JumpPly: the ply to show
}

// Scene is one frame: a W×H picture drawn back to front, and its clickable
// regions.
type Scene struct {
	W, H    int
	Sprites []Sprite
	Hits    []Hit
	// Layout is the board geometry the scene was built with, for mapping
	// pointer positions to squares.
	Layout Layout
	// Secret: the line being typed is a password, which takes every
	// character ("?" too, which elsewhere opens the legend).
	Secret bool
	// Overlay is the box of a panel drawn over the rest (the legend), if any.
	Overlay Rectangle
	// overlayFrom is the index of the overlay's first sprite.
	overlayFrom int
	// pointer is where the pointer rests, for lighting the button under
	// it; on is false while it rests nowhere or the legend covers all.
	pointer struct {
		x, y float64
		on   bool
	}
}

// HitAt returns the clickable region under (x, y), if any.
func (s *Scene) HitAt(x, y float64) (Hit, bool) {
	for i := len(s.Hits) - 1; i >= 0; i-- {
		if s.Hits[i].R.Contains(x, y) {
			return s.Hits[i], true
		}
	}
	return Hit{}, false
}

// add appends a sprite.
func (s *Scene) add(sp Sprite) { s.Sprites = append(s.Sprites, sp) }

// rect adds a filled rectangle.
func (s *Scene) rect(r Rectangle, c color.RGBA, alpha float64) {
	s.add(Sprite{Kind: Rect, X: r.X, Y: r.Y, W: r.W, H: r.H, Color: c, Alpha: alpha})
}

// frame draws the edges of r, w wide, inside it.
func (s *Scene) frame(r Rectangle, w float64, c color.RGBA, alpha float64) {
	for _, e := range []Rectangle{{r.X, r.Y, r.W, w}, {r.X, r.Y + r.H - w, r.W, w}, {r.X, r.Y, w, r.H}, {r.X + r.W - w, r.Y, w, r.H}} {
		s.rect(e, c, alpha)
	}
}

// text adds a line of text, shrunk if need be to fit its box's width, at a
// whole pixel size.
func (s *Scene) text(r Rectangle, str string, f assets.Font, size float64, c color.RGBA, a Align) {
	if str == "" {
		return
	}
	// Whole pixel sizes: the window's drawer sets a fractional size as the
	// next whole one, so a fractional size would draw wider than measured.
	size = max(1, math.Floor(Fit(str, f, size, r.W)))
	s.add(Sprite{Kind: Text, X: r.X, Y: r.Y, W: r.W, H: r.H, Text: str, Font: f, Size: size, Color: c, Alpha: 1, Align: a})
}

// Rectangle is a box in pixels.
type Rectangle struct{ X, Y, W, H float64 }

// Contains reports whether (x, y) is inside r.
func (r Rectangle) Contains(x, y float64) bool {
	return x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// inset returns r shrunk by d on every side.
func (r Rectangle) inset(d float64) Rectangle {
	return Rectangle{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d}
}

// rgb is a shorthand for an opaque colour.
func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }
