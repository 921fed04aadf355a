package server

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
)

// TestFirstMovesOnNoClock: as on lichess, no time is taken before a side's
// first move (an outside tester saw White's clock run before it), the
// clocks start once both sides have made it, and from then on the game
// runs as before; the clocks sent say they are not running until then.
func TestFirstMovesOnNoClock(t *testing.T) {
	p, tb := inprocGame(t, "5 0 u w16 white")
	if out := tb.out[0].String(); !strings.Contains(out, "\x19(56 1 W 300000 0\x19)") || !strings.Contains(out, "\x19(56 1 B 300000 0\x19)") {
		t.Fatalf("the clocks at the start, as White heard them: %q; want both at 300000 ms, not running", out)
	}
	p.clock.advance(20 * time.Second)
	tb.line(0, "e2e4")
	p.clock.advance(25 * time.Second)
	tb.line(1, "e7e5")
	m := p.game(t, 1)
	if m.clock != [2]time.Duration{5 * time.Minute, 5 * time.Minute} || !m.ticking {
		t.Fatalf("after both first moves, 45 s in: clocks %v, running %v; want 5 minutes each, running", m.clock, m.ticking)
	}
	if out := tb.out[0].String(); !strings.Contains(out, "\x19(56 1 W 300000 1\x19)") {
		t.Fatalf("White did not hear its clock start after Black's first move: %q", out)
	}
	// From here on the side to move's clock runs, as it always did.
	p.clock.advance(10 * time.Second)
	tb.line(0, "d2d4")
	p.clock.advance(3 * time.Second)
	tb.line(1, "d7d5")
	if m.clock != [2]time.Duration{290 * time.Second, 297 * time.Second} || m.over {
		t.Fatalf("after 10 s and 3 s on the second moves: %v (over %v); want 290 s and 297 s", m.clock, m.over)
	}
	// The first-move limit is long gone: the clock, not it, ends the game.
	p.clock.advance(291 * time.Second)
	tb.drain()
	if !strings.Contains(tb.out[1].String(), "\x19(16 1 0 Fla 0-1 ") {
		t.Fatalf("White's flag did not fall: %q", tb.out[1].String())
	}
}

// TestNoFirstMoveAborts: a side that has not made its first move within
// Config.FirstMove (counted from its turn) has the game aborted, with no
// result, unrated, and both players told why in one line.
func TestNoFirstMoveAborts(t *testing.T) {
	for _, tc := range []struct {
		name   string
		before time.Duration // waited before the moves
		moves  []string
		late   game.Color
	}{
		{"White", 0, nil, game.White},
		{"Black", 20 * time.Second, []string{"e2e4"}, game.Black}, // Black's count starts with its turn
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, tb := inprocGame(t, "5 0 r w16 white")
			p.clock.advance(tc.before)
			for i, mv := range tc.moves {
				tb.line(i%2, mv)
			}
			p.clock.advance(29 * time.Second) // 30 s from the turn's start, less a second
			if p.game(t, 1).over {
				t.Fatal("aborted before its time")
			}
			p.clock.advance(time.Second + time.Millisecond)
			tb.drain()
			want := "Game 1 aborted: " + tb.names[tc.late] + " (" + tc.late.Title() + ") made no first move within 30 seconds; no result, unrated."
			for i := range 2 {
				out := tb.out[i].String()
				if !strings.Contains(out, want) || !strings.Contains(out, "\x19(16 1 0 BA * ") {
					t.Fatalf("player %d heard %q; want %q and the game aborted", i, out, want)
				}
			}
			p.s.locked(func() error {
				if len(p.s.games) != 0 {
					t.Fatal("the aborted game is still listed")
				}
				return nil
			})
		})
	}
}

// game returns game n in progress (under the lock, then read by the test
// alone: the test drives every connection itself).
func (p *inproc) game(t *testing.T, n int) *match {
	t.Helper()
	var m *match
	p.s.locked(func() error { m = p.s.games[n]; return nil })
	if m == nil {
		t.Fatalf("no game %d in progress", n)
	}
	return m
}

// TestClosedServerAbortsNothing: once the server is closed, a game's
// first-move timer no longer fires (it ended the game and wrote to the log
// after Close, which in the tests logged after the test had ended).
func TestClosedServerAbortsNothing(t *testing.T) {
	p, _ := inprocGame(t, "5 0 r w16 white")
	p.s.Close()
	var log bytes.Buffer // the fake clock calls the timers on this goroutine
	p.s.log = slog.New(slog.NewTextHandler(&log, nil))
	p.clock.advance(31 * time.Second)
	if log.Len() != 0 {
		t.Fatalf("logged after Close: %q", log.String())
	}
}
