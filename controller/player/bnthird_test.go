package player

import (
	"testing"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// A position of the ninety-first study of `krieg endgame kbnk --seed 1`:
// Ke6, Bd6, Ne7 against a king on d8, e8, f8 or g7 (the chances as the bot
// held them; it stood on d8). Judged two moves ahead, Nf5 ranked first, and
// it let the king on d8 out towards a8, the wrong corner for the dark
// bishop: 21 plies from mate became 50. Judged a third move ahead, the best
// few keep that king where it is.
func TestBNThirdKeepsKing(t *testing.T) {
	PrepareKBNK()
	p, err := game.ParseFEN("3k4/4N3/3BK3/8/8/8/8/8 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	own := p.Only(game.White)
	var boards []controller.Board
	for _, kw := range []struct {
		s game.Square
		w float64
	}{{game.D8, .138}, {game.E8, .48}, {game.F8, .138}, {game.G7, .243}} {
		b := own
		b.Put(kw.s, game.NewPiece(game.Black, game.King))
		boards = append(boards, controller.Board{Pos: b, Weight: kw.w})
	}
	r := rankLone(loneMinor, &own, boards, map[game.Move]bool{}, referee.Wild16, time.Now().Add(time.Minute))
	best := r.choices[0].move
	// The table's distance against the king on d8 after the move, its
	// best reply included.
	after := boards[0].Pos
	if !after.IsLegal(best) {
		t.Fatalf("%v is not legal against the king on d8", best)
	}
	after.Apply(best)
	d, mate, ok := KBNKDistance(&after)
	if !ok || !mate || d > 30 {
		t.Errorf("best %v: against the king on d8 %d plies to mate (mate %v), want 30 or fewer", best, d, mate)
	}
}
