// Package timeline replays a game record through the deduction engine for
// both players and keeps, for every ply, what each of them believed and what
// was really on the board: the data of the board's replay and of
// `krieg render`.
package timeline

import (
	"fmt"
	"os"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// Timeline is a replayed game: after ply p (0 ≤ p ≤ Plies), Truth[p] is the
// real position and Views[c][p] the view model of player c.
type Timeline struct {
	Rules  referee.Ruleset
	Record *record.Record
	Plies  int
	Truth  []game.Position
	Moves  []game.Move // Moves[p-1] led to ply p
	Labels []string    // Labels[p-1] is that move as "12. Nf3"
	Views  [2][]controller.ViewModel
	// Heard[c][p-1] is what player c heard during ply p, in the ruleset's words.
	Heard [2][][]string
	// Disagreement is where the record's announcements or end first differ
	// from the referee's (record.Check), or nil: the timeline follows the
	// referee, and a reader should know the record says otherwise.
	Disagreement error
	// log is the referee's log of the replayed plies (controller.go).
	log []referee.Entry
}

// Options tune the controllers a timeline runs.
type Options struct {
	Controller controller.Options
	// UpTo stops after this many plies (0: the whole record).
	UpTo int
}

// Build replays rec under rules and runs a controller for each player.
func Build(rec *record.Record, rules referee.Ruleset, opt Options) (*Timeline, error) {
	t := &Timeline{Rules: rules, Record: rec, Disagreement: record.Check(rec, rules)}
	var ref *referee.Referee
	steps := 0
	stop := fmt.Errorf("stop")
	r, err := record.Replay(rec, rules, func(s record.Step) error {
		if opt.UpTo > 0 && steps >= opt.UpTo {
			return stop
		}
		steps++
		t.Moves = append(t.Moves, s.Ply.Move)
		t.Labels = append(t.Labels, record.MoveLabel(&s.Before, s.Ply.SAN))
		if len(t.Truth) == 0 {
			t.Truth = append(t.Truth, s.Before)
		}
		after := s.Before
		after.Apply(s.Ply.Move)
		t.Truth = append(t.Truth, after)
		return nil
	})
	ref = r
	if err != nil && err != stop {
		return nil, fmt.Errorf("timeline: %w", err)
	}
	if len(t.Truth) == 0 {
		start, err := rec.Start()
		if err != nil {
			return nil, fmt.Errorf("timeline: %w", err)
		}
		t.Truth = []game.Position{start}
	}
	t.Plies = len(t.Moves)
	var log []referee.Entry
	if ref != nil {
		log = ref.Log()
	}
	t.log = log
	for _, c := range []game.Color{game.White, game.Black} {
		if err := t.follow(c, log, opt.Controller); err != nil {
			return nil, fmt.Errorf("timeline: %s's view: %w", c, err)
		}
	}
	return t, nil
}

// follow runs side c's controller through the log, keeping its view model
// after each ply.
func (t *Timeline) follow(c game.Color, log []referee.Entry, opt controller.Options) error {
	ctl := controller.New(c, t.Rules, t.Truth[0], opt)
	views := []controller.ViewModel{ctl.View()}
	heard := make([][]string, t.Plies)
	for _, e := range log {
		if e.Ply >= t.Plies && len(views) > t.Plies && !t.Whole() {
			break // the next ply's: the whole record's end keeps every one
		}
		for len(views) <= e.Ply && len(views) <= t.Plies {
			views = append(views, ctl.View())
		}
		h, ok := e.HeardBy(c)
		if !ok {
			continue
		}
		if _, err := ctl.Observe(h); err != nil {
			return err
		}
		if e.Ply < t.Plies {
			for _, a := range h.Said {
				if s := a.Text(t.Rules); s != "" {
					heard[e.Ply] = append(heard[e.Ply], s)
				}
			}
		}
	}
	for len(views) <= t.Plies {
		views = append(views, ctl.View())
	}
	if t.Whole() {
		views[t.Plies] = ctl.View() // with whatever ended the game after its last move
	}
	t.Views[c], t.Heard[c] = views[:t.Plies+1], heard
	return nil
}

// Load reads a record from path and builds its timeline under the record's
// own ruleset (its Rules tag, else Wild 16), or under rulesName when given.
func Load(path, rulesName string, opt Options) (*Timeline, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("timeline: %w", err)
	}
	defer f.Close()
	rec, err := record.Read(f)
	if err != nil {
		return nil, fmt.Errorf("timeline: %s: %w", path, err)
	}
	rules, err := rec.Rules()
	if rulesName != "" {
		rules, err = referee.RulesetByName(rulesName)
	}
	if err != nil {
		return nil, fmt.Errorf("timeline: %s: %w", path, err)
	}
	tl, err := Build(rec, rules, opt)
	if err != nil {
		return nil, fmt.Errorf("%w (%s)", err, path)
	}
	return tl, nil
}

// Log returns the referee's log of the plies followed: every entry before
// ply Plies, and those after it when the whole record was followed (the
// attempts refused after the last move).
func (t *Timeline) Log() []referee.Entry {
	for i, e := range t.log {
		if e.Ply > t.Plies || e.Ply == t.Plies && !t.Whole() {
			return t.log[:i]
		}
	}
	return t.log
}

// Whole reports whether the timeline follows the record to its end, as
// against one that Options.UpTo cut short, which knows nothing of the
// plies after Plies.
func (t *Timeline) Whole() bool { return t.Plies == len(t.Record.Plies) }

// At returns the scene-independent facts of ply p from c's view: the
// view model, the real position and the move that led there (NoMove at 0).
func (t *Timeline) At(p int, c game.Color) (controller.ViewModel, *game.Position, game.Move) {
	p = max(0, min(t.Plies, p))
	m := game.NoMove
	if p > 0 {
		m = t.Moves[p-1]
	}
	return t.Views[c][p], &t.Truth[p], m
}
