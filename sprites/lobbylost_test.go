package sprites

import (
	"context"
	"io"
	stdnet "net"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/kriegdtest"
	"github.com/krieg/krieg/sprites/scene"
)

// cuttable logs alice in to the kriegd at addr and returns her session
// and its TCP connection, for the test to cut.
func cuttable(t *testing.T, addr string) (*icc.Client, stdnet.Conn) {
	t.Helper()
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
	return alice, conn
}

// TestWindowLobbyLostConnection: when the connection to the kriegd is cut
// while its lobby shows, the lobby says so as a game does, with what to
// do, and leaves no stale entry or Refresh to click.
func TestWindowLobbyLostConnection(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{})
	alice, conn := cuttable(t, addr)
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

// TestWindowGameLostConnection: the server's connection lost during a game
// stops the game on the board: the status says why, the clocks stand, the
// game's buttons go, a move is not silently swallowed, and Lobby goes to
// the lobby (which says the connection is lost) without asking to resign.
func TestWindowGameLostConnection(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{})
	alice, conn := cuttable(t, addr)
	bob := kriegdtest.Client(t, addr, "bob", "")
	go func() {
		for range bob.Events() {
		}
	}()
	app := lobbyOn(t, alice)
	if err := bob.Console("seek 5 0 w16 black"); err != nil {
		t.Fatal(err)
	}
	_, seek := lobbyEntries(t, app, "Play bob (")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyGroup, seek)}) })
	h.waitFor(t, "the game", servedWait, func() bool { return app.play != nil && app.play.ctl != nil && app.play.snap.InGame })
	h.do(func() { app.Inject(Intent{Kind: AttemptMove, Move: game.NewMove(game.E2, game.E4, game.NoPieceType)}) })
	h.waitFor(t, "e4 played", servedWait, func() bool { return app.play.snap.Plies == 1 })
	conn.Close()
	h.waitFor(t, "the game stopped", servedWait, func() bool {
		p := app.frame.Panel
		return p.Status == "The game stopped: the connection to the server was lost" && p.NoGame && !p.Ticking
	})
	var clocks [2]time.Duration
	h.do(func() { clocks = app.frame.Panel.Clocks })
	time.Sleep(1100 * time.Millisecond)
	h.do(func() {
		if got := app.frame.Panel.Clocks; got != clocks {
			t.Errorf("the clocks ran on with no server: %v then %v", clocks, got)
		}
		app.Inject(Intent{Kind: AttemptMove, Move: game.NewMove(game.D2, game.D4, game.NoPieceType)})
	})
	h.waitFor(t, "the move refused in words", servedWait, func() bool {
		return app.frame.Panel.Notice == "Not sent: the connection to the server was lost"
	})
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.ToLobby}) })
	h.waitFor(t, "the lobby, without the question", servedWait, func() bool {
		return app.frame.Mode == scene.LobbyScreen && app.frame.Lobby.Lost != ""
	})
}

// TestWindowSeekLostConnection: a seek waiting when the connection is lost
// is gone with it: the status says the connection is lost, not that the
// seek still waits for an opponent.
func TestWindowSeekLostConnection(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{})
	alice, conn := cuttable(t, addr)
	app := lobbyOn(t, alice)
	_, seek := lobbyEntries(t, app, "Seek a game: ")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyGroup, seek)}) })
	h.waitFor(t, "the seek waiting", servedWait, func() bool { return strings.HasPrefix(app.frame.Panel.Status, "Seeking a game: ") })
	conn.Close()
	h.waitFor(t, "the status to say the connection is lost", servedWait, func() bool {
		return app.frame.Panel.Status == "Not connected: the connection to the server was lost"
	})
}
