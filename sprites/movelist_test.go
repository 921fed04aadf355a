package sprites

import (
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowMoveListKeepsWhatWasHeard: the live move table writes what the
// referee said after each move, as the saved record does: our Re1xe5 takes
// a pawn and gives a file check ("Rxe5+ file"), the enemy king's reply
// takes our knight on d7 ("?xd7").
func TestWindowMoveListKeepsWhatWasHeard(t *testing.T) {
	app := startFrom(t, "4k3/3N4/8/4p3/8/8/8/4RK2 w - - 0 1", "e8d7")
	h.do(func() { app.Inject(Intent{Kind: AttemptMove, Move: game.NewMove(game.E1, game.E5, game.NoPieceType)}) })
	h.waitFor(t, "1. Rxe5 and the reply", 5*time.Second, atPly(app, 2))
	h.do(func() {
		rows := app.frame.Panel.Table
		if len(rows) != 1 {
			t.Fatalf("move table %+v; want one row", rows)
		}
		if got, want := rows[0].Cells[game.White].SAN, "Rxe5+ file"; got != want {
			t.Errorf("our move reads %q; want %q", got, want)
		}
		if got, want := rows[0].Cells[game.Black].SAN, "?xd7"; got != want {
			t.Errorf("the enemy's move reads %q; want %q", got, want)
		}
	})
}

// TestWindowMoveListOnKriegd: on a kriegd over TCP, the live move table
// writes what the referee said after each move, as Review does: our exd5
// takes, the enemy's queen takes back on d5 ("?xd5"), our Bb5 checks on
// the long diagonal; the enemy's moves stay "?".
func TestWindowMoveListOnKriegd(t *testing.T) {
	s := serveGame(t, server.Config{Attempts: 10000})
	s.play(t, "e2e4", "d7d5", "e4d5", "d8d5", "f1b5")
	h.waitFor(t, "the check heard", servedWait, func() bool {
		rows := s.app.frame.Panel.Table
		return len(rows) == 3 && rows[2].Cells[game.White].SAN != ""
	})
	h.do(func() {
		got := scene.MoveText(s.app.frame.Panel.Table)
		if want := "1. e4 ? 2. exd5 ?xd5 3. Bb5+ long"; got != want {
			t.Errorf("the live move table reads %q; want %q", got, want)
		}
	})
}

// TestWindowMoveListMarksTheMateOnKriegd: kriegd tells a mate apart from
// its move (the result comes after the move's check); the live table still
// marks the mating move "#", as Review does, not "+ short".
func TestWindowMoveListMarksTheMateOnKriegd(t *testing.T) {
	s := serveGame(t, server.Config{Attempts: 10000})
	s.play(t, "f2f3", "e7e5", "g2g4", "d8h4")
	h.waitFor(t, "the mate", servedWait, func() bool { return s.app.play.snap.Result != nil })
	h.do(func() {
		got := scene.MoveText(s.app.frame.Panel.Table)
		if want := "1. f3 ? 2. g4 ?#"; got != want {
			t.Errorf("the live move table reads %q; want %q", got, want)
		}
	})
}
