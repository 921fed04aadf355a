package referee

import (
	"strings"
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

// TestGlossaryExplainsTheTerseWords: wherever a ruleset's check or move
// words are shorter than Wild 16's full sentences, the glossary names them
// (a tester read Berkeley's "Short" and Cincinnati's "Black" without a key).
func TestGlossaryExplainsTheTerseWords(t *testing.T) {
	for _, r := range Rulesets {
		g := Glossary(r)
		words := []string{Announcement{Kind: KindMoved, Side: game.White}.Text(r)}
		if r.CheckDirection {
			// "Short" or "Short check": the line's word is what needs a key.
			words = append(words, strings.Fields(Announcement{Kind: KindCheck, Check: CheckShort}.Text(r))[0])
		}
		for _, w := range words {
			if w != "Short-diagonal" && w != "Black's move" && w != "Black to move" && !strings.Contains(g, w) {
				t.Errorf("%s says %q, and its glossary %q does not explain it", r.Name, w, g)
			}
		}
	}
	if g := Glossary(Wild16); g != "" {
		t.Errorf("Wild 16's words are whole sentences; its glossary says %q", g)
	}
}
