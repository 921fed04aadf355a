package sprites

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/sprites/show"
	"github.com/krieg/krieg/sprites/show/showtest"
)

// fastBots are two computer players quick enough for a test.
func fastBots(n int) [2]show.Player {
	return [2]show.Player{
		player.New(player.Options{MoveTime: 5 * time.Millisecond, Seed: uint64(n), Capacity: 256}),
		player.New(player.Options{MoveTime: 5 * time.Millisecond, Seed: uint64(n + 100), Capacity: 256}),
	}
}

// TestWindowDemoWholeGame runs krieg demo in the window for a whole game of
// the computer against itself, a message a frame: every message gets a
// caption, each side's board keeps its true men, the three boards are
// drawn, and at the end the show loops to a new game.
func TestWindowDemoWholeGame(t *testing.T) {
	app, err := New(Options{Demo: &show.Options{Players: fastBots, Step: time.Second / 60, Controller: controller.Options{Capacity: 256, Seed: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	h.show(app)
	defer func() { h.show(nil); app.Close() }()
	frames := 0
	deadline := time.Now().Add(90 * time.Second)
	for over := false; !over; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no whole game within 90 s (%d frames looked at)", frames)
		}
		var bad string
		h.do(func() {
			s := app.demo.s
			if !sceneHasText(&app.scene, "What White believes") || !sceneHasText(&app.scene, "The true board") || !sceneHasText(&app.scene, "What Black believes") {
				bad = "the three boards' titles are missing"
			}
			frames++
			if over = s.Over(); !over {
				return
			}
			// The game's last message is on show: every message had its
			// caption, and each side's board its true men.
			steps, _ := s.Steps()
			for i, st := range steps {
				for _, side := range []game.Color{game.White, game.Black} {
					if got, want := st.Views[side].Own.ByColor(side), st.Truth.ByColor(side); got != want {
						bad = fmt.Sprintf("message %d: %s's board lost track of its men", i, side.Title())
					}
				}
				if st.Caption.Said == "" {
					bad = fmt.Sprintf("message %d has no caption", i)
				}
			}
			if len(steps) < 20 {
				bad = fmt.Sprintf("the game ended after %d messages", len(steps))
			}
		})
		if bad != "" {
			t.Fatal(bad)
		}
	}
	h.waitFor(t, "the next game", 10*time.Second, func() bool { return app.demo.s.Game() == 2 })
	h.do(func() {
		if app.demo.s.Finished() != 1 {
			t.Errorf("after the first game: %d finished; want 1", app.demo.s.Finished())
		}
	})
	t.Logf("%d frames looked at over a whole game", frames)
}

// TestWindowDemoKeys steps a record with the demo's keys: Space pauses,
// → steps forward, ← back, + and - change the pace, Escape ends the show.
func TestWindowDemoKeys(t *testing.T) {
	rec, err := record.ReadFile(darkboard)
	if err != nil {
		t.Fatal(err)
	}
	app, err := New(Options{Demo: &show.Options{Record: rec, Title: "liam vs Darkboard", Step: time.Hour, Controller: controller.Options{Capacity: 256, Seed: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	h.show(app)
	defer func() { h.show(nil); app.Close() }()
	at := func() int { _, i := app.demo.s.Steps(); return i }
	right, left := Intent{Kind: CursorMove, X: 1}, Intent{Kind: CursorMove, X: -1}
	h.waitFor(t, "the first message", 20*time.Second, func() bool { return at() == 0 })
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: " "}) })
	h.do(func() {
		if !app.demo.s.Paused() {
			t.Error("Space did not pause")
		}
	})
	h.waitFor(t, "six steps", 30*time.Second, func() bool { app.Inject(right); return at() >= 5 })
	shoot(t, "demo")
	var was int
	h.do(func() { was = at(); app.Inject(left) })
	h.do(func() {
		if at() != was-1 {
			t.Errorf("← from step %d shows %d; want %d", was, at(), was-1)
		}
		app.Inject(Intent{Kind: TypeText, Text: "+"})
	})
	h.do(func() {
		if app.demo.s.Pace() >= time.Hour {
			t.Errorf("+ left the pace at %v", app.demo.s.Pace())
		}
		if said := app.demo.s.View(app.w, app.h, app.tick).Said; !strings.Contains(said, "tries") {
			t.Errorf("caption %q; want the attempt named", said)
		}
		app.Inject(Intent{Kind: Cancel})
	})
	h.do(func() {
		if !app.quit {
			t.Error("Escape did not end the show")
		}
	})
}

// TestWindowDemoNeverWaitsForBelief runs krieg demo on the recorded game
// with both sides' B2 holding 65,536 boards, a step a frame: the loop keeps
// drawing frames while the engines follow a message (the step marked
// updating), its frames far shorter than a refresh, and every step, once
// complete, holds the view models the synchronous controllers give.
func TestWindowDemoNeverWaitsForBelief(t *testing.T) {
	const boards, shown = 65536, 24
	rec, err := record.ReadFile(darkboard)
	if err != nil {
		t.Fatal(err)
	}
	// B2's boards depend on how many goroutines refresh them: one here and
	// in the synchronous controllers.
	opt := controller.Options{Capacity: boards, Seed: 1, Workers: 1}
	app, err := New(Options{Demo: &show.Options{Record: rec, Title: "liam vs Darkboard", Step: time.Second / 60, Controller: opt}})
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	var (
		during, longest, marked, at int
		began                       time.Time
		latencies                   []time.Duration
		done                        = make(chan struct{})
	)
	feed := func(int) { // on the loop, before each frame's Update
		s := app.demo.s
		steps, _ := s.Steps()
		if n := len(steps); n != at { // a new step: the one before is complete
			if during > 0 {
				latencies = append(latencies, time.Since(began))
				longest = max(longest, during)
			}
			at, began, during = n, time.Now(), 0
		}
		if s.Updating() {
			during++
			if sceneHasText(&app.scene, "updating") {
				marked++
			}
		}
		switch {
		case at >= shown && !s.Paused():
			s.Pause(time.Now()) // no further step; the last one completes
		case at >= shown && !s.Updating():
			h.feed = nil
			close(done)
		}
	}
	h.do(func() {
		h.app, h.feed, h.fed, h.want, h.frames, h.timed = app, feed, 0, 1<<30, nil, make(chan struct{})
	})
	select {
	case <-done:
	case <-time.After(3 * time.Minute):
		t.Fatal("the show did not reach its 24th step within 3 minutes")
	}
	var frames []time.Duration
	var steps []show.Step
	h.do(func() {
		frames, h.app, h.feed, h.timed = h.frames, nil, nil, nil
		steps, _ = app.demo.s.Steps()
	})
	p90, p99, refresh := quantile(frames, 0.9), quantile(frames, 0.99), quantile(latencies, 0.5)
	most := 0
	for _, st := range steps {
		most = max(most, st.Views[game.White].Boards, st.Views[game.Black].Boards)
	}
	t.Logf("%d frames: p50 %v, p90 %v, p99 %v; %d steps, the engines' median %v; at most %d frames during one step, %d updates marked updating; %d boards at most",
		len(frames), quantile(frames, 0.5), p90, p99, len(steps), refresh, longest, marked, most)
	if most <= 16384 {
		t.Errorf("B2 held at most %d boards; the test needs refreshes of more than 16384", most)
	}
	// A loop waiting for the engines draws no frame while a step is in
	// flight, and with a step a frame a third of its frames or more take a
	// refresh's time (the 90th percentile, as the 99th on a machine shared
	// with other work counts frames the machine held back).
	if longest < 2 || marked == 0 || p90 >= refresh/4 {
		t.Errorf("at most %d frames drawn during one step (%d updates marked updating), frame p90 %v against the engines' median %v; the loop should keep drawing while they run",
			longest, marked, p90, refresh)
	}
	err = showtest.SyncMismatch(rec, opt, len(steps), func(i int) (referee.Entry, [2]controller.ViewModel) {
		return steps[i].Entry, steps[i].Views
	})
	if err != nil {
		t.Errorf("in the window: %v", err)
	}
}
