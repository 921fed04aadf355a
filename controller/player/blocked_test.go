package player

import (
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// The enemy's pawns count as blocked only when every board holds the same
// ones and none can push or take; our pawns rammed by them are the ones
// whose loss frees one.
func TestBlockedPawns(t *testing.T) {
	boards := func(fens ...string) []controller.Board {
		var out []controller.Board
		for _, f := range fens {
			out = append(out, controller.Board{Pos: position(t, f), Weight: 1})
		}
		return out
	}
	for _, c := range []struct {
		name string
		fens []string
		want game.Bitboard
		ok   bool
	}{
		{"no pawn", []string{"k7/8/8/8/8/8/8/KBN5 w - - 0 1"}, 0, true},
		{"rammed on every board", []string{"k7/8/8/4p3/4P3/8/8/KBN5 w - - 0 1", "7k/8/8/4p3/4P3/8/8/KBN5 w - - 0 1"}, game.E5.Bit(), true},
		{"a push open", []string{"k7/8/8/4p3/8/4P3/8/KBN5 w - - 0 1"}, 0, false},
		{"a capture open", []string{"k7/8/8/4p3/3BP3/8/8/K1N5 w - - 0 1"}, 0, false},
		{"boards disagree", []string{"k7/8/8/4p3/4P3/8/8/KBN5 w - - 0 1", "k7/8/8/8/4P3/8/8/KBN5 w - - 0 1"}, 0, false},
		{"an enemy piece", []string{"k7/8/8/4p3/4P3/8/8/KBNn4 w - - 0 1"}, 0, false},
	} {
		got, ok := blockedPawns(boards(c.fens...), game.Black)
		if got != c.want || ok != c.ok {
			t.Errorf("%s: %v %v; want %v %v", c.name, got.Squares(), ok, c.want.Squares(), c.ok)
		}
	}
	p := position(t, "k7/8/8/4p3/1p2P3/1P6/6P1/KBN5 w - - 0 1")
	if got := blockers(&p, game.White); got != game.E4.Bit()|game.B3.Bit() {
		t.Errorf("blockers %v; want b3 and e4", got.Squares())
	}
	if !rammed(blockers(&p, game.White), p.Pieces(game.Black, game.Pawn), game.White) || rammed(p.Pieces(game.White, game.Pawn), p.Pieces(game.Black, game.Pawn), game.White) {
		t.Error("rammed: want the blockers rammed and the g2 pawn free")
	}
}

// Two bishops mate with the KBBK table when they stand on both colours, and
// bishop and knight with KBNK, beside pawns of ours rammed by the enemy's;
// bishops of one colour, a pawn of ours that could still move, or a rook
// against a king with pawns leave the ending to the ordinary weighing.
func TestLoneEndingBlocked(t *testing.T) {
	PrepareKBBK()
	PrepareKBNK()
	for fen, want := range map[string]loneKind{
		"k7/8/8/8/8/8/8/KBB5 w - - 0 1":       loneMinor,
		"k7/8/8/4p3/4P3/8/8/KBB5 w - - 0 1":   loneMinor,
		"k7/8/8/8/8/8/8/KB1B4 w - - 0 1":      loneNone,
		"k7/8/8/4p3/4P3/8/6P1/KBB5 w - - 0 1": loneNone,
		"k7/8/8/4p3/4P3/8/8/KBN5 w - - 0 1":   loneMinor,
		"k7/8/8/4p3/4P3/8/8/K2R4 w - - 0 1":   loneNone,
		"k7/8/8/4p3/8/4P3/8/K2R4 w - - 0 1":   loneNone,
	} {
		p := position(t, fen)
		own := p.Only(game.White)
		kind, fixed := loneEnding(&own, []controller.Board{{Pos: p, Weight: 1}})
		if kind != want {
			t.Errorf("%s: technique %d; want %d", fen, kind, want)
		}
		if kind != loneNone && fixed.Pieces(game.Black, game.Pawn) != p.Pieces(game.Black, game.Pawn) {
			t.Errorf("%s: the enemy's pawns are not fixed beside our men", fen)
		}
	}
}
