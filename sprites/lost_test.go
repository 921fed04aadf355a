package sprites

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/kriegdtest"
	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowLostConnectionInWords: a guest idle in the desktop window on
// a kriegd over TCP is let go; the window says why in the server's words
// and what to do, and shows no error of the driver's (an outside tester
// read "wsstream: failed to read: use of closed network connection"). It
// does not connect again: out of a game, an idle cut is the server's
// limit, which coming back as a new guest every time would defeat.
func TestWindowLostConnectionInWords(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{GuestIdleTimeout: time.Second})
	c, err := icc.New(icc.Options{Addr: addr, Quiet: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Connect(t.Context()); err != nil {
		t.Fatal(err)
	}
	app, err := New(Options{Remote: c})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.show(nil); app.Close() })
	h.show(app)
	want := "kriegd closed the connection: no input for too long (1 second). Start krieg again to sign in and play on."
	h.waitFor(t, "the lost connection said", 5*time.Second, func() bool {
		return slices.ContainsFunc(app.play.console, func(l scene.ConsoleLine) bool { return l.Text == want })
	})
	time.Sleep(time.Second)
	h.do(func() {
		if app.play.rejoin != nil || app.frame.Panel.Notice == "Connected to the server again" {
			t.Error("the window connects again after an idle cut out of a game")
		}
		for _, l := range app.play.console {
			if strings.Contains(l.Text, "icc:") || strings.Contains(l.Text, "EOF") || strings.Contains(l.Text, "network connection") {
				t.Errorf("the console shows the driver's error: %q", l.Text)
			}
		}
	})
}
