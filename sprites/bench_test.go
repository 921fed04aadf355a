package sprites

import (
	"context"
	"sort"
	"testing"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites/scene"
	"github.com/krieg/krieg/sprites/show"
)

// BenchmarkFrame measures one frame, Update plus Draw, with everything on:
// a replayed mid-game position from Black's view with every token kind,
// the zone, the heat map, the truth revealed, a hover tooltip and the full
// panel. (Draw records Ebitengine's draw commands; the GPU work they start
// is not CPU time of ours.)
func BenchmarkFrame(b *testing.B) {
	app := everythingOn(b)
	b.ResetTimer()
	report(b, h.timeFrames(app, b.N, nil))
	b.ReportMetric(float64(len(app.scene.Sprites)), "sprites")
}

// everythingOn is a replay window from Black's view with every token kind,
// the zone, the heat map, the truth, a hover card and the move table.
func everythingOn(b *testing.B) *App {
	tl := loadDarkboard(b, 40)
	app, err := New(Options{Replay: tl})
	if err != nil {
		b.Fatal(err)
	}
	h.do(func() {
		for _, in := range []Intent{{Kind: Press, Button: scene.SwapSide}, {Kind: Press, Button: scene.LastPly},
			{Kind: Press, Button: scene.Reveal}, {Kind: Press, Button: scene.ToggleZone}, {Kind: Press, Button: scene.CycleHeat}} {
			app.apply(in)
		}
		app.rebuild()
		l := scene.NewLayout(app.w, app.h, true)
		app.apply(Intent{Kind: Hover, X: l.Board.X + l.Square*3.5, Y: l.Board.Y + l.Square*0.5})
	})
	return app
}

// report puts the frames' mean, median and 99th percentile in the
// benchmark's output, in milliseconds. The benchmark's own ns/op is the
// wall time per frame of the loop, which waits for the next tick.
func report(b *testing.B, frames []time.Duration) {
	b.StopTimer()
	sort.Slice(frames, func(i, j int) bool { return frames[i] < frames[j] })
	var sum time.Duration
	for _, d := range frames {
		sum += d
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(sum/time.Duration(len(frames))), "mean-ms")
	b.ReportMetric(ms(frames[len(frames)/2]), "p50-ms")
	b.ReportMetric(ms(frames[len(frames)*99/100]), "p99-ms")
}

// chanComm is a Communicator whose events the benchmark sends itself.
type chanComm struct{ events chan net.Event }

func newChanComm() *chanComm { return &chanComm{events: make(chan net.Event, 1)} }

// showRemote shows a window on a server whose events the test sends on
// the channel; the window goes at the test's end.
func showRemote(t *testing.T) (*App, *chanComm) {
	t.Helper()
	comm := newChanComm()
	app, err := New(Options{Remote: comm})
	if err != nil {
		t.Fatal(err)
	}
	h.show(app)
	t.Cleanup(func() { h.show(nil) })
	return app, comm
}

func (c *chanComm) Connect(context.Context) error { return nil }
func (c *chanComm) Events() <-chan net.Event      { return c.events }
func (c *chanComm) Begin(net.GameSpec) error      { return nil }
func (c *chanComm) Attempt(game.Move) error       { return nil }
func (c *chanComm) Do(net.Command) error          { return nil }
func (c *chanComm) Console(string) error          { return nil }
func (c *chanComm) Close() error                  { return nil }

// replayReferee replays a timeline's record with the referee, for its log.
func replayReferee(tl *timeline.Timeline) (*referee.Referee, error) {
	return record.Replay(tl.Record, tl.Rules, func(record.Step) error { return nil })
}

// BenchmarkEventToDraw measures the time from a referee event waiting on
// the channel to the frame that draws its immediate part (our men, the log,
// the rules' tokens): the Update that drains it and hands it to the
// deduction's goroutine, and the Draw after it (BenchmarkBeliefLatency
// times the belief's part). The events are White's, from the
// recorded Darkboard game, replayed again and again.
func BenchmarkEventToDraw(b *testing.B) {
	events := darkboardEvents(b, 60)
	comm := newChanComm()
	app, err := New(Options{Remote: comm, Controller: controller.Options{Seed: 1}})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	report(b, h.timeFrames(app, b.N, func(n int) { comm.events <- events[n%len(events)] }))
}

// darkboardEvents are the endpoint's events of the recorded Darkboard
// game's first plies as White hears them: the start, then each entry.
func darkboardEvents(tb testing.TB, plies int) []net.Event {
	tb.Helper()
	ref, err := replayReferee(loadDarkboard(tb, plies))
	if err != nil {
		tb.Fatal(err)
	}
	spec := net.GameSpec{Rules: referee.Wild16, Side: game.White, Start: game.Start()}
	snap := net.Snapshot{Side: game.White, Spec: spec, InGame: true}
	events := []net.Event{{Kind: net.KindStarted, Snap: snap}}
	for _, e := range ref.Log() {
		if heard, ok := e.HeardBy(game.White); ok {
			events = append(events, net.Event{Kind: net.KindHeard, Entry: heard, Snap: snap})
		}
	}
	return events
}

// BenchmarkFrameBaseline is the named baseline of BenchmarkFrame: the
// new-game screen (the start position, no tokens, a short panel) through
// the same loop and drawer.
func BenchmarkFrameBaseline(b *testing.B) {
	app, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	report(b, h.timeFrames(app, b.N, nil))
}

// BenchmarkFrameDemo measures one frame of krieg demo: three boards with
// both sides' tokens, the true board, marks and the caption, at the
// Darkboard game's 200th message, the show paused (no deduction in it).
func BenchmarkFrameDemo(b *testing.B) {
	rec, err := record.ReadFile(darkboard)
	if err != nil {
		b.Fatal(err)
	}
	app, err := New(Options{Demo: &show.Options{Record: rec, Title: "liam vs Darkboard", Step: time.Hour, Controller: controller.Options{Capacity: 1024, Seed: 1}}})
	if err != nil {
		b.Fatal(err)
	}
	defer app.Close()
	h.do(func() {
		for i := 0; i < 200; i++ {
			app.demo.s.Forward(int64(i), true)
		}
		app.demo.s.Pause(time.Now())
	})
	b.ResetTimer()
	report(b, h.timeFrames(app, b.N, nil))
	b.ReportMetric(float64(len(app.scene.Sprites)), "sprites")
}
