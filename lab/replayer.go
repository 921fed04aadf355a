package lab

import (
	"fmt"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// replayer is a Player for both sides of a recorded game: each turn it asks
// Any? where the record did, submits the recorded failed attempts, then the
// recorded move. It knows the true board, as the record does.
type replayer struct {
	rec   *record.Record
	truth game.Position
	next  int // the ply to play
	err   error
}

// newReplayer checks rec against the referee under rules and returns a
// player that plays it again, with the referee to play it on.
func newReplayer(rec *record.Record, rules referee.Ruleset) (*replayer, *referee.Referee, error) {
	if _, err := record.Replay(rec, rules, nil); err != nil {
		return nil, nil, err
	}
	start, err := rec.Start()
	if err != nil {
		return nil, nil, fmt.Errorf("record: FEN tag: %w", err)
	}
	return &replayer{rec: rec, truth: start}, referee.New(rules, start), nil
}

// Turn plays the next recorded ply; after the last one it makes no attempt.
func (r *replayer) Turn(u referee.Umpire) []referee.Answer {
	if r.next >= len(r.rec.Plies) || r.err != nil {
		return nil
	}
	p := &r.rec.Plies[r.next]
	r.next++
	var answers []referee.Answer
	after := -1 // Any? is asked after this many refused attempts (-1: not asked)
	for _, x := range p.Extra {
		if _, n, ok := record.ParseAnyItem(x); ok {
			after = n // checked against the record by newReplayer
		}
	}
	own := r.truth.Only(r.truth.Turn())
	for i, f := range p.Failed {
		if i == after {
			answers = append(answers, u.AskAny())
		}
		m, err := record.ParseAttemptSAN(&own, f)
		if err != nil {
			r.err = fmt.Errorf("ply %d: failed attempt %q: %w", r.next, f, err)
			return answers
		}
		answers = append(answers, u.Attempt(m))
	}
	if after == len(p.Failed) {
		answers = append(answers, u.AskAny())
	}
	m, err := r.truth.ParseSAN(p.SAN)
	if err != nil {
		r.err = fmt.Errorf("ply %d: move %q: %w", r.next, p.SAN, err)
		return answers
	}
	r.truth.Apply(m)
	return append(answers, u.Attempt(m))
}
