package scene

import (
	"fmt"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// The attempt preview (rule B4) on the target dots of a picked-up man:
// the dot's size and fill say how likely the referee accepts the attempt,
// a red ring how likely the man can be taken on the reply; hovering the
// square lists the three numbers.

// Preview dot geometry, as fractions of a square: an attempt that is surely
// accepted gets the largest dot, one never accepted the smallest.
const (
	previewMinDot  = 0.12
	previewMaxDot  = 0.42
	previewRing    = 0.66
	previewStroke  = 0.07
	previewNoticed = 0.05 // danger below this draws no ring
)

var (
	previewDot  = rgb(0x14, 0x55, 0x1e) // the selection's green
	dangerRed   = rgb(0xe0, 0x1c, 0x1c)
	nonsenseDot = rgb(0x70, 0x70, 0x70)
)

// previewTarget returns the preview of the selected man's attempt on sq.
func (f *Frame) previewTarget(sq game.Square) (controller.Target, bool) {
	if f.Selected == game.NoSquare {
		return controller.Target{}, false
	}
	for _, t := range f.Preview {
		if t.To == sq && t.Move.From() == f.Selected {
			return t, true
		}
	}
	return controller.Target{}, false
}

// previewDots draws the selected man's targets with their preview and
// reports whether it did; without a preview the plain dots are drawn.
func (s *Scene) previewDots(f *Frame) bool {
	if len(f.Preview) == 0 || f.Selected == game.NoSquare || f.Assist != AssistFull {
		return false
	}
	sq := s.Layout.Square
	for x := f.Dests; x != 0; {
		at := x.PopFirst()
		r := s.Layout.SquareRect(at)
		t, ok := f.previewTarget(at)
		if !ok || !t.Allowed {
			d := sq * previewMinDot
			s.add(Sprite{Kind: Disc, X: r.X + (sq-d)/2, Y: r.Y + (sq-d)/2, W: d, H: d, Color: nonsenseDot, Alpha: 0.6})
			continue
		}
		d := sq * (previewMinDot + (previewMaxDot-previewMinDot)*t.Accept)
		s.add(Sprite{Kind: Disc, X: r.X + (sq-d)/2, Y: r.Y + (sq-d)/2, W: d, H: d, Color: previewDot, Alpha: 0.3 + 0.55*t.Accept})
		if t.Danger >= previewNoticed && t.Accept > 0 {
			w := sq * previewRing
			s.add(Sprite{Kind: Ring, X: r.X + (sq-w)/2, Y: r.Y + (sq-w)/2, W: w, H: w, Color: dangerRed,
				Alpha: 0.35 + 0.65*t.Danger, Stroke: max(1.5, sq*previewStroke)})
		}
	}
	return true
}

// PreviewLines returns the hover text of the selected man's attempt on sq:
// the chance of acceptance, of a capture and of the man being taken.
func PreviewLines(f *Frame, sq game.Square) []string {
	t, ok := f.previewTarget(sq)
	if !ok || f.Assist != AssistFull {
		return nil
	}
	if !t.Allowed {
		return []string{fmt.Sprintf("attempt %s: the referee would call it nonsense now", t.Move)}
	}
	lines := []string{fmt.Sprintf("attempt %s: accepted %.0f%%, captures %.0f%%", t.Move, 100*t.Accept, 100*t.Capture)}
	switch {
	case t.FromB1:
		lines = append(lines, "  (from the belief's sets: no boards held, danger not estimated)")
	case t.Accept > 0:
		lines = append(lines, fmt.Sprintf("  if accepted, the man can be taken: %.0f%%", 100*t.Danger))
	}
	return lines
}
