// Package loadtest plays many games between scripted clients through a
// kriegd on 127.0.0.1, as `kriegd load` does: each client speaks the
// protocol over its own TCP connection, keeps only its own men, and tries
// random attempts from its own board. It measures the attempt round trip
// (the attempt sent to its answer read) and the memory in use, and then
// checks that every finished game was saved, indexed and replays.
package loadtest

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	stdnet "net"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net/wsstream"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/store"
)

// Options bound a run.
type Options struct {
	Games    int           // finished games to play at most
	Clients  int           // connections (two per table)
	Duration time.Duration // the run stops starting games after this
	DataDir  string        // the server's data folder (records, SQLite)
	DSN      string        // the store: "" for SQLite in DataDir, or postgres://...
	Seed     uint64
	Log      *slog.Logger // the server's log (nil: silent)
	// Addr, when set, is a kriegd already running elsewhere: the clients
	// play on it, and the records are not checked (the caller checks them).
	Addr string
	// WebSocket is the share of the clients (0 to 1) that play through
	// the browser's door, a WebSocket (server/web), instead of TCP: with
	// 0.5, one player of each table is a browser player.
	WebSocket float64
	// WebSocketURL, with Addr, is that server's WebSocket (ws://host/ws).
	WebSocketURL string
}

// Result is what a run measured.
type Result struct {
	Games    int           // games finished by the clients
	Saved    int           // records on disk that replay under our referee
	Indexed  int           // games in the store's index
	Corrupt  []string      // records that do not read or replay, and why
	Attempts int           // attempts answered
	P50, P99 time.Duration // attempt round trip
	// Door is the round trip by door: [0] over TCP, [1] over the WebSocket.
	Door [2]struct {
		Attempts int
		P50, P99 time.Duration
	}
	MaxHeapMB     float64 // the largest heap seen while the games ran
	MaxGoroutines int     // the most goroutines seen while the games ran
	Elapsed       time.Duration
	Samples       []Sample // the heap and goroutines every Every (and at the end)
}

// Sample is the process's memory and goroutines at one moment of a run.
type Sample struct {
	At         time.Duration
	HeapMB     float64 // allocated, garbage not yet collected included
	LiveMB     float64 // live after the latest garbage collection: the heap's floor
	Goroutines int
	Games      int // games finished by then
}

// Every is how often a run samples the heap and the goroutines for Result.Samples.
const Every = time.Minute

// Run starts a kriegd on loopback and plays the games.
func Run(opt Options) (Result, error) {
	if opt.Clients < 2 || opt.Games < 1 {
		return Result{}, errors.New("loadtest: at least 2 clients and 1 game")
	}
	log := opt.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	addr := opt.Addr
	var st *store.Store
	var srv *server.Server
	if addr == "" {
		var err error
		st, err = store.Open(context.Background(), opt.DSN, opt.DataDir)
		if err != nil {
			return Result{}, err
		}
		defer st.Close()
		ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return Result{}, fmt.Errorf("loadtest: %w", err)
		}
		// Scripted clients attempt as fast as answers come: the per-player
		// attempt limit is raised so that it measures the server, not the limit.
		// The lobby and per-address limits are opened wide too: every client
		// comes from one address.
		srv = server.New(server.Config{DataDir: opt.DataDir, Store: st, Attempts: 1e6, Lobby: 1e6, MaxConns: opt.Clients + 10,
			MaxConnsPerAddr: opt.Clients + 10, Log: log})
		go srv.Serve(ln)
		defer srv.Close()
		addr = ln.Addr().String()
		if opt.WebSocket > 0 {
			url, stop, err := webDoor(srv, opt.DataDir, log)
			if err != nil {
				return Result{}, err
			}
			defer stop()
			opt.WebSocketURL = url
		}
	}
	if opt.WebSocket > 0 && opt.WebSocketURL == "" {
		return Result{}, errors.New("loadtest: WebSocket clients need the server's WebSocket URL")
	}

	start := time.Now()
	deadline := start.Add(opt.Duration)
	var mu sync.Mutex
	rtts := newRoundTrips()
	games := 0
	claim := func() bool { // a table may start one more game
		mu.Lock()
		defer mu.Unlock()
		if games >= opt.Games || time.Now().After(deadline) {
			return false
		}
		games++
		return true
	}
	stop := make(chan struct{})
	heap, goroutines := 0.0, 0
	var samples []Sample
	finished := 0
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var ms runtime.MemStats
		next := start.Add(Every)
		for {
			runtime.ReadMemStats(&ms)
			mu.Lock()
			heap = max(heap, float64(ms.HeapAlloc)/(1<<20))
			goroutines = max(goroutines, runtime.NumGoroutine())
			if now := time.Now(); now.After(next) {
				samples = append(samples, Sample{At: now.Sub(start).Round(time.Second), HeapMB: float64(ms.HeapAlloc) / (1 << 20),
					LiveMB: liveHeapMB(), Goroutines: runtime.NumGoroutine(), Games: finished})
				next = next.Add(Every)
			}
			mu.Unlock()
			select {
			case <-stop:
				return
			case <-time.After(200 * time.Millisecond):
			}
		}
	}()
	var wg sync.WaitGroup
	errs := make(chan error, opt.Clients)
	for t := 0; t < opt.Clients/2; t++ {
		wg.Add(1)
		go func(t int) {
			defer wg.Done()
			tb := &table{addr: addr, ws: opt.WebSocketURL, n: t, rng: rand.New(rand.NewPCG(opt.Seed, uint64(t))), claim: claim,
				ended: func() { mu.Lock(); finished++; mu.Unlock() }}
			// Browser players are spread evenly over the tables: the
			// second player of table t is one while t/tables keeps under
			// twice the share (the first player too past a share of 0.5).
			tables := float64(opt.Clients / 2)
			tb.doors[1] = float64(t) < 2*opt.WebSocket*tables
			tb.doors[0] = float64(t) < (2*opt.WebSocket-1)*tables
			r, err := tb.run()
			mu.Lock()
			rtts.merge(r)
			mu.Unlock()
			if err != nil {
				errs <- fmt.Errorf("table %d: %w", t, err)
			}
		}(t)
	}
	wg.Wait()
	close(stop)
	<-sampled
	close(errs)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	samples = append(samples, Sample{At: time.Since(start).Round(time.Second), HeapMB: float64(ms.HeapAlloc) / (1 << 20),
		LiveMB: liveHeapMB(), Goroutines: runtime.NumGoroutine(), Games: finished})
	res := Result{Elapsed: time.Since(start), Attempts: rtts.count(-1), MaxHeapMB: heap, MaxGoroutines: goroutines, Samples: samples}
	// A table that failed (its error returned after the checks) keeps
	// the games it finished.
	res.Games = finished
	var failed error
	for err := range errs {
		if failed == nil {
			failed = err
		}
	}
	res.P50, res.P99 = rtts.percentiles(-1)
	for d := range res.Door {
		res.Door[d].Attempts = rtts.count(d)
		res.Door[d].P50, res.Door[d].P99 = rtts.percentiles(d)
	}
	if srv == nil {
		return res, failed
	}
	srv.Close()
	if err := Check(&res, st, opt.DataDir); err != nil {
		return res, err
	}
	return res, failed
}

// Check reads every record in dataDir back and replays it, and counts
// the index.
func Check(res *Result, st *store.Store, dataDir string) error {
	files, err := filepath.Glob(filepath.Join(dataDir, "games", "*.pgn"))
	if err != nil {
		return fmt.Errorf("loadtest: %w", err)
	}
	for _, f := range files {
		if err := CheckRecord(f); err != nil {
			res.Corrupt = append(res.Corrupt, err.Error())
			continue
		}
		res.Saved++
	}
	idx, err := st.Games(context.Background(), "", 1<<30)
	if err != nil {
		return err
	}
	res.Indexed = len(idx)
	return nil
}

// CheckRecord reads the record at path and replays it under its ruleset,
// as `krieg replay --check` does.
func CheckRecord(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	rec, err := record.Read(f)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	rules, err := rec.Rules()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := record.Check(rec, rules); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// table is two scripted clients playing games one after another.
type table struct {
	addr  string
	ws    string  // the WebSocket's URL
	doors [2]bool // which players come through the WebSocket
	n     int
	rng   *rand.Rand
	claim func() bool
	ended func() // a game finished
}

// run plays games until claim refuses one; it returns the round trips
// by door.
func (t *table) run() (*roundTrips, error) {
	names := [2]string{fmt.Sprintf("lw%d", t.n), fmt.Sprintf("lb%d", t.n)}
	var cs [2]*client
	rtts := newRoundTrips()
	for i := range cs {
		c, err := dial(t.addr, t.ws, t.doors[i], names[i])
		if err != nil {
			return rtts, err
		}
		defer c.nc.Close()
		cs[i] = c
	}
	for t.claim() {
		if _, err := fmt.Fprintf(cs[0].nc, "match %s 5 0 u w16 white\n", names[1]); err != nil {
			return rtts, err
		}
		if _, err := cs[1].until(29); err != nil {
			return rtts, err
		}
		fmt.Fprintf(cs[1].nc, "accept\n")
		for i, c := range cs {
			if _, err := c.until(15); err != nil {
				return rtts, err
			}
			start := game.Start()
			c.own, c.ended = start.Only(game.Color(i)), false
		}
		r, err := t.play(cs)
		for _, x := range r {
			d := 0
			if x.ws {
				d = 1
			}
			rtts.add(d, x.d)
		}
		cs[0].queue, cs[1].queue = nil, nil
		if err != nil {
			return rtts, err
		}
		t.ended()
	}
	return rtts, nil
}

// rtt is one attempt's round trip, and whether it went through the WebSocket.
type rtt struct {
	d  time.Duration
	ws bool
}

// play plays one game to its end (datagram 16 to both).
func (t *table) play(cs [2]*client) ([]rtt, error) {
	var rtts []rtt
	turn := game.White
	for ply := 0; ; {
		c := cs[turn]
		own := c.own
		own.SetTurn(turn)
		cands := referee.Candidates(&own)
		t.rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
		moved := false
		for _, m := range cands {
			sent := time.Now()
			if _, err := fmt.Fprintf(c.nc, "%s\n", m); err != nil {
				return rtts, err
			}
			d, err := c.until(24, 42, 16)
			if err != nil {
				return rtts, err
			}
			rtts = append(rtts, rtt{time.Since(sent), c.ws})
			if d[0] == "16" {
				return rtts, cs[turn.Other()].drainEnd()
			}
			if d[0] == "42" {
				continue
			}
			c.own.Apply(m)
			moved = true
			break
		}
		if !moved {
			fmt.Fprintf(c.nc, "resign\n")
			cs[0].until(16)
			cs[1].until(16)
			return rtts, nil
		}
		// The opponent hears the hidden move: ? or ?x<sq>, then maybe the end.
		o := cs[turn.Other()]
		d, err := o.until(24, 16)
		if err != nil {
			return rtts, err
		}
		if d[0] == "24" && len(d) > 2 && strings.HasPrefix(d[2], "?x") {
			if sq, err := game.ParseSquare(d[2][2:]); err == nil {
				o.own.Remove(sq)
			}
		}
		if d[0] == "16" || c.ended || o.pendingEnd() {
			c.until(16)
			return rtts, nil
		}
		ply++
		if ply > 400 { // long random games: stop them, resigned
			fmt.Fprintf(cs[turn.Other()].nc, "resign\n")
			cs[0].until(16)
			cs[1].until(16)
			return rtts, nil
		}
		turn = turn.Other()
	}
}

// client is one scripted connection.
type client struct {
	nc    stdnet.Conn
	ws    bool // through the WebSocket
	rd    *bufio.Reader
	own   game.Position
	queue [][]string // datagrams read and not yet taken
	ended bool
}

// dial logs name in with the datagrams the script reads, over TCP to
// addr or, when ws, through the WebSocket at url.
func dial(addr, url string, ws bool, name string) (*client, error) {
	var nc stdnet.Conn
	var err error
	if ws {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		// The script attempts as fast as answers come, like the TCP
		// clients with their raised attempt limit.
		nc, err = wsstream.Dial(ctx, url, wsstream.Limits{Rate: -1})
		cancel()
	} else {
		nc, err = stdnet.DialTimeout("tcp", addr, 5*time.Second)
	}
	if err != nil {
		return nil, fmt.Errorf("loadtest: %w", err)
	}
	bits := []byte(strings.Repeat("0", 43))
	for _, d := range []int{0, 15, 16, 24, 29, 42} {
		bits[d] = '1'
	}
	fmt.Fprintf(nc, "level1=5\nlevel2settings=%s\n%s\n", bits, name)
	c := &client{nc: nc, rd: bufio.NewReaderSize(nc, 1<<16), ws: ws}
	if _, err := c.until(0); err != nil {
		return nil, fmt.Errorf("loadtest: login of %s: %w", name, err)
	}
	return c, nil
}

// until returns the next datagram of one of the numbers wanted (its
// number and fields), reading at most 10 s.
func (c *client) until(wanted ...int) ([]string, error) {
	want := map[string]bool{}
	for _, w := range wanted {
		want[fmt.Sprint(w)] = true
	}
	for {
		for i, d := range c.queue {
			if want[d[0]] {
				c.queue = append(c.queue[:i:i], c.queue[i+1:]...)
				if d[0] == "16" {
					c.ended = true
				}
				return d, nil
			}
		}
		c.nc.SetReadDeadline(time.Now().Add(10 * time.Second))
		if _, err := c.rd.ReadString('\x19'); err != nil {
			return nil, fmt.Errorf("waiting for datagram %v: %w", wanted, err)
		}
		b, err := c.rd.ReadByte()
		if err != nil {
			return nil, err
		}
		if b != '(' {
			continue
		}
		body, err := c.rd.ReadString('\x19')
		if err != nil {
			return nil, err
		}
		c.rd.ReadByte() // ')'
		c.queue = append(c.queue, strings.Fields(strings.TrimSuffix(body, "\x19")))
	}
}

// pendingEnd reports whether datagram 16 is queued.
func (c *client) pendingEnd() bool {
	for _, d := range c.queue {
		if d[0] == "16" {
			return true
		}
	}
	return false
}

// drainEnd takes the end of the game on the other client.
func (c *client) drainEnd() error {
	_, err := c.until(16)
	c.queue = nil
	return err
}

// liveHeapMB is the heap found live by the latest garbage collection.
func liveHeapMB() float64 {
	m := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(m)
	if m[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return float64(m[0].Value.Uint64()) / (1 << 20)
}
