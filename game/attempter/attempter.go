// Package attempter is the random Kriegspiel player used for self-play and as
// a stand-in opponent: it tries what a player could try knowing only its own
// men (see referee.Candidates), in random order, until the referee accepts.
package attempter

import (
	"math/rand/v2"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Random chooses attempts at random from a player's view. It never looks at
// the true position.
type Random struct {
	rng *rand.Rand
	// AskAny is the chance of asking Any? first, in rulesets that have it.
	AskAny float64
}

// NewRandom returns a random attempter seeded with seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, 0x6b726965)), AskAny: 0.3}
}

// Turn plays one turn for the side to move: it may ask Any?, then submits
// attempts until one is accepted (or the game ends). It returns the answers in
// order. Only the view's own board and what the player heard guide it.
func (a *Random) Turn(r referee.Umpire) []referee.Answer {
	var answers []referee.Answer
	v := r.View(r.ToMove())
	rules := r.Rules()
	mustCapture, noCapture := false, false
	if rules.Any != referee.AnyNone && a.rng.Float64() < a.AskAny {
		ans := r.AskAny()
		answers = append(answers, ans)
		mustCapture, noCapture = ans.Verdict == referee.Answered && ans.Any, ans.Verdict == referee.Answered && !ans.Any
	}
	tries := lastTries(v)
	cands := referee.Candidates(&v.Own)
	a.rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	// Pawn captures the player has been told are possible go first, as a person would try them.
	var first, rest []game.Move
	for _, m := range cands {
		pawnCap := v.Own.At(m.From()).Type() == game.Pawn && m.From().File() != m.To().File()
		switch {
		case rules.QueenOnly && m.Promotion() != game.NoPieceType && m.Promotion() != game.Queen:
		case noCapture && pawnCap:
		case mustCapture && !pawnCap && rules.Any == referee.AnyForce:
		case pawnCap && (mustCapture || tries.Has() || len(tries.Moves) > 0 || len(tries.Squares) > 0):
			first = append(first, m)
		case pawnCap && rules.PawnCaptureNeedsTry:
			// Told there is none: a person would not try it.
		default:
			rest = append(rest, m)
		}
	}
	for _, m := range append(first, rest...) {
		ans := r.Attempt(m)
		answers = append(answers, ans)
		if ans.Verdict == referee.Accepted || ans.Verdict == referee.Finished {
			return answers
		}
	}
	return answers
}

// lastTries returns the most recent pawn-try announcement the view heard for its own side.
func lastTries(v referee.View) referee.Tries {
	for i := len(v.Heard) - 1; i >= 0; i-- {
		for _, s := range v.Heard[i].Said {
			if s.Kind == referee.KindTries && s.Side == v.Side {
				return s.Tries
			}
		}
		if v.Heard[i].Verdict == referee.Accepted && v.Heard[i].Mover == v.Side {
			break
		}
	}
	return referee.Tries{}
}

// Play plays a whole game between two random attempters and returns the referee.
func Play(r *referee.Referee, white, black *Random) *referee.Referee {
	for r.Result() == nil {
		p, pos := white, r.Position()
		if pos.Turn() == game.Black {
			p = black
		}
		if len(p.Turn(r)) == 0 {
			break // no candidate at all: cannot happen while the game goes on
		}
	}
	return r
}
