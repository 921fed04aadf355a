package server

import (
	"bytes"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/server/store"
)

// TestHaltWaitsForARecordBeingWritten: Halt returns only once the record
// being written is whole with its pending entry, and no record is written
// after it, so that a process ending at once leaves no record the next
// start would not index.
func TestHaltWaitsForARecordBeingWritten(t *testing.T) {
	dir := t.TempDir()
	var log bytes.Buffer // written only by this goroutine's write below
	s := New(Config{DataDir: dir, Log: slog.New(slog.NewTextHandler(&log, nil))})
	s.records.writes.RLock() // a write under way
	halted := make(chan struct{})
	go func() {
		s.Halt()
		close(halted)
	}()
	select {
	case <-halted:
		t.Fatal("Halt returned while a record was being written")
	case <-time.After(50 * time.Millisecond):
	}
	s.records.writes.RUnlock()
	select {
	case <-halted:
	case <-time.After(5 * time.Second):
		t.Fatal("Halt did not return once the write was done")
	}
	e := pendingEntry{Game: store.Game{ID: "20260101T120000-1"}}
	if _, err := s.records.write(nil, &e); err == nil {
		t.Fatal("a record was written after Halt")
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "games", "*")); len(files) > 0 {
		t.Fatalf("files written after Halt: %v", files)
	}
	if got := log.String(); strings.Contains(got, "kriegd: game recorded") || !strings.Contains(got, "kriegd: a finished game was not kept") {
		t.Errorf("the log does not say the game was not kept, or says it was recorded: %q", got)
	}
}
