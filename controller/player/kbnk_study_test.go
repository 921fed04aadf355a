package player_test

import (
	"testing"
	"time"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/lab"
)

// The bot, seeing only its own men, mates a lone king with bishop and knight
// against the cheat (who sees the board) within the studies' ply cap; without
// a technique of its own for the ending it mated none of 20 random studies.
func TestKBNKStudyMates(t *testing.T) {
	player.PrepareKBNK()
	for _, fen := range []string{
		"8/3K1N2/8/8/8/8/k4B2/8 w - - 0 1",
		"8/1b6/3k4/8/6n1/8/4K3/8 b - - 0 1",
		"8/6K1/8/1n6/1k6/8/8/2b5 b - - 0 1",
	} {
		start, err := game.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		rules := referee.Wild16
		rules.PlyCap = lab.EndgamePlyCap
		ref := referee.New(rules, start)
		bot := player.New(player.Options{MoveTime: time.Second, Seed: 1, Starts: lab.LoneKingStarts(&start)})
		cheat := attempter.NewCheat(ref, 2)
		us := start.Turn()
		for ref.Result() == nil {
			if ref.ToMove() == us {
				bot.Turn(ref)
			} else {
				cheat.Turn(ref)
			}
		}
		if res := ref.Result(); res.Reason != referee.ReasonCheckmate {
			t.Errorf("%s: %s after %d plies, not mate", fen, res.Reason, ref.Plies())
		} else {
			t.Logf("%s: mate in %d plies", fen, ref.Plies())
		}
	}
}
