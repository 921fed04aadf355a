package belief

import (
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
)

// TestAdmits: from the start, B1 admits the start and refuses a board with a
// man too many, a man where its class cannot be, or a man missing.
func TestAdmits(t *testing.T) {
	start := game.Start()
	b := New(&start, game.White)
	for _, tc := range []struct {
		fen  string
		want bool
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true},
		{"rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},   // a pawn missing
		{"rnbqkbnr/pppppppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false}, // a pawn too many, off its squares
		{"rnbqkbnr/ppppppp1/7p/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},  // a pawn where none may be yet
	} {
		p := gametest.Position(t, tc.fen)
		if got := b.Admits(&p); got != tc.want {
			t.Errorf("%s: admitted %v, want %v", tc.fen, got, tc.want)
		}
	}
}

// TestExplain: a promoted man may be of any piece kind, but exactly as many
// extra pieces as promoted men, and never a pawn's place taken by a piece.
func TestExplain(t *testing.T) {
	ms := materials{{pawns: 2, queens: 1, promoted: 1}}
	for _, tc := range []struct {
		x    material
		want bool
	}{
		{material{pawns: 2, queens: 2}, true},
		{material{pawns: 2, queens: 1, knights: 1}, true},
		{material{pawns: 2, queens: 1, darkBishops: 1}, true},
		{material{pawns: 2, queens: 1}, false},            // the promoted man missing
		{material{pawns: 2, queens: 2, rooks: 1}, false},  // one extra piece too many
		{material{pawns: 3, queens: 1}, false},            // a pawn for the promoted man
		{material{pawns: 2, rooks: 1, knights: 1}, false}, // the queen gone
	} {
		if got := ms.explain(tc.x); got != tc.want {
			t.Errorf("%v: explained %v, want %v", tc.x, got, tc.want)
		}
	}
}

// TestMakeups: promoted men count as queens.
func TestMakeups(t *testing.T) {
	b := Belief{makeups: materials{{pawns: 3, rooks: 1, lightBishops: 1, darkBishops: 1, promoted: 1}}}
	got := b.Makeups()
	if len(got) != 1 || got[0][game.Pawn] != 3 || got[0][game.Queen] != 1 || got[0][game.Rook] != 1 || got[0][game.Bishop] != 2 || got[0][game.Knight] != 0 {
		t.Fatalf("makeups %v", got)
	}
}
