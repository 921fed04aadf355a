package scene

import (
	"fmt"
	"strings"

	"github.com/krieg/krieg/assets"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
)

// MoveCell is one side's move in the move table.
type MoveCell struct {
	SAN     string   // the move; "?" for an enemy move we did not see, "" for none yet
	Refused []string // the attempts refused before it this turn, in order
	Ply     int      // the ply the move reaches (1-based); 0 when it cannot be jumped to
}

// MoveRow is one line of the move table: a move number, White's move and
// Black's.
type MoveRow struct {
	Number int
	Cells  [2]MoveCell
}

// MoveTable lays out the first plies of rec as rows, numbered from the
// start position's move number; first is the side to move at the start.
// When they are all the record's plies, the attempts refused after the
// last (a game that ended before the mover moved again) follow in a cell
// of their own.
func MoveTable(rec *record.Record, first game.Color, number, plies int) []MoveRow {
	var cells []MoveCell
	for i := 0; i < plies && i < len(rec.Plies); i++ {
		p := rec.Plies[i]
		cells = append(cells, MoveCell{SAN: p.SAN, Refused: p.Failed, Ply: i + 1})
	}
	if t := rec.Trailing(); len(t) > 0 && plies >= len(rec.Plies) {
		cells = append(cells, MoveCell{Refused: t})
	}
	return layRows(cells, first, number)
}

// layRows puts one cell a ply into rows, the first ply's side to move
// being first, numbered from number.
func layRows(cells []MoveCell, first game.Color, number int) []MoveRow {
	var rows []MoveRow
	side := first
	for _, c := range cells {
		if side == game.White || len(rows) == 0 {
			rows = append(rows, MoveRow{Number: number})
		}
		rows[len(rows)-1].Cells[side] = c
		if side == game.Black {
			number++
		}
		side = side.Other()
	}
	return rows
}

// MoveText writes rows as one line: "1. e4 e5 2. (e5) Nf3", each mover's
// refused attempts in brackets before its move.
func MoveText(rows []MoveRow) string {
	var parts []string
	for _, r := range rows {
		for side, c := range r.Cells {
			if c.SAN == "" && len(c.Refused) == 0 {
				continue
			}
			s := ""
			switch {
			case side == 0:
				s = fmt.Sprintf("%d. ", r.Number)
			case r.Cells[0].SAN == "" && len(r.Cells[0].Refused) == 0:
				s = fmt.Sprintf("%d... ", r.Number)
			}
			if len(c.Refused) > 0 {
				s += "(" + strings.Join(c.Refused, " ") + ") "
			}
			parts = append(parts, strings.TrimSpace(s+c.SAN))
		}
	}
	return strings.Join(parts, " ")
}

// tableMetrics are the move table's sizes in a column.
type tableMetrics struct {
	unit, small, lineH, smallH, numW, cellW float64
}

// newTableMetrics sizes the move table for c's text size and width.
func newTableMetrics(c *column) tableMetrics {
	m := tableMetrics{unit: c.unit, small: max(7, float64(int(c.unit*0.78)))}
	m.lineH, m.smallH = c.unit*1.4, m.small*1.25
	m.numW = Measure("999.", assets.Regular, c.unit) + 6
	m.cellW = (c.r.W - m.numW) / 2
	return m
}

// wrapped is a cell's refused attempts as the lines they take.
func (m tableMetrics) wrapped(cell MoveCell) []string {
	if len(cell.Refused) == 0 {
		return nil
	}
	return Wrap(strings.Join(cell.Refused, " "), assets.Regular, m.small, m.cellW-8, "")
}

// height is a row's height: its moves and the longest list of refused
// attempts under them.
func (m tableMetrics) height(r MoveRow) float64 {
	return m.lineH + m.smallH*float64(max(len(m.wrapped(r.Cells[0])), len(m.wrapped(r.Cells[1]))))
}

// tableRows is how many of the latest rows the play panel's move table
// keeps room for, whatever notes show: fewer are no record to read.
const tableRows = 8

// lastRowsHeight is the height of the last n of rows in c.
func lastRowsHeight(c *column, rows []MoveRow, n int) float64 {
	m := newTableMetrics(c)
	h := 0.0
	for _, r := range rows[max(0, len(rows)-n):] {
		h += m.height(r)
	}
	return h
}

// moveTable draws rows in at most height h of the column: the move number,
// White's and Black's moves, each with its refused attempts in small type
// underneath. It shows the last rows that fit, or those around ply current
// (0: the end); with jump set every move is a button to its ply.
func (s *Scene) moveTable(c *column, rows []MoveRow, current int, jump bool, h float64) {
	if len(rows) == 0 || h <= 0 {
		return
	}
	m := newTableMetrics(c)
	unit, lineH, small, smallH, numW, cellW := m.unit, m.lineH, m.small, m.smallH, m.numW, m.cellW
	wrapped, height := m.wrapped, m.height
	// The last row shown: the one holding the current ply (and one after
	// it, when there is room), else the end; a replay at ply 0 starts at
	// the first row.
	last := len(rows) - 1
	if current > 0 {
		for i, r := range rows {
			if r.Cells[0].Ply == current || r.Cells[1].Ply == current {
				last = min(i+1, len(rows)-1)
			}
		}
	}
	first, used := last+1, 0.0
	for first > 0 && used+height(rows[first-1]) <= h {
		first--
		used += height(rows[first])
	}
	if jump && current == 0 {
		// A replay at its start shows the table from the first move.
		first, last, used = 0, -1, 0
		for last+1 < len(rows) && used+height(rows[last+1]) <= h {
			last++
			used += height(rows[last])
		}
	}
	area := c.row(used)
	s.rect(area, clockBG, 1)
	y := area.Y
	for _, r := range rows[first : last+1] {
		rh := height(r)
		s.text(Rectangle{area.X + 4, y, numW - 6, lineH}, fmt.Sprintf("%d.", r.Number), assets.Regular, unit, textDim, Left)
		for side, cell := range r.Cells {
			box := Rectangle{area.X + numW + float64(side)*cellW, y, cellW, rh}
			if current > 0 && cell.Ply == current {
				s.rect(box, buttonOn, 1)
			}
			if jump && cell.Ply > 0 {
				s.Hits = append(s.Hits, Hit{R: box, Button: JumpPly, Ply: cell.Ply})
			}
			s.text(Rectangle{box.X + 4, y, cellW - 8, lineH}, cell.SAN, assets.Bold, unit, textMain, Left)
			for i, l := range wrapped(cell) {
				s.text(Rectangle{box.X + 4, y + lineH + float64(i)*smallH - smallH*0.2, cellW - 8, smallH}, l, assets.Regular, small, refusedText, Left)
			}
		}
		y += rh
	}
}
