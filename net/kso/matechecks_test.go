package kso

import (
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestMateChecksBeforePromotion: a promotion that mates (RAND announces the
// promotion) gets its checks where the referee says them: after the move
// and before the promotion and the end.
func TestMateChecksBeforePromotion(t *testing.T) {
	final, err := game.ParseFEN("4Q1k1/5ppp/8/8/8/8/8/4K3 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	e := referee.Entry{Mover: game.White, Verdict: referee.Accepted, Said: []referee.Announcement{
		{Kind: referee.KindMoved, Side: game.White},
		{Kind: referee.KindPromotion, Side: game.White},
		{Kind: referee.KindGameOver, Side: game.White, Result: referee.Result{Score: "1-0", Reason: referee.ReasonCheckmate}},
	}}
	mateChecks(&e, &final)
	var kinds []referee.Kind
	for _, a := range e.Said {
		kinds = append(kinds, a.Kind)
	}
	want := []referee.Kind{referee.KindMoved, referee.KindCheck, referee.KindPromotion, referee.KindGameOver}
	if len(kinds) != len(want) {
		t.Fatalf("kinds %v; want %v", kinds, want)
	}
	for i := range want {
		if kinds[i] != want[i] {
			t.Fatalf("kinds %v; want %v", kinds, want)
		}
	}
	if e.Said[1].Check != referee.CheckRank {
		t.Fatalf("check %v; want rank", e.Said[1].Check)
	}
}
