package controller

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestTokenChanges: the view model says which tokens appeared, changed or
// vanished, so the board can animate them.
func TestTokenChanges(t *testing.T) {
	prev := []Token{{Kind: PieceToken, Square: game.E4, Opacity: 1}, {Kind: CheckToken, Square: game.F6, Opacity: 0.5}}
	next := []Token{{Kind: PieceToken, Square: game.E4, Opacity: 0.5}, {Kind: KingToken, Square: game.G8, Opacity: 0.2}}
	got := map[string]Change{}
	for _, c := range diffTokens(prev, next) {
		got[c.Token.Kind.String()+c.Token.Square.String()] = c.Change
	}
	want := map[string]Change{"piecee4": Changed, "checkf6": Vanished, "kingg8": Appeared}
	if len(got) != len(want) {
		t.Fatalf("changes %v, want %v", got, want)
	}
	for k, c := range want {
		if got[k] != c {
			t.Errorf("%s: %s, want %s", k, got[k], c)
		}
	}
}

// TestCaptureTokenFadeIsAChange: a capture token halving on the next enemy
// move shows up as a change from 1 to 0.5.
func TestCaptureTokenFadeIsAChange(t *testing.T) {
	f := newFixture(t, "4k3/8/8/3p4/4P3/8/P7/4K3 b - - 0 1", referee.Wild16)
	f.play(t, "d5e4", "a2a3")
	white := f.players[game.White]
	white.View()
	f.play(t, "e8d8")
	v := white.View()
	found := false
	for _, c := range v.Changes {
		if c.Token.Square == game.E4 && c.Token.Kind == PieceToken && c.Token.Reason.Rule == "R2" {
			found = c.Change == Changed && c.Was == 1 && c.Token.Opacity == 0.5
		}
	}
	if !found {
		t.Errorf("no e4 fade from 1 to 0.5 among %+v", v.Changes)
	}
}

// TestLogMarksOwnAttempts: the log shows both sides' announcements and our
// own attempts with their moves.
func TestLogMarksOwnAttempts(t *testing.T) {
	f := newFixture(t, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", referee.Wild16)
	f.play(t, "e1e2", "e2e4")
	v := f.players[game.White].View()
	if len(v.Log) != 2 || !v.Log[0].Own || !strings.HasPrefix(v.Log[0].Text, "e1e2: Illegal") {
		t.Fatalf("log %+v", v.Log)
	}
	black := f.players[game.Black].View()
	for _, l := range black.Log {
		if strings.Contains(l.Text, "e2e4") || strings.Contains(l.Text, "e1e2") {
			t.Errorf("Black's log reveals White's attempt: %q", l.Text)
		}
	}
}

// TestObserveRefusesImpossibleEntries: an entry fed twice, a move by the
// side not to move, or an accepted attempt our men cannot make is refused
// with an error and leaves the view model as it was.
func TestObserveRefusesImpossibleEntries(t *testing.T) {
	ref := referee.New(referee.Wild16, game.Start())
	ctl := New(game.White, referee.Wild16, game.Start(), Options{Capacity: 64, Seed: 1})
	if a := ref.Attempt(game.NewMove(game.E2, game.E4, game.NoPieceType)); a.Verdict != referee.Accepted {
		t.Fatalf("1. e4: %v", a.Verdict)
	}
	e, _ := ref.Log()[0].HeardBy(game.White)
	before, err := ctl.Observe(e)
	if err != nil {
		t.Fatalf("1. e4 refused: %v", err)
	}
	bogus := e
	bogus.Attempt = game.NewMove(game.E4, game.E6, game.NoPieceType)
	for name, bad := range map[string]referee.Entry{
		"the same entry twice":         e,
		"White again, impossible move": bogus,
	} {
		vm, err := ctl.Observe(bad)
		if err == nil {
			t.Errorf("%s: accepted", name)
		}
		if vm.Plies != before.Plies || vm.Own != before.Own {
			t.Errorf("%s: the view model changed (plies %d → %d)", name, before.Plies, vm.Plies)
		}
	}
	// Black's move, then an accepted White attempt no White man can make.
	ref.Attempt(game.NewMove(game.E7, game.E5, game.NoPieceType))
	black, _ := ref.Log()[len(ref.Log())-1].HeardBy(game.White)
	if _, err := ctl.Observe(black); err != nil {
		t.Fatalf("1... e5 refused: %v", err)
	}
	if _, err := ctl.Observe(bogus); err == nil {
		t.Error("White's e4-e6, a pawn jumping two squares from the fourth rank, was accepted")
	}
}

// TestLogTellsTheEndInWords: a game's end in the log is the referee's,
// not marked as our attempt though it names our side, and an end no
// referee announces (an abort) reads in words, not as the record's "*".
func TestLogTellsTheEndInWords(t *testing.T) {
	ref := referee.New(referee.Wild16, game.Start())
	ctl := New(game.White, referee.Wild16, game.Start(), Options{Capacity: 64, Seed: 1})
	ref.Attempt(game.NewMove(game.E2, game.E4, game.NoPieceType))
	e, _ := ref.Log()[0].HeardBy(game.White)
	if _, err := ctl.Observe(e); err != nil {
		t.Fatal(err)
	}
	end := referee.Entry{Ply: 1, Mover: game.White, Verdict: referee.Finished, Said: []referee.Announcement{{Kind: referee.KindGameOver,
		To: referee.Everyone, Side: game.White, Result: referee.Result{Score: "*", Reason: referee.ReasonAborted}}}}
	vm, err := ctl.Observe(end)
	if err != nil {
		t.Fatal(err)
	}
	last := vm.Log[len(vm.Log)-1]
	if last.Own || last.Text != "No result: the game was aborted" {
		t.Fatalf("the end in the log: %+v; want the referee's words, not our attempt", last)
	}
}
