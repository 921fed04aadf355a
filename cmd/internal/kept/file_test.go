//go:build !js

package kept

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// TestFileKeepsGameAcrossClose: the desktop window's game against the
// computer, kept in a file as it goes, is left kept by a close mid-game
// (the clocks as they stood at the close, a think included) and resumes
// from the file in the position and with the clocks it was left with.
func TestFileKeepsGameAcrossClose(t *testing.T) {
	store := File{Dir: t.TempDir()}
	w, err := Start(store, pageFlags("wild16"), blackVsRandom)
	if err != nil {
		t.Fatal(err)
	}
	heard, snap := playSome(t, w, game.Black, 3) // our turn: Black's clock runs
	keptHeard(t, store, game.Black, snap.Spec.Rules, len(heard))
	time.Sleep(300 * time.Millisecond) // a think, shorter than ClockEvery
	closed := time.Now()
	if !w.Keeps() {
		t.Fatal("a game kept in the file is not said to be kept")
	}
	w.Close() // the window closes
	left := snap.Clocks.Remaining(game.Black, closed)

	entries, _ := os.ReadDir(store.Dir)
	if len(entries) != 1 || entries[0].Name() != "computer-game.json" {
		t.Fatalf("the folder holds %v; want computer-game.json alone (no temporary file left)", entries)
	}
	again, err := Resume(File{Dir: store.Dir}, launch.Flags{MoveTime: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	ev := waitKind(t, again.Events(), net.KindStarted)
	if b := ev.Snap.Clocks.Black; b > left+50*time.Millisecond || b < left-200*time.Millisecond {
		t.Errorf("Black's clock resumed at %v; left at %v", b, left)
	}
	if wc := ev.Snap.Clocks.White; wc != snap.Clocks.White.Truncate(time.Millisecond) {
		t.Errorf("White's clock resumed at %v; left at %v", wc, snap.Clocks.White)
	}
	for last := ev.Snap; ; last = waitAny(t, again.Events()).Snap {
		if last.Plies == snap.Plies && last.Own == snap.Own {
			break
		}
		if last.Plies > snap.Plies {
			t.Fatalf("resumed past ply %d without %s", snap.Plies, snap.Own.FEN())
		}
	}
}

// TestFileUnreadableGameSaid: a kept file that is not a game reads as an
// error that says so, not as no game, and SetAside moves it out of the
// way under .bad.
func TestFileUnreadableGameSaid(t *testing.T) {
	store := File{Dir: t.TempDir()}
	if _, err := Read(store); err != ErrNone {
		t.Fatalf("an empty folder: %v; want ErrNone", err)
	}
	if err := os.WriteFile(store.Path(Key), []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Read(store)
	if err == nil || err == ErrNone || !strings.Contains(err.Error(), "cannot be read") {
		t.Fatalf("a corrupt file: %v; want it said to be unreadable", err)
	}
	bad, err := store.SetAside(Key)
	if err != nil || filepath.Base(bad) != "computer-game.json.bad" {
		t.Fatalf("set aside as %q: %v", bad, err)
	}
	if _, err := Read(store); err != ErrNone {
		t.Errorf("after setting aside: %v; want ErrNone", err)
	}
}

// TestPlayKeepsTheReplacedGamesRecord: a new game that replaces the kept
// one leaves the kept game's record in the save folder, abandoned, as a
// game left unfinished is (Play used to lose it whole).
func TestPlayKeepsTheReplacedGamesRecord(t *testing.T) {
	store, saves := File{Dir: t.TempDir()}, t.TempDir()
	fl := pageFlags("wild16")
	fl.SaveDir = saves
	w, err := Start(store, fl, blackVsRandom)
	if err != nil {
		t.Fatal(err)
	}
	_, snap := playSome(t, w, game.Black, 3)
	w.Close()
	again, err := Start(store, fl, blackVsRandom)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	files, _ := filepath.Glob(filepath.Join(saves, "*.pgn"))
	if len(files) != 1 {
		t.Fatalf("the save folder holds %v; want the replaced game's record", files)
	}
	rec, err := record.ReadFile(files[0])
	if err != nil || rec.Result != "*" || rec.Termination() != referee.ReasonAbandoned || len(rec.Plies) != snap.Plies {
		t.Fatalf("the replaced game's record: %v, result %q, termination %q, %d plies; want it abandoned with its moves", err, rec.Result, rec.Termination(), len(rec.Plies))
	}
}
