package boards

import (
	"math"

	"github.com/krieg/krieg/game"
)

// Which opponent model fits the enemy better, the uniform one (every legal
// move as likely) or the purposeful one (opponent.go)? Each enemy move
// heard answers a little: on the boards held, each model gives the moves
// the referee's message allows a share of its weight, and the ratio of the
// two shares is how much likelier the message was under the purposeful
// model (a Bayes factor, measured on the boards the belief holds). A player
// who sees our men takes what we leave hanging whenever it can, and a blind
// one seldom: the captures heard, and the quiet moves heard where captures
// were open, tell them apart. The sampler keeps the sum of the factors'
// logs over the game (Evidence); the computer player turns it into the share
// of the purposeful model.

// evidenceBoards is how many of the boards (the first ones) weigh the two
// models at each enemy move: enough for the factor, few enough that the
// purposeful weights cost little when the model is not in use.
const evidenceBoards = 512

// evidenceBound bounds the evidence either way, so that an enemy who
// changes its play late in a long game (the omniscient cheat shuffling a
// won ending) is read anew within some twenty moves.
const evidenceBound = 8

// modelOdds is the weight a set of boards gives the moves a message allows,
// under each opponent model.
type modelOdds struct {
	uniform, purposeful float64
}

// add counts one board of weight w whose legal moves are legal, of which
// the message allows those at indices kept; weights are the purposeful
// model's weights of legal, summing to sum.
func (m *modelOdds) add(w float64, legal []game.Move, kept []uint8, weights []float64, sum float64) {
	if len(kept) == 0 {
		return
	}
	allowed := 0.0
	for _, j := range kept {
		allowed += weights[j]
	}
	m.uniform += w * float64(len(kept)) / float64(len(legal))
	m.purposeful += w * allowed / sum
}

// weighModels adds this enemy move's factor, from every share's odds, to
// the evidence; a move no board allowed under one of the models says
// nothing (the boards were lost, and are rebuilt).
func (s *Sampler) weighModels() {
	var total modelOdds
	for _, o := range s.odds {
		total.uniform += o.uniform
		total.purposeful += o.purposeful
	}
	if total.uniform > 0 && total.purposeful > 0 {
		s.evidence = min(evidenceBound, max(-evidenceBound, s.evidence+math.Log(total.purposeful/total.uniform)))
	}
}

// Evidence is the log of how much likelier the enemy's moves heard so far
// were under the purposeful opponent model than under the uniform one, as
// far as the boards held could tell, within ±evidenceBound: above zero the
// enemy plays more like a player who sees our men.
func (s *Sampler) Evidence() float64 { return s.evidence }
