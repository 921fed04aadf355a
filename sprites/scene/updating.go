package scene

import (
	"math"

	"github.com/krieg/krieg/assets"
)

// updatingMark says, while the tokens on show are not yet the newest
// message's, "updating…" by the board whatever the panel shows: under it,
// at its right end, in the strip the replay's slider takes, since over the
// board it hid the top corner's squares and their tokens.
func (s *Scene) updatingMark(f *Frame) {
	if f.Mode != PlayScreen || f.Assist == AssistOff || !f.Settling() {
		return
	}
	const text = "updating…"
	l := s.Layout
	h := math.Min(l.Square*0.36, sliderSize-4) // the layout leaves sliderSize and a margin under the board
	size := math.Floor(h * 0.7)
	w := math.Min(Measure(text, assets.Regular, size)+h, l.Board.W)
	r := Rectangle{l.Board.X + l.Board.W - w, l.Board.Y + l.Board.H + 4, w, h}
	s.rect(r, panelBG, 0.8)
	s.text(r, text, assets.Regular, size, textMain, Center)
}
