package timeline

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// darkboard is the recorded ICC game between a person and Darkboard.
const darkboard = "../../testdata/games/darkboard-liam-2023.pgn"

func load(t *testing.T, path string) *record.Record {
	t.Helper()
	return gametest.Record(t, path)
}

func TestDarkboardGame(t *testing.T) {
	rec := load(t, darkboard)
	tl, err := Build(rec, referee.Wild16, Options{Controller: controller.Options{Capacity: 256, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if tl.Plies != 148 || len(tl.Truth) != 149 || len(tl.Views[0]) != 149 || len(tl.Views[1]) != 149 {
		t.Fatalf("got %d plies, %d truths, %d/%d views; want 148, 149, 149/149", tl.Plies, len(tl.Truth), len(tl.Views[0]), len(tl.Views[1]))
	}
	if tl.Labels[0] != "1. f4" || tl.Labels[1] != "1... a5" {
		t.Errorf("labels start %q, %q; want 1. f4, 1... a5", tl.Labels[0], tl.Labels[1])
	}
	for p := 0; p <= tl.Plies; p++ {
		truth := &tl.Truth[p]
		for _, c := range []game.Color{game.White, game.Black} {
			v := &tl.Views[c][p]
			if v.Plies != p {
				t.Fatalf("ply %d, %v: view is at ply %d", p, c, v.Plies)
			}
			if v.Own.ByColor(c) != truth.ByColor(c) {
				t.Fatalf("ply %d, %v: own men %x; the board has %x", p, c, v.Own.ByColor(c), truth.ByColor(c))
			}
			// Soundness against the truth: every enemy man is where its class may stand.
			for x := truth.ByColor(c.Other()); x != 0; {
				s := x.PopFirst()
				if pt := truth.At(s).Type(); !v.Possible[pt].Has(s) {
					t.Fatalf("ply %d, %v: enemy %v on %v, outside its possible set", p, c, pt, s)
				}
			}
		}
	}
}

func TestUpTo(t *testing.T) {
	rec := load(t, darkboard)
	tl, err := Build(rec, referee.Wild16, Options{UpTo: 10, Controller: controller.Options{BeliefOnly: true}})
	if err != nil {
		t.Fatal(err)
	}
	if tl.Plies != 10 || len(tl.Views[game.Black]) != 11 {
		t.Fatalf("got %d plies, %d views; want 10, 11", tl.Plies, len(tl.Views[game.Black]))
	}
	want := tl.Truth[10].ByColor(game.White)
	if got := tl.Views[game.White][10].Own.ByColor(game.White); got != want {
		t.Errorf("white's men after 10 plies %x; want %x", got, want)
	}
}

// TestDisagreementNoted: a record whose announcements the referee
// contradicts is still followed, as the referee replays it, and the
// timeline says where it first disagrees; a sound record has nothing to say.
func TestDisagreementNoted(t *testing.T) {
	opt := Options{UpTo: 4, Controller: controller.Options{BeliefOnly: true}}
	tl, err := Build(load(t, "../../testdata/games/doctored-check.pgn"), referee.Wild16, opt)
	if err != nil {
		t.Fatal(err)
	}
	if tl.Disagreement == nil || !strings.Contains(tl.Disagreement.Error(), "ply 105 (53. Qxd5+, line 115)") {
		t.Errorf("the doctored record: disagreement %v; want ply 105 named", tl.Disagreement)
	}
	tl, err = Build(load(t, darkboard), referee.Wild16, opt)
	if err != nil {
		t.Fatal(err)
	}
	if tl.Disagreement != nil {
		t.Errorf("the sound record: disagreement %v; want none", tl.Disagreement)
	}
}

// TestTrailingEntriesAllHeard: the view at the end of an unfinished game
// holds every entry of its last turn (a refused attempt, Any?, another
// refused attempt), not only the first (a tester's render showed the first
// alone).
func TestTrailingEntriesAllHeard(t *testing.T) {
	rec, err := record.Read(strings.NewReader(`[Rules "english"]
[RefusedAtEnd "Be8,exf5"]
[AnyAtEnd "yes@1"]
[Result "*"]
[Termination "aborted"]

1. e4 {(:)} d5 {(:)} 2. Bb5+ {(CL:)} c6 {(:)} *
`))
	if err != nil {
		t.Fatal(err)
	}
	tl, err := Build(rec, referee.English, Options{Controller: controller.Options{Capacity: 256, Seed: 1}})
	if err != nil {
		t.Fatal(err)
	}
	var last []string
	for _, l := range tl.Views[game.White][tl.Plies].Log {
		if l.Ply == tl.Plies {
			last = append(last, l.Text)
		}
	}
	got := strings.Join(last, " | ")
	for _, want := range []string{"b5e8", "Any?", "e4f5"} {
		if !strings.Contains(got, want) {
			t.Errorf("the last turn's log %q lacks %q", got, want)
		}
	}
}
