package sprites

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"golang.design/x/clipboard"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowReview plays Fool's mate as White to its end, opens Review and
// checks the replay: White's view at the end, truth revealed, the move list
// in step with the board as it steps back; then Copy PGN and Save as….
func TestWindowReview(t *testing.T) {
	app := foolsMate(t)
	h.do(func() {
		if got, want := scene.MoveText(app.frame.Panel.Table), "1. f3 ? 2. g4 ?#"; got != want {
			t.Errorf("own move list %q; want %q", got, want)
		}
		for _, l := range app.play.console {
			if strings.Contains(l.Text, "connection") {
				t.Errorf("a game against the computer speaks of a connection: %q", l.Text)
			}
		}
		if !hasButton(&app.scene, scene.Review) {
			t.Error("no Review button at the game's end")
		}
		app.Inject(Intent{Kind: Press, Button: scene.Review})
	})
	h.do(func() {
		f := &app.frame
		if f.Mode != scene.ReplayScreen || app.replay == nil {
			t.Fatalf("after Review: mode %v; want the replay", f.Mode)
		}
		if f.Truth == nil || f.View.Side != game.White || f.Replay.Ply != 4 || f.Flipped {
			t.Errorf("review: truth %v, side %v, ply %d, flipped %v; want revealed, White, 4, not flipped", f.Truth != nil, f.View.Side, f.Replay.Ply, f.Flipped)
		}
		if got, want := scene.MoveText(f.Replay.Table), "1. f3 e5 2. g4 Qh4#"; got != want {
			t.Errorf("move list %q; want %q", got, want)
		}
		if f.Truth.At(game.H4) != game.NewPiece(game.Black, game.Queen) {
			t.Errorf("truth at h4: %v; want the black queen", f.Truth.At(game.H4))
		}
		app.Inject(Intent{Kind: Press, Button: scene.PrevPly})
	})
	h.do(func() {
		f := &app.frame
		if f.Replay.Ply != 3 {
			t.Errorf("one step back: ply %d; want 3", f.Replay.Ply)
		}
		if n := len(f.View.Log); n == 0 || f.View.Log[n-1].Ply != 2 {
			t.Errorf("one step back: the log ends at %v; want White's 2. g4 (ply 2)", f.View.Log)
		}
		if f.Truth.At(game.H4) != game.NoPiece || f.Truth.At(game.D8) != game.NewPiece(game.Black, game.Queen) {
			t.Error("one step back: the queen is not back on d8")
		}
		app.Inject(Intent{Kind: Press, Button: scene.NextPly})
	})
	shoot(t, "review")

	// A real click on 1... e5 in the move table shows ply 2.
	var x, y float64
	h.do(func() {
		for _, hit := range app.scene.Hits {
			if hit.Button == scene.JumpPly && hit.Ply == 2 {
				wx, wy := ebiten.WindowPosition()
				x, y = float64(wx)+hit.R.X+hit.R.W/2, float64(wy)+hit.R.Y+hit.R.H/2
			}
		}
	})
	if x == 0 {
		t.Fatal("the move table offers no jump to ply 2")
	}
	xdotool(t, "mousemove", fmt.Sprint(int(x)), fmt.Sprint(int(y)), "click", "1")
	h.waitFor(t, "the click on 1... e5", 5*time.Second, func() bool { return app.frame.Replay.Ply == 2 })
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.LastPly}) })

	// Copy PGN: the clipboard holds the record.
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.CopyPGN}) })
	var want []byte
	h.do(func() {
		var err error
		if want, err = app.pgnText(); err != nil {
			t.Fatal(err)
		}
	})
	if err := clipboardInit(); err != nil {
		t.Logf("no clipboard under this display (%v): Copy PGN not checked", err)
	} else if got := clipboard.Read(clipboard.FmtText); string(got) != string(want) {
		t.Errorf("clipboard holds %q; want the PGN %q", got, want)
	}

	// Save as…: clear the offered path, type one, Enter.
	path := filepath.Join(t.TempDir(), "fool.pgn")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.SaveAs}) })
	h.do(func() {
		if !app.prompting || app.frame.Panel.Prompt == "" {
			t.Fatal("Save as… asked nothing")
		}
		if n := app.frame.Panel.Notice; !strings.Contains(n, "Enter saves") || !strings.Contains(n, "Escape cancels") {
			t.Errorf("Save as… says %q; want how to answer it", n)
		}
		var in []Intent
		for range []rune(app.saving) {
			in = append(in, Intent{Kind: Backspace})
		}
		// Typed with a doubled slash, as after clearing to "/" and
		// typing a whole path: saved, and named, at the clean path.
		typed := filepath.Dir(path) + "//" + filepath.Base(path)
		app.Inject(append(in, Intent{Kind: TypeText, Text: typed}, Intent{Kind: Submit})...)
	})
	h.do(func() {
		if got := app.frame.Panel.Notice; got != "Saved to "+path || app.frame.Panel.Tone != scene.GoodTone {
			t.Errorf("notice %q (tone %v); want it saved, as good news", got, app.frame.Panel.Tone)
		}
	})
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rec, err := record.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Plies) != 4 || rec.Result != "0-1" {
		t.Errorf("saved record: %d plies, result %q; want 4, 0-1", len(rec.Plies), rec.Result)
	}

	// New game leaves the review.
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.NewGame}) })
	h.do(func() {
		if app.frame.Mode != scene.NewGameScreen || app.replay != nil {
			t.Errorf("New game from the review: mode %v; want the new-game screen", app.frame.Mode)
		}
	})
}

// foolsMate plays Fool's mate as White, typing the moves, to its end.
func foolsMate(t *testing.T) *App {
	t.Helper()
	app := newLocalApp(t, &scripted{moves: []string{"e7e5", "d8h4"}})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "f2f3"}, Intent{Kind: Submit}) })
	h.waitFor(t, "1. f3 e5", 5*time.Second, atPly(app, 2))
	h.do(func() { app.Inject(Intent{Kind: TypeText, Text: "g2g4"}, Intent{Kind: Submit}) })
	h.waitFor(t, "the mate", 5*time.Second, func() bool { return app.frame.Panel.Reviewable })
	return app
}

// hasButton reports whether the scene has button b.
func hasButton(s *scene.Scene, b scene.Button) bool {
	for _, hit := range s.Hits {
		if hit.Button == b {
			return true
		}
	}
	return false
}

// TestWindowNewGameAfterReview: after a review turned to Black's view at an
// earlier ply, New game shows the start position from White's side, with
// nothing of the game reviewed.
func TestWindowNewGameAfterReview(t *testing.T) {
	app := foolsMate(t)
	h.do(func() {
		app.Inject(Intent{Kind: Press, Button: scene.Review}, Intent{Kind: Press, Button: scene.SwapSide}, Intent{Kind: Press, Button: scene.PrevPly})
	})
	h.do(func() {
		if !app.frame.Flipped || app.frame.View.Side != game.Black || app.frame.Replay.Ply != 3 {
			t.Errorf("review: flipped %v, side %v, ply %d; want Black's view at ply 3", app.frame.Flipped, app.frame.View.Side, app.frame.Replay.Ply)
		}
		app.Inject(Intent{Kind: Press, Button: scene.NewGame})
	})
	var l scene.Layout
	start := game.Start()
	h.do(func() {
		f := &app.frame
		l = app.scene.Layout
		if f.Mode != scene.NewGameScreen || f.Flipped || f.Truth != nil || f.LastMove != game.NoMove || f.View.Side != game.White || f.View.Own != start.Only(game.White) {
			t.Errorf("the new-game screen: mode %v, flipped %v, truth %v, last move %v, side %v, own %v; want a fresh board from White's side",
				f.Mode, f.Flipped, f.Truth != nil, f.LastMove, f.View.Side, f.View.Own.FEN())
		}
		if len(f.View.Log) != 0 || f.Replay.Plies != 0 {
			t.Errorf("the new-game screen keeps %d log lines and %d plies of the old game", len(f.View.Log), f.Replay.Plies)
		}
	})
	h.onScreen(func(screen *ebiten.Image) {
		checkWhiteMen(t, screen, l, []game.Square{game.E1, game.F2, game.G2}, []game.Square{game.F3, game.G4, game.E4})
	})
}

// TestWindowGameStartsDuringReview: a new game that begins while the last
// one is reviewed (a seek taken on a server) takes the board at once; the
// review stayed, the new game's clock running unseen.
func TestWindowGameStartsDuringReview(t *testing.T) {
	app := foolsMate(t)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Review}) })
	h.do(func() {
		if app.frame.Mode != scene.ReplayScreen {
			t.Fatalf("after Review: mode %v; want the replay", app.frame.Mode)
		}
		if err := app.play.comm.Begin(net.GameSpec{Rules: referee.Wild16, Side: game.Black, Base: time.Minute, Start: game.Start()}); err != nil {
			t.Fatal(err)
		}
	})
	h.waitFor(t, "the new game on the board", 10*time.Second, func() bool {
		return app.frame.Mode == scene.PlayScreen && app.replay == nil && app.play.snap.InGame && app.play.snap.Side == game.Black
	})
	h.do(func() {
		if app.frame.Truth != nil || app.frame.Replay.Review || !app.frame.Flipped {
			t.Errorf("the new game's board: truth shown %v, review %v, flipped %v; want the game from Black's side", app.frame.Truth != nil, app.frame.Replay.Review, app.frame.Flipped)
		}
	})
	h.show(nil)
	app.Close()
}

// TestSaveAsAsksBeforeReplacing: Save as… offers the folder games are saved
// to; it replaces a file already there only on a second Enter; and a path it
// cannot write keeps the line open, as typed, with the reason.
func TestSaveAsAsksBeforeReplacing(t *testing.T) {
	app := foolsMate(t)
	dir := t.TempDir()
	app.opt.SaveDir = dir
	kept := filepath.Join(dir, "kept.pgn")
	if err := os.WriteFile(kept, []byte("IMPORTANT"), 0o644); err != nil {
		t.Fatal(err)
	}
	retype := func(path string) []Intent {
		var in []Intent
		for range []rune(app.saving) {
			in = append(in, Intent{Kind: Backspace})
		}
		return append(in, Intent{Kind: TypeText, Text: path}, Intent{Kind: Submit})
	}
	saved := func(want bool) func() bool {
		return func() bool { return strings.HasPrefix(app.frame.Panel.Notice, "Saved to") == want }
	}
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.SaveAs}) })
	h.waitFor(t, "the Save as line", servedWait, func() bool { return app.prompting })
	h.do(func() {
		if filepath.Dir(app.saving) != dir {
			t.Errorf("Save as offers %q; want a file in the save folder %s", app.saving, dir)
		}
		app.Inject(retype(kept)...)
	})
	h.waitFor(t, "the question", servedWait, func() bool { return strings.Contains(app.frame.Panel.Notice, "exists") })
	h.do(func() {
		if b, _ := os.ReadFile(kept); string(b) != "IMPORTANT" || !app.prompting {
			t.Errorf("one Enter on an existing file: file %q, line open %v; want it kept and the line open", b, app.prompting)
		}
		app.Inject(Intent{Kind: Submit})
	})
	h.waitFor(t, "the file replaced", servedWait, saved(true))
	if b, _ := os.ReadFile(kept); !strings.Contains(string(b), "[Result \"0-1\"]") {
		t.Errorf("after the second Enter the file holds %q; want the game", b)
	}

	missing := filepath.Join(dir, "no-such-folder", "game.pgn")
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.SaveAs}) })
	h.waitFor(t, "the Save as line", servedWait, func() bool { return app.prompting })
	h.do(func() { app.Inject(retype(missing)...) })
	h.waitFor(t, "the error", servedWait, func() bool { return strings.HasPrefix(app.frame.Panel.Notice, "Not saved") })
	h.do(func() {
		if !app.prompting || app.saving != missing {
			t.Errorf("after a failed save: line open %v holding %q; want it open with %q", app.prompting, app.saving, missing)
		}
		// Said in words, not as the system call that failed.
		if want := "Not saved: the folder " + filepath.Dir(missing) + " does not exist"; app.frame.Panel.Notice != want {
			t.Errorf("after a failed save: %q; want %q", app.frame.Panel.Notice, want)
		}
		// Emptied, the line still says what it asks.
		app.Inject(retype("")[:len([]rune(app.saving))]...)
	})
	h.do(func() {
		if app.saving != "" || app.frame.Panel.PromptLabel != "Save as:" || !sceneHasText(&app.scene, "Save as:") {
			t.Errorf("the line emptied: holding %q, label %q; want the question still asked", app.saving, app.frame.Panel.PromptLabel)
		}
		app.Inject(Intent{Kind: Submit})
	})
	h.do(func() {
		if app.frame.Panel.Notice != "Not saved: type a file name first" || !app.prompting {
			t.Errorf("Enter on an empty line: %q, open %v; want asked for a name", app.frame.Panel.Notice, app.prompting)
		}
		// A bare name goes into the folder offered, as a .pgn, whatever a
		// slip left of its extension.
		app.Inject(Intent{Kind: TypeText, Text: "bare.pg"}, Intent{Kind: Submit})
	})
	h.waitFor(t, "the bare name saved", servedWait, saved(true))
	if b, err := os.ReadFile(filepath.Join(dir, "bare.pg.pgn")); err != nil || !strings.Contains(string(b), "[Result \"0-1\"]") {
		t.Errorf("a bare name: %v; want the game in %s", err, filepath.Join(dir, "bare.pg.pgn"))
	}
}

// TestSaveProblemInWords: a failed save names the folder or the reason in
// words, never the system call ("open ...: ...").
func TestSaveProblemInWords(t *testing.T) {
	path := filepath.Join("games", "g.pgn")
	for _, c := range []struct {
		err  error
		want string
	}{
		{&fs.PathError{Op: "open", Path: path, Err: syscall.ENOENT}, "Not saved: the folder games does not exist"},
		{&fs.PathError{Op: "open", Path: "/proc/g.pgn", Err: syscall.ENOENT}, "Not saved: /proc takes no new files"},
		{&fs.PathError{Op: "open", Path: path, Err: syscall.EACCES}, "Not saved: you may not write in games"},
		{&fs.PathError{Op: "write", Path: path, Err: syscall.ENOSPC}, "Not saved to " + path + ": no space left on device"},
	} {
		var pe *fs.PathError
		errors.As(c.err, &pe)
		if got := saveProblem(pe.Path, c.err); got != c.want {
			t.Errorf("saveProblem(%v) = %q; want %q", c.err, got, c.want)
		}
	}
}

// TestSaveAsIntoAFolder: a path naming an existing folder (typed bare, or
// ~/x/) saves into it under the file name offered, not beside it as
// folder.pgn.
func TestSaveAsIntoAFolder(t *testing.T) {
	app := foolsMate(t)
	home := t.TempDir()
	t.Setenv("HOME", home)
	app.opt.SaveDir = t.TempDir()
	games := filepath.Join(home, "games")
	if err := os.Mkdir(games, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, typed := range []string{games, "~/games/"} {
		var offered string
		h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.SaveAs}) })
		h.waitFor(t, "the Save as line", servedWait, func() bool { return app.prompting })
		h.do(func() {
			offered = filepath.Base(app.saving)
			in := []Intent{{Kind: SelectAll}, {Kind: TypeText, Text: typed}, {Kind: Submit}}
			app.Inject(in...)
		})
		h.waitFor(t, "the save", servedWait, func() bool { return !app.prompting || strings.HasPrefix(app.frame.Panel.Notice, "Not saved") })
		want := filepath.Join(games, offered)
		if b, err := os.ReadFile(want); err != nil || !strings.Contains(string(b), "[Result \"0-1\"]") {
			t.Errorf("Save as %q: %v (notice %q); want the game in %s", typed, err, app.frame.Panel.Notice, want)
		}
		if _, err := os.Stat(games + ".pgn"); err == nil {
			t.Errorf("Save as %q wrote %s beside the folder", typed, games+".pgn")
		}
		os.Remove(want)
	}
}

// TestSaveAsOffersTheSavedRecord: a game the endpoint saved already ("game
// saved: PATH") is offered under that name, and Enter leaves it there
// rather than writing a second copy under another (an outside tester found
// two of one game).
func TestSaveAsOffersTheSavedRecord(t *testing.T) {
	app := foolsMate(t)
	dir := t.TempDir()
	app.opt.SaveDir = dir
	auto := filepath.Join(dir, "krieg-2026-11-29-001500.pgn")
	if err := os.WriteFile(auto, []byte("THE SAVED ONE"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.do(func() {
		app.play.event(app, net.Event{Kind: net.KindConsole, Text: "game saved: " + auto, Snap: app.play.snap})
		app.Inject(Intent{Kind: Press, Button: scene.SaveAs})
	})
	h.waitFor(t, "the Save as line", servedWait, func() bool { return app.prompting })
	h.do(func() {
		if app.saving != auto || !strings.HasPrefix(app.frame.Panel.Notice, "Saved already as krieg-2026-11-29-001500.pgn") {
			t.Errorf("Save as offers %q, saying %q; want the saved file, said so", app.saving, app.frame.Panel.Notice)
		}
		app.Inject(Intent{Kind: Submit})
	})
	h.waitFor(t, "the line to close", servedWait, func() bool { return !app.prompting })
	entries, _ := os.ReadDir(dir)
	if b, _ := os.ReadFile(auto); string(b) != "THE SAVED ONE" || len(entries) != 1 {
		t.Errorf("Enter on the saved file: it holds %q, %d files in the folder; want it left, alone", b, len(entries))
	}
}
