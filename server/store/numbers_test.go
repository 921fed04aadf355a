package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/krieg/krieg/server/store"
)

// TestHighestGameNumber: the highest game number among the IDs indexed,
// on both databases alike: a taken ID's "-2" read as its game's number, an
// index with no game read as 0, and IDs of another shape (the store tests'
// own, a number of ten digits) passed over rather than failing the start.
func TestHighestGameNumber(t *testing.T) {
	onBothDatabases(t, func(t *testing.T, _, _, dsn, dir, _ string) {
		ctx := context.Background()
		st, err := store.Open(ctx, dsn, dir)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		if n, err := st.HighestGameNumber(ctx); err != nil || n != 0 {
			t.Fatalf("an empty index: %d, %v; want 0", n, err)
		}
		for i, id := range []string{"20261127T120552-7", "20261127T120553-12-2", "20261128T090000-3", "g1", "20261127T120552-x5",
			"20261127T120552-1234567890", "20261127T120552-99abc", "2026112T120552-50", "20261127T120552-"} {
			g := store.Game{ID: id, White: "alice", Black: "bob", Rules: "wild16", Result: "1-0", Reason: "resignation",
				Plies: 2, Path: "/x/" + id + ".pgn", Ended: time.Unix(1700000000+int64(i), 0)}
			if err := st.FinishGame(ctx, g, nil); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := st.HighestGameNumber(ctx); err != nil || n != 12 {
			t.Fatalf("the highest game number: %d, %v; want 12 (of 20261127T120553-12-2)", n, err)
		}
	})
}
