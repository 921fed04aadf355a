package sprites

import (
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/net/icc/icctest"
	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowICC plays the short Wild 16 transcript of the ICC driver's
// tests in the window, against a scripted ICC server on loopback: the
// challenge typed in the command line, each attempt made a different way
// (click-click, drag, typed, AttemptMove), an illegal answer, captures both
// ways, the server's chatter in the console, the resignation on show.
func TestWindowICC(t *testing.T) {
	s, err := icctest.ReadScript("../net/icc/testdata/transcripts/wild16-short.txt")
	if err != nil {
		t.Fatal(err)
	}
	srv, err := icctest.Start(s)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	c, err := icc.New(icc.Options{Addr: srv.Addr(), Quiet: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Connect(t.Context()); err != nil {
		t.Fatal(err)
	}
	app, err := New(Options{Remote: c, Spec: &net.GameSpec{Opponent: "bob", Base: 5 * time.Minute, Increment: 3 * time.Second, Kriegspiel: true}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.show(nil); app.Close() })
	h.show(app)
	var l scene.Layout
	h.do(func() { l = app.scene.Layout })

	// How the window makes each attempt of the transcript, in order.
	ways := []func(m game.Move) []Intent{
		func(m game.Move) []Intent { // click-click
			return []Intent{{Kind: ClickSquare, Square: m.From()}, {Kind: ClickSquare, Square: m.To()}}
		},
		func(m game.Move) []Intent { // drag and drop
			from, to := l.SquareRect(m.From()), l.SquareRect(m.To())
			return []Intent{{Kind: DragStart, Square: m.From(), X: from.X + 20, Y: from.Y + 20},
				{Kind: DragTo, X: to.X + 20, Y: to.Y + 20}, {Kind: Drop, Square: m.To()}}
		},
		func(m game.Move) []Intent { // typed
			return []Intent{{Kind: TypeText, Text: m.String()}, {Kind: Submit}}
		},
		func(m game.Move) []Intent { return []Intent{{Kind: AttemptMove, Move: m}} },
	}
	attempts := 0
	answered := -1 // entries heard before our last attempt: its answer must come first
	for a := range actions(t, srv) {
		switch a.D.Op {
		case "B":
			// The challenge, typed in the command line as a server command.
			h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "match bob 5 3 u w16"}, Intent{Kind: Submit}) })
		case "A":
			m, err := game.ParseMove(a.D.Arg)
			if err != nil {
				t.Fatal(err)
			}
			h.waitFor(t, "our move before "+a.D.Arg, 5*time.Second, func() bool {
				p := app.play
				return p.ctl != nil && p.snap.InGame && p.snap.ToMove == p.snap.Side && app.frame.View.Plies == p.snap.Plies && p.entries > answered
			})
			in := ways[attempts%len(ways)](m)
			attempts++
			h.do(func() { answered = app.play.entries; app.Inject(in...) })
		default:
			t.Fatalf("%s:%d: the window test cannot do %s", s.Name, a.D.Line, a.D.Op)
		}
		close(a.Done)
	}
	h.waitFor(t, "the resignation", 5*time.Second, func() bool { return app.play.snap.Result != nil })

	h.do(func() {
		f := &app.frame
		if got, want := f.Panel.Status, "Game over. White wins: Black resigned · 1-0"; got != want {
			t.Errorf("status %q; want %q", got, want)
		}
		want := game.Bitboard(0)
		for _, sq := range []game.Square{game.A1, game.B1, game.C1, game.D1, game.E1, game.H1, game.A2, game.B2, game.C2, game.D2, game.E2, game.F2, game.G2, game.H2, game.C4} {
			want |= sq.Bit()
		}
		if got := f.View.Own.ByColor(game.White); got != want {
			t.Errorf("own men on %v; want %v (the transcript's last board)", got, want)
		}
		var lines []string
		for _, l := range app.play.console {
			lines = append(lines, l.Text)
		}
		console := strings.Join(lines, "\n")
		if !strings.Contains(console, "bob says: nice file check") {
			t.Errorf("the console lacks the server's chatter:\n%s", console)
		}
	})
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.CloseBanner}) }) // the result banner covers the middle of the board
	h.onScreen(func(screen *ebiten.Image) {
		checkWhiteMen(t, screen, l, []game.Square{game.C4, game.E2}, []game.Square{game.F1, game.G1, game.E4, game.D5})
	})
}

// actions yields the server's client-side directives until the script is
// done, failing the test at once if the server reports a disagreement.
func actions(t *testing.T, srv *icctest.Server) func(yield func(icctest.Action) bool) {
	return func(yield func(icctest.Action) bool) {
		for {
			select {
			case a, ok := <-srv.Actions:
				if !ok || !yield(a) {
					return
				}
			case err := <-srv.Errs:
				t.Fatalf("server: %v", err)
			case <-time.After(10 * time.Second):
				t.Fatal("the server asked nothing for 10 s")
			}
		}
	}
}
