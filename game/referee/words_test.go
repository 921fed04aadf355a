package referee

import (
	"testing"

	"github.com/krieg/krieg/game"
)

// TestResultWords: a result reads in plain words, the winner first and the
// score after, and a record that gives no reason still reads.
func TestResultWords(t *testing.T) {
	for _, c := range []struct {
		res  Result
		want string
	}{
		{Result{Score: game.WhiteWins, Reason: ReasonTime}, "White wins: Black's time ran out · 1-0"},
		{Result{Score: game.BlackWins, Reason: ReasonResignation}, "Black wins: White resigned · 0-1"},
		{Result{Score: game.Draw, Reason: ReasonStalemate}, "Draw: stalemate · ½-½"},
		{Result{Score: "*", Reason: ReasonAborted}, "No result: the game was aborted"},
		{Result{Score: game.WhiteWins}, "White wins · 1-0"},
		{Result{Score: game.Draw}, "Draw · ½-½"},
		{Result{Score: "*"}, "No result"},
	} {
		if got := c.res.Words(); got != c.want {
			t.Errorf("%+v: %q; want %q", c.res, got, c.want)
		}
	}
}
