package scene

import (
	"fmt"
	"strings"

	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/game"
)

// ReplayFrame fills f's board and panel with ply p of a timeline as side
// saw it; reveal shows the real enemy men under the tokens.
func ReplayFrame(f *Frame, tl *timeline.Timeline, p int, side game.Color, reveal bool) {
	p = max(0, min(tl.Plies, p))
	v, truth, m := tl.At(p, side)
	f.Mode, f.View, f.LastMove = ReplayScreen, v, m
	f.Truth = nil
	if reveal {
		f.Truth = truth
	}
	f.Replay = ReplayInfo{Ply: p, Plies: tl.Plies, Total: len(tl.Record.Plies), Review: f.Replay.Review,
		Table: MoveTable(tl.Record, tl.Truth[0].Turn(), tl.Truth[0].FullmoveNumber(), tl.Plies)}
	if p > 0 {
		f.Replay.Move = tl.Labels[p-1]
		f.Replay.Heard = nil
		for _, h := range tl.Heard[side][p-1] {
			f.Replay.Heard = append(f.Replay.Heard, "Heard: "+h)
		}
	}
	rec := tl.Record
	f.Panel.Title = fmt.Sprintf("%s: %s vs %s, %s's view", tl.Rules.Title, nameOr(rec.Tag("White"), "White"), nameOr(rec.Tag("Black"), "Black"), side.Title())
	f.Panel.Status = ""
	if p == tl.Plies {
		f.Panel.Status = "Result: " + string(rec.Result)
		if v.Result != nil {
			f.Panel.Status = fmt.Sprintf("Result: %s (%s)", v.Result.Score, v.Result.Reason)
		}
	}
}

func nameOr(name, def string) string {
	if strings.TrimSpace(name) == "" {
		return def
	}
	return name
}
