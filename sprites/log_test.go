package sprites

import (
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowLogKeepsTimeOrder: a server's line that came between the
// game's first and later referee messages is drawn between their lines in
// the log, not below the newest.
func TestWindowLogKeepsTimeOrder(t *testing.T) {
	events := darkboardEvents(t, 6)[:5]
	app, comm := showRemote(t)
	send := func(evs ...net.Event) {
		for _, ev := range evs {
			comm.events <- ev
		}
	}
	send(events[:3]...)
	h.waitFor(t, "the first messages", 5*time.Second, func() bool { return app.play != nil && app.play.handled == 3 })
	send(net.Event{Kind: net.KindConsole, Text: "bob says: good luck", Snap: events[2].Snap})
	send(events[3:]...)
	h.waitFor(t, "the later messages", 5*time.Second, func() bool { return app.play.handled == len(events)+1 })
	h.do(func() {
		said, last := -1.0, -1.0
		for _, sp := range app.scene.Sprites {
			if sp.Kind != scene.Text {
				continue
			}
			switch {
			case strings.Contains(sp.Text, "bob says"):
				said = sp.Y
			case strings.Contains(sp.Text, "White's move") || strings.Contains(sp.Text, "Black's move"):
				last = max(last, sp.Y)
			}
		}
		if said < 0 || last < 0 {
			t.Errorf("the log lacks the server's line (%v) or the game's (%v)", said, last)
			return
		}
		if said >= last {
			t.Errorf("the server's line is drawn at y %.0f, below the newest game line at %.0f; want it among the lines it came between", said, last)
		}
	})
}

// TestWindowLobbyButton: on a page with a lobby, the panel's Lobby button
// stands where New game would and asks the page for its lobby.
func TestWindowLobbyButton(t *testing.T) {
	asked := 0
	app, err := New(Options{Remote: newChanComm(), Lobby: func() { asked++ }})
	if err != nil {
		t.Fatal(err)
	}
	h.show(app)
	defer h.show(nil)
	h.do(func() {}) // one tick: the panel as play shows it
	h.do(func() {
		if !hasButton(&app.scene, scene.ToLobby) || hasButton(&app.scene, scene.NewGame) {
			t.Errorf("Lobby button %v, New game %v; want the Lobby in its place", hasButton(&app.scene, scene.ToLobby), hasButton(&app.scene, scene.NewGame))
		}
		app.Inject(Intent{Kind: Press, Button: scene.ToLobby})
	})
	h.do(func() {
		if asked != 1 {
			t.Errorf("the page was asked for its lobby %d times; want 1", asked)
		}
	})
}
