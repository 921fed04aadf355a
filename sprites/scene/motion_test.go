package scene

import (
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// pieceAt returns the box of the first sprite drawing p, and its alpha.
func pieceAt(s *Scene, p game.Piece) (Rectangle, float64, bool) {
	for _, sp := range s.Sprites {
		if sp.Kind == Piece && sp.Piece == p {
			return Rectangle{sp.X, sp.Y, sp.W, sp.H}, sp.Alpha, true
		}
	}
	return Rectangle{}, 0, false
}

func TestMotion(t *testing.T) {
	pos, err := game.ParseFEN("4k3/8/8/8/8/5N2/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	v := controller.New(game.White, referee.Wild16, pos, controller.Options{BeliefOnly: true}).View()
	knight := game.NewPiece(game.White, game.Knight)
	rook := game.NewPiece(game.White, game.Rook)
	base := Frame{Mode: PlayScreen, W: 1000, H: 640, View: v, Selected: game.NoSquare, Capture: game.NoSquare,
		Motions: []Motion{
			{Kind: Slide, From: game.G1, To: game.F3, Start: 0},
			{Kind: FadeOut, From: game.A1, Piece: rook, Start: 0},
			{Kind: Blink, From: game.D5, Start: 0},
		}}
	l := NewLayout(1000, 640, false)
	g1, f3 := l.SquareRect(game.G1), l.SquareRect(game.F3)

	cases := []struct {
		name   string
		tick   int64
		reduce bool
		// want: the knight strictly between g1 and f3 (moving), the rook
		// drawn, the d5 flash drawn.
		moving, rook, blink bool
	}{
		{"mid-slide", SlideTicks / 2, false, true, true, true},
		{"slide over", SlideTicks, false, false, true, true},
		{"all over", BlinkTicks, false, false, false, false},
		{"reduced motion", SlideTicks / 2, true, false, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := base
			f.Tick, f.ReduceMotion = c.tick, c.reduce
			s := Build(f)
			r, _, ok := pieceAt(&s, knight)
			if !ok {
				t.Fatal("no knight drawn")
			}
			between := r.X < g1.X && r.X > f3.X && r.Y < g1.Y && r.Y > f3.Y
			if between != c.moving || !c.moving && r != f3 {
				t.Errorf("knight at %+v (g1 %+v, f3 %+v); want moving=%v", r, g1, f3, c.moving)
			}
			if _, a, ok := pieceAt(&s, rook); ok != c.rook || ok && (a <= 0 || a >= 1) {
				t.Errorf("fading rook drawn %v with alpha %v; want drawn=%v, half faded", ok, a, c.rook)
			}
			d5 := l.SquareRect(game.D5)
			got := false
			for _, sp := range s.Sprites {
				if sp.Kind == Rect && sp.Color == blinkMark && sp.X == d5.X && sp.Y == d5.Y {
					got = true
				}
			}
			if got != c.blink {
				t.Errorf("d5 flash drawn %v; want %v", got, c.blink)
			}
		})
	}
}
