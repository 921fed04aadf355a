// Package controller is the assistant's brain, the thesis' KriegspielController:
// it turns one player's view (own men, own attempts and their answers, every
// announcement heard) into guess tokens, per-class belief sets and
// probabilities, the zone of control and counters, remembering the whole game.
// It never sees the enemy's men; the board only draws what it returns.
//
// Three layers, each a package of its own, meet here:
//   - jkrieg: the token rules R1-R10 of docs/deduction.md, from the latest messages;
//   - belief: B1, per-class sets of possible squares carried across the
//     game, always sound;
//   - boards: B2, weighted complete boards consistent with everything heard,
//     giving probabilities, with B1 as the fallback.
//
// The Controller orchestrates them message by message and assembles the
// ViewModel the board draws.
package controller

import (
	"time"

	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/controller/boards"
	"github.com/krieg/krieg/controller/jkrieg"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Controller follows one player's game. Feed it every log entry that player
// hears, in order (Observe); it is not safe for concurrent use (Async runs
// one on a goroutine of its own).
type Controller struct {
	front   // our men, the turn, counters, log and the rules' sets
	belief  belief.Belief
	sampler *boards.Sampler
	// Rules R3-R6's sets for each checker of our king, refined by B1.
	checkSets []game.Bitboard
	current   ViewModel
	floor     float64 // Options.Floor, resolved
	temper    float64 // Options.Temper, resolved: 0 follows the evidence (Temper)
	// autoWorkers is set when Options left Workers to the controller.
	autoWorkers bool
	// Timing of the latest update: B1 (belief and rules) and B2 (sampler).
	timing Timing
	// Our attempts' B2 steps put off by Defer (defer.go), oldest first.
	deferring bool
	deferred  []belief.Observation
}

// Counters are rule R10's captured-enemy counters.
type Counters struct {
	Pawns   int // enemy pawns we captured
	Pieces  int // enemy pieces we captured
	Unknown int // enemy men we captured where the ruleset did not say which
}

// LogLine is one line of the announcement log.
type LogLine struct {
	Ply  int
	Side game.Color // who attempted or asked
	Own  bool       // our own attempt (its move is shown)
	Text string
}

// Timing is how long the latest update took in each layer.
type Timing struct {
	B1, B2 time.Duration
	// Message is true when the update processed a referee message that
	// carried information (an accepted move, an illegal attempt, an answer).
	Message bool
}

// Options tune a controller.
type Options struct {
	Capacity int    // B2 boards held at most (DefaultCapacity when 0)
	Seed     uint64 // B2 sampling seed
	// Workers is the number of goroutines refreshing B2: GOMAXPROCS when 0,
	// and one fewer (at least one) under Async, leaving the caller a core.
	Workers int
	// BeliefOnly skips B2: probabilities are then uniform over the B1 sets.
	BeliefOnly bool
	// Floor is the share of each class's probability spread evenly over
	// its B1 squares (FloorFor the capacity when 0; none when negative).
	Floor float64
	// Temper is the power the enemy king's B2 probabilities are raised to
	// before the floor (when 0, AdaptiveTemper between BlindTemper and
	// SightedTemper by the enemy's play so far; none when negative).
	Temper float64
	// Purpose is the share, 0 to 1, of the purposeful opponent model in
	// B2's weights of the enemy's moves (boards/opponent.go); 0 weighs every
	// legal move equally.
	Purpose float64
	// ManFirst weighs the enemy's moves by the man-first model
	// (boards/manfirst.go) in the uniform model's place, for measurement;
	// only with no purposeful share.
	ManFirst bool
}

// New starts following side's game under rules from the known start position.
func New(side game.Color, rules referee.Ruleset, start game.Position, opt Options) *Controller {
	return NewAmong(side, rules, []game.Position{start}, opt)
}

// NewAmong starts following side's game when the enemy's men may stand as in
// any one of starts (equally likely): an endgame study where the lone king
// is anywhere. Every start must hold the same own men and side to move;
// starts must not be empty.
func NewAmong(side game.Color, rules referee.Ruleset, starts []game.Position, opt Options) *Controller {
	if opt.Capacity <= 0 {
		opt.Capacity = DefaultCapacity
	}
	if opt.Floor == 0 {
		opt.Floor = FloorFor(opt.Capacity)
	}
	if opt.Temper < 0 {
		opt.Temper = 1
	}
	c := &Controller{front: newFront(side, rules, starts), floor: opt.Floor, temper: opt.Temper, autoWorkers: opt.Workers <= 0}
	c.belief = belief.New(&starts[0], side)
	for i := 1; i < len(starts); i++ {
		c.belief.Widen(&starts[i])
	}
	if !opt.BeliefOnly {
		c.sampler = boards.New(starts, side, rules, opt.Capacity, opt.Seed, opt.Workers)
		c.sampler.SetPurpose(opt.Purpose)
		c.sampler.SetManFirst(opt.ManFirst)
	}
	c.refresh()
	return c
}

// Observe takes one log entry as side heard it (referee.Entry.HeardBy) and
// returns the view model after it. An entry that cannot follow the ones
// before (a move by the side not to move, an accepted attempt our men could
// not make, the same entry twice) is refused with an error and changes
// nothing.
func (c *Controller) Observe(e referee.Entry) (ViewModel, error) {
	o := belief.Observe(e)
	if err := c.admissible(e, &o); err != nil {
		return c.current, err
	}
	c.timing = Timing{}
	t := time.Now()
	if e.Mover != c.side && c.settle() {
		// The boards follow our deferred attempts before B1 follows the
		// enemy (defer.go).
		c.timing.B2 = time.Since(t)
	}
	t = time.Now()
	before := c.step(e, &o)
	rules := time.Since(t)
	switch {
	case o.Mover == c.side && o.Moved:
		c.measure(func() { c.ownMove(&before, e.Attempt, &o) }, func() { c.weigh(&o) })
	case o.Mover == c.side && o.Illegal && e.Attempt != game.NoMove:
		c.measure(func() { c.ownIllegal(e.Attempt) }, func() { c.weigh(&o) })
	case o.Mover != c.side && o.Moved:
		c.measure(func() { c.enemyMove(&o) }, func() { c.weigh(&o) })
	case o.Mover != c.side && o.Illegal && c.sampler != nil:
		// Counted for the enemy's move, which the boards follow next
		// (boards/refusals.go): nothing to time.
		c.sampler.Observe(&o)
	case o.Any != nil:
		c.measure(func() {}, func() { c.weigh(&o) })
	}
	c.timing.B1 += rules
	t = time.Now()
	c.refresh()
	// Building the view model (probabilities, tokens) is part of the layer
	// that supplies its probabilities.
	if c.sampler != nil {
		c.timing.B2 += time.Since(t)
	} else {
		c.timing.B1 += time.Since(t)
	}
	return c.current, nil
}

// measure runs the B1 and B2 parts of an update and times each; B2 is
// skipped when the controller has no sampler.
func (c *Controller) measure(b1, b2 func()) {
	t := time.Now()
	b1()
	t1 := time.Now()
	if c.sampler != nil {
		b2()
	}
	c.timing = Timing{B1: t1.Sub(t), B2: c.timing.B2 + time.Since(t1), Message: true}
}

// refill drops the boards B1 rules out and rebuilds the sampler's boards
// from B1 when none survived.
func (c *Controller) refill(o *belief.Observation) {
	c.sampler.Keep(c.belief.Admitter())
	if c.sampler.Normalise() {
		c.sampler.NoteMaterial()
		return
	}
	c.sampler.Rebuild(&c.own, &c.belief, o)
}

// ownIllegal follows our refused attempt m: a refused pawn capture, when
// the referee refuses only real captures that way and we are not in check,
// shows its target empty; any other refused move our men could make has an
// enemy witness (witness.go).
func (c *Controller) ownIllegal(m game.Move) {
	pc := c.own.At(m.From())
	if pc.Type() != game.Pawn || m.From().File() == m.To().File() {
		if c.witnessed(m) {
			c.belief.IllegalAttempt(&c.own, m)
		}
		return
	}
	if len(c.checkSets) > 0 {
		return
	}
	if c.rules.PawnCaptureNeedsTry && c.rules.Nonsense == referee.NonsenseAsIllegal && c.triesKnown() <= 0 {
		return // Wild 16 answers a capture it does not allow with the same words
	}
	c.belief.IllegalPawnCapture(&c.own, m)
}

// witnessed reports whether our refused attempt m, not a pawn capture, can
// only have been refused because an enemy man stands in its way or would
// attack our king: it is a move our men can make, not castling, and not one
// the ruleset calls nonsense but answers as illegal (a promotion to anything
// but a queen where only queens are allowed, a move other than a pawn
// capture after "Any?").
func (c *Controller) witnessed(m game.Move) bool {
	if c.own.IsCastling(m) {
		return false
	}
	if c.rules.Nonsense == referee.NonsenseAsIllegal && (c.rules.Any != referee.AnyNone ||
		c.rules.QueenOnly && m.Promotion() != game.NoPieceType && m.Promotion() != game.Queen) {
		return false
	}
	var buf [game.MaxMoves]game.Move
	for _, x := range c.own.LegalMoves(buf[:0]) {
		if x == m {
			return true
		}
	}
	return false
}

// ownMove follows our accepted move m in B1; before holds our men before it
// (the front has played it on our board).
func (c *Controller) ownMove(before *game.Position, m game.Move, o *belief.Observation) {
	c.belief.OwnMove(before, &c.own, m, o, c.rules)
	c.checkSets = nil
}

// enemyMove follows the enemy's unseen move in B1, and refines rules R3-R6's
// sets by it (the front has taken the capture off our board).
func (c *Controller) enemyMove(o *belief.Observation) {
	c.belief.EnemyMove(&c.own, o, c.rules)
	c.checkSets = nil
	if len(o.Checks) > 0 {
		ctx := c.checkContext(o)
		ctx.MayBePinned = func(p game.Square) bool { return c.belief.OurMayBePinned(&c.own, p) }
		union := c.belief.Union()
		for _, s := range jkrieg.CheckerSquares(ctx) {
			c.checkSets = append(c.checkSets, s&union)
		}
	}
}

// Side returns the player this controller follows.
func (c *Controller) Side() game.Color { return c.side }

// Belief returns the B1 belief (read only).
func (c *Controller) Belief() *Belief { return &c.belief }

// Sampler returns the B2 sampler (read only), or nil with BeliefOnly.
func (c *Controller) Sampler() *boards.Sampler { return c.sampler }

// Evidence returns how much likelier the enemy's moves heard so far were
// under the purposeful opponent model than under the uniform one, as a log
// (boards.Sampler.Evidence); 0 with BeliefOnly.
func (c *Controller) Evidence() float64 {
	if c.sampler == nil {
		return 0
	}
	return c.sampler.Evidence()
}

// Temper returns the power the enemy king's B2 probabilities are shown
// raised to now: Options.Temper, or, when it was left 0, AdaptiveTemper by
// the evidence so far.
func (c *Controller) Temper() float64 {
	if c.temper > 0 {
		return c.temper
	}
	return AdaptiveTemper(c.Evidence(), BlindTemper, SightedTemper)
}

// Timing returns how long the latest update took.
func (c *Controller) Timing() Timing { return c.timing }

// KingRule returns rule R7/R8's King squares after our checking move, from
// the JKrieg rules alone (0 when our last move gave no check).
func (c *Controller) KingRule() game.Bitboard { return c.kingRule }

// CheckRule returns rules R3-R6's squares for each checker of our king, from
// the JKrieg rules alone, and the same refined by B1.
func (c *Controller) CheckRule() (raw, refined []game.Bitboard) { return c.checkRaw, c.checkSets }
