package sprites

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/local"
	"github.com/krieg/krieg/sprites/scene"
)

// gated is a scripted opponent that starts each turn only when the test
// lets it through the gate (closing the gate lets every turn through).
type gated struct {
	scripted
	gate chan struct{}
}

func (g *gated) Turn(u referee.Umpire) []referee.Answer {
	<-g.gate
	return g.scripted.Turn(u)
}

// recorder is an endpoint that remembers the attempts it was sent.
type recorder struct {
	net.Communicator
	mu       sync.Mutex
	attempts []game.Move
}

func (r *recorder) Attempt(m game.Move) error {
	r.mu.Lock()
	r.attempts = append(r.attempts, m)
	r.mu.Unlock()
	return r.Communicator.Attempt(m)
}

func (r *recorder) sent() []game.Move {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.attempts)
}

// TestWindowAttemptQueue: during the opponent's turn three attempts are
// queued (a drag, a click-click and a typed one) and shown numbered; when
// the turn comes the first is refused, the second accepted and the third
// dropped. The endpoint received exactly the first two.
func TestWindowAttemptQueue(t *testing.T) {
	opp := &gated{scripted: scripted{moves: []string{"e7e5", "b8c6"}}, gate: make(chan struct{})}
	app, rec := newRecordedApp(t, opp, local.Options{Seed: 1})
	gateOpen := false
	t.Cleanup(func() { // before newRecordedApp's, which closes the window
		if !gateOpen {
			close(opp.gate)
		}
	})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "e2e4"}, Intent{Kind: Submit}) })
	h.waitFor(t, "1. e4, Black to move", 5*time.Second, func() bool {
		return app.play.snap.Plies == 1 && app.play.snap.ToMove == game.Black
	})

	// Black is thinking: queue e4e5 (dragged), g1f3 (clicked), d2d4 (typed).
	var l scene.Layout
	h.do(func() { l = app.scene.Layout })
	e4, e5 := l.SquareRect(game.E4), l.SquareRect(game.E5)
	h.do(func() {
		app.Inject(Intent{Kind: DragStart, Square: game.E4, X: e4.X + 20, Y: e4.Y + 20},
			Intent{Kind: DragTo, X: e5.X + 20, Y: e5.Y + 20}, Intent{Kind: Drop, Square: game.E5},
			Intent{Kind: ClickSquare, Square: game.G1}, Intent{Kind: ClickSquare, Square: game.F3},
			Intent{Kind: TypeText, Text: "d2d4"}, Intent{Kind: Submit})
	})
	want := []game.Move{mv(t, "e4e5"), mv(t, "g1f3"), mv(t, "d2d4")}
	h.do(func() {
		if !slices.Equal(app.frame.Queue, want) {
			t.Fatalf("queue %v; want %v", app.frame.Queue, want)
		}
		// Numbered on the board: badges 1, 2, 3 on e5, f3, d4.
		for i, sq := range []game.Square{game.E5, game.F3, game.D4} {
			if !badgeOn(&app.scene, sq, i+1) {
				t.Errorf("no badge %d on %v", i+1, sq)
			}
		}
		if got := rec.sent(); len(got) != 1 {
			t.Errorf("the endpoint received %v before our turn; want only e2e4", got)
		}
	})
	shoot(t, "queue")

	// Black plays e5; our turn: e4e5 runs into the pawn, g1f3 is accepted,
	// d2d4 is dropped.
	opp.gate <- struct{}{}
	h.waitFor(t, "Nf3 accepted and the queue empty", 5*time.Second, func() bool {
		return app.play.snap.Plies == 3 && len(app.frame.Queue) == 0
	})
	time.Sleep(200 * time.Millisecond) // let a wrongly sent d2d4 arrive, if any
	got := rec.sent()
	if wantSent := []game.Move{mv(t, "e2e4"), mv(t, "e4e5"), mv(t, "g1f3")}; !slices.Equal(got, wantSent) {
		t.Errorf("the endpoint received %v; want %v", got, wantSent)
	}
	h.do(func() {
		own := app.frame.View.Own
		if own.At(game.F3) != game.NewPiece(game.White, game.Knight) || own.At(game.D2) != game.NewPiece(game.White, game.Pawn) {
			t.Errorf("own board: f3 %v, d2 %v; want the knight on f3 and the pawn still on d2", own.At(game.F3), own.At(game.D2))
		}
	})

	// Escape and right-click clear a queue.
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "d2d4"}, Intent{Kind: Submit}) })
	h.do(func() {
		if len(app.frame.Queue) != 1 {
			t.Fatalf("queue %v; want d2d4 queued", app.frame.Queue)
		}
		app.Inject(Intent{Kind: Cancel})
	})
	h.do(func() {
		if len(app.frame.Queue) != 0 {
			t.Errorf("Escape left the queue %v", app.frame.Queue)
		}
		app.Inject(Intent{Kind: TypeText, Text: "d2d4"}, Intent{Kind: Submit})
	})
	h.do(func() { app.Inject(Intent{Kind: Ghost, Square: game.H5}) })
	h.do(func() {
		if len(app.frame.Queue) != 0 || app.frame.Ghosts[game.H5] != game.NoPieceType {
			t.Errorf("right-click: queue %v, ghost %v; want the queue cleared and no ghost", app.frame.Queue, app.frame.Ghosts[game.H5])
		}
	})

	// A queued attempt our own board does not allow (the queen's way to h5
	// is blocked by our knight on f3) is dropped, never sent.
	h.do(func() {
		app.Inject(Intent{Kind: TypeText, Text: "d1h5"}, Intent{Kind: Submit}, Intent{Kind: TypeText, Text: "b1c3"}, Intent{Kind: Submit})
	})
	opp.gate <- struct{}{}
	h.waitFor(t, "Nc3 accepted", 5*time.Second, func() bool { return app.play.snap.Plies == 5 && len(app.frame.Queue) == 0 })
	if got, want := rec.sent(), []game.Move{mv(t, "e2e4"), mv(t, "e4e5"), mv(t, "g1f3"), mv(t, "b1c3")}; !slices.Equal(got, want) {
		t.Errorf("the endpoint received %v; want %v", got, want)
	}
	close(opp.gate)
	gateOpen = true
}

// badgeOn reports whether the scene shows queue badge n on square sq.
func badgeOn(s *scene.Scene, sq game.Square, n int) bool {
	r := s.Layout.SquareRect(sq)
	for _, sp := range s.Sprites {
		if sp.Kind == scene.Text && sp.Text == string(rune('0'+n)) && r.Contains(sp.X+sp.W/2, sp.Y+sp.H/2) {
			return true
		}
	}
	return false
}

func mv(t *testing.T, s string) game.Move {
	t.Helper()
	m, err := game.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Record passes the endpoint's record on, for the review.
func (r *recorder) Record() (*record.Record, error) {
	src, ok := r.Communicator.(recordSource)
	if !ok {
		return nil, fmt.Errorf("no record here")
	}
	return src.Record()
}

// TestWindowQueueSlowReply: against a computer that takes 1.5 s over its
// move, an attempt made during its turn waits in the queue, shown, for as
// long as the computer thinks, and goes out as soon as the reply is heard.
func TestWindowQueueSlowReply(t *testing.T) {
	app, rec := newRecordedApp(t, &scripted{moves: []string{"e7e5", "b8c6"}}, local.Options{Seed: 1, MinTurn: 1500 * time.Millisecond})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	sent := time.Now()
	h.do(func() { app.Inject(Intent{Kind: AttemptMove, Move: mv(t, "e2e4")}) })
	h.waitFor(t, "1. e4 accepted", 5*time.Second, func() bool { return app.play.snap.Plies == 1 })
	h.do(func() {
		app.Inject(Intent{Kind: ClickSquare, Square: game.G1}, Intent{Kind: ClickSquare, Square: game.F3})
	})
	time.Sleep(time.Until(sent.Add(time.Second)))
	h.do(func() {
		if got := app.frame.Queue; len(got) != 1 || got[0] != mv(t, "g1f3") {
			t.Errorf("a second into the computer's turn the queue is %v; want g1f3 waiting", got)
		}
	})
	if got := rec.sent(); len(got) != 1 {
		t.Errorf("a second into the computer's turn the endpoint received %v; want only e2e4", got)
	}
	h.waitFor(t, "the queued 2. Nf3 sent and answered", 5*time.Second, atPly(app, 4))
	if took := time.Since(sent); took < 3*time.Second {
		t.Errorf("two slow replies came within %v; want at least 3 s", took)
	}
	if got, want := rec.sent(), []game.Move{mv(t, "e2e4"), mv(t, "g1f3")}; !slices.Equal(got, want) {
		t.Errorf("the endpoint received %v; want %v", got, want)
	}
}
