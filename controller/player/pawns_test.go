package player

import (
	"testing"

	"github.com/krieg/krieg/game"
)

// A passed pawn is worth more the nearer it stands to promotion, and more
// than the same pawn with an enemy pawn in front of it on the next file.
func TestPassedPawnWorth(t *testing.T) {
	worth := func(fen string) float64 {
		p, err := game.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		return pawnAdvance(&p, game.White)
	}
	seventh := worth("k7/4P3/8/8/8/8/8/K7 w - - 0 1")
	fifth := worth("k7/8/8/4P3/8/8/8/K7 w - - 0 1")
	stopped := worth("k7/3p4/8/4P3/8/8/8/K7 w - - 0 1")
	if seventh < advanceWeight+passedWeight {
		t.Errorf("a passer on the seventh rank is worth %.2f pawns more, want at least %.2f", seventh, advanceWeight+passedWeight)
	}
	if !(seventh > fifth && fifth > stopped) {
		t.Errorf("passer on e7 %.2f, on e5 %.2f, e5 with a pawn on d7 %.2f: want them falling", seventh, fifth, stopped)
	}
}

// An enemy pawn about to queen counts among the enemy's dangerous replies:
// a rook move that guards the queening square (Rf1, so b1=Q is taken back)
// beats a king move that leaves it free, which is worth less than its
// quiet value.
func TestPromotionReply(t *testing.T) {
	p, err := game.ParseFEN("5R2/8/7k/8/8/6K1/1p6/8 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	after := func(uci string) (outcome, float64) {
		m, err := game.ParseMove(uci)
		if err != nil {
			t.Fatal(err)
		}
		next := p
		next.Apply(m)
		return afterMove(&next, game.White, false, false, 0), static(&next, game.White, 0)
	}
	guard, _ := after("f8f1")
	free, quiet := after("g3h4")
	if free.utility > quiet-0.1 {
		t.Errorf("Kh4 leaves b1=Q free yet is worth %.3f against %.3f quiet", free.utility, quiet)
	}
	if guard.utility < free.utility+0.1 {
		t.Errorf("Rf1 (guards b1) %.3f, Kh4 %.3f: want the guard ahead", guard.utility, free.utility)
	}
}

// Black's passers run down the board; a pawn on the a-file is stopped by an
// enemy pawn ahead on the b-file, not by one behind it.
func TestPassedPawnBlackAndEdge(t *testing.T) {
	worth := func(fen string, c game.Color) float64 {
		p, err := game.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		return pawnAdvance(&p, c)
	}
	black := worth("k7/8/8/8/8/8/4p3/K7 b - - 0 1", game.Black)
	if black < advanceWeight+passedWeight {
		t.Errorf("a Black passer on e2 is worth %.2f, want at least %.2f", black, advanceWeight+passedWeight)
	}
	behind := worth("k7/8/8/p7/1P6/8/8/K7 b - - 0 1", game.Black) // b4 is ahead of a5 for Black
	free := worth("k7/8/8/p7/8/8/1P6/K7 b - - 0 1", game.Black)   // b2 is ahead too
	clear := worth("k7/1P6/8/p7/8/8/8/K7 b - - 0 1", game.Black)  // b7 is behind
	if behind != free || clear <= free {
		t.Errorf("a5 with a White pawn on b4 %.3f, on b2 %.3f, on b7 %.3f: want the first two equal and the last more", behind, free, clear)
	}
}

// With a pawn of ours in the queen's line near the lone king, the KQK table
// on king and queen is not asked: Kc7, Qa1 and Pa5 against Ka8 is no mate
// (the king steps to a7), though it would be without the pawn.
func TestQueenCoreBehindAPawn(t *testing.T) {
	p, err := game.ParseFEN("k7/2K5/8/P7/8/8/8/Q7 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if v := static(&p, game.White, 0); v >= technicalWin+technicalRange {
		t.Errorf("static %.3f: valued as mate on the board without the pawn", v)
	}
}
