package controller

import "testing"

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
