package player

import (
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestLastManStalemate replays a Wild 16 game the bot (Black) drew against
// the random attempter: at its 47th move, in check from a rook on d8 and
// refused Bd5 and Bd6, it took the rook, White's last piece, with its queen
// (Qxd8), and White's king on b2, boxed in by the bot's rooks, knight, bishop
// and pawn, had no move. The boards held that king on b2 at 1 to 40 %, by
// the belief's seed; taking the last man is now charged as if the king stood
// on any square B1 allows it alike (stalemate.go), and over ten seeds the
// capture never comes first (it did for two, seeds 3 and 8, before).
func TestLastManStalemate(t *testing.T) {
	ref := replayTo(t, "testdata/last-man-stalemate.pgn", referee.Wild16, 93) // to Black's 47th move
	tried := map[game.Move]bool{}
	for _, m := range []string{"f3d5", "e7d6"} { // refused, as in the game
		mv := move(t, m)
		if a := ref.Attempt(mv); a.Verdict != referee.Illegal {
			t.Fatalf("%s: %v; want it refused as in the game", m, a.Verdict)
		}
		tried[mv] = true
	}
	stalemating := move(t, "b8d8")
	for seed := uint64(1); seed <= 10; seed++ {
		b := New(Options{MoveTime: 100 * time.Millisecond, Seed: seed})
		b.begin(game.Black, referee.Wild16, []game.Position{game.Start()})
		b.catchUp(ref.View(game.Black))
		c := b.choose(tried, referee.Wild16, time.Now().Add(time.Minute))
		if c[0].move == stalemating {
			t.Errorf("seed %d: the bot takes the last man first (%v, %.3f), stalemating the king on b2", seed, c[0].move, c[0].score)
		}
	}
}
