package sprites

import (
	"context"
	"io"
	stdnet "net"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/kriegdtest"
)

// served is a game on a real kriegd over TCP: the window plays White
// through krieg's ICC driver, a second driver plays Black.
type served struct {
	app   *App
	black *icc.Client
	// blackNet is Black's connection, to cut it.
	blackNet stdnet.Conn
}

// serveGame starts a kriegd on 127.0.0.1, the window as White and a driver
// as Black, and waits for their Wild 16 game to begin.
func serveGame(t *testing.T, cfg server.Config) *served {
	t.Helper()
	return serveGameWith(t, cfg, Options{})
}

// serveGameWith is serveGame with the window's options (its endpoint is
// set here).
func serveGameWith(t *testing.T, cfg server.Config, opt Options) *served {
	t.Helper()
	addr := kriegdtest.Start(t, cfg)
	s := &served{}
	black, err := icc.New(icc.Options{Addr: addr, User: "bob", Quiet: 5 * time.Millisecond,
		Dial: func(ctx context.Context) (io.ReadWriteCloser, error) {
			var d stdnet.Dialer
			nc, err := d.DialContext(ctx, "tcp", addr)
			s.blackNet = nc
			return nc, err
		}})
	if err != nil {
		t.Fatal(err)
	}
	if err := black.Connect(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { black.Close() })
	s.black = black
	// The window waits for a move's news as long as the page does.
	white, err := icc.New(icc.Options{Addr: addr, User: "alice", Quiet: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := white.Connect(t.Context()); err != nil {
		t.Fatal(err)
	}
	opt.Remote = white
	app, err := New(opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.show(nil); app.Close() })
	h.show(app)
	s.app = app
	if err := white.Begin(net.GameSpec{Rules: referee.Wild16, Kriegspiel: true, Side: game.White, Opponent: "bob", Base: 5 * time.Minute}); err != nil {
		t.Fatal(err)
	}
	s.next(t, net.KindChallenge)
	if err := black.Do(net.Accept); err != nil {
		t.Fatal(err)
	}
	s.next(t, net.KindStarted)
	h.waitFor(t, "the game to start", servedWait, atPly(app, 0))
	return s
}

// next returns Black's next event of kind, failing after 5 s.
func (s *served) next(t *testing.T, kind net.Kind) net.Event {
	t.Helper()
	limit := time.After(servedWait)
	for {
		select {
		case ev := <-s.black.Events():
			if ev.Kind == kind {
				return ev
			}
		case <-limit:
			t.Fatalf("Black heard no event of kind %v within 5 s", kind)
		}
	}
}

// play makes the moves, White's through the window and Black's through
// its driver, each once the other side's has been heard.
func (s *served) play(t *testing.T, moves ...string) {
	t.Helper()
	for i, mv := range moves {
		m, err := game.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			h.waitFor(t, "White to move before "+mv, servedWait, atPly(s.app, i))
			h.do(func() { s.app.Inject(Intent{Kind: AttemptMove, Move: m}) })
			continue
		}
		for ev := s.next(t, net.KindHeard); ev.Snap.ToMove != game.Black || ev.Snap.Plies != i; ev = s.next(t, net.KindHeard) {
		}
		if err := s.black.Attempt(m); err != nil {
			t.Fatal(err)
		}
	}
	h.waitFor(t, "the moves played", servedWait, func() bool { return s.app.play.snap.Plies == len(moves) && s.app.frame.View.Plies == len(moves) })
}

// servedWait bounds each wait on a game through kriegd, where a busy
// machine slows two drivers, a server and the window at once.
const servedWait = 15 * time.Second

// showOn opens the window on comm, a server session, closed when the test
// ends.
func showOn(t *testing.T, comm net.Communicator) *App {
	t.Helper()
	app, err := New(Options{Remote: comm})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.show(nil); app.Close() })
	h.show(app)
	return app
}
