package assets

import (
	"bytes"
	"fmt"
	"image"
	"sync"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"

	"github.com/krieg/krieg/game"
)

// PieceArt rasterizes the embedded piece set (Colin M.L. Burnett's, as
// lichess draws it) at any size, caching each size it has drawn.
// Its methods are safe for concurrent use.
type PieceArt struct {
	mu     sync.Mutex
	icons  [2][game.King + 1]*oksvg.SvgIcon
	images map[pieceKey]*image.RGBA
}

type pieceKey struct {
	c    game.Color
	t    game.PieceType
	size int
}

// pieceLetters names the piece files: pieces/wK.svg and so on.
const pieceLetters = "PNBRQK"

// NewPieceArt parses the embedded piece set.
func NewPieceArt() (*PieceArt, error) {
	a := &PieceArt{images: map[pieceKey]*image.RGBA{}}
	for _, c := range []game.Color{game.White, game.Black} {
		for t := game.Pawn; t <= game.King; t++ {
			name := fmt.Sprintf("pieces/%c%c.svg", "wb"[c], pieceLetters[t-game.Pawn])
			b, err := read(name)
			if err != nil {
				return nil, err
			}
			icon, err := oksvg.ReadIconStream(bytes.NewReader(b), oksvg.StrictErrorMode)
			if err != nil {
				return nil, fmt.Errorf("assets: %s: %w", name, err)
			}
			a.icons[c][t] = icon
		}
	}
	return a, nil
}

// Image returns c's piece of type t drawn in a size×size square (size ≥ 1).
// The image is shared: callers must not modify it.
func (a *PieceArt) Image(c game.Color, t game.PieceType, size int) *image.RGBA {
	size = max(size, 1)
	k := pieceKey{c, t, size}
	a.mu.Lock()
	defer a.mu.Unlock()
	if img, ok := a.images[k]; ok {
		return img
	}
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	icon := a.icons[c][t]
	icon.SetTarget(0, 0, float64(size), float64(size))
	scanner := rasterx.NewScannerGV(size, size, img, img.Bounds())
	icon.Draw(rasterx.NewDasher(size, size, scanner), 1)
	a.images[k] = img
	return img
}
