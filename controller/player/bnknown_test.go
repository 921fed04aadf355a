package player

import (
	"testing"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// A position of the thirteenth study of `krieg endgame kbnk --seed 1`: the
// king known to stand on c8, mate in 35 plies. The table's move Ba7 had been
// played from here before, and the charge for returning to a placement sent
// the bot to Be3 (38 plies); a move like it each time held the king at 34-40
// plies for fifty plies until the ply cap. With one square left the table's
// best move is played.
func TestKBNKKnownKingPlaysTable(t *testing.T) {
	PrepareKBNK()
	b := board(t, "2k5/2N5/2K5/8/8/8/8/6B1 w - - 0 1", 1)
	r := rankLone(loneMinor, &b.Pos, []controller.Board{b}, map[game.Move]bool{}, referee.Wild16, time.Now().Add(time.Minute))
	seen := visits{}
	for _, m := range []string{"g1a7", "g1c5"} {
		p := b.Pos
		p.Apply(move(t, m))
		seen.note(&p, game.White)
		seen.note(&p, game.White)
	}
	seen.penalize(&b.Pos, r.choices, bnRepetition, bnRepetitionCap)
	p := b.Pos
	p.Apply(r.choices[0].move)
	if d, mate, _ := KBNKDistance(&p); !mate || d != 34 {
		t.Errorf("played %v, mate in %d plies (mate %v), want the table's 34", r.choices[0].move, d, mate)
	}
}

// Beside blocked pawns the weighing decides alone: the table, read without
// them, would send a bishop through its own pawn's line.
func TestKBNKKnownKingNotBesideBlockedPawns(t *testing.T) {
	PrepareKBNK()
	b := board(t, "2k5/2N5/2K5/8/3p4/3P4/8/6B1 w - - 0 1", 1)
	kind, fixed := loneEnding(&b.Pos, []controller.Board{b})
	if kind != loneMinor {
		t.Fatalf("technique %v, want the minor pieces'", kind)
	}
	fb := controller.Board{Pos: fixed, Weight: 1}
	r := rankLone(kind, &fixed, []controller.Board{fb}, map[game.Move]bool{}, referee.Wild16, time.Now().Add(time.Minute))
	for _, c := range r.choices {
		if c.score == knownScore {
			t.Errorf("%v ranked by the table beside blocked pawns", c.move)
		}
	}
}
