package server_test

import (
	"context"
	stdnet "net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/loadtest"
	"github.com/krieg/krieg/server/rating"
	"github.com/krieg/krieg/server/store"
)

// shutdownNotice is what every connection hears as kriegd shuts down.
const shutdownNotice = "kriegd is shutting down: this connection is closed."

// logLines gathers a server's log lines for a test to read.
type logLines struct {
	mu    sync.Mutex
	lines []string
}

func (l *logLines) add(line string) {
	l.mu.Lock()
	l.lines = append(l.lines, line)
	l.mu.Unlock()
}

// has reports whether a line holds every one of parts.
func (l *logLines) has(parts ...string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, line := range l.lines {
		all := true
		for _, p := range parts {
			all = all && strings.Contains(line, p)
		}
		if all {
			return true
		}
	}
	return false
}

// abortedRecord checks that games, the index, holds one aborted, unrated
// game of 2 plies, whose record says so and holds every text of want.
func abortedRecord(t *testing.T, games []store.Game, want ...string) {
	t.Helper()
	if len(games) != 1 || games[0].Result != "*" || games[0].Reason != "aborted" || games[0].Rated || games[0].Plies != 2 {
		t.Fatalf("the index holds %+v; want one aborted, unrated game of 2 plies", games)
	}
	pgn, err := os.ReadFile(games[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range append([]string{`[Result "*"]`, `[Termination "aborted"]`}, want...) {
		if !strings.Contains(string(pgn), w) {
			t.Errorf("the record lacks %s:\n%s", w, pgn)
		}
	}
}

// TestShutdownAbortsGamesInProgress: a rated game still on when the server
// closes is aborted by the server: each player is told why in a line, then
// hears the result (no result, "BA"), then that the server is shutting
// down, before the connection closes; a user in the lobby hears the
// notice too. The record is written with the moves so far and the reason,
// indexed as aborted and unrated, nobody's rating moves, and the log says
// so.
func TestShutdownAbortsGamesInProgress(t *testing.T) {
	var log logLines
	u := startUmpire(t, server.Config{Log: testLog(t, log.add)})
	addAccount(t, u, "alice", "alicepw")
	addAccount(t, u, "bob", "bobpw1")
	a, b := u.login(t, "alice", "alicepw"), u.login(t, "bob", "bobpw1")
	lobby := u.login(t, "guest", "")
	begin(t, a, b, "bob", "5 0 r")
	a.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
	b.send("e7e5")
	a.waitFor("\x19(24 1 ?\x19)")

	if err := u.srv.Close(); err != nil {
		t.Fatal(err)
	}
	for _, p := range []*raw{a, b} {
		tail := p.closed()
		told := strings.Index(tail, "Game 1 aborted: the server is shutting down; no result, unrated.")
		result := strings.Index(tail, "\x19(16 1 0 BA * ")
		notice := strings.Index(tail, shutdownNotice)
		if told < 0 || result < told || notice < result {
			t.Fatalf("a player heard %q; want the abort, then the result, then the notice", tail)
		}
	}
	if tail := lobby.closed(); !strings.Contains(tail, shutdownNotice) {
		t.Fatalf("a user in the lobby heard %q; want the notice", tail)
	}

	games, err := u.store.Games(context.Background(), "", 10)
	if err != nil {
		t.Fatal(err)
	}
	abortedRecord(t, games, `[TerminationDetails "the server is shutting down"]`, " e4 ", " e5 ")
	if err := loadtest.CheckRecord(games[0].Path); err != nil {
		t.Error(err)
	}
	if pending, _ := filepath.Glob(filepath.Join(u.data, "games", "*.pending")); len(pending) > 0 {
		t.Errorf("entries left pending with the store up: %v", pending)
	}
	for _, name := range []string{"alice", "bob"} {
		acct, err := u.store.Account(context.Background(), name)
		if err != nil {
			t.Fatal(err)
		}
		if acct.Rating != rating.Start || acct.Games != 0 {
			t.Errorf("%s's rating moved for an aborted game: %+v after %d games", name, acct.Rating, acct.Games)
		}
	}
	if !log.has("kriegd: game aborted", "game=1", "the server is shutting down") || !log.has("kriegd: shutting down", "games_aborted=1") || !log.has("kriegd: game recorded") {
		t.Errorf("the log does not say the game was aborted by the shutdown and recorded: %q", log.lines)
	}
}

// TestShutdownCutsOffANonReader: a client that never reads (its writes
// block: an in-memory pipe holds nothing) does not hold the shutdown up
// for longer than the server's short drain time.
func TestShutdownCutsOffANonReader(t *testing.T) {
	u := startUmpire(t, server.Config{})
	client, end := stdnet.Pipe()
	defer client.Close()
	served := make(chan struct{})
	go func() {
		u.srv.ServeConn(end)
		close(served)
	}()
	// The welcome is being written and nobody reads it.
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	if err := u.srv.Close(); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Fatalf("a client that does not read held the shutdown up for %v", took)
	}
	select {
	case <-served:
	case <-time.After(5 * time.Second):
		t.Fatal("the connection that does not read was never let go")
	}
}

// TestShutdownWithConnectionsInEveryState closes a server holding
// connections in every state at once: before login, at the password
// prompt, half a line sent, in the lobby, seeking, playing, observing, a
// player away in the grace period, a client that stopped reading, and
// one sending bytes without end. Every connection that reads hears the
// notice and is closed, both games are recorded as aborted, no panic is
// recovered, and no goroutine of the server is left.
func TestShutdownWithConnectionsInEveryState(t *testing.T) {
	base := serverGoroutines()
	var log logLines
	u := startUmpire(t, server.Config{Log: testLog(t, log.add)})
	addAccount(t, u, "carol", "carolpw")

	fresh := u.dial(t)
	fresh.waitFor("login: ")
	atPassword := u.dial(t)
	atPassword.send("carol")
	atPassword.waitFor("password: ")
	half := u.dial(t)
	half.nc.Write([]byte("level1=5\r\nguest\r\nseek 5"))
	lobby := u.login(t, "guest", "")
	seeker := u.login(t, "seeker", "")
	seeker.send("seek 5 0 u")
	seeker.waitFor("seek")
	w, bl, watcher := watchedGame(t, u)
	stays, leaves := u.login(t, "stays", ""), u.login(t, "leaves", "")
	begin(t, stays, leaves, "leaves", "5 0 u")
	leaves.nc.Close()
	stays.waitFor("leaves has disconnected")
	noisy := u.dial(t)
	noise := loops(1, func(int) {
		if _, err := noisy.nc.Write([]byte("\x00\xff garbage \x19(\r\n")); err != nil {
			time.Sleep(time.Millisecond)
		}
	})
	stopNoise := sync.OnceFunc(noise)
	defer stopNoise()

	// A logged-in client that stops reading: the server's writes to it block.
	deaf, end := stdnet.Pipe()
	defer deaf.Close()
	go u.srv.ServeConn(end)
	buf := make([]byte, 4096)
	var got strings.Builder
	for !strings.Contains(got.String(), "login: ") {
		n, err := deaf.Read(buf)
		if err != nil {
			t.Fatal(err)
		}
		got.Write(buf[:n])
	}
	deaf.Write([]byte("deaf\r\nseek 5 0\r\nwho\r\n"))

	if err := u.srv.Close(); err != nil {
		t.Fatal(err)
	}
	stopNoise()
	for name, r := range map[string]*raw{"fresh": fresh, "at the password prompt": atPassword, "half a line": half, "in the lobby": lobby,
		"seeking": seeker, "white": w, "black": bl, "observing": watcher, "waiting for its opponent": stays} {
		if tail := r.closed(); !strings.Contains(tail, shutdownNotice) {
			t.Errorf("%s: heard %q; want the notice", name, tail)
		}
	}
	for _, r := range []*raw{w, bl, watcher, stays} {
		r.neverHeard("kriegd hit an internal error", "a panic")
	}
	if !strings.Contains(stays.all(), "Game 2 aborted: the server is shutting down") || !strings.Contains(watcher.all(), "Game 1 aborted: the server is shutting down") {
		t.Errorf("the games' audience was not told why they ended: %q / %q", stays.all(), watcher.all())
	}
	games, err := u.store.Games(context.Background(), "", 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[0].Reason != "aborted" || games[1].Reason != "aborted" {
		t.Fatalf("the index holds %+v; want both games, aborted", games)
	}
	if log.has("recovered from a panic") {
		t.Fatalf("the server recovered a panic: %q", log.lines)
	}
	noiseDone := time.Now().Add(3 * time.Second)
	for serverGoroutines() > base && time.Now().Before(noiseDone) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := serverGoroutines(); n > base {
		stacks := make([]byte, 1<<20)
		t.Fatalf("%d goroutines of the server left (%d before):\n%s", n, base, stacks[:runtime.Stack(stacks, true)])
	}
}

// serverGoroutines counts the goroutines running the server package's code.
func serverGoroutines() int {
	stacks := make([]byte, 4<<20)
	n := 0
	for _, g := range strings.Split(string(stacks[:runtime.Stack(stacks, true)]), "\n\n") {
		if strings.Contains(g, "krieg/krieg/server.") {
			n++
		}
	}
	return n
}

// watchedGame logs in white and black, starts game 1 between them
// (unrated, 5 0), plays 1. e2e4, and has a third user, watcher, observe it.
func watchedGame(t *testing.T, u *umpire) (w, b, watcher *raw) {
	t.Helper()
	w, b = u.login(t, "white", ""), u.login(t, "black", "")
	begin(t, w, b, "black", "5 0 u")
	w.send("e2e4")
	b.waitFor("\x19(24 1 ?\x19)")
	watcher = u.login(t, "watcher", "")
	watcher.send("observe 1")
	watcher.waitFor("\x19(18 1 ")
	return w, b, watcher
}
