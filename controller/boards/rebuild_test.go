package boards

import (
	"testing"

	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/referee"
)

// TestRebuildIsReproducible: when few placements agree with the message (a
// knight's check), the rebuild stops at its bound of attempts before the
// capacity is full, and two samplers with the same seed rebuild the same
// boards, whatever the machine's load.
func TestRebuildIsReproducible(t *testing.T) {
	states := collapses(3)
	if len(states) == 0 {
		t.Fatal("no position to rebuild from")
	}
	o := belief.Observation{Moved: true, Capture: game.NoSquare, Checks: []referee.CheckKind{referee.CheckKnight}}
	for i, c := range states {
		var got [2][]Board
		for k := range got {
			s := New([]game.Position{game.Start()}, game.White, referee.Wild16, DefaultCapacity, 7, 1)
			s.boards = s.boards[:0]
			s.Rebuild(&c.own, &c.b, &o)
			if s.Boards() == 0 || s.Boards() >= DefaultCapacity {
				t.Fatalf("state %d: %d boards rebuilt; want some, fewer than the capacity %d", i, s.Boards(), DefaultCapacity)
			}
			got[k] = s.Hidden(0)
		}
		if len(got[0]) != len(got[1]) {
			t.Fatalf("state %d: %d and %d boards from the same seed", i, len(got[0]), len(got[1]))
		}
		for j := range got[0] {
			if got[0][j].Pos != got[1][j].Pos || got[0][j].Weight != got[1][j].Weight {
				t.Fatalf("state %d: board %d differs between two rebuilds from the same seed", i, j)
			}
		}
	}
}

// TestPawnCapturesShortcut: the shortcut finds the same pawn captures as the
// move generator in every position of a few random games (both sides to move).
func TestPawnCapturesShortcut(t *testing.T) {
	positions, captures := 0, 0
	for g := uint64(0); g < 6; g++ {
		ref := referee.New(referee.Wild16, game.Start())
		bots := [2]*attempter.Random{attempter.NewRandom(2 * g), attempter.NewRandom(2*g + 1)}
		for ref.Result() == nil {
			pos := ref.Position()
			var a, b [game.MaxMoves]game.Move
			got, want := pawnCaptures(&pos, a[:0]), pos.PawnCaptures(b[:0])
			if len(got) != len(want) {
				t.Fatalf("game %d, %s: %d pawn captures, want %d", g, pos.FEN(), len(got), len(want))
			}
			positions++
			captures += len(want)
			bots[pos.Turn()].Turn(ref)
		}
	}
	if captures == 0 {
		t.Fatalf("no pawn capture in %d positions; the test needs some", positions)
	}
}
