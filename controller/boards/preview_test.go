package boards

import (
	"math"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
)

// weighted is one hand-made board and its weight.
type weighted struct {
	fen string
	w   float64
}

// particles reads hand-made boards.
func particles(t *testing.T, bs []weighted) []particle {
	t.Helper()
	out := make([]particle, len(bs))
	for i, b := range bs {
		out[i] = particle{pos: gametest.Position(t, b.fen), w: b.w}
	}
	return out
}

// move parses a move in UCI, failing the test on a bad one.
func move(t *testing.T, s string) game.Move { return gametest.Move(t, s) }

// TestPreview: three boards of White's Ke1 Ra1 against a king on h8, one
// with a knight on a4 (weight 1/4), one with a bishop on c6 (1/4). The
// rook's attempts up the a-file are accepted where the knight does not
// block, capture the knight on a4, and stand where the bishop hits them.
func TestPreview(t *testing.T) {
	bs := particles(t, []weighted{
		{"7k/8/8/8/8/8/8/R3K3 w - - 0 1", 0.5},
		{"7k/8/8/8/n7/8/8/R3K3 w - - 0 1", 0.25},
		{"7k/8/2b5/8/8/8/8/R3K3 w - - 0 1", 0.25},
	})
	cases := []struct {
		move                    string
		accept, capture, danger float64
	}{
		{"a1a8", 0.75, 0, 1.0 / 3}, // blocked by the knight; the bishop hits a8 on a third of the rest
		{"a1a4", 1, 0.25, 0.25},    // takes the knight; the bishop hits a4
		{"a1a5", 0.75, 0, 0},       // blocked by the knight; nothing hits a5
		{"e1e2", 1, 0, 0},          // the king steps up
		{"e1g1", 0, 0, 0},          // no castling rights on any board
	}
	moves := make([]game.Move, len(cases))
	for i, c := range cases {
		moves[i] = move(t, c.move)
	}
	got := preview(bs, moves)
	for i, c := range cases {
		g := got[i]
		if !near(g.Accept, c.accept) || !near(g.Capture, c.capture) || !near(g.Danger, c.danger) {
			t.Errorf("%s: got accept %.3f capture %.3f danger %.3f; want %.3f %.3f %.3f", c.move, g.Accept, g.Capture, g.Danger, c.accept, c.capture, c.danger)
		}
	}
}

// TestPreviewUnnormalised: weights that do not sum to one give the same
// shares, and no board gives zero estimates.
func TestPreviewUnnormalised(t *testing.T) {
	bs := particles(t, []weighted{
		{"7k/8/8/8/8/8/8/R3K3 w - - 0 1", 2},
		{"7k/8/8/8/n7/8/8/R3K3 w - - 0 1", 6},
	})
	m := []game.Move{move(t, "a1a8")}
	if got := preview(bs, m)[0]; !near(got.Accept, 0.25) {
		t.Errorf("accept %.3f; want 0.25", got.Accept)
	}
	if got := preview(nil, m)[0]; got != (Estimate{}) {
		t.Errorf("no boards: %+v; want zero", got)
	}
}

// TestPreviewKingSafety: a king step next to the enemy king, or onto a
// square a hidden rook covers, is refused on those boards.
func TestPreviewKingSafety(t *testing.T) {
	bs := particles(t, []weighted{
		{"8/8/8/8/8/4k3/8/4K3 w - - 0 1", 0.5},  // the enemy king on e3 covers d2, e2, f2
		{"7k/8/8/8/8/8/r7/4K3 w - - 0 1", 0.25}, // a rook on a2 covers the second rank
		{"7k/8/8/8/8/8/8/4K3 w - - 0 1", 0.25},
	})
	got := preview(bs, []game.Move{move(t, "e1e2"), move(t, "e1f1")})
	if !near(got[0].Accept, 0.25) || !near(got[1].Accept, 1) {
		t.Errorf("e1e2 accept %.3f, e1f1 accept %.3f; want 0.25 and 1", got[0].Accept, got[1].Accept)
	}
}

// TestExposed: the enemy's legal captures of the moved man, with a pin
// that forbids one and en passant that allows another.
func TestExposed(t *testing.T) {
	cases := []struct {
		name, fen, move string
		want            bool
	}{
		{"bishop hits b3", "4k3/8/4b3/8/8/8/8/N4R1K w - - 0 1", "a1b3", true},
		{"bishop pinned to its king", "4k3/8/4b3/8/8/8/8/N3R2K w - - 0 1", "a1b3", false},
		{"nothing hits c2", "4k3/8/4b3/8/8/8/8/N4R1K w - - 0 1", "a1c2", false},
		{"en passant takes the double step", "4k3/8/8/8/3p4/8/4P3/7K w - - 0 1", "e2e4", true},
		{"the single step lands on the pawn's diagonal", "4k3/8/8/8/3p4/8/4P3/7K w - - 0 1", "e2e3", true},
		{"far from the pawn", "4k3/8/8/8/3p4/8/7P/K7 w - - 0 1", "h2h4", false},
		{"the king takes an unguarded rook", "4k3/8/8/8/8/8/8/3R3K w - - 0 1", "d1d7", true},
		{"the king cannot take a guarded rook", "4k3/8/8/5B2/8/8/8/3R3K w - - 0 1", "d1d7", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := gametest.Position(t, c.fen)
			m := move(t, c.move)
			if !p.IsLegal(m) {
				t.Fatalf("%s is not legal in %s", c.move, c.fen)
			}
			if got := Exposed(&p, m); got != c.want {
				t.Errorf("Exposed(%s) = %v; want %v", c.move, got, c.want)
			}
		})
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
