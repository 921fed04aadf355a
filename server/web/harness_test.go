package web

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	stdnet "net"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/internal/syncbuf"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/net/wsstream"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/store"
)

// umpire is a kriegd with both doors open on 127.0.0.1.
type umpire struct {
	srv  *server.Server
	st   *store.Store
	data string
	tcp  string // the TCP door's address
	http string // the HTTP door's address (host:port)
	log  *syncbuf.Buffer
}

// startUmpire starts a server with cfg and the door on site (a small
// stand-in site when site is "").
func startUmpire(t testing.TB, cfg server.Config, site string, opt Options) *umpire {
	t.Helper()
	return startWrapped(t, cfg, site, opt, nil)
}

// startWrapped is startUmpire with the door's HTTP handler wrapped by
// wrap (nil: not wrapped).
func startWrapped(t testing.TB, cfg server.Config, site string, opt Options, wrap func(http.Handler) http.Handler) *umpire {
	t.Helper()
	return startListening(t, cfg, site, opt, wrap, nil)
}

// startListening is startWrapped with the door's listener wrapped by
// listen (nil: not wrapped).
func startListening(t testing.TB, cfg server.Config, site string, opt Options, wrap func(http.Handler) http.Handler, listen func(stdnet.Listener) stdnet.Listener) *umpire {
	t.Helper()
	u := &umpire{data: t.TempDir(), log: &syncbuf.Buffer{}}
	st, err := store.Open(context.Background(), "", u.data)
	if err != nil {
		t.Fatal(err)
	}
	u.st = st
	logger := slog.New(slog.NewTextHandler(u.log, nil))
	cfg.DataDir, cfg.Store, cfg.Log = u.data, st, logger
	if cfg.FirstMove == 0 {
		// A tab opened under a loaded software renderer may take longer
		// than kriegd's 30 s to make its side's first move.
		cfg.FirstMove = 10 * time.Minute
	}
	u.srv = server.New(cfg)
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go u.srv.Serve(ln)
	u.tcp = ln.Addr().String()
	if site == "" {
		site = standInSite(t)
	}
	opt.Site, opt.Store, opt.Log = site, st, logger
	d, err := New(u.srv, opt)
	if err != nil {
		t.Fatal(err)
	}
	hl, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if listen != nil {
		hl = listen(hl)
	}
	var h http.Handler = d
	if wrap != nil {
		h = wrap(d)
	}
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go hs.Serve(hl)
	u.http = hl.Addr().String()
	t.Cleanup(func() {
		hs.Close()
		u.srv.Close()
		st.Close()
		if t.Failed() {
			t.Logf("server log:\n%s", u.log.String())
		}
	})
	return u
}

// standInSite assembles a site around a stand-in board (not a real
// WebAssembly program), for the tests of the door itself.
func standInSite(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	wasm, exec := filepath.Join(dir, "board.wasm"), filepath.Join(dir, "exec.js")
	if err := os.WriteFile(wasm, bytes.Repeat([]byte("\x00asm stand-in board "), 500), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(exec, []byte("// wasm_exec.js stand-in\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	site := filepath.Join(dir, "site")
	if err := Assemble(site, SiteOptions{Wasm: wasm, WasmExec: exec, Brotli: 1}); err != nil {
		t.Fatal(err)
	}
	return site
}

// socketURL is the door's WebSocket.
func (u *umpire) socketURL() string { return "ws://" + u.http + "/ws" }

// client logs user in (a guest when "") through the WebSocket door, or
// the TCP door when tcp is set.
func (u *umpire) client(t testing.TB, user, password string, tcp bool) *icc.Client {
	t.Helper()
	opt := icc.Options{Addr: u.tcp, User: user, Password: password}
	if !tcp {
		url := u.socketURL()
		opt.Addr = url
		opt.Dial = func(ctx context.Context) (io.ReadWriteCloser, error) {
			c, err := wsstream.Dial(ctx, url, wsstream.Limits{MaxMessage: 1 << 20, Rate: -1})
			if err != nil {
				return nil, err
			}
			return c, nil
		}
	}
	c, err := icc.New(opt)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := c.Connect(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// next waits for the next event of kind on c, passing over the others.
func next(t testing.TB, c *icc.Client, kind net.Kind) net.Event {
	t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		select {
		case ev, ok := <-c.Events():
			if !ok {
				t.Fatalf("the events ended while waiting for %v", kind)
			}
			if ev.Kind == kind {
				return ev
			}
		case <-deadline:
			t.Fatalf("no %v event within 20 s", kind)
		}
	}
}

// mateGame is a Wild 16 game that ends in mate within plies: the computer
// player (White, a short time a move) against a random attempter that
// asks Any? at times, so it has checks, captures, pawn tries and illegal
// attempts. The same seed gives a game of the same kind, not the same game.
func mateGame(t testing.TB, plies int) *referee.Referee {
	t.Helper()
	for seed := uint64(1); seed < 40; seed++ {
		ref := referee.New(referee.Wild16, game.Start())
		bot := player.New(player.Options{MoveTime: 15 * time.Millisecond, Seed: seed})
		bot.NewGame(game.White, referee.Wild16, game.Start())
		rnd := attempter.NewRandom(seed)
		for ref.Result() == nil && ref.Plies() < plies {
			if ref.ToMove() == game.White {
				bot.Turn(ref)
			} else {
				rnd.Turn(ref)
			}
		}
		if r := ref.Result(); r != nil && r.Reason == referee.ReasonCheckmate {
			return ref
		}
	}
	t.Fatal("no mate within the plies in 40 seeds")
	return nil
}

// scholarsMate is a short game to mate for the browser tests, whose
// every attempt is a click: 1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#, with
// White's e4-e5 refused on the way (blocked by the hidden pawn) and Black's
// pawn try heard.
func scholarsMate(t testing.TB) *referee.Referee {
	t.Helper()
	ref := referee.New(referee.Wild16, game.Start())
	for _, s := range []string{"e2e4", "e7e5", "e4e5", "f1c4", "b8c6", "d1h5", "g8f6", "h5f7"} {
		m, err := game.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		ref.Attempt(m)
	}
	if r := ref.Result(); r == nil || r.Reason != referee.ReasonCheckmate {
		t.Fatalf("the scripted game ended %v; want mate", r)
	}
	return ref
}

// describe writes what one side heard of an entry (gametest.Heard).
func describe(e referee.Entry, own bool) string { return gametest.Heard(e, own) }

// truthFor is what side heard of the truth, described (attempts after
// the end, which change nothing, left out).
func truthFor(ref *referee.Referee, side game.Color) []string {
	var out []string
	for _, e := range ref.Log() {
		if h, ok := e.HeardBy(side); ok && e.Verdict != referee.Finished {
			out = append(out, describe(h, e.Mover == side))
		}
	}
	return out
}
