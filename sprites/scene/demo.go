package scene

import (
	"math"

	"github.com/krieg/krieg/assets"
	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// DemoScreen is krieg demo's screen: three boards side by side, what White
// believes, the true board and what Black believes, under them the
// referee's latest words and what each side's assistant took from them.
const DemoScreen Mode = 17

// DemoBoard is one of the demo's three boards.
type DemoBoard struct {
	Title    string               // "What White believes · 364 boards"
	View     controller.ViewModel // whose men, tokens and tries it draws
	Truth    *game.Position       // the enemy men as they stand (the true board)
	Anim     *Animator            // the tokens as animated; nil: as they are
	Marks    game.Bitboard        // the squares the caption names
	LastMove game.Move            // the move just made, when this board shows it
	Tokens   bool                 // draw the guess tokens
}

// DemoView is everything the demo screen shows.
type DemoView struct {
	W, H     int
	Tick     int64
	Boards   [3]DemoBoard
	Heading  string   // "Game 2 · move 14 · message 37 of the game"
	Said     string   // the referee's words: "White tries Bb5: Illegal move"
	Inferred []string // what the assistants took from them, in plain words
	Warning  string   // what the viewer should know of the show itself (a record the referee contradicts), in amber
	Status   string   // "1.5 s a step · Space pauses · ← → step · + − speed · Esc quits"
}

// demoGap is the space between and around the demo's boards.
const demoGap = 16

// DemoLayout returns the three boards' boxes on a w×h screen: as large as
// fit side by side with room for their titles above and the caption below,
// whole pixels per square.
func DemoLayout(w, h int) (boards [3]Rectangle, square float64) {
	fw, fh := float64(w), float64(h)
	title := math.Max(16, fh*0.035)
	caption := math.Max(130, fh*0.26)
	square = math.Max(minSquare, math.Floor(math.Min((fw-4*demoGap)/24, (fh-caption-title-2*demoGap)/8)))
	side := 8 * square
	x := math.Floor((fw - 3*side - 2*demoGap) / 2)
	for i := range boards {
		boards[i] = Rectangle{x + float64(i)*(side+demoGap), demoGap + title*1.4, side, side}
	}
	return boards, square
}

// BuildDemo turns the demo's view into a scene. It is pure, as Build is.
func BuildDemo(d DemoView) Scene {
	s := Scene{W: d.W, H: d.H}
	s.rect(Rectangle{0, 0, float64(d.W), float64(d.H)}, background, 1)
	rects, square := DemoLayout(d.W, d.H)
	unit := math.Floor(math.Max(11, math.Min(float64(d.H)*0.024, square*0.34)))
	for i, b := range d.Boards {
		s.Layout = Layout{W: d.W, H: d.H, Board: rects[i], Square: square}
		f := Frame{Mode: DemoScreen, W: d.W, H: d.H, Tick: d.Tick, View: b.View, Truth: b.Truth, Anim: b.Anim,
			Show: DefaultShow, Selected: game.NoSquare, Capture: game.NoSquare, LastMove: b.LastMove, Marks: b.Marks}
		if !b.Tokens {
			f.Assist = AssistOff
		}
		s.board(&f)
		r := rects[i]
		s.text(Rectangle{r.X, r.Y - unit*1.6, r.W, unit * 1.4}, b.Title, assets.Bold, unit*1.1, textMain, Center)
	}
	r := rects[0]
	box := Rectangle{r.X, r.Y + r.H + demoGap, rects[2].X + rects[2].W - r.X, float64(d.H) - r.Y - r.H - 2*demoGap}
	s.rect(box, panelBG, 1)
	c := column{s: &s, r: box.inset(unit * 0.6), unit: unit}
	c.line(d.Heading, assets.Regular, textDim)
	if d.Said != "" {
		c.line(d.Said, assets.Bold, textMain)
	}
	for _, l := range d.Inferred {
		c.line(l, assets.Regular, textOwn)
	}
	if d.Warning != "" {
		c.line(d.Warning, assets.Bold, hintAmber)
	}
	if d.Status != "" {
		st := c.bottom(unit * 1.45)
		s.text(st, d.Status, assets.Regular, unit*0.9, textDim, Left)
	}
	s.Layout = Layout{W: d.W, H: d.H}
	return s
}

// marks outlines the squares a caption names, in the referee's yellow.
func (s *Scene) marks(f *Frame) {
	l := s.Layout
	w := math.Max(2, l.Square*0.07)
	for x := f.Marks; x != 0; {
		r := l.SquareRect(x.PopFirst())
		s.rect(r, blinkMark, 0.3)
		s.frame(r, w, blinkMark, 0.95)
	}
}
