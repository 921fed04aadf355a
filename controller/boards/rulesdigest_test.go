package boards

import (
	"testing"

	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/referee"
)

// TestRefreshDigestUnderRules is TestRefreshFingerprint under the other
// rulesets (refusals heard, tries as yes or no, as squares, as moves,
// promotions announced) and with the man-first model, each digest taken
// before the refresh was made faster: the faster paths must keep every
// board, weight and order exactly.
func TestRefreshDigestUnderRules(t *testing.T) {
	want := map[string]uint64{
		"berkeley":     0xff7c8d6c6a577537,
		"berkeley-any": 0xfdfbed9096b22db0,
		"cincinnati":   0x4994d994b9d2386b,
		"english":      0xfdfbed9096b22db0,
		"rand":         0x4ea1c59a37ef71dc,
		"open":         0x1b0d1537f562ba7a,
	}
	for _, rules := range referee.Rulesets {
		if rules.Name == referee.Wild16.Name {
			continue
		}
		h, put := digest()
		for g := uint64(0); g < 6; g++ {
			ref := referee.New(rules, game.Start())
			bots := [2]*attempter.Random{attempter.NewRandom(2 * g), attempter.NewRandom(2*g + 1)}
			var samplers [3]*Sampler
			for i := range samplers {
				samplers[i] = New([]game.Position{game.Start()}, game.White, rules, 768, g, 2)
			}
			samplers[1].SetPurpose(0.5)
			samplers[2].SetManFirst(true)
			seen, follow := 0, true
			for follow && ref.Result() == nil {
				pos := ref.Position()
				bots[pos.Turn()].Turn(ref)
				log := ref.Log()
				for _, e := range log[seen:] {
					e, ok := e.HeardBy(game.White)
					if !ok || !follow {
						continue
					}
					o := belief.Observe(e)
					follow = digestStep(samplers[:], &o, put)
				}
				seen = len(log)
			}
		}
		if got := h.Sum64(); got != want[rules.Name] {
			t.Errorf("%s: digest %#x, want %#x", rules.Name, got, want[rules.Name])
		}
	}
}
