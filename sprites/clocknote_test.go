package sprites

import (
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/server"
)

// TestWindowClocksSayWhyOnKriegd: on a kriegd over TCP, the window says by
// the clocks why they stand before both first moves; when the opponent's
// connection ends it says so, that the clocks run on (kriegd keeps them
// running) and how long the opponent has to return, counting down; the
// opponent's clock never jumps back when the server's clocks come with
// their return, and the note goes.
func TestWindowClocksSayWhyOnKriegd(t *testing.T) {
	s := serveGame(t, server.Config{Attempts: 10000, Grace: 20 * time.Second})
	h.waitFor(t, "the first-move note", servedWait, func() bool {
		n := s.app.frame.Panel.ClockNote
		return strings.HasPrefix(n, "Your first move within 0:") && strings.HasSuffix(n, ", or the game is aborted; the clocks start after both first moves") &&
			sceneHasText(&s.app.scene, "Your first move within")
	})
	s.play(t, "e2e4", "e7e5", "d2d4")
	h.waitFor(t, "the clocks running", servedWait, func() bool {
		p := s.app.frame.Panel
		return p.Ticking && p.Running == game.Black && p.ClockNote == ""
	})
	s.blackNet.Close()
	var first string
	h.waitFor(t, "the opponent's absence said", servedWait, func() bool {
		first = s.app.frame.Panel.ClockNote
		return strings.HasPrefix(first, "bob disconnected: the clocks run on; the game is theirs to lose in 0:") &&
			sceneHasText(&s.app.scene, "bob disconnected")
	})
	h.waitFor(t, "the time to return counting down", servedWait, func() bool {
		n := s.app.frame.Panel.ClockNote
		return n != first && strings.HasPrefix(n, "bob disconnected")
	})
	var before time.Duration
	h.do(func() { before = s.app.frame.Panel.Clocks[game.Black] })
	if err := s.black.Reconnect(t.Context()); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the note gone on the opponent's return", servedWait, func() bool { return s.app.frame.Panel.ClockNote == "" })
	h.do(func() {
		p := s.app.frame.Panel
		if !p.Ticking || p.Running != game.Black {
			t.Errorf("after the return: running %v ticking %v; want Black's clock running", p.Running, p.Ticking)
		}
		if after := p.Clocks[game.Black]; after > before {
			t.Errorf("Black's clock went back from %v to %v on the server's word", before, after)
		}
	})
}

// TestWindowFirstMoveLimit: the note counts down the server's limit on a
// first move, and when it passes, the result card says why the game was
// aborted, in the server's words.
func TestWindowFirstMoveLimit(t *testing.T) {
	s := serveGame(t, server.Config{FirstMove: 3 * time.Second})
	var first string
	h.waitFor(t, "the first-move note", servedWait, func() bool {
		first = s.app.frame.Panel.ClockNote
		return strings.HasPrefix(first, "Your first move within 0:0")
	})
	h.waitFor(t, "the limit counting down", servedWait, func() bool {
		n := s.app.frame.Panel.ClockNote
		return n != first && strings.HasPrefix(n, "Your first move within 0:0")
	})
	s.play(t, "e2e4")
	h.waitFor(t, "Black's first move awaited", servedWait, func() bool {
		return strings.HasPrefix(s.app.frame.Panel.ClockNote, "Black's first move within 0:0")
	})
	h.waitFor(t, "the abort's reason on the card", servedWait, func() bool {
		b := s.app.frame.Banner
		return b != nil && b.Detail == "No result: bob (Black) made no first move within 3 seconds"
	})
}

// TestParseWait: the time a server gives a player to return, as kriegd
// words it and as an older kriegd wrote it.
func TestParseWait(t *testing.T) {
	for in, want := range map[string]time.Duration{"1 minute": time.Minute, "30 seconds": 30 * time.Second,
		"2 minutes 5 seconds": 125 * time.Second, "1m0s": time.Minute, "1 second": time.Second} {
		if got, ok := parseWait(in); !ok || got != want {
			t.Errorf("parseWait(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "soon", "5 fortnights"} {
		if _, ok := parseWait(bad); ok {
			t.Errorf("parseWait(%q) read a wait", bad)
		}
	}
}
