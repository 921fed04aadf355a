package lab

import (
	"strings"
	"testing"
)

// TestReportsSingular: a series of one says "1 study", "1 game".
func TestReportsSingular(t *testing.T) {
	if s := (EndgameReport{Material: "krk", Defender: "cheat", Games: 1, Promoted: 1}).String(); !strings.HasPrefix(s, "1 KRK study vs") {
		t.Errorf("endgame report of one study: %q", s)
	}
	if s := (EndgameReport{Material: "kpk", Defender: "cheat", Games: 2, Promoted: 1}).String(); !strings.HasPrefix(s, "2 KPK studies vs") || !strings.Contains(s, "promoted in 1 game\n") {
		t.Errorf("endgame report of two studies: %q", s)
	}
	if s := (MatchReport{Games: 1}).String(); !strings.HasPrefix(s, "1 game,") {
		t.Errorf("match report of one game: %q", s)
	}
	var b strings.Builder
	if err := (Report{Games: 1, Players: "pgn", Capacity: 1}).WriteTable(&b); err != nil || !strings.Contains(b.String(), "1 recorded game, rules , 1 board per player") {
		t.Errorf("eval report of one game: %q %v", b.String(), err)
	}
}
