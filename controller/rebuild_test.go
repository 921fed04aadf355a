package controller

import (
	"testing"

	"github.com/krieg/krieg/controller/internal/testboard"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// TestRebuildPlacesAMakeupB1Allows follows, as Black, a Wild 16 game the
// computer player lost to the random attempter (match seed 25, game 107):
// its queen and pawns against a rook, where B1 had ruled out an enemy
// knight or bishop on every square. The rebuild drew the make-up nearest
// the last board's material, a knight, found no square for it and kept no
// board, message after message: 142 fallbacks, and no board after any of
// the 96 messages from ply 150 on, where the bot, blind, walked its king
// into the rook's mate. Now it draws among the make-ups whose men fit on
// B1's squares.
func TestRebuildPlacesAMakeupB1Allows(t *testing.T) {
	rec := testboard.Record(t, "testdata/blind-king.pgn")
	ref, err := record.Replay(rec, referee.Wild16, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := New(game.Black, referee.Wild16, game.Start(), Options{Seed: 1})
	empty, late := 0, 0
	for _, e := range ref.Log() {
		h, ok := e.HeardBy(game.Black)
		if !ok {
			continue
		}
		if _, err := c.Observe(h); err != nil {
			t.Fatal(err)
		}
		if e.Ply >= 150 {
			late++
			if c.Sampler().Boards() == 0 {
				empty++
			}
		}
	}
	t.Logf("%d fallbacks; no board after %d of the %d messages from ply 150", c.Sampler().Fallbacks, empty, late)
	if late == 0 || empty*10 > late {
		t.Errorf("no board after %d of the %d messages from ply 150 (%d fallbacks)", empty, late, c.Sampler().Fallbacks)
	}
}
