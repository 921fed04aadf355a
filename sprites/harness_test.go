package sprites

import (
	"errors"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// The tests run a real window (under xvfb-run on a machine without a
// display). Ebitengine's loop must own the main goroutine, so TestMain runs
// it and the tests run beside it, handing work to the loop through the
// harness.

var h = &harness{updates: make(chan call), draws: make(chan drawCall)}

func TestMain(m *testing.M) {
	code := 0
	go func() {
		code = m.Run()
		h.mu.Lock()
		h.done = true
		h.mu.Unlock()
	}()
	ebiten.SetWindowSize(1000, 680)
	ebiten.SetWindowTitle("krieg window tests")
	ebiten.SetRunnableOnUnfocused(true)
	if err := ebiten.RunGame(h); err != nil && !errors.Is(err, errDone) {
		os.Stderr.WriteString("window: " + err.Error() + "\n")
		os.Exit(1)
	}
	os.Exit(code)
}

var errDone = errors.New("tests done")

type call struct {
	fn   func()
	done chan struct{}
}

type drawCall struct {
	fn   func(screen *ebiten.Image)
	done chan struct{}
}

// harness is the game the loop runs: it runs the app under test, if any,
// and the work the tests hand it.
type harness struct {
	mu      sync.Mutex
	app     *App
	done    bool
	updates chan call
	draws   chan drawCall
	pending []drawCall
	// Frame timing: before each frame's Update, feed (if set) runs while
	// frames are timed or none are asked for; the CPU time of the app's
	// Update and Draw is recorded until want frames have been, then timed
	// is closed.
	feed    func(n int)
	fed     int // calls of feed so far (the loop may update twice a frame)
	want    int
	frames  []time.Duration
	started time.Time
	timed   chan struct{}
	// atRest times frames as users get them, an unchanged one undrawn
	// (still); otherwise timed frames are drawn whole.
	atRest bool
	// drawn is the app's tick and the time when its latest frame was drawn.
	drawnTick int64
	drawnAt   time.Time
}

func (h *harness) Update() error {
	h.mu.Lock()
	done := h.done
	h.mu.Unlock()
	if done {
		return errDone
	}
	for {
		select {
		case c := <-h.updates:
			c.fn()
			close(c.done)
			continue
		case d := <-h.draws:
			h.pending = append(h.pending, d)
			continue
		default:
		}
		break
	}
	if h.app != nil {
		if h.feed != nil && (h.timed == nil || h.timing()) {
			h.feed(h.fed)
			h.fed++
		}
		h.started = time.Now()
		if err := h.app.Update(); err != nil && !errors.Is(err, ErrQuit) {
			return err
		}
	}
	return nil
}

// timing reports whether frames are being timed.
func (h *harness) timing() bool { return h.timed != nil && len(h.frames) < h.want }

func (h *harness) Draw(screen *ebiten.Image) {
	if h.app != nil {
		// Frames being timed are drawn whole, as the benchmarks mean to
		// measure drawing; elsewhere an unchanged frame goes undrawn, as
		// for users (still).
		h.app.drawer.still.always = (h.timed != nil || h.feed != nil) && !h.atRest
		h.app.Draw(screen)
		h.drawnTick, h.drawnAt = h.app.tick, time.Now()
		if h.timing() {
			h.frames = append(h.frames, time.Since(h.started))
			if len(h.frames) == h.want {
				close(h.timed)
			}
		}
	}
	for _, d := range h.pending {
		d.fn(screen)
		close(d.done)
	}
	h.pending = h.pending[:0]
}

func (h *harness) Layout(w, hh int) (int, int) {
	if h.app != nil {
		return h.app.Layout(w, hh)
	}
	return w, hh
}

// do runs fn on the loop's goroutine, in Update, and waits for it.
func (h *harness) do(fn func()) {
	c := call{fn, make(chan struct{})}
	h.updates <- c
	<-c.done
}

// onScreen runs fn after the next frame is drawn, with the screen.
func (h *harness) onScreen(fn func(screen *ebiten.Image)) {
	d := drawCall{fn, make(chan struct{})}
	h.draws <- d
	<-d.done
}

// show makes app the one the loop runs (nil: none).
func (h *harness) show(app *App) { h.do(func() { h.app = app }) }

// waitFor polls cond on the loop's goroutine until it holds.
func (h *harness) waitFor(t testing.TB, what string, limit time.Duration, cond func() bool) {
	t.Helper()
	if limit == 0 {
		limit = 5 * time.Second
	}
	deadline := time.Now().Add(limit)
	for {
		ok := false
		h.do(func() { ok = cond() })
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", limit, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// timeFrames runs app in the loop for n frames, calling feed before each
// Update (with a count of its calls), and returns the time each frame's
// Update plus Draw took.
func (h *harness) timeFrames(app *App, n int, feed func(frame int)) []time.Duration {
	done := make(chan struct{})
	h.do(func() {
		h.app, h.feed, h.fed, h.want, h.frames, h.timed = app, feed, 0, n, nil, done
	})
	<-done
	var out []time.Duration
	h.do(func() {
		out = h.frames
		h.app, h.feed, h.timed = nil, nil, nil
	})
	return out
}
