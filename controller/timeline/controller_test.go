package timeline

import (
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestControllerMatchesViews: the controller rebuilt for a ply holds the
// same view as the timeline kept there, for both players, at the end too.
// B2's probabilities are compared too: the rebuild after a fallback is
// bounded by a count of attempts, not by the clock, so a replay is exact.
func TestControllerMatchesViews(t *testing.T) {
	opt := controller.Options{Capacity: 128, Seed: 1, Workers: 1}
	tl, err := Build(load(t, darkboard), referee.Wild16, Options{Controller: opt})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []int{0, 1, 17, 30, tl.Plies} {
		for _, c := range []game.Color{game.White, game.Black} {
			ctl, err := tl.Controller(p, c, opt)
			if err != nil {
				t.Fatal(err)
			}
			got, want := ctl.View(), tl.Views[c][p]
			if got.Plies != want.Plies || got.Possible != want.Possible || got.MaxCount != want.MaxCount || got.Probability != want.Probability || got.Own != want.Own || len(got.Log) != len(want.Log) {
				t.Errorf("ply %d, %s: the rebuilt controller's view differs from the timeline's (plies %d against %d, log %d against %d)", p, c, got.Plies, want.Plies, len(got.Log), len(want.Log))
			}
		}
	}
	if _, err := tl.Controller(tl.Plies+1, game.White, opt); err == nil {
		t.Error("a controller past the record's end; want an error")
	}
}
