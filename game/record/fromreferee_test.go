package record

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestFromRefereeKeepsNonsense: Wild 16 answers an attempt from a square
// without a man of the mover's, or one no man of its can make, "Illegal
// move" (nonsense counts as illegal there). The record keeps every refused
// attempt that names a man, with its from-square in full when no man can
// make it; the empty-square one has no notation and is left out. The
// record reads back and replays (the empty square was found by kriegd's
// load test).
func TestFromRefereeKeepsNonsense(t *testing.T) {
	ref := referee.New(referee.Wild16, game.Start())
	for _, text := range []string{"d3d4", "e2e5", "d2d5", "e1b4", "e2e4"} {
		m, err := game.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		ref.Attempt(m)
	}
	if n := len(ref.Log()); n != 5 || ref.Log()[0].Verdict != referee.Illegal {
		t.Fatalf("log %+v; want the empty-square attempt refused as illegal first", ref.Log())
	}
	rec := roundTrip(t, ref, referee.Wild16)
	if got, want := rec.Plies[0].Failed, []string{"e2e5", "d2d5", "Ke1b4"}; !slices.Equal(got, want) {
		t.Fatalf("failed attempts %q; want %q", got, want)
	}
}

// TestFromRefereeKeepsEveryRefusal: under Berkeley's rules both sides'
// nonsense ("Nonsense" to the mover) and illegal attempts are in the record,
// in order, and replay to the same moves.
func TestFromRefereeKeepsEveryRefusal(t *testing.T) {
	ref := referee.New(referee.Berkeley, game.Start())
	for _, text := range []string{"g1g3", "e2e4", "d8h4", "e7e5", "d1h5", "e5e4", "b8c6"} {
		m, err := game.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		ref.Attempt(m)
	}
	rec := roundTrip(t, ref, referee.Berkeley)
	want := [][]string{{"Ng1g3"}, {"Qd8h4"}, nil, {"e4"}}
	if len(rec.Plies) != len(want) {
		t.Fatalf("%d plies; want %d", len(rec.Plies), len(want))
	}
	for i, w := range want {
		if got := rec.Plies[i].Failed; !slices.Equal(got, w) {
			t.Errorf("ply %d (%s): failed %q; want %q", i+1, rec.Plies[i].SAN, got, w)
		}
	}
	var steps [][]game.Move
	if _, err := Replay(rec, referee.Berkeley, func(s Step) error { steps = append(steps, s.Failed); return nil }); err != nil {
		t.Fatal(err)
	}
	if got := steps[0]; len(got) != 1 || got[0].String() != "g1g3" {
		t.Errorf("replayed first refusal %v; want g1g3", got)
	}
}

// roundTrip builds ref's record, writes it, reads it back and checks it
// against the referee under rules.
func roundTrip(t *testing.T, ref *referee.Referee, rules referee.Ruleset) *Record {
	t.Helper()
	rec, err := FromReferee(ref, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Write(&b, rec); err != nil {
		t.Fatal(err)
	}
	back, err := Read(&b)
	if err != nil {
		t.Fatalf("the record does not read back: %v\n%s", err, b.String())
	}
	if err := Check(back, rules); err != nil {
		t.Fatal(err)
	}
	return back
}

// TestReadFile reads a saved record back, and names a file it cannot read.
func TestReadFile(t *testing.T) {
	ref := referee.New(referee.Wild16, game.Start())
	m, _ := game.ParseMove("e2e4")
	ref.Attempt(m)
	rec, err := FromReferee(ref, nil)
	if err != nil {
		t.Fatal(err)
	}
	path, err := SaveNew(t.TempDir(), "g", rec)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ReadFile(path)
	if err != nil || len(back.Plies) != 1 || back.Plies[0].SAN != "e4" {
		t.Fatalf("read back %+v, %v; want 1. e4", back, err)
	}
	if _, err := ReadFile(path + ".missing"); err == nil || !strings.Contains(err.Error(), ".missing") {
		t.Errorf("a missing file: %v; want an error naming it", err)
	}
}

// TestRefusedAtEnd: attempts refused in the last turn of a game that ended
// before the mover moved again (here: White resigns after two refusals) are
// kept in the RefusedAtEnd tag, read back and checked as refused.
func TestRefusedAtEnd(t *testing.T) {
	ref := referee.New(referee.Wild16, game.Start())
	for _, text := range []string{"e2e4", "e7e5", "e4e5", "e1e3"} {
		m, _ := game.ParseMove(text)
		ref.Attempt(m)
	}
	if err := ref.Resign(game.White); err != nil {
		t.Fatal(err)
	}
	rec := roundTrip(t, ref, referee.Wild16)
	if got, want := rec.Trailing(), []string{"e5", "Ke1e3"}; !slices.Equal(got, want) {
		t.Errorf("refused at the end %q; want %q", got, want)
	}
	rec.SetTag(RefusedAtEnd, "d4") // a legal move is no refusal
	if err := Check(rec, referee.Wild16); err == nil {
		t.Error("a legal move recorded as refused at the end passed the check")
	}
}

// TestAnyAtEnd: an Any? asked in the last turn, after one refused attempt,
// of a game left unfinished is kept in the AnyAtEnd tag with where it was
// asked, and the check asks it there again; a wrong answer or place fails.
func TestAnyAtEnd(t *testing.T) {
	ref := referee.New(referee.BerkeleyAny, game.Start())
	for _, text := range []string{"e2e4", "d7d5", "e1e3"} {
		m, _ := game.ParseMove(text)
		ref.Attempt(m)
	}
	if a := ref.AskAny(); !a.Any {
		t.Fatalf("Any? after 1. e4 d5: %+v; want yes", a)
	}
	rec := roundTrip(t, ref, referee.BerkeleyAny)
	if got := rec.Tag(AnyAtEnd); got != "yes@1" {
		t.Errorf("AnyAtEnd %q; want yes@1", got)
	}
	if got := rec.Trailing(); !slices.Equal(got, []string{"Ke1e3"}) {
		t.Errorf("refused at the end %q; want [Ke1e3]", got)
	}
	for _, wrong := range []string{"no@1", "yes@2", "maybe"} {
		rec.SetTag(AnyAtEnd, wrong)
		if err := Check(rec, referee.BerkeleyAny); err == nil {
			t.Errorf("AnyAtEnd %q passed the check", wrong)
		}
	}
}

// TestPlyCapTravels: a game drawn at a ply cap not its ruleset's own
// carries the cap in a PlyCap tag, and the ruleset read back from the
// record has it, so the record checks; the ruleset's own cap writes none.
func TestPlyCapTravels(t *testing.T) {
	for _, tc := range []struct {
		name string
		cap  int
		tag  string
	}{{"short cap", 3, "3"}, {"no cap", 0, "0"}, {"the ruleset's cap", referee.DefaultPlyCap, ""}} {
		t.Run(tc.name, func(t *testing.T) {
			rules := referee.Wild16
			rules.PlyCap = tc.cap
			ref := referee.New(rules, game.Start())
			for _, text := range []string{"e2e4", "e7e5", "g1f3"} {
				m, _ := game.ParseMove(text)
				ref.Attempt(m)
			}
			rec, err := FromReferee(ref, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := rec.Tag(PlyCapTag); got != tc.tag {
				t.Fatalf("PlyCap tag %q; want %q", got, tc.tag)
			}
			var b bytes.Buffer
			if err := Write(&b, rec); err != nil {
				t.Fatal(err)
			}
			back, err := Read(&b)
			if err != nil {
				t.Fatal(err)
			}
			got, err := back.Rules()
			if err != nil {
				t.Fatal(err)
			}
			if got.PlyCap != tc.cap {
				t.Fatalf("ply cap read back %d; want %d", got.PlyCap, tc.cap)
			}
			if err := Check(back, got); err != nil {
				t.Fatalf("the record does not check under its own rules: %v", err)
			}
		})
	}
	rec := &Record{Tags: []Tag{{"PlyCap", "many"}}}
	if _, err := rec.Rules(); err == nil || !strings.Contains(err.Error(), "PlyCap") {
		t.Errorf("a PlyCap tag of no number: got %v; want an error naming the tag", err)
	}
}

// TestAnyAskedAfterARefusal: an Any? asked after a refused attempt is
// recorded where it came ("any=no@1") and replayed there: the refusal
// stays the public "No" it was, where replaying the question first made it
// private nonsense (a tester's English and Berkeley + Any games). A record
// without the count asks first, as older records mean; a count past the
// refused attempts, or another answer, is a disagreement.
func TestAnyAskedAfterARefusal(t *testing.T) {
	ref := referee.New(referee.BerkeleyAny, game.Start())
	for _, m := range []game.Move{game.NewMove(game.E2, game.E4, 0), game.NewMove(game.E7, game.E5, 0), game.NewMove(game.E4, game.D5, 0)} {
		ref.Attempt(m)
	}
	ref.AskAny()
	ref.Attempt(game.NewMove(game.D2, game.D4, 0))
	rec, err := FromReferee(ref, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Plies[2].Extra; !slices.Contains(got, "any=no@1") {
		t.Fatalf("the third ply's items %v; want any=no@1", got)
	}
	var buf bytes.Buffer
	if err := Write(&buf, rec); err != nil {
		t.Fatal(err)
	}
	back, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	var heard referee.Verdict
	if _, err := Replay(back, referee.BerkeleyAny, func(s Step) error {
		if s.Index == 2 {
			heard = s.Refusals[0].Verdict
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if heard != referee.Illegal {
		t.Errorf("exd5, tried before Any?, replayed as %v; want the No it was", heard)
	}
	if err := Check(back, referee.BerkeleyAny); err != nil {
		t.Errorf("check: %v", err)
	}
	for item, ok := range map[string]bool{"any=no": true, "any=yes@2": true, "any=maybe": false, "any=no@-1": false, "any=no@x": false, "cap=pawn": false} {
		if _, _, got := ParseAnyItem(item); got != ok {
			t.Errorf("ParseAnyItem(%q) ok %v; want %v", item, got, ok)
		}
	}
	back.Plies[2].Extra = []string{"any=no@5"}
	if _, err := Replay(back, referee.BerkeleyAny, nil); err == nil || !strings.Contains(err.Error(), "any=no@5") {
		t.Errorf("any=no@5 with one refused attempt: %v; want it named", err)
	}
}
