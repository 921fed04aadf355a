package controller

import (
	"errors"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestAnySendable: a typed px follows the referee's word on our pawn
// tries, heard entry by entry: in Wild 16 it goes out only after tries
// were announced this turn; under rules without Any? it never does; where
// Any? exists it always may.
func TestAnySendable(t *testing.T) {
	ref := referee.New(referee.Wild16, game.Start())
	var w TryWatch
	play := func(text string) {
		t.Helper()
		if _, err := ref.AttemptText(text); err != nil {
			t.Fatal(err)
		}
		e, _ := ref.Last()
		w.Follow(e, game.White, referee.Wild16)
	}
	if err := AnySendable(referee.Wild16, w.Count()); !errors.Is(err, ErrNotSent) {
		t.Errorf("first move: %v; want px kept back", err)
	}
	play("e2e4")
	play("d7d5") // e4 may take d5: "1 pawn try" for White
	if n := w.Count(); n != 1 {
		t.Fatalf("after 1. e4 d5: %d tries heard; want 1", n)
	}
	if err := AnySendable(referee.Wild16, w.Count()); err != nil {
		t.Errorf("with 1 pawn try: %v; want px sent", err)
	}
	play("g1f3")
	play("g8f6") // e4 still takes d5: tries again this turn
	play("e4d5")
	play("b8a6") // nothing to take: no word of tries
	if err := AnySendable(referee.Wild16, w.Count()); !errors.Is(err, ErrNotSent) {
		t.Errorf("no tries announced (count %d): %v; want px kept back", w.Count(), err)
	}
	if err := AnySendable(referee.Berkeley, 3); !errors.Is(err, ErrNotSent) {
		t.Errorf("Berkeley: %v; want px kept back, the rules have no Any?", err)
	}
	for _, r := range []referee.Ruleset{referee.BerkeleyAny, referee.English} {
		if err := AnySendable(r, -1); err != nil {
			t.Errorf("%s: %v; want Any? sent", r.Name, err)
		}
	}
}
