package sprites

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
)

// fastBots are two computer players quick enough for a test.
func fastBots(n int) [2]Player {
	return [2]Player{
		player.New(player.Options{MoveTime: 5 * time.Millisecond, Seed: uint64(n), Capacity: 256}),
		player.New(player.Options{MoveTime: 5 * time.Millisecond, Seed: uint64(n + 100), Capacity: 256}),
	}
}

// TestWindowDemoWholeGame runs krieg demo in the window for a whole game of
// the computer against itself, a message a tick: every message gets a
// caption, both beliefs follow the true board (each side's men on its board
// are the true board's), and at the end the show loops to a new game.
func TestWindowDemoWholeGame(t *testing.T) {
	app, err := New(Options{Demo: &DemoOptions{Players: fastBots, Step: time.Second / 60, Controller: controller.Options{Capacity: 256, Seed: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	h.show(app)
	defer func() { h.show(nil); app.Close() }()
	checked := 0
	deadline := time.Now().Add(90 * time.Second)
	for {
		if time.Now().After(deadline) {
			t.Fatalf("no whole game within 90 s (%d messages shown)", checked)
		}
		var bad string
		over := false
		h.do(func() {
			d := app.demo
			if d.at < 0 || d.n > 1 {
				return
			}
			if over = !d.ended.IsZero(); over {
				// The game's last message is on show: every message had its
				// caption, and each side's board its true men.
				for i, st := range d.steps {
					for _, side := range []game.Color{game.White, game.Black} {
						if got, want := st.views[side].Own.ByColor(side), st.truth.ByColor(side); got != want {
							bad = fmt.Sprintf("message %d: %s's board lost track of its men", i, side.Title())
						}
					}
					if st.caption.said == "" {
						bad = fmt.Sprintf("message %d has no caption", i)
					}
				}
				if len(d.steps) < 20 {
					bad = fmt.Sprintf("the game ended after %d messages", len(d.steps))
				}
			}
			if !sceneHasText(&app.scene, "What White believes") || !sceneHasText(&app.scene, "The true board") || !sceneHasText(&app.scene, "What Black believes") {
				bad = "the three boards' titles are missing"
			}
			checked++
		})
		if bad != "" {
			t.Fatal(bad)
		}
		if over {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	h.waitFor(t, "the next game", 10*time.Second, func() bool { return app.demo.n == 2 })
	h.do(func() {
		if app.demo.finished != 1 || app.demo.n != 2 {
			t.Errorf("after the first game: %d finished, %d begun; want the show to loop to game 2", app.demo.finished, app.demo.n)
		}
	})
	t.Logf("%d frames checked over a whole game", checked)
}

// TestWindowDemoKeys steps a record with the demo's keys: Space pauses,
// → steps forward, ← back, + and - change the pace, Escape ends the show.
func TestWindowDemoKeys(t *testing.T) {
	rec := loadRecord(t, darkboard)
	app, err := New(Options{Demo: &DemoOptions{Record: rec, Title: "liam vs Darkboard", Step: time.Hour, Controller: controller.Options{Capacity: 256, Seed: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	h.show(app)
	defer func() { h.show(nil); app.Close() }()
	right, left := Intent{Kind: CursorMove, X: 1}, Intent{Kind: CursorMove, X: -1}
	h.waitFor(t, "the first message", 5*time.Second, func() bool { return app.demo.at == 0 })
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: " "}) })
	h.do(func() {
		if !app.demo.paused {
			t.Error("Space did not pause")
		}
	})
	for i := 0; i < 6; i++ {
		h.waitFor(t, "a step", 5*time.Second, func() bool {
			n := app.demo.at
			app.Inject(right)
			return n >= 0
		})
	}
	h.waitFor(t, "six steps", 5*time.Second, func() bool { return app.demo.at >= 5 })
	var at int
	h.do(func() { at = app.demo.at; app.Inject(left) })
	h.do(func() {
		if app.demo.at != at-1 {
			t.Errorf("← from step %d shows %d; want %d", at, app.demo.at, at-1)
		}
		app.Inject(Intent{Kind: TypeText, Text: "+"})
	})
	h.do(func() {
		if app.demo.step >= time.Hour {
			t.Errorf("+ left the pace at %v", app.demo.step)
		}
		if !strings.Contains(app.demo.view(app).Said, "tries") {
			t.Errorf("caption %q; want the attempt named", app.demo.view(app).Said)
		}
		app.Inject(Intent{Kind: Cancel})
	})
	h.do(func() {
		if !app.quit {
			t.Error("Escape did not end the show")
		}
	})
}

// loadRecord reads a game record.
func loadRecord(t *testing.T, path string) *record.Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := record.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}
