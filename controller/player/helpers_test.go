package player

import (
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/internal/testboard"
	"github.com/krieg/krieg/game"
)

// sq parses a square name the test spells right.
func sq(s string) game.Square { x, _ := game.ParseSquare(s); return x }

// move parses a move in UCI, failing the test on a bad one.
func move(t *testing.T, s string) game.Move { return testboard.Move(t, s) }

// board is a believed board from a FEN, failing the test on a bad one.
func board(t *testing.T, fen string, w float64) controller.Board {
	return controller.Board{Pos: testboard.Position(t, fen), Weight: w}
}
