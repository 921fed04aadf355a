package lab

import (
	"math"
	"strings"
	"testing"
	"time"

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
		if tt.MaxGame < 1 || tt.MaxGame > 6 || tt.MaxPly < 1 {
			t.Fatalf("longest turn placed at game %d, ply %d", tt.MaxGame, tt.MaxPly)
		}
	}
}

// TestTurnTimes: the longest turn is placed by game and ply, and the turns
// over the budget are counted (none without a budget).
func TestTurnTimes(t *testing.T) {
	var tt, free TurnTimes
	for i, d := range []time.Duration{40, 61, 50, 61, 70, 30} {
		tt.add(d*time.Millisecond, 1+i/3, 10+i, 60*time.Millisecond)
		free.add(d*time.Millisecond, 1, i+1, 0)
	}
	if tt.Turns != 6 || tt.Max != 70*time.Millisecond || tt.MaxGame != 2 || tt.MaxPly != 14 || tt.Over != 3 || tt.Mean != 52*time.Millisecond {
		t.Errorf("got %+v; want 6 turns, mean 52ms, max 70ms at game 2 ply 14, 3 over 60ms", tt)
	}
	if got, want := tt.String(), "mean 52ms max 70ms (game 2, ply 14), 3 over the budget"; got != want {
		t.Errorf("String() = %q; want %q", got, want)
	}
	tt.finish()
	if tt.P99 != 70*time.Millisecond || tt.P999 != 70*time.Millisecond {
		t.Errorf("p99 %v p99.9 %v of six turns; want the longest, 70ms", tt.P99, tt.P999)
	}
	var many TurnTimes
	for i := range 1000 {
		many.add(time.Duration(i+1)*time.Millisecond, 1, i+1, 0)
	}
	many.finish()
	if many.P99 != 991*time.Millisecond || many.P999 != time.Second {
		t.Errorf("p99 %v p99.9 %v of 1..1000ms; want 991ms and 1s", many.P99, many.P999)
	}
	if free.Over != 0 {
		t.Errorf("%d turns over no budget; want 0", free.Over)
	}
}

func TestUnknownPlayer(t *testing.T) {
	if _, err := Match(MatchOptions{White: "random", Black: "oracle", Games: 1, Rules: referee.Wild16, Start: game.Start()}, nil); err == nil {
		t.Fatal("an unknown player was accepted")
	}
}

// TestPeek: a peek outside [0,1] is refused before any game, and a match in
// which the bot peeks says so in both of its reports.
func TestPeek(t *testing.T) {
	for _, w := range []float64{-0.1, 1.5, math.NaN()} {
		if _, err := Match(MatchOptions{White: "bot", Black: "random", Games: 1, Rules: referee.Wild16, Start: game.Start(), Peek: w}, nil); err == nil {
			t.Errorf("peek %v was accepted", w)
		}
	}
	r, err := Match(MatchOptions{White: "bot", Black: "random", Games: 1, Seed: 3, Rules: referee.Wild16, Start: game.Start(), MoveTime: 20 * time.Millisecond, Peek: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Peek != 1 || !strings.Contains(r.String(), "the bot peeked") {
		t.Errorf("report of a peeking match: peek %v\n%s", r.Peek, r)
	}
	if r.WhiteWins != 1 {
		t.Errorf("the bot seeing the whole board did not beat the random attempter:\n%s", r)
	}
}
