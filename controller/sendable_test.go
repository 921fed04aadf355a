package controller

import (
	"errors"
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

func TestSendable(t *testing.T) {
	start := game.Start()
	own := start.Only(game.White)
	promo, err := game.ParseFEN("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	blackPawn, err := game.ParseFEN("8/4p3/8/8/8/8/8/K2k4 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	e4, _ := game.ParseMove("e2e4")
	tests := []struct {
		own     game.Position
		move    string
		refused []game.Move
		want    string // "" when it may be sent; else a part of the reason
		sent    string
	}{
		{own, "e2e4", nil, "", "e2e4"},
		{own, "e2e4", []game.Move{e4}, "already refused", ""},
		{own, "e2f3", nil, "", "e2f3"}, // a pawn try: the enemy's men are unseen
		{own, "e1b4", nil, "a king moves one square", ""},
		{own, "b1b3", nil, "a knight jumps", ""},
		{own, "a1a3", nil, "your pawn on a2 blocks the way", ""},
		{own, "d1d2", nil, "your own pawn stands on d2", ""},
		{own, "e2e5", nil, "a pawn moves straight forward", ""},
		{own, "e4e5", nil, "no man of yours stands on e4", ""},
		{own, "e1g1", nil, "your bishop on f1 stands between king and rook", ""},
		{own, "g1f3q", nil, "only a pawn reaching the last rank promotes", ""},
		{promo.Only(game.White), "a7a8", nil, "", "a7a8q"},
		{promo.Only(game.White), "a7a8n", nil, "", "a7a8n"},
		{blackPawn.Only(game.Black), "e7e8", nil, "e7e8 not sent", ""}, // backwards: named as typed, no queen added
	}
	for _, tc := range tests {
		m, err := game.ParseMove(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Sendable(tc.own, m, tc.refused)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v; want it sent", tc.move, err)
		case tc.want == "" && got.String() != tc.sent:
			t.Errorf("%s: sends %s; want %s", tc.move, got, tc.sent)
		case tc.want != "" && (!errors.Is(err, ErrNotSent) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v; want it kept back because %q", tc.move, err, tc.want)
		}
	}
}

// TestSendableUnderQueenOnly: under open tries a promotion to a knight is
// kept back, one to a queen (or unnamed) goes; other rulesets take both.
func TestSendableUnderQueenOnly(t *testing.T) {
	promo, err := game.ParseFEN("4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	own := promo.Only(game.White)
	for _, tc := range []struct {
		rules referee.Ruleset
		move  string
		sent  bool
	}{
		{referee.OpenTries, "a7a8n", false}, {referee.OpenTries, "a7a8", true}, {referee.OpenTries, "a7a8q", true},
		{referee.Wild16, "a7a8n", true}, {referee.RAND, "a7a8r", true},
	} {
		m, _ := game.ParseMove(tc.move)
		_, err := SendableUnder(tc.rules, own, m, nil)
		if (err == nil) != tc.sent || err != nil && (!errors.Is(err, ErrNotSent) || !strings.Contains(err.Error(), "promotes to a queen only")) {
			t.Errorf("%s %s: %v; want sent %v", tc.rules.Name, tc.move, err, tc.sent)
		}
	}
}
