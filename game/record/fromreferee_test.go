package record

import (
	"bytes"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestFromRefereeSkipsEmptySquareAttempts: Wild 16 answers an attempt from
// a square without a man of the mover's, or one no man of its can make, "Illegal move" (nonsense counts as
// illegal there); the record leaves it out, since it has no SAN, and the
// record still reads back and replays (found by kriegd's load test).
func TestFromRefereeSkipsEmptySquareAttempts(t *testing.T) {
	ref := referee.New(referee.Wild16, game.Start())
	for _, text := range []string{"d3d4", "e2e5", "d2d5", "e2e4"} {
		m, err := game.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		ref.Attempt(m)
	}
	if n := len(ref.Log()); n != 4 || ref.Log()[0].Verdict != referee.Illegal {
		t.Fatalf("log %+v; want the empty-square attempt refused as illegal first", ref.Log())
	}
	rec, err := FromReferee(ref, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Plies[0].Failed; len(got) != 0 {
		t.Fatalf("failed attempts %q; want none", got)
	}
	var b bytes.Buffer
	if err := Write(&b, rec); err != nil {
		t.Fatal(err)
	}
	back, err := Read(&b)
	if err != nil {
		t.Fatalf("the record does not read back: %v\n%s", err, b.String())
	}
	if err := Check(back, referee.Wild16); err != nil {
		t.Fatal(err)
	}
}
