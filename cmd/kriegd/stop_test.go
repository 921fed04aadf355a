package main

import (
	"context"
	"flag"
	"fmt"
	stdnet "net"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/krieg/krieg/internal/syncbuf"
	"github.com/krieg/krieg/server/store"
	"github.com/krieg/krieg/server/store/pgtest"
)

// TestSignalsOnSQLite and TestSignalsOnPostgres run kriegd as a process
// with a game in progress: SIGHUP is logged as ignored and changes nothing;
// SIGTERM aborts the game, both players are told why before their
// connections close, the log says which signal came, how many games were
// aborted and that kriegd stopped, and the game is in the store once the
// process has exited.
func TestSignalsOnSQLite(t *testing.T) {
	data := t.TempDir()
	stopWithAGame(t, data, "")
}

func TestSignalsOnPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("runs PostgreSQL and kriegd")
	}
	stopWithAGame(t, t.TempDir(), pgtest.Start(t))
}

// stopWithAGame is the signals tests' run, on SQLite in data or on dsn.
func stopWithAGame(t *testing.T, data, dsn string) {
	bin := buildKriegd(t)
	var log syncbuf.Buffer
	var extra []string
	if dsn != "" {
		extra = []string{"--db", dsn}
	}
	proc, addr, _, _ := startKriegdLogged(t, bin, data, &log, extra...)
	a, b := playing(t, addr, 1)

	if err := proc.Process.Signal(syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the log says SIGHUP is ignored", func() bool { return strings.Contains(log.String(), "SIGHUP ignored") })
	b.send("e7e5")
	a.waitFor("\x19(24 1 ?\x19)")

	if err := proc.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := proc.Wait(); err != nil {
		t.Fatalf("kriegd exited with %v; log:\n%s", err, log.String())
	}
	for _, p := range []*lineClient{a, b} {
		p.waitFor("Game 1 aborted: the server is shutting down; no result, unrated.")
		p.waitFor("kriegd is shutting down: this connection is closed.")
	}
	for _, line := range strings.Split(log.String(), "\n") {
		if strings.Contains(line, "kriegd: stop") {
			t.Log(line)
		}
	}
	for _, want := range []string{"msg=\"kriegd: stopping\" signal=terminated", "games_aborted=1", "msg=\"kriegd: stopped\""} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the log lacks %s:\n%s", want, log.String())
		}
	}
	games := indexedGames(t, dsn, data)
	if len(games) != 1 || games[0].Reason != "aborted" || games[0].Plies != 2 {
		t.Fatalf("the store holds %+v after the stop; want the aborted game of 2 plies", games)
	}
	if pending, _ := filepath.Glob(filepath.Join(data, "games", "*.pending")); len(pending) > 0 {
		t.Errorf("entries left pending: %v", pending)
	}
}

// indexedGames is the last ten games in the store of a kriegd that has
// exited, on SQLite in data or on dsn.
func indexedGames(t *testing.T, dsn, data string) []store.Game {
	t.Helper()
	st, err := store.Open(context.Background(), dsn, data)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	games, err := st.Games(context.Background(), "", 10)
	if err != nil {
		t.Fatal(err)
	}
	return games
}

// playing logs in two players and starts game n between them, White
// having moved.
func playing(t *testing.T, addr string, n int) (white, black *lineClient) {
	t.Helper()
	a, b := dialLine(t, addr), dialLine(t, addr)
	wn, bn := fmt.Sprintf("white%d", n), fmt.Sprintf("black%d", n)
	a.send("level1=5", "level2settings="+strings.Repeat("1", 100), wn)
	b.send("level1=5", "level2settings="+strings.Repeat("1", 100), bn)
	a.waitFor("Starting session as " + wn)
	b.waitFor("Starting session as " + bn)
	a.send("match " + bn + " 5 0 u white")
	b.waitFor("accept")
	b.send("accept")
	a.waitFor(fmt.Sprintf("\x19(15 %d ", n))
	a.send("e2e4")
	b.waitFor(fmt.Sprintf("\x19(24 %d ?\x19)", n))
	return a, b
}

var stopGames = flag.Int("stop-games", 0, "a measurement, not a test: the stop's time with this many games in progress and none (go test -run TestStopTime ./cmd/kriegd -args -stop-games 100)")

// TestStopTime is the measurement of docs/measurements.md: kriegd on
// SQLite is stopped by SIGTERM with no game and with -stop-games games in
// progress (two connected players each), and its log's "stopped took="
// is read.
func TestStopTime(t *testing.T) {
	if *stopGames <= 0 {
		t.Skip("a measurement: run with -args -stop-games 100")
	}
	bin := buildKriegd(t)
	for _, games := range []int{0, *stopGames} {
		var log syncbuf.Buffer
		proc, addr, _, _ := startKriegdLogged(t, bin, t.TempDir(), &log, "--max-conns-per-addr", "2000", "--max-conns", "4000")
		for n := 1; n <= games; n++ {
			playing(t, addr, n)
		}
		proc.Process.Signal(syscall.SIGTERM)
		proc.Wait()
		_, took, _ := strings.Cut(log.String(), "msg=\"kriegd: stopped\" took=")
		t.Logf("%d games in progress: stopped in %s", games, strings.TrimSpace(took))
	}
}

// lineClient is a plain TCP client of the game port; everything the server
// sends is gathered as it comes.
type lineClient struct {
	t    *testing.T
	nc   stdnet.Conn
	got  syncbuf.Buffer
	seen int
}

// dialLine connects to addr.
func dialLine(t *testing.T, addr string) *lineClient {
	t.Helper()
	nc, err := stdnet.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	c := &lineClient{t: t, nc: nc}
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := nc.Read(buf)
			c.got.Write(buf[:n])
			if err != nil {
				return
			}
		}
	}()
	return c
}

// send writes lines.
func (c *lineClient) send(lines ...string) {
	for _, l := range lines {
		c.nc.Write([]byte(l + "\r\n"))
	}
}

// waitFor waits (5 s at most) for text after what earlier calls matched.
func (c *lineClient) waitFor(text string) {
	c.t.Helper()
	waitUntil(c.t, "hearing "+text, func() bool {
		all := c.got.String()
		if i := strings.Index(all[c.seen:], text); i >= 0 {
			c.seen += i + len(text)
			return true
		}
		return false
	})
}

// waitUntil waits (5 s at most) for ok, failing the test with what otherwise.
func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !ok(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out %s", what)
		}
	}
}
