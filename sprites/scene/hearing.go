package scene

import (
	"strings"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// Hearing builds the move table of what one player heard: their own moves
// as their board saw them, the enemy's as "?", each with the capture and
// check the referee announced after it, and the refused attempts before it
// (the enemy's as "?", when the referee said them aloud). It never holds
// more than the player was told, so a replay with the truth hidden and the
// live game show the same table.
type Hearing struct {
	side   game.Color
	cells  map[int]MoveCell // by the ply the move was made at (0-based)
	failed []string         // the refused attempts of the turn under way
	mover  game.Color       // whose turn failed belongs to
	// last is the newest accepted move as heard, and san its bare move,
	// for a result that comes after it in an entry of its own (an ICC
	// server's mate): the move is marked again with it.
	last referee.Entry
	san  string
}

// NewHearing starts the table of what side hears.
func NewHearing(side game.Color) *Hearing {
	return &Hearing{side: side, cells: map[int]MoveCell{}}
}

// Add notes entry e; own is the player's board before it. The entry is cut
// down to what the player hears first, so the whole referee's log may be
// given.
func (h *Hearing) Add(e referee.Entry, own game.Position) {
	e, ok := e.HeardBy(h.side)
	if !ok || e.AskedAny {
		return
	}
	if e.Mover != h.mover {
		h.failed, h.mover = nil, e.Mover
	}
	san := "?"
	if e.Mover == h.side && e.Attempt != game.NoMove {
		own.SetTurn(e.Mover)
		san = record.AttemptSAN(&own, e.Attempt)
	}
	switch e.Verdict {
	case referee.Illegal, referee.Nonsense, referee.Repeated:
		h.failed = append(h.failed, san)
	case referee.Accepted:
		h.cells[e.Ply] = MoveCell{SAN: marked(san, e, h.side), Refused: h.failed, Ply: e.Ply + 1}
		h.failed, h.mover = nil, e.Mover.Other()
		h.last, h.san = e, san
	case referee.Finished:
		h.mated(e)
	}
}

// mated marks the last move "#" when e, a result of its own, says it
// mated: the mate was heard, though not in the move's entry.
func (h *Hearing) mated(e referee.Entry) {
	c, ok := h.cells[h.last.Ply]
	if !ok || h.last.Ply != e.Ply-1 {
		return
	}
	for _, a := range e.Said {
		if a.Kind == referee.KindGameOver && a.Result.Reason == referee.ReasonCheckmate {
			last := h.last
			last.Said = append(append([]referee.Announcement(nil), last.Said...), a)
			c.SAN = marked(h.san, last, h.side)
			h.cells[last.Ply] = c
			return
		}
	}
}

// Rows lays out the first plies plies from the start position: a move not
// heard at all is "?"; the refused attempts of the turn after the last ply
// follow in a cell of their own.
func (h *Hearing) Rows(start game.Position, plies int) []MoveRow {
	cells := make([]MoveCell, 0, plies+1)
	for ply := 0; ply < plies; ply++ {
		cells = append(cells, h.Cell(ply))
	}
	if len(h.failed) > 0 {
		cells = append(cells, MoveCell{Refused: h.failed})
	}
	return layRows(cells, start.Turn(), max(start.FullmoveNumber(), 1))
}

// Cell returns the heard move made at ply (0-based), "?" when none was heard.
func (h *Hearing) Cell(ply int) MoveCell {
	if c, ok := h.cells[ply]; ok {
		return c
	}
	return MoveCell{SAN: "?", Ply: ply + 1}
}

// checkWords are the check kinds as the table writes them after "+".
var checkWords = [...]string{referee.CheckRank: "rank", referee.CheckFile: "file", referee.CheckLong: "long",
	referee.CheckShort: "short", referee.CheckKnight: "knight"}

// marked adds to san what the referee said of the accepted move e, as the
// saved record writes it: "x" for a capture (on the square, for the enemy's
// move, "?xe4"), "+" for a check followed by its kinds, "#" for mate.
func marked(san string, e referee.Entry, side game.Color) string {
	var kinds []string
	check, mate := false, false
	for _, a := range e.Said {
		switch a.Kind {
		case referee.KindCapture:
			if e.Mover != side {
				san += "x" + a.Square.String()
			} else if !strings.Contains(san, "x") {
				if i := strings.LastIndex(san, e.Attempt.To().String()); i >= 0 {
					san = san[:i] + "x" + san[i:]
				}
			}
		case referee.KindCheck:
			check = true
			if a.Check != referee.CheckPlain {
				kinds = append(kinds, checkWords[a.Check])
			}
		case referee.KindGameOver:
			mate = a.Result.Reason == referee.ReasonCheckmate
		}
	}
	switch {
	case mate:
		san += "#"
	case check:
		san += "+"
	}
	if len(kinds) > 0 && !mate {
		san += " " + strings.Join(kinds, ",")
	}
	return san
}
