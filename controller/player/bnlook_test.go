package player

import (
	"slices"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// A look further that its deadline cuts short is dropped whole: the
// ranking is then the one a move ahead, never a mix in which the candidates
// judged before the deadline were judged a move deeper than the rest; and
// with time the look further is what ranks them.
func TestBNLookCutIsDroppedWhole(t *testing.T) {
	PrepareKBNK()
	own, boards := loneBoards(t, "k7/3K1N2/8/8/8/8/5B2/8 w - - 0 1", game.A1, game.A2, game.A3, game.B1, game.B2, game.B3, game.C1, game.C2, game.C3, game.D2, game.E1, game.E2)
	if kind, _ := loneEnding(&own, boards); kind != loneMinor {
		t.Fatal("not recognised as a bishop and knight ending")
	}
	total := 0.0
	for _, b := range boards {
		total += b.Weight
	}
	tried := map[game.Move]bool{}
	late := &bnLooker{rules: referee.Wild16, deadline: time.Now().Add(-time.Second), depth: bnDepth}
	if _, done := scoreLone(loneMinor, &own, boards, tried, total, late); done || !late.cut {
		t.Fatal("a look past its deadline reports itself done")
	}
	// A clock that passes the deadline halfway through the candidates.
	ticks := 0
	halfway := &bnLooker{rules: referee.Wild16, deadline: time.Unix(20, 0), depth: bnDepth, now: func() time.Time {
		ticks++
		return time.Unix(int64(ticks), 0)
	}}
	if _, done := scoreLone(loneMinor, &own, boards, tried, total, halfway); done || !halfway.cut {
		t.Fatal("a look cut halfway reports itself done")
	}
	order := func(deadline time.Time, depth int) []game.Move {
		var out []game.Move
		if depth == 0 {
			for _, c := range rankLone(loneMinor, &own, boards, tried, referee.Wild16, deadline).choices {
				out = append(out, c.move)
			}
			return out
		}
		cs, done := scoreLone(loneMinor, &own, boards, tried, total, &bnLooker{rules: referee.Wild16, deadline: deadline, depth: depth})
		if !done {
			t.Fatalf("a look %d deep did not finish in a minute", depth)
		}
		if depth == bnDepth {
			// Twelve squares: the best few are judged a third move ahead, as rankLone does.
			cs = lookThird(&own, boards, tried, total, cs, referee.Wild16, deadline)
		}
		sortChoices(cs)
		for _, c := range cs {
			out = append(out, c.move)
		}
		return out
	}
	minute := time.Now().Add(time.Minute)
	ahead, further := order(minute, 1), order(minute, bnDepth)
	if slices.Equal(ahead, further) {
		t.Fatal("the look further ranks the candidates as a move ahead does: the position tells nothing")
	}
	if got := order(time.Now().Add(-time.Second), 0); !slices.Equal(got, ahead) {
		t.Errorf("past the deadline the order is %v, a move ahead %v", got, ahead)
	}
	if got := order(minute, 0); !slices.Equal(got, further) {
		t.Errorf("with time the order is %v, looking further %v", got, further)
	}
}

// TestBNManFallingNextMoveIsADraw: against a bare king, the share of a
// belief on which a man falls whatever we play next is worth a draw, as it
// is when a candidate lets one fall at once; two horizons of plies made it
// worth a slow win, and the bot put off a risk by a move rather than take a
// smaller one now. With pawns on the board a loss need not draw, and such
// a belief stays worth a slow win.
func TestBNManFallingNextMoveIsADraw(t *testing.T) {
	PrepareKBNK()
	// The king on a3 (beside our knight b2) or h6 (beside our bishop g6):
	// no move of ours keeps both men, so half the belief loses one.
	for _, pawns := range []bool{false, true} {
		own := game.Empty()
		own.Put(game.E4, game.NewPiece(game.White, game.King))
		own.Put(game.B2, game.NewPiece(game.White, game.Knight))
		own.Put(game.G6, game.NewPiece(game.White, game.Bishop))
		if pawns { // a rammed pair, far from both men
			own.Put(game.D6, game.NewPiece(game.White, game.Pawn))
			own.Put(game.D7, game.NewPiece(game.Black, game.Pawn))
		}
		own.SetTurn(game.White)
		o := loneOutcome{weight: 1}
		o.mass[game.A3], o.mass[game.H6] = 0.5, 0.5
		look := &bnLooker{rules: referee.Wild16, deadline: time.Now().Add(time.Minute), depth: bnDepth}
		v := outcomeValue(loneMinor, &own, &o, game.White, 0, look)
		switch {
		case !pawns && v > (utilityDraw+technicalWin+technicalRange)/2:
			t.Errorf("half the belief loses a man whatever we play: worth %.4f; want at most half a draw, half a win (%.4f)", v, (utilityDraw+technicalWin+technicalRange)/2)
		case pawns && v < technicalWin:
			t.Errorf("with pawns on the board: worth %.4f; want a slow win, at least %.2f", v, technicalWin)
		}
	}
}
