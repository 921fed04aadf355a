package sprites

import (
	"context"
	"errors"
	"io"
	"log/slog"
	stdnet "net"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/kriegdtest"
	"github.com/krieg/krieg/sprites/scene"
)

// link is alice's way to the kriegd: the test cuts her connection, and
// while down is set her driver's dials fail, as with the network gone.
type link struct {
	mu   sync.Mutex
	conn stdnet.Conn
	down atomic.Bool
}

// cut closes alice's connection.
func (l *link) cut() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.conn.Close()
}

// cuttable logs alice in to the kriegd at addr and returns her session and
// its link, for the test to cut. Her driver tries again every 50-100 ms.
func cuttable(t *testing.T, addr string) (*icc.Client, *link) {
	t.Helper()
	l := &link{}
	alice, err := icc.New(icc.Options{Addr: addr, User: "alice", Quiet: 5 * time.Millisecond,
		Backoff: icc.Backoff{Min: 50 * time.Millisecond, Max: 100 * time.Millisecond},
		Dial: func(ctx context.Context) (io.ReadWriteCloser, error) {
			if l.down.Load() {
				return nil, errors.New("the network is down")
			}
			var d stdnet.Dialer
			nc, err := d.DialContext(ctx, "tcp", addr)
			if err == nil {
				l.mu.Lock()
				l.conn = nc
				l.mu.Unlock()
			}
			return nc, err
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := alice.Connect(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { alice.Close() })
	return alice, l
}

// lobbyClickable reports whether the lobby offers any entry or Refresh.
func lobbyClickable(app *App) bool {
	for _, hit := range app.scene.Hits {
		if g, _, ok := hit.Button.AsChoice(); ok && g == scene.LobbyGroup || hit.Button == scene.Refresh {
			return true
		}
	}
	return false
}

// onScreen reports whether text is drawn, though its lines may wrap.
func onScreen(app *App, text string) bool {
	var shown []string
	for _, sp := range app.scene.Sprites {
		shown = append(shown, sp.Text)
	}
	return strings.Contains(strings.Join(strings.Fields(strings.Join(shown, " ")), " "), text)
}

// TestWindowLobbyLostConnection: when the connection to the kriegd is lost
// while its lobby shows, the lobby says so and that the window is
// connecting again, and leaves no stale entry or Refresh to click; once
// the network is back the window is connected again and the lobby lists.
func TestWindowLobbyLostConnection(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{})
	alice, l := cuttable(t, addr)
	app := lobbyOn(t, alice)
	lobbyEntries(t, app, "Seek a game: ")
	l.down.Store(true)
	l.cut()
	h.waitFor(t, "the lobby to say the connection is lost", servedWait, func() bool {
		return strings.Contains(app.frame.Lobby.Lost, "tries so far)")
	})
	h.do(func() {
		if got := app.frame.Lobby.Lost; !strings.HasPrefix(got, "The connection to the server was lost. Reconnecting… (") {
			t.Errorf("the lobby says %q; want the loss and the reconnection", got)
		}
		if !onScreen(app, app.frame.Lobby.Lost) {
			t.Errorf("the lost connection is not on screen")
		}
		if lobbyClickable(app) {
			t.Error("lobby entries or Refresh still offered with the connection lost")
		}
	})
	l.down.Store(false)
	h.waitFor(t, "connected again", servedWait, func() bool {
		return app.frame.Lobby.Lost == "" && app.frame.Panel.Notice == "Connected to the server again"
	})
	lobbyEntries(t, app, "Seek a game: ")
}

// TestWindowGameLostConnection: the server's connection lost during a game
// while the window connects again: the status says so, the clocks run on as
// the server's do (an outside tester saw a clock shown standing jump by the
// time away), the game's buttons go and a move is not silently swallowed.
// Once the network is back the server gives the seat back within its grace
// period and the game goes on from where it stood.
func TestWindowGameLostConnection(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{})
	alice, l := cuttable(t, addr)
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
	if err := bob.Attempt(game.NewMove(game.E7, game.E5, game.NoPieceType)); err != nil {
		t.Fatal(err)
	}
	// Both sides have moved: the server runs White's clock.
	h.waitFor(t, "e5 heard", servedWait, func() bool { return app.play.snap.Plies == 2 && app.frame.Panel.Ticking })
	l.down.Store(true)
	l.cut()
	h.waitFor(t, "the game reconnecting", servedWait, func() bool {
		p := app.frame.Panel
		return p.Status == "Connection lost; reconnecting… The server runs the clocks and keeps your seat for a while" && p.NoGame
	})
	var clocks [2]time.Duration
	h.do(func() { clocks = app.frame.Panel.Clocks })
	time.Sleep(1100 * time.Millisecond)
	h.do(func() {
		if got := app.frame.Panel.Clocks; got[0] > clocks[0]-time.Second || !app.frame.Panel.Ticking {
			t.Errorf("White's clock stood while the server's runs: %v then %v (ticking %v)", clocks, got, app.frame.Panel.Ticking)
		}
		app.Inject(Intent{Kind: AttemptMove, Move: game.NewMove(game.D2, game.D4, game.NoPieceType)})
	})
	h.waitFor(t, "the move refused in words", servedWait, func() bool {
		return app.frame.Panel.Notice == "Not sent: the connection to the server was lost"
	})
	l.down.Store(false)
	h.waitFor(t, "the game going on", servedWait, func() bool {
		p := app.frame.Panel
		return app.play.snap.InGame && app.play.snap.Plies == 2 && !app.play.lost && !p.NoGame && p.Status == "Your move"
	})
	h.do(func() { app.Inject(Intent{Kind: AttemptMove, Move: game.NewMove(game.D2, game.D4, game.NoPieceType)}) })
	h.waitFor(t, "d4 played after the return", servedWait, func() bool { return app.play.snap.Plies == 3 })
}

// TestWindowSeekLostConnection: a seek waiting when the connection is lost
// is gone with it: the status says the connection is lost, not that the
// seek still waits for an opponent.
func TestWindowSeekLostConnection(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{})
	alice, l := cuttable(t, addr)
	app := lobbyOn(t, alice)
	_, seek := lobbyEntries(t, app, "Seek a game: ")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Choice(scene.LobbyGroup, seek)}) })
	h.waitFor(t, "the seek waiting", servedWait, func() bool { return strings.HasPrefix(app.frame.Panel.Status, "Seeking a game: ") })
	l.down.Store(true)
	l.cut()
	h.waitFor(t, "the status to say the connection is lost", servedWait, func() bool {
		return app.frame.Panel.Status == "Not connected: the connection to the server was lost; reconnecting…"
	})
}

// TestWindowReconnectsAfterKriegdRestarts: a kriegd that restarts on its
// address has the window connected again (as a fresh guest, the server
// having forgotten the old one), its lobby listing, without krieg being
// started again.
func TestWindowReconnectsAfterKriegdRestarts(t *testing.T) {
	st, data := kriegdtest.Store(t)
	serve := func(addr string) (*server.Server, string) {
		ln, err := stdnet.Listen("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		srv := server.New(server.Config{DataDir: data, Store: st, Log: slog.New(slog.DiscardHandler)})
		go srv.Serve(ln)
		return srv, ln.Addr().String()
	}
	srv, addr := serve("127.0.0.1:0")
	guest, err := icc.New(icc.Options{Addr: addr, Quiet: 5 * time.Millisecond, Backoff: icc.Backoff{Min: 50 * time.Millisecond, Max: 100 * time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	if err := guest.Connect(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { guest.Close() })
	app := lobbyOn(t, guest)
	lobbyEntries(t, app, "Seek a game: ")
	srv.Close()
	h.waitFor(t, "the lobby to say the server went", servedWait, func() bool {
		return strings.Contains(app.frame.Lobby.Lost, "Reconnecting")
	})
	srv, _ = serve(addr)
	defer srv.Close()
	h.waitFor(t, "connected again", servedWait, func() bool { return app.frame.Lobby.Lost == "" && !app.play.lost })
	lobbyEntries(t, app, "Seek a game: ")
	// The restarted server forgot the guest: the lobby's title names the
	// new guest, as everyone else sees it.
	h.do(func() {
		if now := guest.Handle(); !strings.HasSuffix(app.frame.Lobby.Title, " · "+now) {
			t.Errorf("the lobby's title %q; want the guest's new name %s", app.frame.Lobby.Title, now)
		}
	})
}

// TestWindowLoggedInElsewhere: a login of the same name elsewhere closes
// the window's connection, and the window does not connect again (which
// would close the other in turn): it says why, and what to do.
func TestWindowLoggedInElsewhere(t *testing.T) {
	addr := kriegdtest.Start(t, server.Config{})
	kriegdtest.Register(t, addr, "carol", "carolpw1")
	carol := kriegdtest.Client(t, addr, "carol", "carolpw1")
	app := lobbyOn(t, carol)
	lobbyEntries(t, app, "Seek a game: ")
	other := kriegdtest.Client(t, addr, "carol", "carolpw1")
	h.waitFor(t, "the lobby to say why", servedWait, func() bool { return app.frame.Lobby.Lost != "" })
	time.Sleep(500 * time.Millisecond) // time for a reconnection, were one tried
	h.do(func() {
		if got := app.frame.Lobby.Lost; !strings.Contains(got, "You logged in from elsewhere") || !strings.Contains(got, "Start krieg again") || strings.Contains(got, "Reconnecting") {
			t.Errorf("the lobby says %q; want the server's words and what to do, no reconnection", got)
		}
		if app.play.rejoin != nil {
			t.Error("the window is reconnecting, which would close the other login")
		}
	})
	if err := other.Console("finger"); err != nil {
		t.Errorf("the other login was closed: %v", err)
	}
}
