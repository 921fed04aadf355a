package scene

import (
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

func TestResultBanner(t *testing.T) {
	tests := []struct {
		res          referee.Result
		side         game.Color
		title, given string
	}{
		{referee.Result{Score: "1-0", Reason: referee.ReasonCheckmate}, game.White, "You won", "White wins: checkmate · 1-0"},
		{referee.Result{Score: "1-0", Reason: referee.ReasonResignation}, game.Black, "You lost", "White wins: Black resigned · 1-0"},
		{referee.Result{Score: "0-1", Reason: referee.ReasonTime}, game.Black, "You won", "Black wins: White's time ran out · 0-1"},
		{referee.Result{Score: "1/2-1/2", Reason: referee.ReasonStalemate}, game.White, "Draw", "Draw: stalemate · ½-½"},
		{referee.Result{Score: "*", Reason: referee.ReasonAborted}, game.White, "No result", "the game was aborted"},
	}
	for _, tc := range tests {
		b := ResultBanner(tc.res, tc.side)
		if b.Title != tc.title || b.Detail != tc.given {
			t.Errorf("%+v for %v: %q / %q; want %q / %q", tc.res, tc.side, b.Title, b.Detail, tc.title, tc.given)
		}
	}
}
