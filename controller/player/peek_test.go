package player

import (
	"math"
	"testing"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// The true board comes first at the peek's weight, the belief's boards keep
// their proportions, and the weights still sum to one.
func TestPeeked(t *testing.T) {
	truth := game.Start()
	belief := []controller.Board{
		board(t, "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2", 0.75),
		board(t, "rnbqkbnr/pppppp1p/6p1/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2", 0.25),
	}
	got := peeked(belief, truth, 0.2)
	if len(got) != 3 || got[0].Pos != truth || got[0].Weight != 0.2 {
		t.Fatalf("peeked at 0.2: %+v, want the true board first at 0.2", got)
	}
	sum := 0.0
	for _, b := range got {
		sum += b.Weight
	}
	if math.Abs(sum-1) > 1e-12 || math.Abs(got[1].Weight-0.6) > 1e-12 || math.Abs(got[2].Weight-0.2) > 1e-12 {
		t.Errorf("peeked weights %v, %v, %v (sum %v), want 0.2, 0.6, 0.2", got[0].Weight, got[1].Weight, got[2].Weight, sum)
	}
	if belief[0].Weight != 0.75 {
		t.Errorf("peeked changed the belief's own boards (%v)", belief[0].Weight)
	}
	if alone := peeked(belief, truth, 1); len(alone) != 1 || alone[0].Pos != truth {
		t.Errorf("peeked at 1: %d boards, want the true board alone", len(alone))
	}
}

// A bot that believes the standard start but peeks at a board whose black
// queen stands on e3 takes it with a pawn; without the peek it does not
// try to.
func TestPeekShowsTheBoard(t *testing.T) {
	truth := gametest.Position(t, "rnb1kbnr/pppppppp/8/8/8/4q3/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	for _, peek := range []bool{true, false} {
		ref := referee.New(referee.Wild16, truth)
		opt := Options{MoveTime: time.Second, Seed: 1, Starts: []game.Position{game.Start()}}
		if peek {
			opt.Peek, opt.PeekWeight = ref.Position, 1
		}
		New(opt).Turn(ref)
		first := ref.Log()[0].Attempt
		takes := first == move(t, "d2e3") || first == move(t, "f2e3")
		if takes != peek {
			t.Errorf("peek %v: first attempt %v, took the queen %v", peek, first, takes)
		}
	}
}
