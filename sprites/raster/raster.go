// Package raster is the CPU drawer of a scene: it paints a scene.Scene into
// an image.RGBA with golang.org/x/image, for `krieg render` and for the
// golden tests. It draws the same scene the Ebitengine drawer draws in the
// window.
package raster

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"sync"

	"golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/krieg/krieg/assets"
	"github.com/krieg/krieg/sprites/scene"
)

// Drawer paints scenes. It keeps the rasterized pieces and font faces it
// has made; it is safe for concurrent use.
type Drawer struct {
	art   *assets.PieceArt
	fonts [3]*opentype.Font
	mu    sync.Mutex
	faces map[faceKey]font.Face
}

type faceKey struct {
	f    assets.Font
	size float64
}

// New decodes the assets a Drawer needs.
func New() (*Drawer, error) {
	art, err := assets.NewPieceArt()
	if err != nil {
		return nil, fmt.Errorf("raster: %w", err)
	}
	d := &Drawer{art: art, faces: map[faceKey]font.Face{}}
	for _, f := range []assets.Font{assets.Regular, assets.Bold, assets.Mono} {
		if d.fonts[f], err = f.Parse(); err != nil {
			return nil, fmt.Errorf("raster: %w", err)
		}
	}
	return d, nil
}

// Draw paints s into a new image of its size.
func (d *Drawer) Draw(s *scene.Scene) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, s.W, s.H))
	for i := range s.Sprites {
		d.sprite(img, &s.Sprites[i])
	}
	return img
}

// sprite paints one sprite.
func (d *Drawer) sprite(img *image.RGBA, sp *scene.Sprite) {
	src := image.NewUniform(withAlpha(sp.Color, sp.Alpha))
	switch sp.Kind {
	case scene.Rect:
		r := image.Rect(round(sp.X), round(sp.Y), round(sp.X+sp.W), round(sp.Y+sp.H))
		draw.Draw(img, r, src, image.Point{}, draw.Over)
	case scene.Disc, scene.Ring:
		d.circle(img, sp, src)
	case scene.Piece:
		size := round(sp.W)
		art := d.art.Image(sp.Piece.Color(), sp.Piece.Type(), size)
		at := image.Pt(round(sp.X), round(sp.Y))
		mask := image.NewUniform(color.Alpha{uint8(clamp01(sp.Alpha) * 255)})
		draw.DrawMask(img, art.Bounds().Add(at), art, image.Point{}, mask, image.Point{}, draw.Over)
	case scene.Text:
		d.text(img, sp, src)
	}
}

// circle paints a disc, or a ring Stroke wide, inscribed in the sprite's box.
func (d *Drawer) circle(img *image.RGBA, sp *scene.Sprite, src image.Image) {
	x0, y0 := int(math.Floor(sp.X)), int(math.Floor(sp.Y))
	x1, y1 := int(math.Ceil(sp.X+sp.W)), int(math.Ceil(sp.Y+sp.H))
	w, h := x1-x0, y1-y0
	if w <= 0 || h <= 0 {
		return
	}
	z := vector.NewRasterizer(w, h)
	cx, cy, r := sp.X-float64(x0)+sp.W/2, sp.Y-float64(y0)+sp.H/2, sp.W/2
	Circle(z, cx, cy, r, false)
	if sp.Kind == scene.Ring {
		Circle(z, cx, cy, r-sp.Stroke, true)
	}
	z.Draw(img, image.Rect(x0, y0, x1, y1), src, image.Point{})
}

// kappa places cubic Bézier control points for a quarter circle.
const kappa = 0.5522847498

// Circle adds a circle path to z, counter-clockwise when reverse (so it cuts
// a hole in an earlier clockwise one).
func Circle(z *vector.Rasterizer, cx, cy, r float64, reverse bool) {
	k := r * kappa
	s := 1.0
	if reverse {
		s = -1
	}
	f := func(v float64) float32 { return float32(v) }
	z.MoveTo(f(cx+r), f(cy))
	z.CubeTo(f(cx+r), f(cy+s*k), f(cx+k), f(cy+s*r), f(cx), f(cy+s*r))
	z.CubeTo(f(cx-k), f(cy+s*r), f(cx-r), f(cy+s*k), f(cx-r), f(cy))
	z.CubeTo(f(cx-r), f(cy-s*k), f(cx-k), f(cy-s*r), f(cx), f(cy-s*r))
	z.CubeTo(f(cx+k), f(cy-s*r), f(cx+r), f(cy-s*k), f(cx+r), f(cy))
	z.ClosePath()
}

// text paints a line of text laid out in the sprite's box.
func (d *Drawer) text(img *image.RGBA, sp *scene.Sprite, src image.Image) {
	face := d.face(sp.Font, sp.Size)
	m := face.Metrics()
	width := font.MeasureString(face, sp.Text)
	x := fixed.Int26_6(sp.X * 64)
	switch sp.Align {
	case scene.Center:
		x += (fixed.Int26_6(sp.W*64) - width) / 2
	case scene.Right:
		x += fixed.Int26_6(sp.W*64) - width
	}
	y := fixed.Int26_6(sp.Y*64) + (fixed.Int26_6(sp.H*64)+m.Ascent-m.Descent)/2
	dr := font.Drawer{Dst: img, Src: src, Face: face, Dot: fixed.Point26_6{X: x, Y: y}}
	dr.DrawString(sp.Text)
}

// face returns the face of f at size pixels, made once.
func (d *Drawer) face(f assets.Font, size float64) font.Face {
	d.mu.Lock()
	defer d.mu.Unlock()
	k := faceKey{f, size}
	if fc, ok := d.faces[k]; ok {
		return fc
	}
	fc, err := opentype.NewFace(d.fonts[f], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		// The Go fonts parse and take any positive size; a zero size falls back.
		fc, _ = opentype.NewFace(d.fonts[f], &opentype.FaceOptions{Size: 12, DPI: 72})
	}
	d.faces[k] = fc
	return fc
}

// withAlpha scales c's alpha by a.
func withAlpha(c color.RGBA, a float64) color.NRGBA {
	return color.NRGBA{c.R, c.G, c.B, uint8(math.Round(float64(c.A) * clamp01(a)))}
}

func clamp01(a float64) float64 { return max(0, min(1, a)) }

func round(v float64) int { return int(math.Round(v)) }
