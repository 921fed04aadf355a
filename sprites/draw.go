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
}

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
	d := &Drawer{art: art, pieces: map[pieceKey]*ebiten.Image{}, faces: map[faceKey]*text.GoTextFace{}}
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
	for i := range s.Sprites {
		d.sprite(dst, &s.Sprites[i])
	}
}

// sprite paints one sprite.
func (d *Drawer) sprite(dst *ebiten.Image, sp *scene.Sprite) {
	c := premultiplied(sp.Color, sp.Alpha)
	x, y, w, h := float32(sp.X), float32(sp.Y), float32(sp.W), float32(sp.H)
	switch sp.Kind {
	case scene.Rect:
		vector.FillRect(dst, x, y, w, h, c, false)
	case scene.Disc:
		vector.FillCircle(dst, x+w/2, y+h/2, w/2, c, true)
	case scene.Ring:
		s := float32(sp.Stroke)
		vector.StrokeCircle(dst, x+w/2, y+h/2, w/2-s/2, s, c, true)
	case scene.Piece:
		img := d.piece(sp.Piece, int(sp.W+0.5))
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(int(sp.X+0.5)), float64(int(sp.Y+0.5)))
		op.ColorScale.ScaleAlpha(float32(sp.Alpha))
		dst.DrawImage(img, op)
	case scene.Text:
		op := &text.DrawOptions{}
		op.LayoutOptions.SecondaryAlign = text.AlignCenter
		tx := sp.X
		switch sp.Align {
		case scene.Center:
			op.LayoutOptions.PrimaryAlign = text.AlignCenter
			tx += sp.W / 2
		case scene.Right:
			op.LayoutOptions.PrimaryAlign = text.AlignEnd
			tx += sp.W
		}
		op.GeoM.Translate(tx, sp.Y+sp.H/2)
		op.ColorScale.ScaleWithColor(c)
		text.Draw(dst, sp.Text, d.face(sp.Font, sp.Size), op)
	}
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
