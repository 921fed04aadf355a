package sprites

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/sprites/scene"
)

// TestHandOverButtons: the pointer is a hand over a button and the arrow
// over the board's squares and the panel's plain text.
func TestHandOverButtons(t *testing.T) {
	s := scene.Build(scene.Frame{Mode: scene.NewGameScreen, W: 1280, H: 800, Show: scene.DefaultShow})
	if len(s.Hits) == 0 {
		t.Fatal("the new-game screen has no buttons")
	}
	b := s.Hits[0].R
	if got := cursorFor(&s, b.X+b.W/2, b.Y+b.H/2); got != ebiten.CursorShapePointer {
		t.Fatalf("over a button: %v; want the hand", got)
	}
	sq := s.Layout.SquareRect(0)
	if got := cursorFor(&s, sq.X+sq.W/2, sq.Y+sq.H/2); got != ebiten.CursorShapeDefault {
		t.Fatalf("over a square: %v; want the arrow", got)
	}
}
