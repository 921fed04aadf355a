package referee

import (
	"sort"
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
)

// summary renders an answer compactly for table tests:
//
//	"illegal/private", "nonsense/public", "repeated", "finished", "any=yes"
//	"ok x=d5:pawn +long-diagonal,knight tries=1 promoted #1-0:checkmate"
//
// Check kinds are sorted so the tests compare them as a set.
func summary(a Answer) string {
	switch a.Verdict {
	case Illegal, Nonsense:
		aud := "private"
		if a.Announcements[0].To == Everyone {
			aud = "public"
		}
		return a.Verdict.String() + "/" + aud
	case Repeated, Finished:
		return a.Verdict.String()
	case Answered:
		if a.Any {
			return "any=yes"
		}
		return "any=no"
	}
	parts := []string{"ok"}
	if a.Capture != game.NoSquare {
		x := "x=" + a.Capture.String()
		if a.Captured != CapturedUnknown {
			x += ":" + a.Captured.String()
		}
		parts = append(parts, x)
	}
	if len(a.Checks) > 0 {
		var ks []string
		for _, k := range a.Checks {
			ks = append(ks, k.String())
		}
		sort.Strings(ks)
		parts = append(parts, "+"+strings.Join(ks, ","))
	}
	if a.Tries != nil {
		parts = append(parts, "tries="+triesSummary(*a.Tries))
	}
	if a.Promoted {
		parts = append(parts, "promoted")
	}
	if a.Result != nil {
		parts = append(parts, "#"+string(a.Result.Score)+":"+string(a.Result.Reason))
	}
	return strings.Join(parts, " ")
}

func triesSummary(t Tries) string {
	switch {
	case t.Squares != nil:
		var s []string
		for _, q := range t.Squares {
			s = append(s, q.String())
		}
		return strings.Join(s, ",")
	case t.Moves != nil:
		var s []string
		for _, m := range t.Moves {
			s = append(s, m.String())
		}
		return strings.Join(s, ",")
	}
	return itoa(t.Count)
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}

// newRef starts a referee from fen under rules.
func newRef(t *testing.T, rules Ruleset, fen string) *Referee {
	t.Helper()
	p, err := game.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return New(rules, p)
}

// do submits one step ("any" asks Any?, anything else is an attempt as typed).
func do(t *testing.T, r *Referee, step string) Answer {
	t.Helper()
	if step == "any" {
		return r.AskAny()
	}
	a, err := r.AttemptText(step)
	if err != nil {
		t.Fatalf("AttemptText(%q): %v", step, err)
	}
	return a
}
