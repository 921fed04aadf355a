package sprites

import (
	"context"
	"io"
	stdnet "net"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/kriegdtest"
	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowLobbyLostConnection: when the connection to the kriegd is cut
// while its lobby shows, the lobby says so as a game does, with what to
// do, and leaves no stale entry or Refresh to click.
func TestWindowLobbyLostConnection(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{})
	var conn stdnet.Conn
	alice, err := icc.New(icc.Options{Addr: addr, User: "alice", Quiet: 5 * time.Millisecond,
		Dial: func(ctx context.Context) (io.ReadWriteCloser, error) {
			var d stdnet.Dialer
			nc, err := d.DialContext(ctx, "tcp", addr)
			conn = nc
			return nc, err
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := alice.Connect(t.Context()); err != nil {
		t.Fatal(err)
	}
	app := lobbyOn(t, alice)
	lobbyEntries(t, app, "Seek a game: ")
	conn.Close()
	h.waitFor(t, "the lobby to say the connection is lost", servedWait, func() bool { return app.frame.Lobby.Lost != "" })
	h.do(func() {
		if got := app.frame.Lobby.Lost; !strings.Contains(got, "Start krieg again") {
			t.Errorf("the lobby says %q; want what to do (start krieg again)", got)
		}
		var shown []string // the lines on screen, which may wrap the words
		for _, sp := range app.scene.Sprites {
			shown = append(shown, sp.Text)
		}
		if !strings.Contains(strings.Join(strings.Fields(strings.Join(shown, " ")), " "), app.frame.Lobby.Lost) {
			t.Errorf("the lost connection is not on screen: %q", shown)
		}
		for _, hit := range app.scene.Hits {
			if g, _, ok := hit.Button.AsChoice(); ok && g == scene.LobbyGroup || hit.Button == scene.Refresh {
				t.Errorf("button %v still offered with the connection lost", hit.Button)
			}
		}
	})
}
