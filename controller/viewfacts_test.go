package controller

import (
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestRefusedPushShowsCertain: after 1. e4 e5, White's refused e4-e5, with
// no check, proves an enemy man on e5 (the pawn cannot be pinned: no line
// from the king on e1 but the file runs through e4). The token there and
// the chances of the classes on e5 say so: 100 %, not what the floor
// leaves (95 % at 4,096 boards).
func TestRefusedPushShowsCertain(t *testing.T) {
	f := newFixture(t, game.StartFEN, referee.Wild16)
	f.play(t, "e2e4", "e7e5", "e4e5")
	v := f.players[game.White].View()
	if v.FromB1 {
		t.Fatal("no boards behind the chances")
	}
	found := false
	for _, tok := range v.Tokens {
		if tok.Kind == PieceToken && tok.Square == game.E5 {
			found = true
			if tok.Opacity < 0.9999 {
				t.Errorf("the token on e5 shows %.4f; want certain", tok.Opacity)
			}
		}
	}
	if !found {
		t.Error("no token on e5")
	}
	sum := 0.0
	for _, k := range Classes {
		sum += v.Probability[k][game.E5]
	}
	if sum < 0.9999 || sum > 1.0001 {
		t.Errorf("the classes' chances on e5 add up to %.4f; want 1", sum)
	}
}

// TestLostCounts: the view model counts our men the enemy took beside the
// enemy's we took: after 1. e4 d5 2. exd5 Qxd5 3. a3 Qxg2 White has
// taken a pawn and lost two.
func TestLostCounts(t *testing.T) {
	f := newFixture(t, game.StartFEN, referee.Wild16)
	f.play(t, "e2e4", "d7d5", "e4d5", "d8d5", "a2a3", "d5g2")
	v := f.players[game.White].View()
	if v.Captured.Pawns != 1 || v.Lost != (Counters{Pawns: 2}) {
		t.Errorf("captured %+v, lost %+v; want 1 pawn taken and 2 lost", v.Captured, v.Lost)
	}
}
