package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/krieg/krieg/server/store"
)

// damage writes garbage over the second half of the database file in
// data, as a failing disk or a stray write would leave it.
func damage(t *testing.T, data string) {
	t.Helper()
	st, err := store.Open(context.Background(), "", data)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AddAccount(context.Background(), "carol", "hash"); err != nil {
		t.Fatal(err)
	}
	st.Close()
	path := filepath.Join(data, "kriegd.db")
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, _ := f.Stat()
	if _, err := f.WriteAt(bytes.Repeat([]byte("GARBAGE!"), int(info.Size())/16), info.Size()/2); err != nil {
		t.Fatal(err)
	}
}

// TestDamagedDatabaseStopsTheStart: kriegd on a database file with
// damaged pages does not start (it had served, failing every login as "the
// account database is not answering"); it says the check failed and what
// to do.
func TestDamagedDatabaseStopsTheStart(t *testing.T) {
	data := t.TempDir()
	damage(t, data)
	var out, errOut bytes.Buffer
	err := run([]string{"--listen", "127.0.0.1:0", "--data", data}, strings.NewReader(""), &out, &errOut)
	if err == nil || !strings.Contains(err.Error(), "failed its check at start") || !strings.Contains(err.Error(), "restore it from a backup") {
		t.Fatalf("kriegd on a damaged database: %v; want the start refused, saying so", err)
	}
}
