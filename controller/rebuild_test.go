package controller

import (
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
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
	empty, late, fallbacks := blindMessages(t, "testdata/blind-king.pgn", referee.Wild16, game.Black, 1, 150)
	t.Logf("%d fallbacks; no board after %d of the %d messages from ply 150", fallbacks, empty, late)
	if late == 0 || empty*10 > late {
		t.Errorf("no board after %d of the %d messages from ply 150 (%d fallbacks)", empty, late, fallbacks)
	}
}

// TestRebuildTriesTheNextMakeup follows, as White, a Berkeley blitz game the
// computer player drew against bot-random by insufficient material (match
// seed 141, game 49; the controller's seed is the one the bot gave it). Its
// rook on e8 and queen on g6 held the king on h8, a knight between on g8.
// The make-up nearest the last board's material was four pawns, and no
// board of it kept the king out of the rook's check: no board after 234 of
// the 242 messages from ply 60 (166 fallbacks), and the bot, blind, moved
// only its king for 70 moves. Now the next make-ups are tried, and every
// message leaves boards.
func TestRebuildTriesTheNextMakeup(t *testing.T) {
	empty, late, fallbacks := blindMessages(t, "testdata/back-rank-knight.pgn", referee.Berkeley, game.White, 14585812321049663818, 60)
	t.Logf("%d fallbacks; no board after %d of the %d messages from ply 60", fallbacks, empty, late)
	if late == 0 || empty > 0 {
		t.Errorf("no board after %d of the %d messages from ply 60 (%d fallbacks)", empty, late, fallbacks)
	}
}

// blindMessages follows the recorded game at path as side, with a controller
// seeded seed, and counts the messages from ply from on (late) and those
// after which B2 held no board (empty), and the fallbacks in all.
func blindMessages(t *testing.T, path string, rules referee.Ruleset, side game.Color, seed uint64, from int) (empty, late, fallbacks int) {
	t.Helper()
	c := followRecord(t, path, rules, side, Options{Seed: seed}, func(ply int, c *Controller) {
		if ply >= from {
			late++
			if c.Sampler().Boards() == 0 {
				empty++
			}
		}
	})
	return empty, late, c.Sampler().Fallbacks
}

// followRecord follows the recorded game at path as side with a controller
// made with opt, calling each after every message side heard (with the
// message's ply), and returns the controller.
func followRecord(t *testing.T, path string, rules referee.Ruleset, side game.Color, opt Options, each func(ply int, c *Controller)) *Controller {
	t.Helper()
	rec := gametest.Record(t, path)
	ref, err := record.Replay(rec, rules, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := New(side, rules, game.Start(), opt)
	for _, e := range ref.Log() {
		h, ok := e.HeardBy(side)
		if !ok {
			continue
		}
		if _, err := c.Observe(h); err != nil {
			t.Fatal(err)
		}
		each(e.Ply, c)
	}
	return c
}
