package scene

import (
	"fmt"
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// longGame is a play frame at w×h 23 moves in, each with refused attempts
// and a long log, with the passing notes a game shows: the clocks' note,
// our pawn tries, an offer's news and a notice.
func longGame(w, h int, notes bool) Frame {
	f := playFrame(w, h)
	for n := 1; n <= 23; n++ {
		f.Panel.Table = append(f.Panel.Table, MoveRow{Number: n, Cells: [2]MoveCell{
			{SAN: "Nf3", Refused: []string{"e4e5"}, Ply: 2*n - 1}, {SAN: "?", Ply: 2 * n}}})
		for i := 0; i < 3; i++ {
			f.View.Log = append(f.View.Log, controller.LogLine{Ply: 2 * n, Side: game.White, Text: fmt.Sprintf("%d. an attempt refused: illegal", n)})
		}
	}
	f.View.EnemyTries = "1 pawn try"
	if notes {
		f.Panel.Notice, f.Panel.Tone = "Illegal move: d5e6", BadTone
		f.Panel.ClockNote = "Clocks start once both sides have made their first move"
		f.View.OwnTries = "You have 2 pawn tries"
		f.Panel.OfferNews = "You offered a draw; it stands until the computer moves."
		f.Queue = []game.Move{game.NewMove(game.E2, game.E4, game.NoPieceType)}
	}
	return f
}

// tableNumbers are the move numbers the move table shows.
func tableNumbers(s *Scene) []int {
	var out []int
	for n := 1; n <= 99; n++ {
		if hasText(s, fmt.Sprintf("%d.", n)) {
			out = append(out, n)
		}
	}
	return out
}

// TestMoveTableKeepsRoomForNotes: at 1280×800, maximized or in the window
// krieg opens on such a screen, the move table keeps at least 8 rows
// ending at the latest move when the passing notes and a notice show (an
// outside tester saw it shrink to move 23 alone after "Illegal move:
// d5e6").
func TestMoveTableKeepsRoomForNotes(t *testing.T) {
	ww, wh := WindowSize(1280, 800)
	for _, size := range [][2]int{{1280, 800}, {ww, wh}} {
		for _, notes := range []bool{false, true} {
			s := Build(longGame(size[0], size[1], notes))
			rows := tableNumbers(&s)
			if len(rows) < 8 || rows[len(rows)-1] != 23 {
				t.Errorf("%dx%d, notes %v: the move table shows moves %v; want at least 8, ending at 23", size[0], size[1], notes, rows)
			}
			for _, c := range s.Clipped() {
				t.Errorf("%dx%d, notes %v: %v", size[0], size[1], notes, c)
			}
		}
	}
}

// TestReviewTableKeepsItsRows: a review at 1280×770 keeps 8 rows of the
// move table ending at the ply shown, the lines heard at that ply and the
// log under it taking what is left (an outside tester saw 4 or 5 rows).
func TestReviewTableKeepsItsRows(t *testing.T) {
	tl, f := darkboardReplay(t, 40)
	f.W, f.H = 1280, 770
	ReplayFrame(&f, tl, 40, game.White, true)
	f.Replay.Review = true
	s := Build(f)
	shown := map[int]bool{}
	for _, h := range s.Hits {
		if h.Button == JumpPly {
			shown[(h.Ply+1)/2] = true
		}
	}
	if len(shown) < 8 || !shown[20] {
		t.Errorf("the review's move table shows %d rows %v; want at least 8, move 20 among them", len(shown), shown)
	}
	for _, c := range s.Clipped() {
		t.Error(c)
	}
}
