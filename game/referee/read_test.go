package referee_test

import (
	"reflect"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/referee"
)

// TestReadTextReadsEveryAnnouncement: under every ruleset, every
// announcement the referee makes in 40 random games, written by Text with
// kriegd's full stop, reads back as itself (what the words tell of it).
func TestReadTextReadsEveryAnnouncement(t *testing.T) {
	for _, rules := range referee.Rulesets {
		kinds := map[referee.Kind]int{}
		for seed := uint64(1); seed <= 20; seed++ {
			ref := referee.New(rules, game.Start())
			attempter.Play(ref, attempter.NewRandom(seed), attempter.NewRandom(seed+1000))
			for _, e := range ref.Log() {
				for _, a := range e.Said {
					text := a.Text(rules)
					if a.Kind == referee.KindGameOver || text == "" {
						continue
					}
					got, ok := referee.ReadText(rules, text+".")
					if !ok {
						t.Fatalf("%s: %q does not read", rules.Name, text)
					}
					if want := told(rules, a); !reflect.DeepEqual(got, want) {
						t.Fatalf("%s: %q reads as %+v; want %+v", rules.Name, text, got, want)
					}
					kinds[a.Kind]++
				}
			}
		}
		t.Logf("%s: %v", rules.Name, kinds)
	}
}

// told is what the words of a say: no audience, no side for what names
// none, the tries in the ruleset's form.
func told(rules referee.Ruleset, a referee.Announcement) referee.Announcement {
	out := referee.Announcement{Kind: a.Kind, Square: a.Square, Captured: a.Captured, Check: a.Check, Has: a.Has}
	if a.Kind == referee.KindMoved {
		out.Side = a.Side
	}
	if a.Kind == referee.KindCapture && !rules.CaptureKind {
		out.Captured = referee.CapturedUnknown
	}
	if a.Kind == referee.KindTries {
		out.Tries = a.Tries.Told(rules.Tries)
	}
	return out
}

// TestReadTextRefuses: lines that are not wholly one announcement of the
// ruleset do not read.
func TestReadTextRefuses(t *testing.T) {
	for _, c := range []struct {
		rules referee.Ruleset
		line  string
	}{
		{referee.Cincinnati, "Black's move."},       // Wild 16's words
		{referee.Cincinnati, "Pawn capture at e4."}, // not the ruleset's
		{referee.RAND, "Pawn tries from c7, e9."},   // no such square
		{referee.OpenTries, "Pawn captures: e4d5."}, // no x
		{referee.Berkeley, "No pawn captures."},     // Berkeley has no Any?
		{referee.Wild16, "1000 pawn tries."},        // more than three digits
		{referee.English, "guest12 tells you: No."}, // a chat line
		{referee.English, ""},
	} {
		if a, ok := referee.ReadText(c.rules, c.line); ok {
			t.Errorf("%s: %q reads as %+v", c.rules.Name, c.line, a)
		}
	}
}

// TestReadTextRareWords: words random games seldom make (a repeat refused,
// a promotion with tries on the last rank) read too.
func TestReadTextRareWords(t *testing.T) {
	for _, c := range []struct {
		rules referee.Ruleset
		line  string
		want  referee.Announcement
	}{
		{referee.OpenTries, "Already tried.", referee.Announcement{Kind: referee.KindRepeat}},
		{referee.RAND, "Pawn promoted.", referee.Announcement{Kind: referee.KindPromotion}},
		{referee.OpenTries, "Pawn captures: g7xh8.", referee.Announcement{Kind: referee.KindTries,
			Tries: referee.Tries{Count: 1, Moves: []game.Move{game.NewMove(game.G7, game.H8, game.Queen)}}}},
		{referee.English, "No.", referee.Announcement{Kind: referee.KindAnyAnswer}},
		{referee.BerkeleyAny, "No.", referee.Announcement{Kind: referee.KindIllegal}},
	} {
		if got, ok := referee.ReadText(c.rules, c.line); !ok || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %q reads as %+v, %v; want %+v", c.rules.Name, c.line, got, ok, c.want)
		}
	}
}
