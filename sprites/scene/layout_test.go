package scene

import (
	"testing"

	"github.com/krieg/krieg/game"
)

func TestSquareAt(t *testing.T) {
	l := NewLayout(1000, 700, false)
	f := NewLayout(1000, 700, true)
	sq := l.Square
	tests := []struct {
		name   string
		l      Layout
		x, y   float64
		want   game.Square
		wantOK bool
	}{
		{"a8 top left", l, l.Board.X + 1, l.Board.Y + 1, game.A8, true},
		{"h1 bottom right", l, l.Board.X + l.Board.W - 1, l.Board.Y + l.Board.H - 1, game.H1, true},
		{"e2", l, l.Board.X + 4.5*sq, l.Board.Y + 6.5*sq, game.E2, true},
		{"flipped: h1 top left", f, f.Board.X + 1, f.Board.Y + 1, game.H1, true},
		{"flipped: e7", f, f.Board.X + 3.5*sq, f.Board.Y + 6.5*sq, game.E7, true},
		{"left of the board", l, l.Board.X - 1, l.Board.Y + 10, game.NoSquare, false},
		{"below the board", l, l.Board.X + 10, l.Board.Y + l.Board.H, game.NoSquare, false},
		{"in the panel", l, l.Panel.X + 5, l.Panel.Y + 5, game.NoSquare, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.l.SquareAt(tt.x, tt.y)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("SquareAt(%v, %v) = %v, %v; want %v, %v", tt.x, tt.y, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestSquareRectRoundTrip(t *testing.T) {
	for _, size := range [][2]int{{1000, 700}, {640, 480}, {1920, 1080}, {500, 900}} {
		for _, flipped := range []bool{false, true} {
			l := NewLayout(size[0], size[1], flipped)
			if l.Square != float64(int(l.Square)) {
				t.Errorf("%v: square side %v is not whole pixels", size, l.Square)
			}
			if l.Board.Y+l.Board.H > float64(size[1]) || l.Board.X+l.Board.W > float64(size[0]) {
				t.Errorf("%v: board %v leaves the window", size, l.Board)
			}
			for s := game.A1; s <= game.H8; s++ {
				r := l.SquareRect(s)
				got, ok := l.SquareAt(r.X+r.W/2, r.Y+r.H/2)
				if !ok || got != s {
					t.Fatalf("%v flipped=%v: centre of %v maps to %v, %v", size, flipped, s, got, ok)
				}
			}
		}
	}
}
