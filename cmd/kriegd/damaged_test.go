package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/server/store"
)

// soundDatabase makes kriegd's database in data, with enough accounts to
// fill a few pages, and returns the file's path.
func soundDatabase(t *testing.T, data string) string {
	t.Helper()
	st, err := store.Open(context.Background(), "", data)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 200 {
		if err := st.AddAccount(context.Background(), fmt.Sprintf("player%03d", i), "hash"); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	return filepath.Join(data, "kriegd.db")
}

// rewrite replaces the file at path with what change makes of its bytes.
func rewrite(t *testing.T, path string, change func([]byte) []byte) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, change(b), 0o600); err != nil {
		t.Fatal(err)
	}
}

// alter runs statements on the SQLite file at path, as another program (or
// a hand at the sqlite3 shell) would.
func alter(t *testing.T, path string, statements ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range statements {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// garbage is n bytes of noise, the same in every run.
func garbage(n int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// damagedShapes are the ways a database file is found damaged: each makes
// one in data.
var damagedShapes = []struct {
	name   string
	damage func(t *testing.T, data string)
}{
	{"pages overwritten", func(t *testing.T, data string) {
		rewrite(t, soundDatabase(t, data), func(b []byte) []byte {
			copy(b[len(b)/2:], bytes.Repeat([]byte("GARBAGE!"), len(b)/16))
			return b
		})
	}},
	{"header sound, pages garbage", func(t *testing.T, data string) {
		rewrite(t, soundDatabase(t, data), func(b []byte) []byte {
			copy(b[100:], garbage(len(b)-100))
			return b
		})
	}},
	{"truncated mid-page", func(t *testing.T, data string) {
		rewrite(t, soundDatabase(t, data), func(b []byte) []byte { return b[:len(b)/2+1000] })
	}},
	{"truncated in the header", func(t *testing.T, data string) {
		rewrite(t, soundDatabase(t, data), func(b []byte) []byte { return b[:50] })
	}},
	{"random bytes", func(t *testing.T, data string) {
		if err := os.WriteFile(filepath.Join(data, "kriegd.db"), garbage(64<<10), 0o600); err != nil {
			t.Fatal(err)
		}
	}},
	{"zero-length", func(t *testing.T, data string) {
		if err := os.WriteFile(filepath.Join(data, "kriegd.db"), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}},
	{"table missing", func(t *testing.T, data string) {
		alter(t, soundDatabase(t, data), "DROP TABLE accounts")
	}},
	{"column missing", func(t *testing.T, data string) {
		alter(t, soundDatabase(t, data), "ALTER TABLE games DROP COLUMN path")
	}},
	{"another program's tables", func(t *testing.T, data string) {
		alter(t, filepath.Join(data, "kriegd.db"), "CREATE TABLE accounts (id INTEGER PRIMARY KEY, email TEXT)")
	}},
	{"a folder", func(t *testing.T, data string) {
		if err := os.Mkdir(filepath.Join(data, "kriegd.db"), 0o700); err != nil {
			t.Fatal(err)
		}
	}},
}

// TestDamagedDatabaseStopsTheStart: kriegd on a damaged database file, in
// each shape damagedShapes makes, does not start (on damaged pages it had
// served, failing every login as "the account database is not
// answering"), and says the same thing whatever the shape: that the check
// failed, which file is damaged, and to restore it from a backup (a file
// of noise, an empty one or one with tables missing said only SQLite's
// words, or started).
func TestDamagedDatabaseStopsTheStart(t *testing.T) {
	for _, shape := range damagedShapes {
		t.Run(shape.name, func(t *testing.T) {
			data := t.TempDir()
			shape.damage(t, data)
			done := make(chan error, 1)
			go func() {
				var out, errOut bytes.Buffer
				done <- run([]string{"--listen", "127.0.0.1:0", "--data", data}, strings.NewReader(""), &out, &errOut)
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(20 * time.Second):
				t.Fatal("kriegd started on a damaged database")
			}
			file := filepath.Join(data, "kriegd.db")
			if err == nil || !strings.HasPrefix(err.Error(), "kriegd: the database failed its check at start: "+file+" is damaged") || !strings.Contains(err.Error(), "Restore it from a backup") || strings.Count(err.Error(), "is damaged") != 1 {
				t.Fatalf("kriegd on a damaged database: %v; want the start refused, naming the file and saying it is damaged and what to do", err)
			}
			t.Log(err)
		})
	}
}
