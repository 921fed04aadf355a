package sprites

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/local"
	"github.com/krieg/krieg/sprites/scene"
)

// keeping is a local endpoint that says its game is kept, as
// cmd/internal/kept's Keeping does once it saved the game.
type keeping struct{ *local.Endpoint }

func (keeping) Keeps() bool { return true }

// begun is a local endpoint against opp with a 5+3 game begun, saving
// finished and abandoned games in saves.
func begun(opp local.Opponent, saves string) (*local.Endpoint, error) {
	ep := local.New(opp, local.Options{Seed: 1, SaveDir: saves})
	if err := ep.Connect(context.Background()); err != nil {
		return nil, err
	}
	return ep, ep.Begin(net.GameSpec{Rules: referee.Wild16, Start: game.Start(), Base: 5 * time.Minute, Increment: 3 * time.Second})
}

// TestWindowLeavesKeptGameUnabandoned: closing the window (its close
// button, Ctrl+Q) mid-game against the computer leaves a game its
// endpoint keeps as it stands: not abandoned, no unfinished record saved
// (an outside tester lost such a game with no question asked). The next
// window offers the kept game on the new-game screen, Enter takes it up,
// and the offer goes. cmd/internal/kept's tests check the position and
// the clocks resumed.
func TestWindowLeavesKeptGameUnabandoned(t *testing.T) {
	saves := t.TempDir()
	app, err := New(Options{Local: func(scene.NewGameChoice) (net.Communicator, error) {
		ep, err := begun(&scripted{moves: []string{"e7e5", "d7d6"}}, saves)
		return keeping{ep}, err
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.show(nil); app.Close() })
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "e2e4"}, Intent{Kind: Submit}) })
	h.waitFor(t, "e2e4 answered", 5*time.Second, atPly(app, 2))
	h.show(nil)
	app.Close()                        // as the window's close button ends Run
	time.Sleep(300 * time.Millisecond) // an abandoned game would be saved by now
	if files, _ := os.ReadDir(saves); len(files) != 0 {
		t.Fatalf("closing saved %s as abandoned; want the kept game left as it stands", files[0].Name())
	}

	resumed := 0
	again, err := New(Options{Local: app.opt.Local, Resumable: &Resumable{Offer: "Wild 16, 5+3, you play white, 2 plies played",
		Resume: func() (net.Communicator, error) {
			resumed++
			ep, err := begun(&scripted{}, "")
			return keeping{ep}, err
		}}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.show(nil); again.Close() })
	h.show(again)
	h.waitFor(t, "the offer to resume", 5*time.Second, func() bool {
		return again.frame.Panel.Resume == "Wild 16, 5+3, you play white, 2 plies played" && hasButton(&again.scene, scene.ResumeGame)
	})
	h.do(func() { again.Inject(Intent{Kind: Submit}) })
	h.waitFor(t, "the kept game on the board", 5*time.Second, atPly(again, 0))
	h.do(func() {
		if resumed != 1 || again.frame.Panel.Resume != "" || again.opt.Resumable != nil {
			t.Errorf("Enter resumed %d times, the offer reads %q afterwards; want one resumption and the offer gone", resumed, again.frame.Panel.Resume)
		}
	})
}
