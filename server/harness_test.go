package server_test

import (
	"context"
	"fmt"
	"log/slog"
	stdnet "net"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/store"
)

// umpire is a kriegd on 127.0.0.1 with its data in a test folder.
type umpire struct {
	srv   *server.Server
	addr  string
	data  string
	store *store.Store
}

// startUmpire starts a server; cfg's DataDir and Store (SQLite in
// DataDir) are filled in when empty; a Store of the test's own it leaves
// to the test to close.
func startUmpire(t *testing.T, cfg server.Config) *umpire {
	t.Helper()
	return startUmpireOn(t, cfg, nil)
}

// startUmpireOn is startUmpire with its listener wrapped (in TLS).
func startUmpireOn(t *testing.T, cfg server.Config, wrap func(stdnet.Listener) stdnet.Listener) *umpire {
	t.Helper()
	if cfg.DataDir == "" {
		cfg.DataDir = t.TempDir()
	}
	st, _ := cfg.Store.(*store.Store)
	if cfg.Store == nil {
		var err error
		if st, err = store.Open(context.Background(), "", cfg.DataDir); err != nil {
			t.Fatal(err)
		}
		cfg.Store = st
	}
	if cfg.Log == nil {
		cfg.Log = testLog(t, nil)
	}
	if cfg.PasswordCost == 0 {
		cfg.PasswordCost = bcrypt.MinCost // a tenth of a second per hash saved, more under -race
	}
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if wrap != nil {
		ln = wrap(ln)
	}
	srv := server.New(cfg)
	go srv.Serve(ln)
	u := &umpire{srv: srv, addr: ln.Addr().String(), data: cfg.DataDir, store: st}
	t.Cleanup(func() {
		srv.Close()
		if st != nil {
			st.Close()
		}
	})
	return u
}

// logHandler is a slog handler that hands each record to a function.
type logHandler struct{ f func(slog.Record) }

func (h logHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h logHandler) Handle(_ context.Context, r slog.Record) error {
	h.f(r)
	return nil
}
func (h logHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h logHandler) WithGroup(string) slog.Handler      { return h }

// logText writes a record as one line: its message and attributes.
func logText(r slog.Record) string {
	var b strings.Builder
	b.WriteString(r.Message)
	r.Attrs(func(a slog.Attr) bool {
		fmt.Fprintf(&b, " %s=%v", a.Key, a.Value)
		return true
	})
	return b.String()
}

// testLog is a server log into the test's log; each line goes to also
// first, when not nil.
func testLog(t testing.TB, also func(line string)) *slog.Logger {
	return slog.New(logHandler{func(r slog.Record) {
		line := logText(r)
		if also != nil {
			also(line)
		}
		t.Log(line)
	}})
}

// quietLog is a server log that says nothing.
var quietLog = slog.New(logHandler{func(slog.Record) {}})

// player is one ICC driver connected to the umpire, its events queued.
type player struct {
	t      *testing.T
	name   string
	c      *icc.Client
	events chan net.Event
	seen   []string // the last events skipped or taken, for failure messages
}

// connect logs name in through krieg's ICC driver (a guest when name is "").
func (u *umpire) connect(t *testing.T, name, password string) *player {
	t.Helper()
	return u.connectWith(t, icc.Options{Addr: u.addr, User: name, Password: password, Quiet: 15 * time.Millisecond, LoginTimeout: 5 * time.Second})
}

// connectWith logs in through krieg's ICC driver with opt.
func (u *umpire) connectWith(t *testing.T, opt icc.Options) *player {
	t.Helper()
	name := opt.User
	c, err := icc.New(opt)
	if err != nil {
		t.Fatal(err)
	}
	p := &player{t: t, name: name, c: c, events: make(chan net.Event, 4096)}
	go func() {
		for ev := range c.Events() {
			p.events <- ev
		}
		close(p.events)
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.Connect(ctx); err != nil {
		t.Fatalf("%s: connect: %v", name, err)
	}
	t.Cleanup(func() { c.Close() })
	return p
}

// next returns the next event of one of kinds, failing after 5 s.
func (p *player) next(kinds ...net.Kind) net.Event {
	p.t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case ev, ok := <-p.events:
			if !ok {
				p.t.Fatalf("%s: events closed", p.name)
			}
			p.seen = append(p.seen, fmt.Sprintf("%v %q %v", ev.Kind, ev.Text, ev.Entry))
			if len(p.seen) > 12 {
				p.seen = p.seen[1:]
			}
			if ev.Kind == net.KindProblem {
				p.t.Errorf("%s: problem: %s", p.name, ev.Text)
			}
			for _, k := range kinds {
				if ev.Kind == k {
					return ev
				}
			}
		case <-deadline:
			p.t.Fatalf("%s: no event of kinds %v within 5 s; last events:\n%s", p.name, kinds, strings.Join(p.seen, "\n"))
		}
	}
}

// raw is a plain TCP client speaking the protocol line by line; a reader
// goroutine gathers everything the server sends.
type raw struct {
	t    *testing.T
	nc   stdnet.Conn
	mu   sync.Mutex
	got  []byte
	seen int  // bytes already matched by waitFor
	eof  bool // the server closed the connection
}

// dial opens a raw connection without logging in.
func (u *umpire) dial(t *testing.T) *raw {
	t.Helper()
	return u.dialFrom(t, "")
}

// dialFrom opens a raw connection from a local address of the loopback
// network (127.0.0.2, ...; "" for the default) without logging in.
func (u *umpire) dialFrom(t *testing.T, ip string) *raw {
	t.Helper()
	var d stdnet.Dialer
	if ip != "" {
		d.LocalAddr = &stdnet.TCPAddr{IP: stdnet.ParseIP(ip)}
	}
	nc, err := d.Dial("tcp", u.addr)
	if err != nil {
		t.Fatal(err)
	}
	r := &raw{t: t, nc: nc}
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := nc.Read(buf)
			r.mu.Lock()
			r.got = append(r.got, buf[:n]...)
			if err != nil {
				r.eof = true
			}
			r.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() { nc.Close() })
	return r
}

// login dials and logs in as name ("guest" for a guest) with password, at
// level 1 with the datagrams the tests read; it returns once logged in.
func (u *umpire) login(t *testing.T, name, password string) *raw {
	t.Helper()
	r := u.dial(t)
	r.send("level1=5", "level2settings="+strings.Repeat("1", 256))
	if password != "" {
		r.send(name + " " + password)
	} else {
		r.send(name)
	}
	r.waitFor("**** Starting session as ")
	return r
}

// tokenOf returns the reconnect token the server gave r at login.
func tokenOf(t *testing.T, r *raw) string {
	t.Helper()
	all := r.all()
	i := strings.Index(all, "\x19(200 ")
	if i < 0 {
		t.Fatalf("no reconnect token (datagram 200) in %q", all)
	}
	token, _, _ := strings.Cut(all[i+len("\x19(200 "):], "\x19)")
	return token
}

// moveThenResign plays game n: white moves e2e4 and black e7e5, each
// heard by the other, then black resigns (a game both have moved in, so
// scored) and white hears the result.
func moveThenResign(white, black *raw, n int) {
	white.t.Helper()
	firstMoves(white, black)
	black.send("resign")
	white.waitFor(fmt.Sprintf("\x19(16 %d 0 Res 1-0 ", n))
}

// loops runs f(i) over and over in n goroutines (i from 0 to n-1) until
// the stop it returns is called; stop waits for them to end.
func loops(n int, f func(i int)) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				f(i)
			}
		}()
	}
	return func() {
		close(done)
		wg.Wait()
	}
}

// send writes lines.
func (r *raw) send(lines ...string) {
	r.t.Helper()
	for _, l := range lines {
		if _, err := r.nc.Write([]byte(l + "\r\n")); err != nil {
			r.t.Fatalf("send %q: %v", l, err)
		}
	}
}

// waitFor waits (5 s at most) for text to arrive after what earlier calls
// matched, and returns everything received up to and including it.
func (r *raw) waitFor(text string) string {
	r.t.Helper()
	return r.waitForEither(text)
}

// waitForEither waits (5 s at most) for the first of texts to arrive after
// what earlier calls matched, and returns everything received up to and
// including it.
func (r *raw) waitForEither(texts ...string) string {
	r.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		r.mu.Lock()
		first, n := -1, 0
		for _, text := range texts {
			if i := strings.Index(string(r.got[r.seen:]), text); i >= 0 && (first < 0 || i < first) {
				first, n = i, len(text)
			}
		}
		if first >= 0 {
			out := string(r.got[r.seen : r.seen+first+n])
			r.seen += first + n
			r.mu.Unlock()
			return out
		}
		eof := r.eof
		tail := string(r.got[r.seen:])
		r.mu.Unlock()
		if eof || time.Now().After(deadline) {
			r.t.Fatalf("waiting for %q (closed: %v); received since:\n%q", texts, eof, tail)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// waitLoggedOut waits (5 s at most) until the server has let the
// unregistered name go, asking r's finger: a connection closed on our side
// may still hold its name for a moment.
func (r *raw) waitLoggedOut(name string) {
	r.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		r.send("finger " + name)
		gone := "There is no player called " + name + "."
		if said := r.waitForEither(gone, name+" is an unregistered guest"); strings.HasSuffix(said, gone) {
			return
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("the server still holds %s after 5 s", name)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// closed waits (5 s at most) for the server to close the connection and
// returns everything not yet matched.
func (r *raw) closed() string {
	r.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		r.mu.Lock()
		eof, tail := r.eof, string(r.got[r.seen:])
		r.mu.Unlock()
		if eof {
			return tail
		}
		time.Sleep(5 * time.Millisecond)
	}
	r.t.Fatalf("the server did not close the connection")
	return ""
}

// isClosed reports whether the server closed the connection.
func (r *raw) isClosed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.eof
}

// neverHeard fails the test when r has received text, saying what it means.
func (r *raw) neverHeard(text, what string) {
	r.t.Helper()
	if all := r.all(); strings.Contains(all, text) {
		r.t.Fatalf("%s: %q in %q", what, text, all)
	}
}

// all returns everything received so far.
func (r *raw) all() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return string(r.got)
}

// scriptedGame finds a self-play game (random attempters) in which the
// features wanted all happen, and returns its referee.
func scriptedGame(t *testing.T, rules referee.Ruleset, want func(f features) bool) *referee.Referee {
	t.Helper()
	for seed := uint64(1); seed < 5000; seed++ {
		ref := referee.New(rules, game.Start())
		attempter.Play(ref, attempter.NewRandom(seed), attempter.NewRandom(seed^0x9e3779b9))
		if want(featuresOf(ref)) {
			t.Logf("seed %d: %+v", seed, featuresOf(ref))
			return ref
		}
	}
	t.Fatal("no self-play game has the features wanted")
	return nil
}

// features counts what a game exercises.
type features struct {
	plies, illegal, nonsense, captures, checks, tries, promotions int
	whiteCaptures, blackCaptures, asked                           int
	result                                                        referee.Result
}

func featuresOf(ref *referee.Referee) features {
	var f features
	f.plies = ref.Plies()
	for _, e := range ref.Log() {
		if e.AskedAny {
			f.asked++
		}
		switch e.Verdict {
		case referee.Illegal:
			f.illegal++
		case referee.Nonsense, referee.Repeated:
			f.nonsense++
		}
		for _, a := range e.Said {
			switch {
			case a.Kind == referee.KindCapture:
				f.captures++
				if e.Mover == game.White {
					f.whiteCaptures++
				} else {
					f.blackCaptures++
				}
			case a.Kind == referee.KindCheck:
				f.checks++
			case a.Kind == referee.KindTries && a.Tries.Count > 0:
				f.tries++
			}
		}
		if e.Verdict == referee.Accepted && e.Attempt.Promotion() != game.NoPieceType {
			f.promotions++
		}
	}
	if r := ref.Result(); r != nil {
		f.result = *r
	}
	return f
}

// describe writes what an entry says, for comparison (gametest.Heard).
func describe(e referee.Entry, own bool) string { return gametest.Heard(e, own) }

// placement is the men part of a FEN.
func placement(p game.Position) string { return strings.Fields(p.FEN())[0] }
