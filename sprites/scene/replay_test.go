package scene

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/game"
)

// TestReplayHeaderCountsTheRecord: a timeline followed only to ply 20 (as
// krieg render --ply 20 does) still heads the panel with the record's
// length, 148 plies.
func TestReplayHeaderCountsTheRecord(t *testing.T) {
	tl, err := timeline.Load("../../testdata/games/darkboard-liam-2023.pgn", "", timeline.Options{UpTo: 20, Controller: controller.Options{Capacity: 256, Seed: 1, Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	f := Frame{W: 1000, H: 640, Show: DefaultShow, Selected: game.NoSquare, Capture: game.NoSquare}
	ReplayFrame(&f, tl, 20, game.White, false)
	s := Build(f)
	for _, sp := range s.Sprites {
		if sp.Kind == Text && strings.HasPrefix(sp.Text, "Ply 20 of") {
			if !strings.HasPrefix(sp.Text, "Ply 20 of 148") {
				t.Errorf("header %q; want Ply 20 of 148", sp.Text)
			}
			return
		}
	}
	t.Error("no Ply header drawn")
}
