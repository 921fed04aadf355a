package scene

import (
	"fmt"
	"strings"

	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// ReplayFrame fills f's board and panel with ply p of a timeline as side
// saw it; reveal shows the real enemy men, above the tokens. Hidden, the
// truth stays hidden everywhere: the move table, the move's label and the
// highlight of the last move hold only what side heard.
func ReplayFrame(f *Frame, tl *timeline.Timeline, p int, side game.Color, reveal bool) {
	p = max(0, min(tl.Plies, p))
	v, truth, m := tl.At(p, side)
	f.Mode, f.View, f.LastMove = ReplayScreen, v, m
	f.Truth = nil
	// A timeline cut short (krieg render --ply) lists the moves made up to
	// the ply drawn: it follows at least one ply, which at ply 0 is still
	// to come.
	listed := tl.Plies
	if !tl.Whole() {
		listed = p
	}
	table := MoveTable(tl.Record, tl.Truth[0].Turn(), tl.Truth[0].FullmoveNumber(), listed)
	label := func(ply int) string { return tl.Labels[ply] }
	if reveal {
		f.Truth = truth
	} else {
		h := NewHearing(side)
		for _, e := range tl.Log() {
			h.Add(e, tl.Views[side][min(e.Ply, tl.Plies)].Own)
		}
		table = h.Rows(tl.Truth[0], listed)
		label = func(ply int) string { return record.MoveLabel(&tl.Truth[ply], h.Cell(ply).SAN) }
		if p > 0 && tl.Truth[p-1].Turn() != side {
			f.LastMove = game.NoMove // the enemy's move was not seen
		}
	}
	f.Replay = ReplayInfo{Ply: p, Plies: tl.Plies, Total: len(tl.Record.Plies), Review: f.Replay.Review, Table: table}
	if p > 0 {
		f.Replay.Move = label(p - 1)
		f.Replay.Heard = nil
		for _, h := range tl.Heard[side][p-1] {
			f.Replay.Heard = append(f.Replay.Heard, "Heard: "+h)
		}
	}
	rec := tl.Record
	f.Panel.Title = fmt.Sprintf("%s: %s vs %s, %s's view", tl.Rules.Title, nameOr(rec.Tag("White"), "White"), nameOr(rec.Tag("Black"), "Black"), side.Title())
	f.Panel.Status = ""
	if p == tl.Plies && tl.Whole() { // a timeline cut short has not reached the record's end
		// The referee's end, else the record's own (a flag, a resignation
		// or an abort, which the moves do not show).
		res := referee.Result{Score: rec.Result, Reason: referee.Reason(strings.ToLower(strings.TrimSpace(rec.Tag("Termination"))))}
		if v.Result != nil {
			res = *v.Result
		}
		f.Panel.Status = "Result: " + string(res.Score)
		if res.Reason != "" {
			winner, _ := res.Winner()
			f.Panel.Status += " (" + referee.ReasonWords(res.Reason, winner) + ")"
		}
	}
}

func nameOr(name, def string) string {
	if strings.TrimSpace(name) == "" {
		return def
	}
	return name
}
