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
		return afterMove(&next, game.White, false, false), static(&next, game.White)
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
