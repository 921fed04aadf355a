package main

import (
	"bytes"
	"cmp"
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

// damagedShapes are the ways a database file is found damaged, or made by
// a newer kriegd: each makes one in data, and the message must say said
// after the file's name (" is damaged" when said is empty). The 4 this
// kriegd knows up to is the number of its migrations: a new one raises it.
var damagedShapes = []struct {
	name   string
	damage func(t *testing.T, data string)
	said   string
}{
	{"pages overwritten", func(t *testing.T, data string) {
		rewrite(t, soundDatabase(t, data), func(b []byte) []byte {
			copy(b[len(b)/2:], bytes.Repeat([]byte("GARBAGE!"), len(b)/16))
			return b
		})
	}, ""},
	{"header sound, pages garbage", func(t *testing.T, data string) {
		rewrite(t, soundDatabase(t, data), func(b []byte) []byte {
			copy(b[100:], garbage(len(b)-100))
			return b
		})
	}, ""},
	{"truncated mid-page", func(t *testing.T, data string) {
		rewrite(t, soundDatabase(t, data), func(b []byte) []byte { return b[:len(b)/2+1000] })
	}, ""},
	{"truncated in the header", func(t *testing.T, data string) {
		rewrite(t, soundDatabase(t, data), func(b []byte) []byte { return b[:50] })
	}, ""},
	{"random bytes", func(t *testing.T, data string) {
		if err := os.WriteFile(filepath.Join(data, "kriegd.db"), garbage(64<<10), 0o600); err != nil {
			t.Fatal(err)
		}
	}, ""},
	{"zero-length", func(t *testing.T, data string) {
		if err := os.WriteFile(filepath.Join(data, "kriegd.db"), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}, ""},
	{"table missing", func(t *testing.T, data string) {
		alter(t, soundDatabase(t, data), "DROP TABLE accounts")
	}, ""},
	{"column missing", func(t *testing.T, data string) {
		alter(t, soundDatabase(t, data), "ALTER TABLE games DROP COLUMN path")
	}, ""},
	{"another program's tables", func(t *testing.T, data string) {
		alter(t, filepath.Join(data, "kriegd.db"), "CREATE TABLE accounts (id INTEGER PRIMARY KEY, email TEXT)")
	}, ""},
	{"a folder", func(t *testing.T, data string) {
		if err := os.Mkdir(filepath.Join(data, "kriegd.db"), 0o700); err != nil {
			t.Fatal(err)
		}
	}, ""},
	{"only another program's tables", func(t *testing.T, data string) {
		alter(t, filepath.Join(data, "kriegd.db"), "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)", "INSERT INTO notes (body) VALUES ('precious')")
	}, " is damaged (it holds another program's tables (notes) but not kriegd's migrations table)"},
	{"migrations table empty", func(t *testing.T, data string) {
		alter(t, soundDatabase(t, data), "DELETE FROM migrations")
	}, " is damaged (the migrations table is empty though kriegd's tables (accounts, games) are there)"},
	{"schema version from a newer kriegd", func(t *testing.T, data string) {
		alter(t, soundDatabase(t, data), "INSERT INTO migrations (version) VALUES (999)")
	}, " was made by a newer kriegd (schema version 999; this one knows up to 4). Run the newer kriegd, or restore a backup this kriegd made"},
}

// TestDamagedDatabaseStopsTheStart: kriegd on a damaged database file, in
// each shape damagedShapes makes, does not start (on damaged pages it had
// served, failing every login as "the account database is not
// answering"), and says the same thing whatever the shape: that the check
// failed, which file is damaged, and to restore it from a backup (a file
// of noise, an empty one or one with tables missing said only SQLite's
// words, or started; one with only another program's tables was taken
// over, and one whose migrations table was empty said "table accounts
// already exists"). A file a newer kriegd made is told as that, naming
// both versions (it had started without a word). "kriegd user list" says
// the same, and neither changes a byte of the file.
func TestDamagedDatabaseStopsTheStart(t *testing.T) {
	for _, shape := range damagedShapes {
		t.Run(shape.name, func(t *testing.T) {
			data := t.TempDir()
			shape.damage(t, data)
			file := filepath.Join(data, "kriegd.db")
			said := cmp.Or(shape.said, " is damaged")
			want := "kriegd: the database failed its check at start: " + file + said
			before := fileBytes(t, file)
			for _, args := range [][]string{{"--listen", "127.0.0.1:0", "--data", data}, {"user", "list", "--data", data}} {
				err := runStopped(t, args)
				if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "a backup") || strings.Count(err.Error(), file) != 1 || strings.Count(err.Error(), " is damaged") != strings.Count(said, " is damaged") {
					t.Fatalf("kriegd %s: %v; want it refused, naming the file once, beginning %q and saying what to do", strings.Join(args, " "), err, want)
				}
				if !bytes.Equal(fileBytes(t, file), before) {
					t.Fatalf("kriegd %s changed the file it refused", strings.Join(args, " "))
				}
				t.Log(err)
			}
		})
	}
}

// runStopped runs kriegd with args and returns its error, failing the test
// if it is still running (serving) after 20 seconds.
func runStopped(t *testing.T, args []string) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		var out, errOut bytes.Buffer
		done <- run(args, strings.NewReader(""), &out, &errOut)
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(20 * time.Second):
		t.Fatalf("kriegd %s started on a database it should refuse", strings.Join(args, " "))
	}
	return nil
}

// fileBytes is what the regular file at path holds, or nil when it is a
// folder.
func fileBytes(t *testing.T, path string) []byte {
	t.Helper()
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
