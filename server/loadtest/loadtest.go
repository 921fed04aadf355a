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
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
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
}

// Result is what a run measured.
type Result struct {
	Games         int           // games finished by the clients
	Saved         int           // records on disk that replay under our referee
	Indexed       int           // games in the store's index
	Corrupt       []string      // records that do not read or replay, and why
	Attempts      int           // attempts answered
	P50, P99      time.Duration // attempt round trip
	MaxHeapMB     float64       // the largest heap seen while the games ran
	MaxGoroutines int           // the most goroutines seen while the games ran
	Elapsed       time.Duration
	Samples       []Sample // the heap and goroutines every Every (and at the end)
}

// Sample is the process's memory and goroutines at one moment of a run.
type Sample struct {
	At         time.Duration
	HeapMB     float64
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
	}

	start := time.Now()
	deadline := start.Add(opt.Duration)
	var mu sync.Mutex
	var rtts []time.Duration
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
					Goroutines: runtime.NumGoroutine(), Games: finished})
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
			tb := &table{addr: addr, n: t, rng: rand.New(rand.NewPCG(opt.Seed, uint64(t))), claim: claim,
				ended: func() { mu.Lock(); finished++; mu.Unlock() }}
			r, err := tb.run()
			mu.Lock()
			rtts = append(rtts, r...)
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
		Goroutines: runtime.NumGoroutine(), Games: finished})
	res := Result{Elapsed: time.Since(start), Attempts: len(rtts), MaxHeapMB: heap, MaxGoroutines: goroutines, Samples: samples}
	// A table that failed (its error returned after the checks) keeps
	// the games it finished.
	res.Games = finished
	var failed error
	for err := range errs {
		if failed == nil {
			failed = err
		}
	}
	sort.Slice(rtts, func(i, j int) bool { return rtts[i] < rtts[j] })
	if n := len(rtts); n > 0 {
		res.P50, res.P99 = rtts[n/2], rtts[min(n-1, n*99/100)]
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
	n     int
	rng   *rand.Rand
	claim func() bool
	ended func() // a game finished
}

// run plays games until claim refuses one; it returns the round trips.
func (t *table) run() ([]time.Duration, error) {
	names := [2]string{fmt.Sprintf("lw%d", t.n), fmt.Sprintf("lb%d", t.n)}
	var cs [2]*client
	for i := range cs {
		c, err := dial(t.addr, names[i])
		if err != nil {
			return nil, err
		}
		defer c.nc.Close()
		cs[i] = c
	}
	var rtts []time.Duration
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
		rtts = append(rtts, r...)
		cs[0].queue, cs[1].queue = nil, nil
		if err != nil {
			return rtts, err
		}
		t.ended()
	}
	return rtts, nil
}

// play plays one game to its end (datagram 16 to both).
func (t *table) play(cs [2]*client) ([]time.Duration, error) {
	var rtts []time.Duration
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
			rtts = append(rtts, time.Since(sent))
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
	rd    *bufio.Reader
	own   game.Position
	queue [][]string // datagrams read and not yet taken
	ended bool
}

// dial logs name in with the datagrams the script reads.
func dial(addr, name string) (*client, error) {
	nc, err := stdnet.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return nil, fmt.Errorf("loadtest: %w", err)
	}
	bits := []byte(strings.Repeat("0", 43))
	for _, d := range []int{0, 15, 16, 24, 29, 42} {
		bits[d] = '1'
	}
	fmt.Fprintf(nc, "level1=5\nlevel2settings=%s\n%s\n", bits, name)
	c := &client{nc: nc, rd: bufio.NewReaderSize(nc, 1<<16)}
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
