package attempter

import (
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// TestSelfPlayEveryRuleset plays random games under every ruleset and checks
// that each ends, that its record replays cleanly, and that the attempters also
// made illegal attempts (they try what a player could try, not only legal moves).
func TestSelfPlayEveryRuleset(t *testing.T) {
	for _, rules := range referee.Rulesets {
		t.Run(rules.Name, func(t *testing.T) {
			illegal := 0
			for g := uint64(0); g < 6; g++ {
				r := Play(referee.New(rules, game.Start()), NewRandom(2*g), NewRandom(2*g+1))
				if r.Result() == nil {
					t.Fatalf("game %d did not end", g)
				}
				for _, e := range r.Log() {
					if e.Verdict == referee.Illegal {
						illegal++
					}
				}
				rec, err := record.FromReferee(r, nil)
				if err != nil {
					t.Fatal(err)
				}
				if err := record.Check(rec, rules); err != nil {
					t.Fatalf("game %d: own record does not check: %v", g, err)
				}
			}
			if illegal == 0 {
				t.Error("no illegal attempts in 6 games")
			}
		})
	}
}

func TestSameSeedSameGame(t *testing.T) {
	a := Play(referee.New(referee.Wild16, game.Start()), NewRandom(7), NewRandom(8))
	b := Play(referee.New(referee.Wild16, game.Start()), NewRandom(7), NewRandom(8))
	if len(a.Log()) != len(b.Log()) || a.Position().FEN() != b.Position().FEN() {
		t.Error("the same seeds gave different games")
	}
}
