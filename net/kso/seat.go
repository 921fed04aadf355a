package kso

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Seat is our side of one game on the site, kept up to date from its state
// answers. It is also a referee.Umpire, so the computer player plays
// through it exactly as through a local referee. A Seat is used by one
// goroutine at a time.
type Seat struct {
	c     *Client
	ctx   context.Context
	Ref   string // the game's id or code
	rules referee.Ruleset
	view  View
	// extra holds our nonsense attempts, which the site answers but never
	// puts on a scoresheet, each with the number of scoresheet entries
	// before it.
	extra []placed
	// Err is the latest request error (nil after a good refresh).
	Err error
	// Strict refuses, without asking the site, attempts missing from the
	// state's allowed_moves (as the site's bot guide asks), except in
	// rulesets that answer such attempts "illegal" (Wild 16). Nothing is
	// heard of them: they never reach the referee.
	Strict bool
}

type placed struct {
	at int
	e  referee.Entry
}

// NewSeat follows game ref under rules; call Refresh before using it.
func NewSeat(ctx context.Context, c *Client, ref string, rules referee.Ruleset) *Seat {
	return &Seat{c: c, ctx: ctx, Ref: ref, rules: rules}
}

// Refresh reads the state again.
func (s *Seat) Refresh() error {
	st, err := s.c.State(s.ctx, s.Ref)
	if err != nil {
		s.Err = err
		return err
	}
	v, err := ReadState(s.rules, st, time.Now())
	if err != nil {
		s.Err = err
		return err
	}
	s.view, s.Err = v, nil
	return nil
}

// Current returns the latest view.
func (s *Seat) Current() View { return s.view }

// Heard returns everything we heard in order: the scoresheet's entries
// with our nonsense attempts in their places.
func (s *Seat) Heard() []referee.Entry {
	out := make([]referee.Entry, 0, len(s.view.Heard)+len(s.extra))
	j := 0
	for i, e := range s.view.Heard {
		for j < len(s.extra) && s.extra[j].at <= i {
			out = append(out, s.extra[j].e)
			j++
		}
		out = append(out, e)
	}
	for ; j < len(s.extra); j++ {
		out = append(out, s.extra[j].e)
	}
	return out
}

// Rules returns the game's ruleset.
func (s *Seat) Rules() referee.Ruleset { return s.rules }

// ToMove returns the side to move as last read.
func (s *Seat) ToMove() game.Color { return s.view.ToMove }

// View returns what we know (c must be our side; the site tells nothing else).
func (s *Seat) View(c game.Color) referee.View {
	v := referee.View{Side: c, ToMove: s.view.ToMove, Plies: s.view.Plies, Result: s.view.Result}
	if c == s.view.Side {
		v.Own, v.Heard = s.view.Own, s.Heard()
	}
	return v
}

// Attempt submits m and returns the answer as the referee package gives it.
func (s *Seat) Attempt(m game.Move) referee.Answer {
	v := &s.view
	if s.Strict && s.rules.Nonsense != referee.NonsenseAsIllegal && v.State == "active" && v.ToMove == v.Side &&
		len(v.Allowed) > 0 && !slices.Contains(v.Allowed, m) {
		return referee.Answer{Verdict: referee.Nonsense, Move: m, Capture: game.NoSquare}
	}
	r, err := s.c.Move(s.ctx, s.Ref, m.String())
	return s.answered(m, r, err)
}

// AskAny asks Any?.
func (s *Seat) AskAny() referee.Answer {
	r, err := s.c.AskAny(s.ctx, s.Ref)
	if errors.Is(err, ErrActionNotAvailable) {
		return referee.Answer{Verdict: referee.Nonsense, Capture: game.NoSquare}
	}
	return s.answered(game.NoMove, r, err)
}

// answered records an answer (a nonsense attempt in extra), reads the
// state again and returns the answer. A request that failed is answered
// Finished, which ends the player's turn; the caller sees Err.
func (s *Seat) answered(m game.Move, r MoveResponse, err error) referee.Answer {
	if err != nil {
		s.Err = err
		_ = s.Refresh()
		if s.Err == nil {
			s.Err = err
		}
		return referee.Answer{Verdict: referee.Finished, Move: m, Capture: game.NoSquare}
	}
	e, ok := AnswerEntry(s.rules, s.view.Side, s.view.Plies, m, r)
	if ok && e.Verdict == referee.Nonsense {
		s.extra = append(s.extra, placed{at: len(s.view.Heard), e: e})
	}
	_ = s.Refresh()
	a := referee.Answer{Verdict: e.Verdict, Move: m, Capture: game.NoSquare, Announcements: e.Said, Result: s.view.Result}
	if !ok {
		a.Verdict = referee.Nonsense
	}
	if r.HasAny != nil {
		a.Any = *r.HasAny
	}
	if r.CaptureSquare != nil {
		if sq, err := game.ParseSquare(*r.CaptureSquare); err == nil {
			a.Capture = sq
		}
	}
	if e.Verdict == referee.Accepted && len(s.view.Heard) > 0 {
		a.Announcements = s.view.Heard[len(s.view.Heard)-1].Said
		for _, x := range a.Announcements {
			if x.Kind == referee.KindCheck {
				a.Checks = append(a.Checks, x.Check)
			}
		}
	}
	return a
}

// String names the seat for messages.
func (s *Seat) String() string { return fmt.Sprintf("game %s", s.Ref) }
