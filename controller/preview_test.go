package controller

import (
	"math"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// byTarget indexes a preview by target square.
func byTarget(ts []Target) map[game.Square]Target {
	out := map[game.Square]Target{}
	for _, t := range ts {
		out[t.To] = t
	}
	return out
}

// TestPreviewFromBoards: White's Ke1 Ra1 against a king on h8 that may or
// may not have a knight on a4 (equally likely starts): the rook passes a4
// on half the boards and takes the knight there on half.
func TestPreviewFromBoards(t *testing.T) {
	starts := []game.Position{
		gametest.Position(t, "7k/8/8/8/8/8/8/R3K3 w - - 0 1"),
		gametest.Position(t, "7k/8/8/8/n7/8/8/R3K3 w - - 0 1"),
	}
	c := NewAmong(game.White, referee.Wild16, starts, Options{Capacity: 64, Seed: 1})
	got := byTarget(c.Preview(game.A1))
	if len(got) != 10 {
		t.Fatalf("%d targets; want the rook's 10 (a2-a8, b1-d1)", len(got))
	}
	cases := []struct {
		to                      game.Square
		accept, capture, danger float64
	}{
		{game.A8, 0.5, 0, 0},
		{game.A4, 1, 0.5, 0},
		{game.A3, 1, 0, 0}, // the knight on a4 hits b2, c3, c5, b6, not a3
		{game.D1, 1, 0, 0},
	}
	for _, k := range cases {
		g := got[k.to]
		if !g.Allowed || g.FromB1 || math.Abs(g.Accept-k.accept) > 1e-9 || math.Abs(g.Capture-k.capture) > 1e-9 || math.Abs(g.Danger-k.danger) > 1e-9 {
			t.Errorf("%s: %+v; want accept %.2f capture %.2f danger %.2f", k.to, g, k.accept, k.capture, k.danger)
		}
	}
	if c.Preview(game.H8) != nil || c.Preview(game.B2) != nil {
		t.Error("a preview for a square without our man")
	}
}

// TestPreviewDanger: the rook stepping to b2 stands where the knight on a4
// hits it on half the boards.
func TestPreviewDanger(t *testing.T) {
	starts := []game.Position{
		gametest.Position(t, "7k/8/8/8/8/8/8/1R2K3 w - - 0 1"),
		gametest.Position(t, "7k/8/8/8/n7/8/8/1R2K3 w - - 0 1"),
	}
	c := NewAmong(game.White, referee.Wild16, starts, Options{Capacity: 64, Seed: 1})
	if g := byTarget(c.Preview(game.B1))[game.B2]; math.Abs(g.Danger-0.5) > 1e-9 || g.Accept != 1 {
		t.Errorf("b1b2: %+v; want accepted, danger 0.5", g)
	}
}

// TestPreviewAny: in Berkeley + Any, after "Any?" is answered yes, only
// pawn captures may be tried: every other attempt is nonsense whatever the
// board, and the capture the board allows is certain.
func TestPreviewAny(t *testing.T) {
	f := newFixture(t, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", referee.BerkeleyAny)
	c := f.players[game.White]
	if g := byTarget(c.Preview(game.E4))[game.E5]; !g.Allowed || g.Accept != 1 {
		t.Fatalf("e4e5 before Any?: %+v; want allowed and certain", g)
	}
	f.ref.AskAny()
	f.feed()
	pv := byTarget(c.Preview(game.E4))
	if g := pv[game.E5]; g.Allowed || g.Accept != 0 {
		t.Errorf("e4e5 after Any? yes: %+v; want nonsense", g)
	}
	if g := pv[game.D5]; !g.Allowed || g.Accept != 1 || g.Capture != 1 {
		t.Errorf("e4d5 after Any? yes: %+v; want certain capture", g)
	}
	if g := pv[game.F5]; !g.Allowed || g.Accept != 0 {
		t.Errorf("e4f5 after Any? yes: %+v; want allowed, never accepted", g)
	}
	for _, g := range c.Preview(game.E1) {
		if g.Allowed {
			t.Errorf("king to %s after Any? yes: allowed", g.To)
		}
	}
	f.play(t, "e4d5")
	if c.Preview(game.D5) != nil {
		t.Error("a preview while the enemy is to move")
	}
}

// TestPreviewWithoutBoards: a BeliefOnly controller estimates from B1.
func TestPreviewWithoutBoards(t *testing.T) {
	c := New(game.White, referee.Wild16, game.Start(), Options{BeliefOnly: true})
	pv := byTarget(c.Preview(game.E2))
	if g := pv[game.E4]; !g.FromB1 || g.Accept != 1 || g.Capture != 0 {
		t.Errorf("e2e4: %+v; want certain from B1 (the start is known)", g)
	}
	if g := pv[game.D3]; !g.FromB1 || g.Accept != 0 {
		t.Errorf("e2d3: %+v; want never accepted", g)
	}
}

// TestUniformAccept: independent squares, hand-made probabilities.
func TestUniformAccept(t *testing.T) {
	own := gametest.White(t, "4k3/8/8/8/8/8/P7/R3K2R w KQ - 0 1")
	var p [game.King + 1][64]float64
	p[game.Knight][game.A5] = 0.5
	p[game.Pawn][game.A5] = 0.25 // a5 occupied with 0.75
	p[game.Rook][game.A8] = 0.4
	p[game.Bishop][game.B3] = 0.2
	p[game.Queen][game.F1] = 0.1
	cases := []struct {
		move            string
		accept, capture float64
	}{
		{"a1b1", 1, 0},
		{"a2a4", 1, 0},     // a3, a4 empty for sure
		{"a2b3", 0.2, 0.2}, // a pawn capture needs a man there
		{"e1g1", 0.9, 0},   // f1 must be empty
		{"h1h8", 1, 0},     // nothing on the h-file
		{"e1e2", 1, 0},     // checks are ignored
		{"a2a3", 1, 0},     // the push's target must be empty
	}
	for _, k := range cases {
		m, err := game.ParseMove(k.move)
		if err != nil {
			t.Fatal(err)
		}
		a, c := UniformAccept(&own, &p, m)
		if math.Abs(a-k.accept) > 1e-9 || math.Abs(c-k.capture) > 1e-9 {
			t.Errorf("%s: accept %.3f capture %.3f; want %.3f %.3f", k.move, a, c, k.accept, k.capture)
		}
	}
	// The rook's file: a5 (0.75 occupied) must be empty to reach a6, and a8 is taken with 0.4.
	own2 := gametest.White(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	a, c := UniformAccept(&own2, &p, game.NewMove(game.A1, game.A8, game.NoPieceType))
	if math.Abs(a-0.25) > 1e-9 || math.Abs(c-0.1) > 1e-9 {
		t.Errorf("a1a8: accept %.3f capture %.3f; want 0.25 and 0.1", a, c)
	}
}
