package controller

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// heardGame plays random game g under Wild 16 to its end and returns every
// entry White heard, in order.
func heardGame(g uint64) []referee.Entry {
	ref, bots := gametest.RandomGame(g)
	for ref.Result() == nil {
		bots[ref.ToMove()].Turn(ref)
	}
	var out []referee.Entry
	for _, e := range ref.Log() {
		if h, ok := e.HeardBy(game.White); ok {
			out = append(out, h)
		}
	}
	return out
}

// settled is v without what depends on the view model handed out before it.
func settled(v ViewModel) ViewModel {
	v.Changes = nil
	return v
}

// sameFront reports how the view models disagree on what needs no belief,
// or "" when they agree.
func sameFront(a, b *ViewModel) string {
	switch {
	case a.Own != b.Own || a.ToMove != b.ToMove || a.Plies != b.Plies:
		return "own men"
	case !reflect.DeepEqual(a.Log, b.Log):
		return "log"
	case a.Captured != b.Captured || a.EnemyMen != b.EnemyMen || a.EnemyTries != b.EnemyTries:
		return "counters"
	case a.Zone != b.Zone || a.Checked != b.Checked:
		return "zone or check"
	case (a.Result == nil) != (b.Result == nil) || a.Result != nil && *a.Result != *b.Result:
		return "result"
	}
	return ""
}

// TestAsyncBurstEqualsSync feeds whole random games to an Async whose
// deduction is held back, so that every message is still in flight when the
// next arrives: each Observe returns at once with our men, the log and the
// counters of a Controller fed the same entries, marked Updating; once the
// deduction is let go it follows the whole burst, and its final view model
// equals the Controller's.
func TestAsyncBurstEqualsSync(t *testing.T) {
	for g := uint64(0); g < 3; g++ {
		entries := heardGame(g)
		opt := Options{Capacity: 256, Seed: g, Workers: 1}
		sync := New(game.White, referee.Wild16, game.Start(), opt)
		hold := make(chan struct{})
		async := newAsync(New(game.White, referee.Wild16, game.Start(), opt), hold)
		drawn := applied{}
		for i, e := range entries {
			want, err := sync.Observe(e)
			if err != nil {
				t.Fatal(err)
			}
			got, err := async.Observe(e)
			if err != nil {
				t.Fatalf("game %d entry %d: %v", g, i, err)
			}
			if d := sameFront(&got, &want); d != "" {
				t.Fatalf("game %d entry %d: the immediate view model's %s differs from the Controller's", g, i, d)
			}
			if !got.Updating || !async.Updating() {
				t.Fatalf("game %d entry %d: not marked updating while the deduction is held", g, i)
			}
			drawn.apply(got.Changes)
		}
		if v, fresh := async.Poll(); fresh || !v.Updating {
			t.Fatalf("game %d: Poll reports work the held deduction cannot have done", g)
		}
		close(hold)
		got := async.Wait()
		if async.Updating() || got.Updating {
			t.Fatalf("game %d: still updating after Wait", g)
		}
		if drawn.apply(got.Changes); !drawn.holds(got.Tokens) {
			t.Errorf("game %d: the Changes handed out do not add up to the final tokens", g)
		}
		if !reflect.DeepEqual(settled(got), settled(sync.View())) {
			t.Errorf("game %d: after %d messages in one burst the view model differs from the Controller's", g, len(entries))
		}
		if err := async.Err(); err != nil {
			t.Errorf("game %d: %v", g, err)
		}
		async.Close()
	}
}

// TestAsyncFollowsMessageByMessage feeds a game one message at a time,
// waiting for the deduction after each: every view model then equals the
// Controller's (Changes aside: Async's are relative to the immediate view
// model Observe handed out).
func TestAsyncFollowsMessageByMessage(t *testing.T) {
	entries := heardGame(5)
	opt := Options{Capacity: 256, Seed: 5, Workers: 2}
	sync := New(game.White, referee.Wild16, game.Start(), opt)
	async := NewAsync(New(game.White, referee.Wild16, game.Start(), opt))
	defer async.Close()
	for i, e := range entries {
		want, _ := sync.Observe(e)
		if _, err := async.Observe(e); err != nil {
			t.Fatal(err)
		}
		if got := async.Wait(); !reflect.DeepEqual(settled(got), settled(want)) {
			t.Fatalf("entry %d: the view model differs from the Controller's", i)
		}
		if async.Latency() <= 0 {
			t.Fatalf("entry %d: no latency measured", i)
		}
	}
}

// TestAsyncRulesAtOnce: while the deduction is held, the rules' tokens come
// at once from the JKrieg rules alone: R7's King tokens after our checking
// move, R3's Check tokens when the enemy checks us.
func TestAsyncRulesAtOnce(t *testing.T) {
	pos := gametest.Position(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
	ref := referee.New(referee.Wild16, pos)
	var asyncs [2]*Async
	hold := make(chan struct{})
	for _, c := range []game.Color{game.White, game.Black} {
		asyncs[c] = newAsync(New(c, referee.Wild16, pos, Options{Capacity: 64, Seed: 1}), hold)
	}
	ref.Attempt(gametest.Move(t, "a1a8"))
	var views [2]ViewModel
	for _, e := range ref.Log() {
		for _, c := range []game.Color{game.White, game.Black} {
			if h, ok := e.HeardBy(c); ok {
				v, err := asyncs[c].Observe(h)
				if err != nil {
					t.Fatal(err)
				}
				views[c] = v
			}
		}
	}
	if got, want := tokenSquares(views[game.White], KingToken), gametest.Squares(t, "b8 c8 d8 e8 f8 g8 h8"); got&want != want {
		t.Errorf("White's King tokens %q, want R7's %q", gametest.Names(got), gametest.Names(want))
	}
	if got := tokenSquares(views[game.Black], CheckToken); !got.Has(game.A8) || !views[game.Black].Checked {
		t.Errorf("Black's Check tokens %q miss a8 (checked %v)", gametest.Names(got), views[game.Black].Checked)
	}
	for _, v := range views {
		if !v.Updating {
			t.Error("not marked updating")
		}
	}
	close(hold)
	for _, c := range []game.Color{game.White, game.Black} {
		if v := asyncs[c].Wait(); v.Updating {
			t.Errorf("%s: updating after Wait", c)
		}
		asyncs[c].Close()
	}
}

// TestAsyncPreview: while messages are in flight the preview comes at once
// from the B1 sets; once the deduction has followed them it is B2's, the
// Controller's own.
func TestAsyncPreview(t *testing.T) {
	entries := heardGame(2)[:30]
	for len(entries) > 0 && entries[len(entries)-1].Mover != game.Black {
		entries = entries[:len(entries)-1] // end with White to move
	}
	opt := Options{Capacity: 256, Seed: 2, Workers: 1}
	sync := New(game.White, referee.Wild16, game.Start(), opt)
	hold := make(chan struct{})
	async := newAsync(New(game.White, referee.Wild16, game.Start(), opt), hold)
	defer async.Close()
	for _, e := range entries {
		if _, err := sync.Observe(e); err != nil {
			t.Fatal(err)
		}
		if _, err := async.Observe(e); err != nil {
			t.Fatal(err)
		}
	}
	from := game.NoSquare
	own := sync.View().Own
	for x := own.ByColor(game.White); x != 0 && from == game.NoSquare; {
		if s := x.PopFirst(); len(sync.Preview(s)) > 0 {
			from = s
		}
	}
	if from == game.NoSquare {
		t.Fatal("no man of White's has a target")
	}
	now := async.Preview(from)
	if len(now) == 0 || !now[0].FromB1 {
		t.Fatalf("preview while held: %+v, want B1's estimates", now)
	}
	close(hold)
	async.Wait()
	if got, want := async.Preview(from), sync.Preview(from); !slices.Equal(got, want) || got[0].FromB1 {
		t.Errorf("preview after Wait %+v, want the Controller's B2 preview %+v", got, want)
	}
}

// TestAsyncRefusesAndCloses: an entry that cannot follow is refused at once
// and changes nothing; after Close the deduction's goroutine ends and every
// entry is refused.
func TestAsyncRefusesAndCloses(t *testing.T) {
	entries := heardGame(1)
	async := NewAsync(New(game.White, referee.Wild16, game.Start(), Options{Capacity: 64, Seed: 1}))
	moved := 0 // White's first accepted move
	for entries[moved].Mover != game.White || entries[moved].Verdict != referee.Accepted {
		moved++
	}
	for _, e := range entries[:moved+1] {
		if _, err := async.Observe(e); err != nil {
			t.Fatal(err)
		}
	}
	before := async.Wait()
	if _, err := async.Observe(entries[moved]); err == nil {
		t.Fatal("White's move twice was not refused")
	}
	if v, _ := async.Poll(); !reflect.DeepEqual(settled(v), settled(before)) || async.Updating() {
		t.Error("a refused entry changed the view model")
	}
	if async.Attemptable(gametest.Move(t, "e7e5")) {
		t.Error("an attempt judged possible on the enemy's move")
	}
	async.Close()
	<-async.done // the deduction's goroutine ends
	if _, err := async.Observe(entries[moved+1]); !errors.Is(err, ErrClosed) {
		t.Errorf("after Close: %v, want ErrClosed", err)
	}
}

// applied is the tokens a board holds after applying Changes, by kind and
// square.
type applied map[[2]int]Token

func (d applied) apply(changes []TokenChange) {
	for _, c := range changes {
		k := [2]int{int(c.Token.Kind), int(c.Token.Square)}
		if c.Change == Vanished {
			delete(d, k)
		} else {
			d[k] = c.Token
		}
	}
}

// holds reports whether d holds exactly tokens.
func (d applied) holds(tokens []Token) bool {
	if len(d) != len(tokens) {
		return false
	}
	for _, t := range tokens {
		if d[[2]int{int(t.Kind), int(t.Square)}] != t {
			return false
		}
	}
	return true
}
