package sprites

import (
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowNewGameSaysItSeeks: New game on the result card of a kriegd
// game posts a seek, and the window says so: the card goes, the status
// reads "Seeking a game…" and the panel says what was sought and how to
// withdraw it (it posted the seek without a word); unseek typed ends it.
func TestWindowNewGameSaysItSeeks(t *testing.T) {
	spec := net.GameSpec{Rules: referee.Wild16, Kriegspiel: true, Base: 5 * time.Minute, Increment: 3 * time.Second}
	s := serveGameWith(t, server.Config{}, Options{Spec: &spec})
	s.play(t, "e2e4", "e7e5")
	if err := s.black.Do(net.Resign); err != nil {
		t.Fatal(err)
	}
	h.waitFor(t, "the result card", servedWait, func() bool { return s.app.frame.Banner != nil })
	h.do(func() { s.app.Inject(Intent{Kind: Press, Button: scene.NewGame}) })
	h.do(func() {
		f := &s.app.frame
		if f.Banner != nil || f.Panel.Status != "Seeking a game…" || !strings.Contains(f.Panel.Notice, "unseek") {
			t.Errorf("after New game: card %v, status %q, notice %q; want no card, Seeking a game…, and how to unseek", f.Banner != nil, f.Panel.Status, f.Panel.Notice)
		}
	})
	h.do(func() { s.app.Inject(Intent{Kind: TypeText, Text: "unseek"}, Intent{Kind: Submit}) })
	h.do(func() {
		if st := s.app.frame.Panel.Status; strings.HasPrefix(st, "Seeking") {
			t.Errorf("after unseek the status still reads %q", st)
		}
	})
}
