package sprites

import (
	"bytes"
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"github.com/krieg/krieg/assets"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/sprites/scene"
)

// Drawer paints a scene.Scene with Ebitengine: the window's twin of the CPU
// drawer in sprites/raster. It caches the piece images per size and the
// font faces per size.
type Drawer struct {
	art     *assets.PieceArt
	sources [3]*text.GoTextFaceSource
	pieces  map[pieceKey]*ebiten.Image
	faces   map[faceKey]*text.GoTextFace
	circles map[circleKey]*ebiten.Image
	texts   map[textKey]*textImage
	white   *ebiten.Image
	still   still
}

// circleKey names a white disc or ring image of one size.
type circleKey struct {
	d, stroke int // diameter and ring width in pixels (0: a disc)
}

// textKey names a line of text rendered once in white.
type textKey struct {
	s    string
	f    assets.Font
	size float64
}

// textImage is a rendered line and the offset of its box's left edge and
// vertical centre within it.
type textImage struct {
	img  *ebiten.Image
	w    float64
	used bool
}

// maxTexts bounds the rendered-text cache; past it, lines not drawn since
// the last sweep are dropped.
const maxTexts = 600

type pieceKey struct {
	p    game.Piece
	size int
}

type faceKey struct {
	f    assets.Font
	size float64
}

// NewDrawer decodes the assets the window needs.
func NewDrawer() (*Drawer, error) {
	art, err := assets.NewPieceArt()
	if err != nil {
		return nil, fmt.Errorf("sprites: %w", err)
	}
	d := &Drawer{art: art, pieces: map[pieceKey]*ebiten.Image{}, faces: map[faceKey]*text.GoTextFace{},
		circles: map[circleKey]*ebiten.Image{}, texts: map[textKey]*textImage{}}
	d.white = ebiten.NewImage(1, 1)
	d.white.Fill(color.White)
	for _, f := range []assets.Font{assets.Regular, assets.Bold, assets.Mono} {
		src, err := text.NewGoTextFaceSource(bytes.NewReader(f.TTF()))
		if err != nil {
			return nil, fmt.Errorf("sprites: font %d: %w", f, err)
		}
		d.sources[f] = src
	}
	return d, nil
}

// Draw paints s onto dst.
func (d *Drawer) Draw(dst *ebiten.Image, s *scene.Scene) {
	if d.still.same(dst, s) {
		return
	}
	dst.Clear() // the screen is kept between frames (still)
	for i := range s.Sprites {
		d.sprite(dst, &s.Sprites[i])
	}
	if len(d.texts) > maxTexts {
		for k, t := range d.texts {
			if !t.used {
				t.img.Deallocate()
				delete(d.texts, k)
			}
			t.used = false
		}
	}
	d.still.drawn(dst, s)
}

// sprite paints one sprite. Rectangles are a stretched white pixel; discs,
// rings and text are drawn once per size into white images and then tinted,
// so a frame is a few hundred cheap image draws.
func (d *Drawer) sprite(dst *ebiten.Image, sp *scene.Sprite) {
	op := &ebiten.DrawImageOptions{}
	tint := func() { op.ColorScale.ScaleWithColor(premultiplied(sp.Color, sp.Alpha)) }
	switch sp.Kind {
	case scene.Rect:
		op.GeoM.Scale(sp.W, sp.H)
		op.GeoM.Translate(sp.X, sp.Y)
		tint()
		dst.DrawImage(d.white, op)
	case scene.Disc, scene.Ring:
		k := circleKey{d: int(sp.W + 0.5)}
		if sp.Kind == scene.Ring {
			k.stroke = max(1, int(sp.Stroke+0.5))
		}
		op.GeoM.Translate(float64(int(sp.X+0.5)), float64(int(sp.Y+0.5)))
		tint()
		dst.DrawImage(d.circle(k), op)
	case scene.Piece:
		img := d.piece(sp.Piece, int(sp.W+0.5))
		op.GeoM.Translate(float64(int(sp.X+0.5)), float64(int(sp.Y+0.5)))
		op.ColorScale.ScaleAlpha(float32(sp.Alpha))
		dst.DrawImage(img, op)
	case scene.Text:
		t := d.text(textKey{sp.Text, sp.Font, sp.Size})
		x := sp.X
		switch sp.Align {
		case scene.Center:
			x += (sp.W - t.w) / 2
		case scene.Right:
			x += sp.W - t.w
		}
		b := t.img.Bounds()
		op.GeoM.Translate(float64(int(x+0.5)), float64(int(sp.Y+sp.H/2-float64(b.Dy())/2+0.5)))
		tint()
		dst.DrawImage(t.img, op)
	}
}

// circle returns a white disc or ring of k's size, drawn once.
func (d *Drawer) circle(k circleKey) *ebiten.Image {
	if img, ok := d.circles[k]; ok {
		return img
	}
	img := ebiten.NewImage(max(k.d, 1), max(k.d, 1))
	r := float32(k.d) / 2
	if k.stroke == 0 {
		vector.FillCircle(img, r, r, r, color.White, true)
	} else {
		s := float32(k.stroke)
		vector.StrokeCircle(img, r, r, r-s/2, s, color.White, true)
	}
	d.circles[k] = img
	return img
}

// text returns a line rendered in white, drawn once while it stays in use.
func (d *Drawer) text(k textKey) *textImage {
	if t, ok := d.texts[k]; ok {
		t.used = true
		return t
	}
	face := d.face(k.f, k.size)
	w, h := text.Measure(k.s, face, 0)
	img := ebiten.NewImage(max(int(w+0.999), 1), max(int(h+0.999), 1))
	text.Draw(img, k.s, face, &text.DrawOptions{})
	t := &textImage{img: img, w: w, used: true}
	d.texts[k] = t
	return t
}

// piece returns p's art at size, made once per size.
func (d *Drawer) piece(p game.Piece, size int) *ebiten.Image {
	k := pieceKey{p, max(size, 1)}
	if img, ok := d.pieces[k]; ok {
		return img
	}
	img := ebiten.NewImageFromImage(d.art.Image(p.Color(), p.Type(), k.size))
	d.pieces[k] = img
	return img
}

// face returns font f at size, made once per size.
func (d *Drawer) face(f assets.Font, size float64) *text.GoTextFace {
	k := faceKey{f, size}
	if fc, ok := d.faces[k]; ok {
		return fc
	}
	fc := &text.GoTextFace{Source: d.sources[f], Size: size}
	d.faces[k] = fc
	return fc
}

// premultiplied returns c with its alpha scaled by a, premultiplied as
// Ebitengine's colours are.
func premultiplied(c color.RGBA, a float64) color.RGBA {
	al := float64(c.A) / 255 * max(0, min(1, a))
	return color.RGBA{uint8(float64(c.R)*al + 0.5), uint8(float64(c.G)*al + 0.5), uint8(float64(c.B)*al + 0.5), uint8(al*255 + 0.5)}
}
