package player

import (
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// sq parses a square name the test spells right.
func sq(s string) game.Square { x, _ := game.ParseSquare(s); return x }

// move parses a move in UCI, failing the test on a typo.
func move(t *testing.T, s string) game.Move {
	t.Helper()
	m, err := game.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// board is a believed board from a FEN, failing the test on a typo.
func board(t *testing.T, fen string, w float64) controller.Board {
	t.Helper()
	p, err := game.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return controller.Board{Pos: p, Weight: w}
}
