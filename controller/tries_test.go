package controller

import (
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestOwnTriesInView: after 1. e4 d5 the referee tells White of one pawn
// try; the view model carries the words and the pawn that may capture
// (e4), and both go once White has moved.
func TestOwnTriesInView(t *testing.T) {
	ref := referee.New(referee.Wild16, game.Start())
	ctl := New(game.White, referee.Wild16, game.Start(), Options{BeliefOnly: true})
	seen := 0
	observe := func() ViewModel {
		t.Helper()
		var v ViewModel
		for _, e := range ref.Log()[seen:] {
			if h, ok := e.HeardBy(game.White); ok {
				var err error
				if v, err = ctl.Observe(h); err != nil {
					t.Fatal(err)
				}
			}
		}
		seen = len(ref.Log())
		return v
	}
	for _, m := range []string{"e2e4", "d7d5"} {
		mv, _ := game.ParseMove(m)
		ref.Attempt(mv)
	}
	v := observe()
	if v.OwnTries == "" || v.TryPawns != game.E4.Bit() {
		t.Errorf("after 1. e4 d5: own tries %q on %v; want the announcement and the e4 pawn", v.OwnTries, v.TryPawns.Squares())
	}
	mv, _ := game.ParseMove("g1f3")
	ref.Attempt(mv)
	if v := observe(); v.OwnTries != "" || v.TryPawns != 0 {
		t.Errorf("after 2. Nf3: own tries %q on %v; want none", v.OwnTries, v.TryPawns.Squares())
	}
}
