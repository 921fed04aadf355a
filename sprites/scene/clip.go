package scene

import (
	"fmt"
	"math"
)

// Clipped lists the text runs of s that would be cut when drawn: wider
// than their box at their size, taller than it, outside the window, or
// (for the panel's text) outside the panel. The tooltip may overlap the
// panel. Window tests and scene tests check it is empty at every size.
func (s *Scene) Clipped() []string {
	var out []string
	p := s.Layout.Panel
	win := Rectangle{0, 0, float64(s.W), float64(s.H)}
	for i, sp := range s.Sprites {
		if sp.Kind != Text {
			continue
		}
		box := Rectangle{sp.X, sp.Y, sp.W, sp.H}
		if w := Measure(sp.Text, sp.Font, sp.Size); w > sp.W+0.01 {
			out = append(out, fmt.Sprintf("%q at %.1fpx is %.1f wide in a box %.1f wide", sp.Text, sp.Size, w, sp.W))
		}
		if sp.Size != math.Floor(sp.Size) {
			out = append(out, fmt.Sprintf("%q at %vpx: not a whole size (the window would draw it at the next one, wider)", sp.Text, sp.Size))
		}
		if sp.Size > sp.H*1.05 {
			out = append(out, fmt.Sprintf("%q at %.1fpx in a box %.1f high", sp.Text, sp.Size, sp.H))
		}
		if !box.within(win) {
			out = append(out, fmt.Sprintf("%q: box %+v leaves the %dx%d window", sp.Text, box, s.W, s.H))
		}
		if o := s.Overlay; o.W > 0 && i >= s.overlayFrom {
			if !box.within(o) {
				out = append(out, fmt.Sprintf("%q: box %+v leaves the overlay %+v", sp.Text, box, o))
			}
			continue
		}
		if p.Contains(sp.X+0.5, sp.Y+0.5) && !box.within(p) && !s.onTooltip(box) {
			out = append(out, fmt.Sprintf("%q: box %+v leaves the panel %+v", sp.Text, box, p))
		}
	}
	return out
}

// onTooltip reports whether box lies on the tooltip's background.
func (s *Scene) onTooltip(box Rectangle) bool {
	for _, o := range s.Sprites {
		if o.Kind == Rect && o.Color == tooltipBG && box.within(Rectangle{o.X, o.Y, o.W, o.H}) {
			return true
		}
	}
	return false
}

// within reports whether r lies inside b, with half a pixel of slack.
func (r Rectangle) within(b Rectangle) bool {
	const e = 0.5
	return r.X >= b.X-e && r.Y >= b.Y-e && r.X+r.W <= b.X+b.W+e && r.Y+r.H <= b.Y+b.H+e
}
