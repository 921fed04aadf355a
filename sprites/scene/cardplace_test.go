package scene

import (
	"testing"

	"github.com/krieg/krieg/game"
)

// card is the hover card's rectangle in s, if one is drawn.
func card(s *Scene) (Rectangle, bool) {
	for _, sp := range s.Sprites {
		if sp.Kind == Rect && sp.Color == tooltipBG {
			return Rectangle{sp.X, sp.Y, sp.W, sp.H}, true
		}
	}
	return Rectangle{}, false
}

// hovering is White's start at w×h with the pointer on sq.
func hovering(w, h int, sq game.Square) Frame {
	f := playFrame(w, h)
	r := NewLayout(w, h, false).SquareRect(sq)
	f.Hover, f.HoverX, f.HoverY = true, r.X+r.W/2, r.Y+r.H/2
	return f
}

// TestHoverCardLeavesTheNeighbours: the hover card over an enemy token
// covers neither its square nor any square next to it, wherever on the
// board the square is and at the window sizes krieg opens (an outside
// tester found it over the men beside the square, and over the man
// picked up and its dots).
func TestHoverCardLeavesTheNeighbours(t *testing.T) {
	for _, size := range [][2]int{{1280, 800}, {1100, 680}, {900, 560}} {
		l := NewLayout(size[0], size[1], false)
		for _, sq := range []game.Square{game.A8, game.D7, game.H7, game.E8, game.B7} {
			s := Build(hovering(size[0], size[1], sq))
			c, ok := card(&s)
			if !ok {
				t.Fatalf("%v at %dx%d: no card over an enemy token", sq, size[0], size[1])
			}
			r := l.SquareRect(sq)
			if near := (Rectangle{r.X - r.W, r.Y - r.H, r.W * 3, r.H * 3}); overlaps(c, near) {
				t.Errorf("%v at %dx%d: the card %v covers the square or its neighbours %v", sq, size[0], size[1], c, near)
			}
		}
	}
}

// TestHoverCardWhileAManIsPickedUp: with a man picked up, the card shows
// only over one of its targets (the attempt preview's chances), away from
// the man; over any other square, and while a man is dragged, none.
func TestHoverCardWhileAManIsPickedUp(t *testing.T) {
	f := hovering(1280, 800, game.D7)
	f.Selected, f.Dests = game.G1, game.F3.Bit()|game.H3.Bit()
	if s := Build(f); hasCard(&s) {
		t.Error("a man picked up on g1: a card over d7, not one of its targets")
	}
	f.Drag = &Drag{From: game.G1, X: f.HoverX, Y: f.HoverY}
	f.Selected = game.NoSquare
	if s := Build(f); hasCard(&s) {
		t.Error("a man dragged: a card")
	}
}

// hasCard reports whether s draws a hover card.
func hasCard(s *Scene) bool { _, ok := card(s); return ok }

// TestCardPlaceLeavesTheManPickedUp: a card over a target stands off the
// man picked up as well as off the target and its neighbours.
func TestCardPlaceLeavesTheManPickedUp(t *testing.T) {
	l := NewLayout(1280, 800, false)
	for _, c := range [][2]game.Square{{game.F3, game.G1}, {game.E4, game.E2}, {game.C6, game.B8}} {
		x, y := l.cardPlace(c[0], c[1].Bit(), l.Square*3, l.Square*1.5)
		card, r := Rectangle{x, y, l.Square * 3, l.Square * 1.5}, l.SquareRect(c[0])
		if overlaps(card, l.SquareRect(c[1])) || overlaps(card, Rectangle{r.X - r.W, r.Y - r.H, r.W * 3, r.H * 3}) {
			t.Errorf("target %v, man on %v: the card %v covers one of them", c[0], c[1], card)
		}
	}
}
