package server

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/krieg/krieg/server/store"
)

// TestNumberOf reads the game number in record IDs as gameID writes them,
// a taken ID's "-2" too, and nothing from IDs of another shape.
func TestNumberOf(t *testing.T) {
	start := time.Date(2026, 11, 27, 12, 5, 52, 0, time.UTC)
	if id := gameID(start, 12); id != "20261127T120552-12" {
		t.Fatalf("gameID: %q", id)
	}
	for id, want := range map[string]int{"20261127T120552-12": 12, "20261127T120552-12-2": 12, gameID(start, 1): 1,
		"g1": 0, "20261127T120552-": 0, "20261127T120552-0": 0, "20261127T120552-+5": 0, "20261127T120552-1234567890": 0,
		"20261327T120552-4": 0, "20261127T120552-x": 0, "": 0} {
		if n, ok := numberOf(id); n != want || ok != (want > 0) {
			t.Errorf("numberOf(%q) = %d, %v; want %d", id, n, ok, want)
		}
	}
}

// TestNumbersGoOnFromPending: a game recorded but not yet indexed when the
// server stopped (its entry pending, the database down) counts too, so the
// start does not give its number again while the index catches up.
func TestNumbersGoOnFromPending(t *testing.T) {
	st := newMemIndex()
	if err := st.FinishGame(context.Background(), store.Game{ID: "20261127T120552-7"}, nil); err != nil {
		t.Fatal(err)
	}
	s := New(Config{DataDir: t.TempDir(), Store: st, Log: slog.New(slog.DiscardHandler)})
	if err := s.continueNumbers([]pendingEntry{{Game: store.Game{ID: "20261127T130000-40-2"}}, {Game: store.Game{ID: "odd"}}}); err != nil {
		t.Fatal(err)
	}
	if s.nextGame != 41 {
		t.Fatalf("the next game after game 7 indexed and game 40 pending: %d; want 41", s.nextGame)
	}
}
