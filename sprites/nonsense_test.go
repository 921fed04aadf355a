package sprites

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/local"
	"github.com/krieg/krieg/sprites/scene"
)

// newRecordedApp is newLocalApp whose endpoint remembers what it was sent.
func newRecordedApp(t *testing.T, opp local.Opponent, opt local.Options) (*App, *recorder) {
	t.Helper()
	rec := &recorder{}
	app, err := New(Options{Local: func(scene.NewGameChoice) (net.Communicator, error) {
		ep := local.New(opp, opt)
		if err := ep.Connect(context.Background()); err != nil {
			return nil, err
		}
		rec.Communicator = ep
		spec := net.GameSpec{Rules: referee.Wild16, Start: game.Start(), Base: 5 * time.Minute, Increment: 3 * time.Second}
		return rec, ep.Begin(spec)
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.show(nil); app.Close() })
	return app, rec
}

// TestWindowNonsenseStaysHome: a knight clicked from c3 to c5 (no dot is
// drawn there) and the king walked by keyboard from e1 to b4 never reach
// the referee: nothing is sent, no attempt is counted, and the panel says
// at once why.
func TestWindowNonsenseStaysHome(t *testing.T) {
	app, rec := newRecordedApp(t, &scripted{moves: []string{"e7e5", "b8c6"}}, local.Options{Seed: 1})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "b1c3"}, Intent{Kind: Submit}) })
	h.waitFor(t, "1. Nc3 e5", 5*time.Second, atPly(app, 2))
	entries := 0
	h.do(func() {
		entries = app.play.entries
		app.Inject(Intent{Kind: ClickSquare, Square: game.C3}, Intent{Kind: ClickSquare, Square: game.C5})
	})
	var n string
	var tone scene.Tone
	h.do(func() { n, tone = app.frame.Panel.Notice, app.frame.Panel.Tone })
	if !strings.Contains(n, "c3c5 not sent") || !strings.Contains(n, "knight") || tone != scene.HintTone {
		t.Errorf("after the knight's nonsense: notice %q (tone %v); want an immediate hint", n, tone)
	}
	up, left, space := Intent{Kind: CursorMove, Y: -1}, Intent{Kind: CursorMove, X: -1}, Intent{Kind: TypeText, Text: " "}
	// The first arrow shows the cursor on the king (e1): Space picks it up,
	// three left and three up reach b4, Space drops it there.
	h.do(func() { app.Inject(up, space, left, left, left, up, up, up, space) })
	h.do(func() { n = app.frame.Panel.Notice })
	if !strings.Contains(n, "e1b4 not sent") || !strings.Contains(n, "a king moves one square") {
		t.Errorf("after the king's nonsense: notice %q; want an immediate hint", n)
	}
	time.Sleep(300 * time.Millisecond) // a wrongly sent attempt would be answered by now
	h.do(func() {
		if app.play.entries != entries || app.play.waiting {
			t.Errorf("%d entries heard after the nonsense (waiting %v); want none", app.play.entries-entries, app.play.waiting)
		}
		if len(app.play.tried) != 0 || strings.Contains(scene.MoveText(app.frame.Panel.Table), "(") {
			t.Errorf("refused attempts counted: %v, move list %q", app.play.tried, scene.MoveText(app.frame.Panel.Table))
		}
	})
	if got, want := rec.sent(), []game.Move{mv(t, "b1c3")}; !slices.Equal(got, want) {
		t.Errorf("the endpoint received %v; want only %v", got, want)
	}
	// A real move still goes.
	h.do(func() { app.Inject(Intent{Kind: AttemptMove, Move: mv(t, "e2e4")}) })
	h.waitFor(t, "2. e4 Nc6", 5*time.Second, atPly(app, 4))
}
