package controller

import (
	"testing"

	"github.com/krieg/krieg/game"
)

// TestSeveralMoves: a line of two moves or more, as pasted lines arrive
// joined, is told from one move and from a server command that names
// moves.
func TestSeveralMoves(t *testing.T) {
	for line, want := range map[string]bool{"e4 d4 Nf3": true, "e2e4 e7e5": true, "e4": false, "tell bob e4 d4": false, "": false} {
		if got := SeveralMoves(line); got != want {
			t.Errorf("SeveralMoves(%q) = %v; want %v", line, got, want)
		}
	}
}

// TestTypedMoveInCapitals: a move typed with caps lock on is read as the
// move it names (a tester's NF3 was "not a move").
func TestTypedMoveInCapitals(t *testing.T) {
	start := game.Start()
	own := start.Only(game.White)
	for typed, want := range map[string]string{"NF3": "g1f3", "E4": "e2e4", "NC3+": "b1c3"} {
		m, ok, err := TypedMove(typed, &own)
		if !ok || err != nil || m.String() != want {
			t.Errorf("%s: %v, %v, %v; want %s", typed, m, ok, err, want)
		}
	}
	if m, ok, err := TypedMove("QUIT", &own); ok || err != nil {
		t.Errorf("QUIT read as a move: %v, %v", m, err)
	}
}
