package player

import (
	"math"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/referee"
)

// TestSightGrowsAndFalls: the chance that the enemy sees starts at the prior, stays
// there until the men meet, grows with every enemy turn passed without a
// refusal after that, ignores our own refusals, and falls to zero at the
// enemy's first refused attempt for good.
func TestSightGrowsAndFalls(t *testing.T) {
	s := sight{public: true}
	for i := 0; i < 3; i++ {
		s.hear(referee.Entry{Mover: game.Black, Verdict: referee.Accepted}, game.White)
	}
	even := 1 / (1 + math.Exp(-prior))
	if got := s.seeing(0); got != even {
		t.Fatalf("before the men met: %v, want the prior's %v", got, even)
	}
	s.hear(referee.Entry{Mover: game.White, Verdict: referee.Accepted, Said: []referee.Announcement{{Kind: referee.KindCapture}}}, game.White)
	prev := s.seeing(0)
	for i := 0; i < 6; i++ {
		s.hear(referee.Entry{Mover: game.White, Verdict: referee.Illegal}, game.White) // ours: no evidence
		s.hear(referee.Entry{Mover: game.White, Verdict: referee.Accepted}, game.White)
		s.hear(referee.Entry{Mover: game.Black, Verdict: referee.Accepted}, game.White)
		if got := s.seeing(0); got <= prev {
			t.Fatalf("after %d clean enemy turns: %v, not above %v", i+1, got, prev)
		}
		prev = s.seeing(0)
	}
	if want := 1 / (1 + math.Exp(-prior-6*math.Log(1/blindClean))); math.Abs(prev-want) > 1e-12 {
		t.Errorf("after 6 clean turns: %v, want %v", prev, want)
	}
	s.hear(referee.Entry{Mover: game.Black, Verdict: referee.Illegal}, game.White)
	s.hear(referee.Entry{Mover: game.Black, Verdict: referee.Accepted}, game.White)
	if got := s.seeing(0); got != 0 {
		t.Errorf("after a refused enemy attempt: %v, want 0", got)
	}
}

// TestSightUnheard: where the enemy's refusals are not heard (Wild 16), the
// turns move nothing: the chance is the prior's, moved by B2's evidence alone.
func TestSightUnheard(t *testing.T) {
	var s sight
	s.hear(referee.Entry{Mover: game.White, Verdict: referee.Accepted, Said: []referee.Announcement{{Kind: referee.KindCheck}}}, game.White)
	for i := 0; i < 10; i++ {
		s.hear(referee.Entry{Mover: game.Black, Verdict: referee.Accepted}, game.White)
	}
	if got, want := s.seeing(0), 1/(1+math.Exp(-prior)); got != want {
		t.Errorf("after 10 unheard turns: %v, want the prior's %v", got, want)
	}
	if got, want := s.seeing(3), 1/(1+math.Exp(-prior-3)); math.Abs(got-want) > 1e-12 {
		t.Errorf("with evidence 3: %v, want %v", got, want)
	}
}

// turner is a player taking its turn through an umpire.
type turner interface {
	Turn(referee.Umpire) []referee.Answer
}

// TestBotModelsTheEnemysSight: a bot playing the omniscient cheat, which is
// never refused, gives B2's purposeful opponent model at least 0.8 of the
// weight once the men have met and 12 turns have passed; against the random
// attempter, none from the first refusal it hears.
func TestBotModelsTheEnemysSight(t *testing.T) {
	for _, tc := range []struct {
		name  string
		enemy func(ref *referee.Referee) turner
	}{
		{"cheat", func(ref *referee.Referee) turner { return attempter.NewCheat(ref, 7) }},
		{"random", func(_ *referee.Referee) turner { return attempter.NewRandom(7) }},
	} {
		ref := referee.New(referee.Berkeley, game.Start())
		bot := New(Options{MoveTime: time.Second, Seed: 7})
		enemy := tc.enemy(ref)
		for ply := 0; ply < 400 && ref.Result() == nil && !bot.enemy.refused && (tc.name != "cheat" || bot.enemy.turns < 12); ply++ {
			if ref.ToMove() == game.White {
				bot.Turn(ref)
			} else {
				enemy.Turn(ref)
			}
		}
		if ref.ToMove() == game.White && ref.Result() == nil {
			bot.Turn(ref) // hears the enemy's last turn
		}
		share := bot.Controller().Sampler().Purpose()
		switch {
		case tc.name == "cheat" && (bot.enemy.refused || bot.enemy.turns < 12 || share < 0.8):
			t.Errorf("cheat: %+v, purposeful share %v: want no refusal, 12 turns since the men met, share at least 0.8", bot.enemy, share)
		case tc.name == "random" && (!bot.enemy.refused || share != 0):
			t.Errorf("random: %+v, purposeful share %v: want a refusal heard and share 0", bot.enemy, share)
		}
	}
}
