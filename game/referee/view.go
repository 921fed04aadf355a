package referee

import "github.com/krieg/krieg/game"

// View is what one player knows: their own men and everything they have
// heard. It never holds the other side's men or secret attempts.
type View struct {
	Side   game.Color
	Own    game.Position // the player's own men only (see game.Position.Only)
	ToMove game.Color
	Plies  int
	Result *Result
	Heard  []Entry // entries with only what Side heard; the opponent's attempts are NoMove
}

// View returns what player c knows now.
func (r *Referee) View(c game.Color) View {
	v := View{Side: c, Own: r.pos.Only(c), ToMove: r.pos.Turn(), Plies: r.plies, Result: r.result}
	for _, e := range r.log {
		if h, ok := e.HeardBy(c); ok {
			v.Heard = append(v.Heard, h)
		}
	}
	return v
}

// HeardBy filters e down to what c heard; ok is false when c heard nothing.
func (e Entry) HeardBy(c game.Color) (Entry, bool) {
	out := Entry{Ply: e.Ply, Mover: e.Mover, Resigned: e.Resigned, Verdict: e.Verdict}
	for _, a := range e.Said {
		if a.To.Hears(c) {
			out.Said = append(out.Said, a)
		}
	}
	if e.Mover == c {
		out.Attempt, out.AskedAny = e.Attempt, e.AskedAny
		return out, true
	}
	if len(out.Said) == 0 {
		return Entry{}, false
	}
	out.AskedAny = e.AskedAny
	return out, true
}
