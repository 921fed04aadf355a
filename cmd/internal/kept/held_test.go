//go:build unix

package kept

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/game"
)

// TestKeptGameHeldByAnotherWindow: a kept game named as played by another
// running window is neither offered (ErrHeld) nor overwritten by this
// window's game, which is then said to be unkept; once that window's
// process has ended, the game is offered again (an outside tester played
// one kept game in two windows, and lost one of them).
func TestKeptGameHeldByAnotherWindow(t *testing.T) {
	other := exec.Command("sleep", "30")
	if err := other.Start(); err != nil {
		t.Skipf("no sleep to stand for another window: %v", err)
	}
	defer func() { other.Process.Kill(); other.Wait() }()
	store := File{Dir: t.TempDir()}
	held := Game{Rules: "wild16", Side: "white", Time: "5+3", Opponent: "random", PGN: "[Result \"*\"]\n\n*\n", Holder: other.Process.Pid}
	b, _ := json.Marshal(held)
	if err := store.Set(Key, string(b)); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(store); !errors.Is(err, ErrHeld) {
		t.Fatalf("a game another running window plays: %v; want ErrHeld", err)
	}
	if _, err := Resume(store, launch.Flags{MoveTime: 5 * time.Millisecond}); !errors.Is(err, ErrHeld) {
		t.Fatalf("resuming it: %v; want ErrHeld", err)
	}
	w, err := Start(store, pageFlags("wild16"), blackVsRandom)
	if err != nil {
		t.Fatal(err)
	}
	playSome(t, w, game.Black, 2)
	if v, _ := store.Get(Key); v != string(b) {
		t.Fatalf("this window's game was kept over the other window's:\n%s", v)
	}
	if w.Keeps() || !w.Unsaved() {
		t.Error("this window's game is said to be kept, with the other window's game in the store")
	}
	w.Close()
	other.Process.Kill()
	other.Wait()
	if g, err := Read(store); err != nil || g.Holder != other.Process.Pid {
		t.Fatalf("once the other window ended: %v, %+v; want its game offered", err, g)
	}
}

// fenRanks finds a position's ranks written as in FEN.
var fenRanks = regexp.MustCompile(`[1-8pnbrqkPNBRQK]{1,8}/[1-8pnbrqkPNBRQK]{1,8}/`)

// TestUnplayableKeptGameSetAsideUntold: a kept game whose record does not
// play back is set aside, not deleted, and the reason given names nothing
// of the hidden board (an outside tester's message showed the true
// position's FEN, every enemy man in it).
func TestUnplayableKeptGameSetAsideUntold(t *testing.T) {
	store := File{Dir: t.TempDir()}
	g := Game{Rules: "wild16", Side: "white", Time: "5+3", Opponent: "random", White: 300000, Black: 300000, Plies: 2,
		PGN: "[Rules \"wild16\"]\n[Result \"*\"]\n\n1. e4 {(:)} Nc7 {(:)} *\n"}
	b, _ := json.Marshal(g)
	if err := store.Set(Key, string(b)); err != nil {
		t.Fatal(err)
	}
	_, err := Resume(store, launch.Flags{MoveTime: 5 * time.Millisecond})
	if err == nil || !strings.Contains(err.Error(), "cannot be resumed") || fenRanks.MatchString(err.Error()) || !strings.Contains(err.Error(), "computer-game.json.bad") {
		t.Fatalf("an unplayable kept game: %v; want it set aside, no position told", err)
	}
	if _, err := os.Stat(store.Path(Key) + ".bad"); err != nil {
		t.Fatalf("not set aside: %v", err)
	}
}
