package evaluation

import (
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestCheatBeatsRandom: the omniscient test opponent must win nearly every
// game against the random attempter and never make an illegal attempt.
func TestCheatBeatsRandom(t *testing.T) {
	r, err := Match(MatchOptions{White: "random", Black: "cheat", Games: 6, Seed: 1, Rules: referee.Wild16, Start: game.Start()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.BlackWins < 5 || r.WhiteWins > 0 {
		t.Fatalf("cheat won %d of 6 and lost %d; want at least 5 wins and no loss\n%s", r.BlackWins, r.WhiteWins, r)
	}
	if r.IllegalPerMove.Black != 0 || r.IllegalPerMove.White == 0 {
		t.Fatalf("refused attempts per move: cheat %.2f, random %.2f; want 0 and more than 0", r.IllegalPerMove.Black, r.IllegalPerMove.White)
	}
	if r.WhiteWins+r.Draws+r.BlackWins != 6 || r.Endings["checkmate"] < 5 {
		t.Fatalf("scores don't add up or too few mates:\n%s", r)
	}
	turns := r.TurnTime.White.Turns + r.TurnTime.Black.Turns
	if float64(turns) != r.MeanPlies*6 {
		t.Fatalf("%d turns timed over %.0f plies", turns, r.MeanPlies*6)
	}
	for _, tt := range []TurnTimes{r.TurnTime.White, r.TurnTime.Black} {
		if tt.Mean <= 0 || tt.Max < tt.Mean {
			t.Fatalf("turn times: mean %v, max %v", tt.Mean, tt.Max)
		}
	}
}

func TestUnknownPlayer(t *testing.T) {
	if _, err := Match(MatchOptions{White: "random", Black: "oracle", Games: 1, Rules: referee.Wild16, Start: game.Start()}, nil); err == nil {
		t.Fatal("an unknown player was accepted")
	}
}
