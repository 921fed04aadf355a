package server_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/rating"
	"github.com/krieg/krieg/server/store"
)

// lockedIndex is a store whose index is locked: FinishGame waits until its
// context ends, as SQLite does while another process holds the database.
type lockedIndex struct{ *store.Store }

func (lockedIndex) FinishGame(ctx context.Context, _ store.Game, _ map[string]rating.Rating) error {
	<-ctx.Done()
	return ctx.Err()
}

// TestStopWithTheIndexLocked: with the database locked during the stop,
// players of a game with moves and its observer got the abort line and
// then nothing (no result, no closing line: their writes ran past the
// drain deadline while the saves waited for the index), the stop ran past
// its bound by a store call's timeout, and the log said the game was not
// kept although its record and pending entry were. Everyone hears the
// result and the notice, the stop ends soon after the index time, and the
// log says the record is written and will be indexed at the next start.
func TestStopWithTheIndexLocked(t *testing.T) {
	var log logLines
	data := t.TempDir()
	st, err := store.Open(context.Background(), "", data)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	u := startUmpire(t, server.Config{DataDir: data, Store: lockedIndex{st}, Log: testLog(t, log.add)})
	u.srv.SetIndexTime(300 * time.Millisecond)
	w, b, watcher := watchedGame(t, u)

	start := time.Now()
	closed := make(chan error, 1)
	go func() { closed <- u.srv.Close() }()
	w.waitFor("\x19(16 1 0 BA * ")
	if took := time.Since(start); took > time.Second {
		t.Errorf("the result came %v into the stop; want it at once, whatever the index does", took)
	}
	if err := <-closed; err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("the stop took %v with the index locked; want the drain and index times at most", took)
	}
	heard := map[*raw][]string{w: {"{Game 1 (white vs. black) aborted} *", shutdownNotice}}
	for _, p := range []*raw{b, watcher} {
		heard[p] = []string{"Game 1 aborted", "\x19(16 1 0 BA * ", "{Game 1 (white vs. black) aborted} *", shutdownNotice}
	}
	for p, wants := range heard {
		tail := p.closed()
		for _, want := range wants {
			if !strings.Contains(tail, want) {
				t.Errorf("a connection heard %q; it lacks %q", tail, want)
			}
		}
	}
	if log.has("was not kept") {
		t.Error("the log says a game was not kept, although its record and pending entry were")
	}
	if !log.has("indexed at the next start") {
		t.Error("the log does not say the game is left for the next start")
	}
}
