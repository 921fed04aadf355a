package scene

import (
	"image/color"
	"testing"
)

// buttonColour is the colour of the rectangle drawn at b's hit region.
func buttonColour(t *testing.T, s *Scene, b Button) color.RGBA {
	t.Helper()
	for _, h := range s.Hits {
		if h.Button != b {
			continue
		}
		for _, sp := range s.Sprites {
			if sp.Kind == Rect && sp.X == h.R.X && sp.Y == h.R.Y && sp.W == h.R.W && sp.H == h.R.H {
				return sp.Color
			}
		}
	}
	t.Fatalf("no button %v drawn", b)
	return color.RGBA{}
}

// TestButtonUnderThePointerLit: the button the pointer rests on is drawn
// lighter, as a browser's are; the others, and every button while the
// legend covers the window or a man is dragged, keep their colour.
func TestButtonUnderThePointerLit(t *testing.T) {
	f := playFrame(1280, 800)
	s := Build(f)
	var flip Hit
	for _, h := range s.Hits {
		if h.Button == Flip {
			flip = h
		}
	}
	if got := buttonColour(t, &s, Flip); got != buttonBG {
		t.Fatalf("Flip with the pointer elsewhere: %v; want %v", got, buttonBG)
	}
	f.Hover, f.HoverX, f.HoverY = true, flip.R.X+flip.R.W/2, flip.R.Y+flip.R.H/2
	s = Build(f)
	if got := buttonColour(t, &s, Flip); got != buttonUnder {
		t.Fatalf("Flip under the pointer: %v; want %v", got, buttonUnder)
	}
	if got := buttonColour(t, &s, Fullscreen); got != buttonBG {
		t.Fatalf("Fullscreen beside it: %v; want %v", got, buttonBG)
	}
	f.Legend = true
	s = Build(f)
	if got := buttonColour(t, &s, Flip); got != buttonBG {
		t.Fatalf("Flip under the pointer with the legend open: %v; want %v", got, buttonBG)
	}
}
