package sprites

import (
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/net/local"
	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowTypedAlgebraic: moves typed in algebraic notation (Nf3, e4,
// bc4 in lower case, o-o) are read on our own board and played, as the
// console plays them; one our board rules out (Ra3 behind the a-pawn) is
// kept back with the reason, not sent to the server as a line of text.
func TestWindowTypedAlgebraic(t *testing.T) {
	app, rec := newRecordedApp(t, &scripted{moves: []string{"e7e5", "b8c6", "g8f6", "f8c5"}}, local.Options{Seed: 1})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "Ra3"}, Intent{Kind: Submit}) })
	var n string
	h.do(func() { n = app.frame.Panel.Notice })
	if !strings.Contains(n, "Ra3 not sent") {
		t.Errorf("after Ra3: notice %q; want it kept back, saying why", n)
	}
	for i, typed := range []string{"Nf3", "e4", "bc4", "o-o"} {
		h.do(func() { app.Inject(Intent{Kind: TypeText, Text: typed}, Intent{Kind: Submit}) })
		h.waitFor(t, typed+" typed to be played", 5*time.Second, atPly(app, 2*(i+1)))
	}
	var sent []string
	for _, m := range rec.sent() {
		sent = append(sent, m.String())
	}
	if got, want := strings.Join(sent, " "), "g1f3 e2e4 f1c4 e1g1"; got != want {
		t.Errorf("attempts sent: %s; want %s", got, want)
	}
}
