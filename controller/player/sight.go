package player

import (
	"math"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// The deduction engine weighs the enemy's moves evenly, which is right
// against a player who cannot see our men and overconfident against one
// who can, so the bot holds the chance that the enemy sees, as log odds
// from a sceptical prior moved by what it hears: B2's Bayes factor between
// the purposeful and the uniform opponent model for every enemy move, and,
// where the rules let us hear the enemy's refused attempts, its turns with
// and without a refusal once the men have met. That chance weighs the
// purposeful model in B2 (boards/opponent.go) and our loose men (loose.go).
// See docs/player.md.

// prior is the log odds that an enemy sees before anything is heard: on
// the sites people play Kriegspiel on, players are blind, so about 1 in 8.
const prior = -2.0

// blindClean is the chance that a blind player's turn passes without a
// refused attempt.
const blindClean = 0.7

// sight is what the bot has heard of the enemy's attempts this game.
type sight struct {
	public  bool // the rules let us hear the enemy's refused attempts
	met     bool // a capture or check was heard
	turns   int  // the enemy's accepted moves since
	refused bool // an attempt of the enemy's was refused
}

// hear notes one entry of the game's log heard by us (the enemy's when
// e.Mover is not us).
func (s *sight) hear(e referee.Entry, us game.Color) {
	if e.Mover != us {
		switch {
		case e.Verdict == referee.Illegal:
			s.refused = true
		case e.Verdict == referee.Accepted && s.met:
			s.turns++
		}
	}
	for _, a := range e.Said {
		s.met = s.met || a.Kind == referee.KindCapture || a.Kind == referee.KindCheck
	}
}

// seeing is the chance that the enemy sees our men, given what was heard
// and evidence, the log of how much likelier the purposeful opponent model
// made the enemy's moves than the uniform one (boards.Sampler.Evidence).
func (s *sight) seeing(evidence float64) float64 {
	if s.refused {
		return 0
	}
	odds := prior + evidence // log odds
	if s.public {
		odds += float64(s.turns) * math.Log(1/blindClean)
	}
	return 1 / (1 + math.Exp(-odds))
}

// seeing is the chance that the enemy sees our men (sight.go).
func (b *Bot) seeing() float64 {
	evidence := 0.0
	if s := b.ctl.Sampler(); s != nil {
		evidence = s.Evidence()
	}
	return b.enemy.seeing(evidence)
}
