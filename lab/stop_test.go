package lab

import (
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestStopEndsSeriesEarly: a Stop closed after the first game of a match or
// an endgame series ends it there, and the report covers that game and says
// how many were asked for; an eval stopped before it began reports no game
// without failing.
func TestStopEndsSeriesEarly(t *testing.T) {
	stopAfterFirst := func() (Stop, func(int, *referee.Referee) error) {
		c := make(chan struct{})
		return c, func(n int, _ *referee.Referee) error {
			if n == 0 {
				close(c)
			}
			return nil
		}
	}
	stop, each := stopAfterFirst()
	m, err := Match(MatchOptions{White: "random", Black: "random", Games: 5, Stop: stop, Seed: 1, Rules: referee.Wild16, Start: game.Start()}, each)
	if err != nil {
		t.Fatal(err)
	}
	if m.Games != 1 || m.Asked != 5 || m.WhiteWins+m.Draws+m.BlackWins != 1 || !strings.Contains(m.String(), "stopped early: 1 of 5 played") {
		t.Errorf("match stopped after its first game: %+v\n%s", m, m)
	}
	stop, each = stopAfterFirst()
	e, err := Endgame(EndgameOptions{Material: "kqk", Games: 5, Stop: stop, Seed: 9, Defender: "random", MoveTime: 20 * time.Millisecond, Rules: referee.Wild16}, each)
	if err != nil {
		t.Fatal(err)
	}
	if e.Games != 1 || e.Asked != 5 || e.MateRate != float64(e.Mates) || !strings.Contains(e.String(), "stopped early: 1 of 5") {
		t.Errorf("endgame series stopped after its first study: %+v", e)
	}
	closed := make(chan struct{})
	close(closed)
	r, err := Run(Options{Games: 3, Stop: closed, Rules: referee.Wild16, Start: game.Start(), Capacity: 64})
	if err != nil {
		t.Fatal(err)
	}
	var table strings.Builder
	if err := r.WriteTable(&table); err != nil {
		t.Fatal(err)
	}
	if r.Games != 0 || r.Asked != 3 || r.Plies != 0 || !strings.Contains(table.String(), "stopped early: 0 of 3") {
		t.Errorf("eval stopped before it began: games %d, asked %d, plies %d\n%s", r.Games, r.Asked, r.Plies, table.String())
	}
}
