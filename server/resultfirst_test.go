package server_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/kriegdtest"
	"github.com/krieg/krieg/server/rating"
	"github.com/krieg/krieg/server/store"
)

// slowIndex is a store whose FinishGame waits until the test lets it go,
// saying when it has begun: a game's result waits that long for its
// record, so a test can act inside that window.
type slowIndex struct {
	*store.Store
	begun   chan struct{} // gets one value when FinishGame starts waiting
	release chan struct{} // closed to let FinishGame go on
}

func (s slowIndex) FinishGame(ctx context.Context, g store.Game, r map[string]rating.Rating) error {
	select {
	case s.begun <- struct{}{}:
	default:
	}
	<-s.release
	return s.Store.FinishGame(ctx, g, r)
}

// startSlowIndex starts a server whose index waits in FinishGame until
// the release function it returns is called (which the test's cleanup
// calls too, so the server's stop never waits on it).
func startSlowIndex(t *testing.T) (*umpire, slowIndex, func()) {
	t.Helper()
	st, data := kriegdtest.Store(t)
	idx := slowIndex{Store: st, begun: make(chan struct{}, 1), release: make(chan struct{})}
	u := startUmpire(t, server.Config{DataDir: data, Store: idx})
	var once sync.Once
	release := func() { once.Do(func() { close(idx.release) }) }
	t.Cleanup(release)
	return u, idx, release
}

// TestResultBeforeRepliesOfTheGameOver: a player who typed a move just as
// the opponent resigned was answered "You are not playing a game." before
// the result arrived (held until the record was written), which read as a
// bug. The result comes first, and every reply after it, in order.
func TestResultBeforeRepliesOfTheGameOver(t *testing.T) {
	u, idx, release := startSlowIndex(t)
	a, b := u.login(t, "alice", ""), u.login(t, "bob", "")
	begin(t, a, b, "bob", "5 0 u")
	firstMoves(a, b)
	b.send("resign")
	select {
	case <-idx.begun:
	case <-time.After(5 * time.Second):
		t.Fatal("the game's record was never indexed")
	}
	a.send("d2d4", "resign")
	time.Sleep(300 * time.Millisecond) // replies not held back would arrive now
	release()
	first := a.waitForEither("\x19(16 1 0 Res 1-0 ", "You are not playing a game.")
	if first[len(first)-len("game."):] == "game." {
		t.Fatalf("alice heard she is not playing before the result: %q", first)
	}
	a.waitFor("You are not playing a game.") // the move's answer
	a.waitFor("You are not playing a game.") // and resign's, after it
}
