package player

import (
	"errors"
	"testing"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// sq parses a square name the test spells right.
func sq(s string) game.Square { x, _ := game.ParseSquare(s); return x }

// move parses a move in UCI, failing the test on a bad one.
func move(t *testing.T, s string) game.Move { return gametest.Move(t, s) }

// board is a believed board from a FEN, failing the test on a bad one.
func board(t *testing.T, fen string, w float64) controller.Board {
	return controller.Board{Pos: gametest.Position(t, fen), Weight: w}
}

// replayTo plays the recorded game at path under rules through a referee up
// to (not including) the ply with 0-based index ply, failing the test when
// the record is bad or shorter.
func replayTo(t testing.TB, path string, rules referee.Ruleset, ply int) *referee.Referee {
	t.Helper()
	rec := gametest.Record(t, path)
	stop := errors.New("stop")
	ref, err := record.Replay(rec, rules, func(s record.Step) error {
		if s.Index == ply-1 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) {
		t.Fatalf("%s: replaying to ply %d: %v", path, ply, err)
	}
	return ref
}

// recordedWeighing is what White weighs at its eighth move of the recorded
// loss (1. g4 e5 ... 8. a5?? Qh4#): its own men, White to move, B1's sets
// and B2's boards.
func recordedWeighing(t testing.TB) (own game.Position, possible [game.King + 1]game.Bitboard, boards []controller.Board) {
	ref := replayTo(t, "testdata/lost-to-random.pgn", referee.Wild16, 14) // to White's 8th move
	b := New(Options{MoveTime: time.Second, Seed: 1})
	b.begin(game.White, referee.Wild16, []game.Position{game.Start()})
	b.catchUp(ref.View(game.White))
	v := b.ctl.View()
	own = v.Own
	own.SetTurn(game.White)
	return own, v.Possible, b.ctl.Sampler().Hidden(boardsPerWeighing)
}
