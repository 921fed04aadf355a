package sprites

import (
	"testing"
	"time"

	"github.com/krieg/krieg/game"
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
