package gametest

import (
	"testing"

	"github.com/krieg/krieg/game"
)

// TestSquaresRoundTrip: a list of squares parses into its bits and prints back sorted.
func TestSquaresRoundTrip(t *testing.T) {
	b := Squares(t, "h8 a1 e4")
	if b != game.A1.Bit()|game.E4.Bit()|game.H8.Bit() {
		t.Fatalf("bits %x", uint64(b))
	}
	if got := Names(b); got != "a1 e4 h8" {
		t.Errorf("names %q, want %q", got, "a1 e4 h8")
	}
	if p := White(t, "4k3/8/8/8/8/8/8/4K3 w - - 0 1"); p.ByColor(game.Black) != 0 || p.KingSquare(game.White) != game.E1 {
		t.Errorf("White kept %v", p)
	}
}
