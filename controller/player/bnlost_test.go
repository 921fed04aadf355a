package player

import (
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// The nineteenth study of `krieg endgame kbnk --seed 1` (Black is the bot),
// at its eleventh move: king d5, bishop b3, knight d1, the king believed on
// 45 squares, most of B2's weight on the g and h files. Charged as a draw,
// the chance (a hundredth, B1's floor) that the king stands beside the
// bishop sent our king back to c5 or c4 beside its men, as it did every
// other move until the ply cap; charged as the look further charges it, our
// king goes on towards the king's chances.
func TestBNLostChargedAsLook(t *testing.T) {
	PrepareKBNK()
	rules := referee.Wild16
	rules.PlyCap = 150
	ref := replayTo(t, "testdata/kbnk-ring.pgn", rules, 20)
	side := ref.ToMove()
	start := ref.Start()
	starts := kingStarts(&start)
	b := New(Options{MoveTime: time.Second, Seed: 1, Starts: starts})
	b.begin(side, rules, starts)
	b.catchUp(ref.View(side))
	v := b.ctl.View()
	own := v.Own
	own.SetTurn(side)
	boards := b.ctl.Weighable(boardsPerWeighing)
	kind, fixed := loneEnding(&own, boards)
	if kind != loneMinor {
		t.Fatalf("technique %v, want bishop and knight", kind)
	}
	kb := kingBoards(&fixed, boards, v.Possible[game.King])
	r := rankLone(kind, &fixed, kb, map[game.Move]bool{}, rules, time.Now().Add(time.Minute))
	if m := r.choices[0].move; m.From() != sq("d5") || m.To().File() < sq("d5").File() {
		t.Errorf("played %v, want our king on from d5 towards the e to h files", m)
	}
}

// kingStarts are the studies' starts (lab.LoneKingStarts, which the tests
// of this package cannot import): our men as in start and the lone king on
// any square off our king and out of check.
func kingStarts(start *game.Position) []game.Position {
	us := start.Turn()
	own := start.Only(us)
	var out []game.Position
	for s := game.Square(0); s < 64; s++ {
		if own.At(s) != game.NoPiece || s.Distance(own.KingSquare(us)) < 2 {
			continue
		}
		p := own
		p.Put(s, game.NewPiece(us.Other(), game.King))
		if p.AttackersTo(s, us, p.Occupied()) != 0 {
			continue
		}
		out = append(out, p)
	}
	return out
}
