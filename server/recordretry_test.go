package server_test

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
)

// TestRecordWrittenAtALaterTry: a game that ends while its record cannot
// be written (the games folder gone, a file in its place: refused even to
// root) is not lost: the players hear it is not written yet, and once the
// folder is back the record is written and history lists the game.
func TestRecordWrittenAtALaterTry(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	games := filepath.Join(u.data, "games")
	if err := os.Rename(games, games+".away"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(games, []byte("in the way"), 0o600); err != nil {
		t.Fatal(err)
	}
	moveThenResign(a, b, 1)
	a.waitFor("The server could not write this game's record yet; it keeps trying")
	b.waitFor("The server could not write this game's record yet; it keeps trying")

	if err := os.Remove(games); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(games+".away", games); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		files, _ := filepath.Glob(filepath.Join(games, "*.pgn"))
		if len(files) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("records after the folder came back: %v; want the game's", files)
		}
		time.Sleep(100 * time.Millisecond)
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		a.send("history")
		a.waitFor("History of")
		if got := a.waitFor("\x19]"); !strings.Contains(got, "(0 games shown)") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("history never listed the game written at a later try")
		}
	}
}

// TestUnwrittenRecordGoesToTheLog: a game whose record still cannot be
// written when the server stops is logged whole, so that the operator can
// keep it.
func TestUnwrittenRecordGoesToTheLog(t *testing.T) {
	var mu sync.Mutex
	var lines []string
	u := startUmpire(t, server.Config{Log: testLog(t, func(l string) { mu.Lock(); lines = append(lines, l); mu.Unlock() })})
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	games := filepath.Join(u.data, "games")
	if err := os.RemoveAll(games); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(games, []byte("in the way"), 0o600); err != nil {
		t.Fatal(err)
	}
	moveThenResign(a, b, 1)
	a.waitFor("could not write this game's record yet")
	u.srv.Close()
	mu.Lock()
	defer mu.Unlock()
	for _, l := range lines {
		if strings.Contains(l, "a finished game was lost") && strings.Contains(l, `[White "alice"]`) && strings.Contains(l, "e4 {") {
			return
		}
	}
	t.Fatalf("the log holds no record of the game lost: %q", lines)
}
