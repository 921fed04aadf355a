package scene

import (
	"fmt"
	"strings"

	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
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
	f.Replay = ReplayInfo{Ply: p, Plies: tl.Plies, Moves: MoveList(tl.Record, tl.Truth[0].Turn(), tl.Truth[0].FullmoveNumber(), p), Review: f.Replay.Review}
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

// MoveList writes the first plies of rec in SAN, numbered from the start
// position's move number (first to move: the side to move at the start),
// each mover's refused attempts in brackets before its move:
// "1. e4 e5 2. (e5) Nf3".
func MoveList(rec *record.Record, first game.Color, number, plies int) string {
	var b strings.Builder
	side := first
	for i := 0; i < plies && i < len(rec.Plies); i++ {
		p := rec.Plies[i]
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		if side == game.White {
			fmt.Fprintf(&b, "%d. ", number)
		} else if i == 0 {
			fmt.Fprintf(&b, "%d... ", number)
		}
		if len(p.Failed) > 0 {
			b.WriteString("(" + strings.Join(p.Failed, " ") + ") ")
		}
		b.WriteString(p.SAN)
		if side == game.Black {
			number++
		}
		side = side.Other()
	}
	return b.String()
}
