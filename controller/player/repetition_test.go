package player

import (
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// TestShuffleGivesWayInATechnicalWin replays the end of a Wild 16 game
// against the random attempter (match seed 25, game 174) that reached the
// 2000-ply cap: queen, rook, bishop, knight and pawn against a lone king on
// one of four squares, where the bot played Bf1-e2-f1 for 900 moves. On
// every board some waiting move keeps a mate ready whatever the king does,
// so it outscores each try at mate, which finds the king on one board of
// four. Each return to a placement already played costs a little, in a
// technical win too: after the shuffle the bot plays something else.
func TestShuffleGivesWayInATechnicalWin(t *testing.T) {
	var starts []game.Position
	for _, fen := range []string{
		"4qk2/8/3K4/8/2r5/5n2/p7/5b2 b - - 0 1",
		"4qk2/8/8/3K4/2r5/5n2/p7/5b2 b - - 0 1",
		"4qk2/8/5K2/8/2r5/5n2/p7/5b2 b - - 0 1",
		"4qk2/8/8/5K2/2r5/5n2/p7/5b2 b - - 0 1",
	} {
		starts = append(starts, gametest.Position(t, fen))
	}
	best := func(b *Bot) game.Move {
		c, _ := b.choose(map[game.Move]bool{}, referee.Wild16, time.Now().Add(time.Minute))
		return c[0].move
	}
	b := New(Options{MoveTime: time.Second, Seed: 1})
	b.begin(game.Black, referee.Wild16, starts)
	shuffle := best(b)
	own := b.ctl.View().Own
	own.Apply(shuffle)
	if own.Pieces(game.Black, game.Queen)|own.Pieces(game.Black, game.King) != starts[0].Pieces(game.Black, game.Queen)|starts[0].Pieces(game.Black, game.King) {
		t.Fatalf("the bot's first choice %v moves the queen or king: not the waiting move this test replays", shuffle)
	}
	for i := 0; i < 10; i++ {
		b.visits.note(&own, game.Black)
	}
	if m := best(b); m == shuffle {
		t.Errorf("after %v was played ten times the bot still chooses it", shuffle)
	}
}
