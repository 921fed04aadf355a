package icc

import (
	"cmp"

	"github.com/krieg/krieg/game/referee"
)

// kriegdWords reads a line of kriegd's referee under a ruleset other than
// Wild 16. kriegd words each announcement as its ruleset does
// (referee.Text: Cincinnati's "Pawn capture", RAND's "Pawn tries from c7",
// English's "Black"), one to a line, which ICC's pattern table does not
// know; read wrongly, the assistant would lose the news or take it for
// another. ok is false for any other line.
func kriegdWords(rules referee.Ruleset, line string) (Heard, bool) {
	if rules.Name == referee.Wild16.Name {
		return Heard{}, false // ICC's words, read by the pattern table
	}
	a, ok := referee.ReadText(rules, line)
	if !ok {
		return Heard{}, false
	}
	switch a.Kind {
	case referee.KindMoved:
		return Heard{Kind: "turn"}, true
	case referee.KindCapture:
		kind := map[referee.CapturedKind]string{referee.CapturedPawn: "capture-pawn", referee.CapturedPiece: "capture-piece"}[a.Captured]
		return Heard{Kind: cmp.Or(kind, "capture"), Square: a.Square}, true
	case referee.KindCheck:
		for word, k := range checkKinds {
			if k == a.Check {
				return Heard{Kind: word}, true
			}
		}
	case referee.KindTries:
		t := a.Tries
		return Heard{Kind: "tries", Count: t.Count, Tries: &t}, true
	case referee.KindIllegal:
		return Heard{Kind: "illegal"}, true
	case referee.KindNonsense:
		return Heard{Kind: "nonsense"}, true
	case referee.KindRepeat:
		return Heard{Kind: "repeat"}, true
	case referee.KindPromotion:
		return Heard{Kind: "promoted"}, true
	case referee.KindAnyAnswer:
		if a.Has {
			return Heard{Kind: "any-yes"}, true
		}
		return Heard{Kind: "any-no"}, true
	}
	return Heard{}, false
}
