package store_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/krieg/krieg/server/store"
)

// TestDamagedFileIsTold: on a SQLite file whose pages were overwritten,
// the quick check fails and a read that meets a damaged page is told apart
// (Damaged) from a database that is only not answering.
func TestDamagedFileIsTold(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	st, err := store.Open(ctx, "", dir)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		if err := st.AddAccount(ctx, fmt.Sprintf("player%03d", i), "hash"); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.QuickCheck(ctx); err != nil {
		t.Fatalf("a sound file: %v", err)
	}
	st.Close()
	path := filepath.Join(dir, "kriegd.db")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	copy(data[4096:], bytes.Repeat([]byte("GARBAGE!"), (len(data)-4096)/8))
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	st, err = store.Open(ctx, "", dir)
	if err != nil {
		if !store.Damaged(err) {
			t.Fatalf("opening the damaged file: %v; want it told as damaged", err)
		}
		return
	}
	defer st.Close()
	if err := st.QuickCheck(ctx); err == nil {
		t.Fatal("the quick check passed a damaged file")
	}
	_, err = st.Account(ctx, "player150")
	if err == nil || !store.Damaged(err) {
		t.Fatalf("reading an account from the damaged file: %v; want an error told as damaged", err)
	}
	if store.Damaged(errors.New("connection refused")) {
		t.Fatal("an error that is no damage was told as damage")
	}
}
