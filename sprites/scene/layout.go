package scene

import (
	"math"

	"github.com/krieg/krieg/game"
)

// Layout is the geometry of a window of W×H pixels: the board on the left,
// as large as fits, whole pixels per square so it scales crisply, and the
// panel on its right (below it when the window is tall and narrow).
type Layout struct {
	W, H    int
	Flipped bool // Black at the bottom
	Board   Rectangle
	Square  float64 // side of one square
	Panel   Rectangle
}

// Geometry limits.
const (
	margin     = 12
	panelMin   = 320 // narrowest panel beside the board
	panelMax   = 460
	minSquare  = 16
	sliderSize = 28 // the replay slider under the board
)

// NewLayout lays out a W×H window.
func NewLayout(w, h int, flipped bool) Layout {
	l := Layout{W: w, H: h, Flipped: flipped}
	fw, fh := float64(w), float64(h)
	side := math.Min(fh-2*margin-sliderSize, fw-3*margin-panelMin)
	if wide := fw >= fh; !wide && side < fw-2*margin {
		// Portrait: board on top, panel underneath.
		side = math.Min(fw-2*margin, fh*0.6)
		l.Square = math.Max(minSquare, math.Floor(side/8))
		l.Board = Rectangle{margin, margin, 8 * l.Square, 8 * l.Square}
		top := l.Board.Y + l.Board.H + sliderSize + margin
		l.Panel = Rectangle{margin, top, fw - 2*margin, math.Max(0, fh-top-margin)}
		return l
	}
	l.Square = math.Max(minSquare, math.Floor(side/8))
	l.Board = Rectangle{margin, margin, 8 * l.Square, 8 * l.Square}
	left := l.Board.X + l.Board.W + margin
	l.Panel = Rectangle{left, margin, math.Min(panelMax, math.Max(0, fw-left-margin)), fh - 2*margin}
	return l
}

// SquareAt returns the square under pixel (x, y); ok is false off the board.
func (l Layout) SquareAt(x, y float64) (s game.Square, ok bool) {
	if !l.Board.Contains(x, y) {
		return game.NoSquare, false
	}
	f := int((x - l.Board.X) / l.Square)
	r := 7 - int((y-l.Board.Y)/l.Square)
	if l.Flipped {
		f, r = 7-f, 7-r
	}
	return game.NewSquare(f, r), true
}

// SquareRect returns the box of square s.
func (l Layout) SquareRect(s game.Square) Rectangle {
	col, row := s.File(), 7-s.Rank()
	if l.Flipped {
		col, row = 7-col, 7-row
	}
	return Rectangle{l.Board.X + float64(col)*l.Square, l.Board.Y + float64(row)*l.Square, l.Square, l.Square}
}

// Slider is the replay slider's track, under the board.
func (l Layout) Slider() Rectangle {
	return Rectangle{l.Board.X, l.Board.Y + l.Board.H + 6, l.Board.W, sliderSize - 10}
}
