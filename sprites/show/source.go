package show

import (
	"context"
	"fmt"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// Player plays one side's turns through an umpire: the computer player
// (controller/player) or the random attempter (game/attempter).
type Player interface {
	Turn(u referee.Umpire) []referee.Answer
}

// demoEntry is one message of the game the demo shows: the referee's log
// entry, every announcement in it, and the true board after it.
type demoEntry struct {
	entry referee.Entry
	truth game.Position
}

// demoGame is a game's messages on their way to the demo: its rules and
// start, then its entries, closed at its end.
type demoGame struct {
	rules   referee.Ruleset
	start   game.Position
	title   string
	entries <-chan demoEntry
	// disagrees says where a record differs from the referee that
	// replays it ("" when it does not, or for a game played on the spot).
	disagrees string
}

// selfPlay has players play a game under rules from the start position,
// handing each message on as the referee gives it, until the game ends or
// ctx is done.
func selfPlay(ctx context.Context, rules referee.Ruleset, players [2]Player, title string) demoGame {
	out := make(chan demoEntry, 64)
	start := game.Start()
	go func() {
		defer close(out)
		ref := referee.New(rules, start)
		u := &feeding{Referee: ref, ctx: ctx, out: out}
		for ref.Result() == nil && ctx.Err() == nil {
			before := len(ref.Log())
			players[ref.ToMove()].Turn(u)
			if len(ref.Log()) == before {
				return // the player found nothing to say: no further message can come
			}
		}
	}()
	return demoGame{rules: rules, start: start, title: title, entries: out}
}

// feeding is the umpire the demo's players play through: each message is
// handed on, with the true board, as soon as it is given.
type feeding struct {
	*referee.Referee
	ctx  context.Context
	out  chan<- demoEntry
	seen int
}

func (f *feeding) Attempt(m game.Move) referee.Answer {
	a := f.Referee.Attempt(m)
	f.flush()
	return a
}

func (f *feeding) AskAny() referee.Answer {
	a := f.Referee.AskAny()
	f.flush()
	return a
}

// flush hands on the log's new entries, waiting for room unless the demo
// has ended.
func (f *feeding) flush() {
	for _, e := range f.LogFrom(f.seen) {
		select {
		case f.out <- demoEntry{entry: e, truth: f.Position()}:
		case <-f.ctx.Done():
			return
		}
		f.seen++
	}
}

// recordGame hands on the messages of a recorded game: its moves and
// refused attempts replayed through the referee, the true board after each.
func recordGame(ctx context.Context, rec *record.Record, rules referee.Ruleset, title string) (demoGame, error) {
	start, err := rec.Start()
	if err != nil {
		return demoGame{}, fmt.Errorf("show: %w", err)
	}
	ref, err := record.Replay(rec, rules, nil)
	if err != nil {
		return demoGame{}, fmt.Errorf("show: %w", err)
	}
	log := ref.Log()
	out := make(chan demoEntry, 64)
	go func() {
		defer close(out)
		pos := start
		for _, e := range log {
			if e.Verdict == referee.Accepted {
				pos.Apply(e.Attempt)
			}
			select {
			case out <- demoEntry{entry: e, truth: pos}:
			case <-ctx.Done():
				return
			}
		}
	}()
	g := demoGame{rules: rules, start: start, title: title, entries: out}
	if err := record.Check(rec, rules); err != nil {
		g.disagrees = record.ShownAsReplayed(err)
	}
	return g, nil
}
