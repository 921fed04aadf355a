// Package player is the computer player: the KPK player of Ciancarini, Dalla
// Libera and Maran's "A Rational Approach to Kriegspiel" grown into a
// whole-game player (docs/player.md). It plays only from its own view, through
// referee.Umpire like a human through a Communicator, and never reads the
// referee's board (but when a measurement makes it peek: peek.go).
//
// Each attempt is chosen from the deduction engine's belief: the controller's
// B2 boards (each a complete position consistent with everything heard) are
// the bot's information set. Every candidate attempt is played on every board
// where it is legal and valued there (mate, stalemate, material after the
// enemy's most dangerous capture or check, progress against the enemy king,
// the KPK table in king-and-pawn endings); a candidate's worth is its
// expected value over the boards where the referee would accept it. An
// illegal answer filters the boards (the seed's Taboo list at work) and the
// rest are weighed again; candidates no board allows come last.
package player

import (
	"math/rand/v2"
	"reflect"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// DefaultMoveTime is the time budget per move when Options leave it zero.
const DefaultMoveTime = time.Second

// Options tune a Bot.
type Options struct {
	// MoveTime is the budget for one move, every attempt included.
	MoveTime time.Duration
	Seed     uint64
	// Capacity is the number of B2 boards the belief holds; zero picks it
	// from MoveTime (fewer boards for blitz).
	Capacity int
	// Starts lists the positions the game may have begun from, all with our
	// men where they are; nil means the standard start. An endgame study
	// whose lone king could be anywhere lists one start per king square.
	Starts []game.Position
	// Peek, when set, returns the true board (us to move) and PeekWeight
	// (in (0,1]) is the weight the bot gives it beside its belief: a
	// measurement of what the bot does not know (peek.go), never play.
	Peek       func() game.Position
	PeekWeight float64
	// Info is the utility the bot gives a bit of what an attempt's answer
	// would tell of the enemy king and of the men that attack ours
	// (inform.go); zero takes DefaultInfo, a negative value gives it none.
	Info float64
}

// Bot is the computer player. One Bot plays one side of one game at a time;
// NewGame (or a first Turn) starts following a game.
type Bot struct {
	opt  Options
	rng  *rand.Rand
	ctl  *controller.Controller
	side game.Color
	seen int           // heard entries already given to the controller
	last referee.Entry // the latest of them
	// The game being followed: its rules and possible starts.
	rules referee.Ruleset
	from  []game.Position
	// visits counts the placements of our men after our moves (repetition.go).
	visits visits
	// enemy is what the bot has heard of the enemy's attempts (sight.go).
	enemy sight
	// king is the lone enemy king's chances square by square (kingtrack.go).
	king kingTrack
	// clock tells the time (time.Now but in tests of the timekeeping), and
	// tail is how far the latest weighings ran past their deadline (clock.go).
	clock func() time.Time
	tail  time.Duration
	// gc collects the heap between turns when the next turn would
	// otherwise start a collection (collect.go).
	gc collector
}

// Prepare builds the endgame tables the bot consults (about a second, once
// per process), so that the first move needing them is not charged for it.
// New starts it in the background; callers timing the bot may wait for it.
func Prepare() {
	var p game.Position
	p, _ = game.ParseFEN("8/8/8/8/8/2k5/8/K6R w - - 0 1")
	KXKDistance(&p)
	p, _ = game.ParseFEN("8/8/8/3k4/8/8/8/K5Q1 w - - 0 1")
	KXKDistance(&p)
	p, _ = game.ParseFEN("8/8/8/3k4/8/8/4P3/K7 w - - 0 1")
	KPKWins(&p)
}

// New returns a bot.
func New(opt Options) *Bot {
	go Prepare()
	if opt.MoveTime <= 0 {
		opt.MoveTime = DefaultMoveTime
	}
	if opt.Capacity <= 0 {
		opt.Capacity = capacityFor(opt.MoveTime)
	}
	if opt.Info == 0 {
		opt.Info = DefaultInfo
	}
	return &Bot{opt: opt, rng: rand.New(rand.NewPCG(opt.Seed, 0x626f74)), clock: time.Now, tail: firstTail(opt.MoveTime)}
}

// capacityFor picks how many boards the belief holds for a move budget:
// the belief is refreshed after every answer, so a budget under blitz's
// 50 ms keeps fewer, while 50 ms and more keep the full belief because a
// smaller one falls back to B1 more often and forgets the game's history.
func capacityFor(d time.Duration) int {
	if d >= 50*time.Millisecond {
		return controller.PlayerCapacity
	}
	return 1024
}

// NewGame starts following a game in which the bot plays side under rules
// from start (the enemy's men as there), forgetting any previous game.
func (b *Bot) NewGame(side game.Color, rules referee.Ruleset, start game.Position) {
	b.begin(side, rules, []game.Position{start})
}

func (b *Bot) begin(side game.Color, rules referee.Ruleset, starts []game.Position) {
	b.side, b.seen, b.rules, b.from = side, 0, rules, starts
	b.visits, b.enemy, b.king = visits{}, sight{public: rules.IllegalPublic}, kingTrack{}
	b.ctl = controller.NewAmong(side, rules, starts, controller.Options{Capacity: b.opt.Capacity, Seed: b.rng.Uint64(), Temper: shownTemper})
}

// shownTemper is the fixed power the bot's view raises the king's B2
// probabilities to, read only when it charges a move for the stalemate it
// may give (stalemate.go): the power its results were measured with, where
// the assistant's follows the enemy's play (controller.AdaptiveTemper).
const shownTemper = 0.95

// Controller returns the deduction engine the bot plays from (nil before
// its first game). After a turn whose last attempts came late, its boards
// wait for the enemy's next message to follow them (Controller.Defer).
func (b *Bot) Controller() *controller.Controller { return b.ctl }

// Turn plays the side to move's turn through u: attempts, best first, until
// the referee accepts one or the game ends, within the move budget
// (clock.go plans it).
func (b *Bot) Turn(u referee.Umpire) []referee.Answer {
	tc := turnClock{start: b.clock(), budget: b.opt.MoveTime}
	b.gc.begin()
	defer b.gc.end() // after the last answer, on the enemy's time
	side := u.ToMove()
	v := u.View(side)
	if b.ctl == nil || side != b.side || !b.following(v) {
		b.begin(side, u.Rules(), b.starts())
	}
	b.catchUp(v)
	tried := map[game.Move]bool{}
	var answers []referee.Answer
	var last []choice // the latest weighing, best first
	for attempt := 0; ; attempt++ {
		// A weighing starts only when it fits in what is left of the turn
		// beside the reserve for further refusals; otherwise the bot takes
		// the next candidate of the latest weighing at once. The first
		// attempt has none to take, so it weighs a single board when late.
		deadline, fits := tc.weighing(b.clock(), attempt, b.tail)
		var m game.Move
		ok := false
		if !fits {
			m, ok = nextUntried(last, tried)
		}
		if !ok {
			var pure bool
			last, pure = b.choose(tried, u.Rules(), deadline)
			b.tail = tc.tail(b.tail, b.clock().Sub(deadline))
			if len(last) == 0 {
				return answers // nothing left to try: cannot happen while the game goes on
			}
			m = last[0].move
			if !pure {
				m = mixed(last, b.rng)
			}
		}
		tried[m] = true
		ans := u.Attempt(m)
		answers = append(answers, ans)
		if _, again := tc.weighing(b.clock(), attempt+1, b.tail); !again {
			// With no weighing to come this turn the boards follow its
			// further attempts at the enemy's next message (or at a
			// weighing, should every candidate be refused): each attempt
			// then costs B1's update only. Timing each part of the slow
			// blitz turns showed up to 25 refused attempts there, each
			// followed by the boards in 1 to 5 ms (a rebuild at each
			// refusal in the slowest).
			b.ctl.Defer()
		}
		b.catchUp(u.View(side))
		if ans.Verdict == referee.Accepted || ans.Verdict == referee.Finished || ans.Result != nil {
			if ans.Verdict == referee.Accepted {
				own := b.ctl.View().Own
				b.visits.note(&own, side)
			}
			return answers
		}
	}
}

// starts are the positions the bot's games may begin from.
func (b *Bot) starts() []game.Position {
	if b.opt.Starts == nil {
		return []game.Position{game.Start()}
	}
	return b.opt.Starts
}

// catchUp gives the controller every entry heard since the last call. If
// the controller refuses one, the umpire's view no longer follows from what
// the bot heard before (another game under the same umpire): the bot
// follows it afresh from the first entry, passing over any entry refused
// even then, and plays on from what it knows.
func (b *Bot) catchUp(v referee.View) {
	if b.feed(v.Heard, false) != nil {
		b.begin(b.side, b.rules, b.from)
		_ = b.feed(v.Heard, true)
	}
}

// following reports whether v continues the game the bot follows: it holds
// at least the entries seen, the latest of them unchanged.
func (b *Bot) following(v referee.View) bool {
	if len(v.Heard) < b.seen {
		return false
	}
	return b.seen == 0 || reflect.DeepEqual(v.Heard[b.seen-1], b.last)
}

// feed observes heard from the first entry not yet seen. It stops at the
// first refusal and returns it, unless skip is set.
func (b *Bot) feed(heard []referee.Entry, skip bool) error {
	for ; b.seen < len(heard); b.seen++ {
		if s := b.ctl.Sampler(); s != nil {
			s.SetPurpose(b.seeing()) // the enemy's next move weighed as by who sees, as likely as that
		}
		if _, err := b.ctl.Observe(heard[b.seen]); err != nil && !skip {
			return err
		}
		b.last = heard[b.seen]
		b.enemy.hear(b.last, b.side)
		v := b.ctl.View()
		b.king.hear(b.last, b.side, &v.Own, &v.Possible)
	}
	return nil
}

// boardsPerWeighing bounds the boards one weighing looks at.
const boardsPerWeighing = 256

// choose weighs the untried candidates over the believed boards, best first.
// The caller draws among those within mixMargin of the best (mixed): the
// seed's mixed strategy when the enemy king may be on either side of a plan.
func (b *Bot) choose(tried map[game.Move]bool, rules referee.Ruleset, deadline time.Time) (choices []choice, pure bool) {
	b.ctl.Settle() // the boards follow every attempt before they are weighed
	v := b.ctl.View()
	own := v.Own
	own.SetTurn(b.side)
	boards := b.ctl.Weighable(boardsPerWeighing) // B1's guesses when B2 holds none
	if b.opt.Peek != nil && b.opt.PeekWeight > 0 {
		boards = peeked(boards, b.opt.Peek(), b.opt.PeekWeight)
	}
	b.king.start(&v.Possible)
	r := rank(&own, boards, tried, rules, b.real(deadline), &v.Possible, b.king.chances(), b.seeing(), b.opt.Info)
	if r.lone {
		if r.pure {
			// Bishop and knight play their best choice unmixed, so a
			// shuffle between two placements would never end by chance.
			b.visits.penalize(&own, r.choices, bnRepetition, bnRepetitionCap)
		}
		return r.choices, r.pure // the lone king's technique weighs the belief whole
	}
	if r.now >= winning && !rules.StalemateLoses {
		penalizeStalemates(&own, r.choices, &v, boards[:r.boards]) // stalemate.go, on the boards the weighing scored in time
	}
	b.visits.penalize(&own, r.choices, repetition, repetitionCap) // a shuffle gives way (repetition.go)
	return r.choices, false
}

// nextUntried is the best of choices not tried yet.
func nextUntried(choices []choice, tried map[game.Move]bool) (game.Move, bool) {
	for _, c := range choices {
		if !tried[c.move] {
			return c.move, true
		}
	}
	return game.NoMove, false
}

// mixMargin is how far below the best a candidate may score and still be drawn.
const mixMargin = 0.004

// mixed draws among the leading choices (sorted best first).
func mixed(choices []choice, rng *rand.Rand) game.Move {
	best := choices[0].score
	total := 0.0
	n := 0
	for n < len(choices) && choices[n].score > best-mixMargin {
		total += choices[n].score - (best - mixMargin)
		n++
	}
	if n <= 1 || total <= 0 {
		return choices[0].move
	}
	x := rng.Float64() * total
	for _, c := range choices[:n] {
		x -= c.score - (best - mixMargin)
		if x <= 0 {
			return c.move
		}
	}
	return choices[0].move
}
