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
	minSquare  = 16
	sliderSize = 28 // the replay slider under the board
)

// NewLayout lays out a W×H window.
func NewLayout(w, h int, flipped bool) Layout {
	l := Layout{W: w, H: h, Flipped: flipped}
	fw, fh := float64(w), float64(h)
	// The panel grows with the window's height, so its text can too.
	panelWant := math.Max(panelMin, fh*0.46)
	side := math.Min(fh-2*margin-sliderSize, fw-3*margin-panelWant)
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
	// The panel takes the width the board leaves, up to a limit; past it
	// board and panel stand together in the middle.
	panel := math.Max(0, fw-3*margin-8*l.Square)
	x := float64(margin)
	if most := math.Floor(panelWant * 1.6); panel > most {
		x += math.Floor((panel - most) / 2)
		panel = most
	}
	l.Board = Rectangle{x, margin, 8 * l.Square, 8 * l.Square}
	l.Panel = Rectangle{l.Board.X + l.Board.W + margin, margin, panel, fh - 2*margin}
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

// Window sizes: what the window opens at when the screen has room, and the
// least it may be made.
const (
	PreferredW, PreferredH = 1100, 720
	MinWindowW, MinWindowH = 640, 400
)

// WindowSize returns the size a window opens at on a screen of sw×sh
// (logical pixels): most of the screen, leaving a margin for the window's
// frame and the desktop's bars (85 % of the height, 90 % of the width at
// most), no wider than 16:10 on a large screen. A zero screen size
// (unknown) gives the preferred size.
func WindowSize(sw, sh int) (w, h int) {
	if sw <= 0 || sh <= 0 {
		return PreferredW, PreferredH
	}
	h = sh * 85 / 100
	w = min(sw*9/10, max(h*16/10, PreferredW))
	return max(w, min(MinWindowW, sw)), max(h, min(MinWindowH, sh))
}
