package scene

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/game"
)

// TestReplayHeaderCountsTheRecord: a timeline followed only to ply 20 (as
// krieg render --ply 20 does) still heads the panel with the record's
// length, 148 plies.
func TestReplayHeaderCountsTheRecord(t *testing.T) {
	tl, f := darkboardReplay(t, 20)
	ReplayFrame(&f, tl, 20, game.White, false)
	s := Build(f)
	for _, sp := range s.Sprites {
		if sp.Kind == Text && strings.HasPrefix(sp.Text, "Ply 20 of") {
			if !strings.HasPrefix(sp.Text, "Ply 20 of 148") {
				t.Errorf("header %q; want Ply 20 of 148", sp.Text)
			}
			return
		}
	}
	t.Error("no Ply header drawn")
}

// TestReplaySliderStandsAtThePly: followed only to ply 20 of 148 (krieg
// render --ply 20), the slider's knob stands a seventh of the way along,
// where "Ply 20 of 148" puts it, not at the end (an outside tester's
// render drew it there); a click there maps back to ply 20.
func TestReplaySliderStandsAtThePly(t *testing.T) {
	tl, f := darkboardReplay(t, 20)
	ReplayFrame(&f, tl, 20, game.White, false)
	s := Build(f)
	track := s.Layout.Slider()
	for _, sp := range s.Sprites {
		if sp.Kind != Disc || sp.Y != track.Y {
			continue
		}
		x := sp.X + sp.W/2
		if want := track.X + track.W*20/148; x < want-1 || x > want+1 {
			t.Errorf("knob at x %.1f; want %.1f (ply 20 of 148 along a track from %.1f, %.1f wide)", x, want, track.X, track.W)
		}
		if p := s.Layout.SliderPly(x, 148, tl.Plies); p != 20 {
			t.Errorf("a click on the knob goes to ply %d; want 20", p)
		}
		return
	}
	t.Error("no slider knob drawn")
}

// TestReplayHiddenShowsOnlyWhatWasHeard: a replay with the truth hidden
// shows White's view of the Darkboard game without Black's moves: Black's
// cells and refused attempts are "?" (with the capture heard, "?xe4"), the
// move's label hides Black's move, and Black's last move is not
// highlighted. Revealed, the record's moves come back.
func TestReplayHiddenShowsOnlyWhatWasHeard(t *testing.T) {
	tl, f := darkboardReplay(t, 40)
	ReplayFrame(&f, tl, 40, game.White, false)
	captures, whiteMoves := 0, 0
	for _, r := range f.Replay.Table {
		black := r.Cells[game.Black]
		if !strings.HasPrefix(black.SAN, "?") {
			t.Errorf("move %d: Black's move shows as %q; want ? and what White heard", r.Number, black.SAN)
		}
		if strings.HasPrefix(black.SAN, "?x") {
			captures++
		}
		for _, a := range black.Refused {
			if a != "?" {
				t.Errorf("move %d: Black's refused attempt shows as %q; want ?", r.Number, a)
			}
		}
		if w := r.Cells[game.White].SAN; w != "" && w != "?" {
			whiteMoves++
		}
	}
	if captures == 0 || whiteMoves != 20 {
		t.Errorf("%d captures heard in Black's cells, %d White moves; want some and 20", captures, whiteMoves)
	}
	if strings.Contains(f.Replay.Move, tl.Record.Plies[39].SAN) || !strings.Contains(f.Replay.Move, "?") {
		t.Errorf("the label of Black's move 40 reads %q; want it hidden", f.Replay.Move)
	}
	if f.LastMove != game.NoMove {
		t.Errorf("Black's move %v is highlighted with the truth hidden", f.LastMove)
	}
	ReplayFrame(&f, tl, 39, game.White, false)
	if f.LastMove != tl.Moves[38] {
		t.Errorf("White's own move 39 highlight %v; want %v", f.LastMove, tl.Moves[38])
	}
	ReplayFrame(&f, tl, 40, game.White, true)
	if got, want := f.Replay.Table[0].Cells[game.Black].SAN, tl.Record.Plies[1].SAN; got != want {
		t.Errorf("revealed, Black's first move reads %q; want %q", got, want)
	}
	if f.LastMove != tl.Moves[39] {
		t.Errorf("revealed, the last move highlight %v; want %v", f.LastMove, tl.Moves[39])
	}
}

// TestRevealedMenAboveTokens: revealed, the enemy's real king is drawn after
// (above) every token on its square, not hidden under the king token.
func TestRevealedMenAboveTokens(t *testing.T) {
	tl, f := darkboardReplay(t, 30)
	ReplayFrame(&f, tl, 30, game.White, true)
	king := f.Truth.KingSquare(game.Black)
	s := Build(f)
	r := s.Layout.SquareRect(king)
	kingAt, tokenAt := -1, -1
	for i, sp := range s.Sprites {
		inside := sp.X >= r.X && sp.Y >= r.Y && sp.X+sp.W <= r.X+r.W+0.5 && sp.Y+sp.H <= r.Y+r.H+0.5
		switch {
		case sp.Kind == Piece && sp.Piece == game.NewPiece(game.Black, game.King):
			kingAt = i
		case inside && (sp.Kind == Disc || sp.Kind == Piece):
			tokenAt = i
		}
	}
	if tokenAt < 0 {
		t.Fatalf("no token on the king's square %v to test against", king)
	}
	if kingAt < tokenAt {
		t.Errorf("the real king on %v is sprite %d, under the token's sprite %d", king, kingAt, tokenAt)
	}
}

// darkboardReplay follows the first plies of the recorded Darkboard game and
// returns it with an empty replay frame.
func darkboardReplay(t *testing.T, plies int) (*timeline.Timeline, Frame) {
	t.Helper()
	tl, err := timeline.Load("../../testdata/games/darkboard-liam-2023.pgn", "", timeline.Options{UpTo: plies, Controller: controller.Options{Capacity: 256, Seed: 1, Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	return tl, Frame{W: 1000, H: 640, Show: DefaultShow, Selected: game.NoSquare, Capture: game.NoSquare}
}

// TestReplayAtStartShowsFirstMoves: a replay at ply 0 shows the move
// table from its first row (the moves about to be stepped through), not
// its end; at the last ply it shows the end.
func TestReplayAtStartShowsFirstMoves(t *testing.T) {
	tl, f := darkboardReplay(t, 0)
	jumps := func(ply int) (lo, hi int) {
		ReplayFrame(&f, tl, ply, game.White, true)
		lo, hi = 1<<30, 0
		for _, h := range Build(f).Hits {
			if h.Button == JumpPly {
				lo, hi = min(lo, h.Ply), max(hi, h.Ply)
			}
		}
		return lo, hi
	}
	if lo, hi := jumps(0); lo != 1 || hi >= tl.Plies {
		t.Errorf("at ply 0 the table shows plies %d-%d; want it from ply 1, not to the end (%d)", lo, hi, tl.Plies)
	}
	if _, hi := jumps(tl.Plies); hi != tl.Plies {
		t.Errorf("at the last ply the table ends at ply %d; want %d", hi, tl.Plies)
	}
}

// TestReplayEndSaysWhy: at a record's end the replay says how the game
// ended in words, the record's own end when the moves do not show it (a
// flag fell) and the referee's when they do.
func TestReplayEndSaysWhy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "flag.pgn")
	pgn := "[Rules \"wild16\"]\n[Termination \"time-forfeit\"]\n[Result \"0-1\"]\n\n1. e4 {(:)} 0-1\n"
	if err := os.WriteFile(path, []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	tl, err := timeline.Load(path, "", timeline.Options{Controller: controller.Options{BeliefOnly: true}})
	if err != nil {
		t.Fatal(err)
	}
	f := Frame{W: 1000, H: 640, Show: DefaultShow, Selected: game.NoSquare, Capture: game.NoSquare}
	ReplayFrame(&f, tl, tl.Plies, game.White, false)
	if want := "Result: 0-1 (White's time ran out)"; f.Panel.Status != want {
		t.Errorf("a record lost on time ends with %q; want %q", f.Panel.Status, want)
	}
	tl, f = darkboardReplay(t, 0)
	ReplayFrame(&f, tl, tl.Plies, game.White, false)
	if want := "Result: 1/2-1/2 (stalemate)"; f.Panel.Status != want {
		t.Errorf("the stalemated record ends with %q; want %q", f.Panel.Status, want)
	}
}

// TestReplayCutShortShowsNoMoveToCome: krieg render --ply 0 follows the
// record one ply (a timeline cut at none is the whole record) and draws
// ply 0: its move table lists no move, where it showed a row "1. ?" in
// Black's view and White's first move in White's, none of them made yet;
// and a timeline cut at the ply drawn (render --ply 20) gives no result,
// the game going on past it.
func TestReplayCutShortShowsNoMoveToCome(t *testing.T) {
	tl, f := darkboardReplay(t, 1)
	for _, side := range []game.Color{game.White, game.Black} {
		for _, reveal := range []bool{false, true} {
			ReplayFrame(&f, tl, 0, side, reveal)
			if len(f.Replay.Table) != 0 || f.Panel.Status != "" {
				t.Errorf("%s's view at ply 0, revealed %v: table %+v, status %q; want no move and no result", side, reveal, f.Replay.Table, f.Panel.Status)
			}
			for _, h := range Build(f).Hits {
				if h.Button == JumpPly {
					t.Errorf("%s's view at ply 0, revealed %v: the table offers ply %d", side, reveal, h.Ply)
				}
			}
		}
	}
	tl, f = darkboardReplay(t, 20)
	ReplayFrame(&f, tl, 20, game.White, false)
	if f.Panel.Status != "" || len(f.Replay.Table) != 10 {
		t.Errorf("ply 20 of 148: status %q, %d rows; want no result and 10 rows", f.Panel.Status, len(f.Replay.Table))
	}
}
