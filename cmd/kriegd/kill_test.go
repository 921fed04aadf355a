package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/krieg/krieg/server/loadtest"
	"github.com/krieg/krieg/server/store"
)

// TestKillNine runs kriegd as a process, kills it with SIGKILL while
// scripted clients play on it, and restarts it on the same data folder:
// every game the index lists has a record that reads back and replays,
// every record on disk replays (none is half-written), no temporary
// record survives the restart, and the database passes its integrity check.
func TestKillNine(t *testing.T) {
	bin := buildKriegd(t)
	data := t.TempDir()
	proc, addr := startKriegd(t, bin, data)
	done := make(chan loadtest.Result, 1)
	go func() {
		// The clients lose their server mid-game: their error is expected.
		res, _ := loadtest.Run(loadtest.Options{Games: 100000, Clients: 40, Duration: time.Minute, DataDir: data, Addr: addr, Seed: 3})
		done <- res
	}()
	// Kill once some games have finished, while others are under way. A
	// record is renamed into place before it is indexed, so a few of those
	// on disk may not be indexed yet at the kill: wait for twice the games
	// the index must hold afterwards.
	deadline := time.Now().Add(30 * time.Second)
	for {
		files, _ := filepath.Glob(filepath.Join(data, "games", "*.pgn"))
		if len(files) >= 10 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := proc.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	proc.Wait()
	res := <-done
	t.Logf("killed after %d games started by the clients", res.Games)

	// A kill during a record's write leaves its temporary file: plant one,
	// half-written, since the kill above may not have hit that moment.
	half := filepath.Join(data, "games", ".tmp-half-written-1")
	if err := os.WriteFile(half, []byte("[Event \"kriegd\"]\n[Wh"), 0o644); err != nil {
		t.Fatal(err)
	}
	restarted, _ := startKriegd(t, bin, data)
	defer func() {
		restarted.Process.Signal(syscall.SIGTERM)
		restarted.Wait()
	}()
	if stray, _ := filepath.Glob(filepath.Join(data, "games", ".tmp-*")); len(stray) > 0 {
		t.Fatalf("temporary records left after the restart: %v", stray)
	}
	st, err := store.Open(context.Background(), "", data)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	indexed, err := st.Games(context.Background(), "", 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	if len(indexed) < 5 {
		t.Fatalf("%d games indexed before the kill; want at least 5", len(indexed))
	}
	for _, g := range indexed {
		if err := loadtest.CheckRecord(g.Path); err != nil {
			t.Errorf("indexed game %s: %v", g.ID, err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(data, "games", "*.pgn"))
	for _, f := range files {
		if err := loadtest.CheckRecord(f); err != nil {
			t.Errorf("record on disk: %v", err)
		}
	}
	t.Logf("%d games indexed, %d records on disk, all replay", len(indexed), len(files))
}

// buildKriegd builds kriegd into the test's folder (skipped with -short).
func buildKriegd(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs kriegd")
	}
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "kriegd-test-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "kriegd")
		built.out, built.err = exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return built.bin
}

// built is kriegd built once for all the tests that run it.
var built struct {
	once     sync.Once
	dir, bin string
	out      []byte
	err      error
}

// TestMain removes the kriegd the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// startKriegd runs bin on a free loopback port with data, and returns the
// process and its address once it listens.
func startKriegd(t *testing.T, bin, data string) (*exec.Cmd, string) {
	t.Helper()
	cmd, addr, _, _ := startKriegdWith(t, bin, data)
	return cmd, addr
}

// startKriegdWith is startKriegd with more flags; it returns the metrics'
// URL too when --admin is among them.
func startKriegdWith(t *testing.T, bin, data string, extra ...string) (cmd *exec.Cmd, addr, metrics, page string) {
	t.Helper()
	return startKriegdLogged(t, bin, data, nil, extra...)
}

// startKriegdLogged is startKriegdWith with kriegd's log (its standard
// error) written to log.
func startKriegdLogged(t *testing.T, bin, data string, log io.Writer, extra ...string) (cmd *exec.Cmd, addr, metrics, page string) {
	t.Helper()
	cmd = exec.Command(bin, append([]string{"--listen", "127.0.0.1:0", "--data", data, "--attempts", "1000000", "--lobby", "1000000", "--max-prelogin-per-addr", "64"}, extra...)...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	lines := bufio.NewScanner(out)
	found := make(chan [3]string, 1)
	go func() {
		for lines.Scan() {
			if m, ok := strings.CutPrefix(lines.Text(), "kriegd: metrics on "); ok {
				metrics = m
			}
			if p, ok := strings.CutPrefix(lines.Text(), "kriegd: the page is on "); ok {
				page = p
			}
			if a, ok := strings.CutPrefix(lines.Text(), "kriegd: listening on "); ok {
				a = strings.TrimSuffix(strings.Fields(a)[0], ";")
				_, a, _ = strings.Cut(a, "://")
				found <- [3]string{a, metrics, page}
			}
		}
	}()
	select {
	case f := <-found:
		return cmd, f[0], f[1], f[2]
	case <-time.After(20 * time.Second):
		t.Fatal("kriegd did not start listening")
	}
	return nil, "", "", ""
}
