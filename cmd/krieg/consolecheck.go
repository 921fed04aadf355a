package main

import (
	"fmt"
	"strings"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// attemptCheck keeps a typed attempt that is impossible on our own board,
// or already refused this turn, from leaving the console: such an attempt
// tells nothing and some rulesets count it.
type attemptCheck struct {
	snap  net.Snapshot
	tried []game.Move // our attempts refused this turn
	tries controller.TryWatch
	// awaiting is set from an attempt of ours checked here until it is
	// answered and our turn has come again: the next typed line is checked
	// on the board the answer leaves (moves pasted all at once are judged
	// in turn, each on our own turn).
	awaiting, answered bool
	// ending is set from a resignation or abort sent until the game ends:
	// awaiting holds until then, whatever answers come before it.
	ending bool
}

// follow notes what an event says of our board and this turn's refusals.
func (c *attemptCheck) follow(ev net.Event) {
	c.snap = ev.Snap
	e := ev.Entry
	// A refused Wild 16 px names no move, and is an answer all the same.
	if ev.Kind == net.KindHeard && e.Mover == c.snap.Side && (e.Attempt != game.NoMove || e.AskedAny || e.Verdict == referee.Illegal) {
		c.answered = true
	}
	switch ev.Kind {
	case net.KindStarted, net.KindEnded, net.KindConnection, net.KindProblem:
		c.awaiting, c.ending = false, false // the game or the connection changed, or our line was refused
	case net.KindHeard:
		if !c.snap.InGame {
			c.awaiting, c.ending = false, false
		} else if c.answered && c.snap.ToMove == c.snap.Side && !c.ending {
			c.awaiting = false // our turn again
		}
	}
	// Clock updates, server text and offers leave the wait as it is.
	switch ev.Kind {
	case net.KindStarted:
		c.tries = controller.StartWatch(c.snap.Spec.Rules, c.snap.Spec.Start, c.snap.Plies)
	case net.KindHeard:
		c.tries.Follow(e, c.snap.Side, c.snap.Spec.Rules)
	}
	switch {
	case ev.Kind == net.KindStarted:
		c.tried = nil
	case ev.Kind != net.KindHeard:
	case e.Verdict == referee.Accepted:
		c.tried = nil
	case e.Mover == c.snap.Side && e.Attempt != game.NoMove && e.Verdict != referee.Answered:
		c.tried = append(c.tried, e.Attempt)
	}
}

// beforeOurTurn reports whether line is a move typed while the opponent is
// to move: it waits for our turn, to be checked on the board the
// opponent's move leaves (Black's moves typed before White's first).
func (c *attemptCheck) beforeOurTurn(line string) bool {
	s := c.snap
	return s.InGame && s.Spec.Kriegspiel && s.ToMove != s.Side && controller.IsTypedMove(line)
}

// check returns why the typed line, when it is a move of ours in a
// Kriegspiel game on our turn, may not be sent; a pawn's move to the last
// rank without a piece becomes a queen's in the line. A move typed in
// capitals, with a dash between its squares, as castling (O-O, 0-0-0) or
// in algebraic notation (Nf3) is rewritten into coordinates first.
func (c *attemptCheck) check(line *string) error {
	if controller.SeveralMoves(*line) {
		// Pasted lines arrive joined: said so, rather than sent as one
		// word the referee reads as no move.
		return fmt.Errorf("%q %w: it holds several moves: type one a line (one typed during the opponent's turn waits its turn)", *line, controller.ErrNotSent)
	}
	if err := c.coordinates(line); err != nil {
		return err
	}
	m, err := game.ParseMove(*line)
	s := c.snap
	if !s.InGame || !s.Spec.Kriegspiel || s.ToMove != s.Side {
		return nil
	}
	if net.IsAnyQuestion(*line) {
		if err := controller.AnySendable(s.Spec.Rules, c.tries, strings.ToLower(strings.TrimSpace(*line))); err != nil {
			return err
		}
		// The lines after Any? wait for its answer, which may rule them out.
		c.awaiting, c.answered = true, false
		return nil
	}
	if err != nil {
		return nil
	}
	own := s.Own
	own.SetTurn(s.Side)
	m, err = controller.SendableUnder(s.Spec.Rules, own, m, c.tried)
	if err == nil {
		err = c.tries.Allows(s.Spec.Rules, &own, m)
	}
	if err != nil {
		return err
	}
	*line = m.String()
	c.awaiting, c.answered = true, false
	return nil
}

// coordinates rewrites a typed move into coordinates (e7e5), reading
// algebraic notation on our own board (controller.TypedMove); an
// ambiguous or impossible one is refused without leaving the console.
func (c *attemptCheck) coordinates(line *string) error {
	var own *game.Position
	if s := c.snap; s.InGame {
		o := s.Own
		o.SetTurn(s.Side)
		own = &o
	}
	m, ok, err := controller.TypedMove(*line, own)
	if err != nil {
		return err
	}
	if !ok && own == nil && controller.IsTypedMove(*line) {
		// Nf3 is read on our board, and there is none: the server would
		// only say that it writes moves in coordinates.
		return fmt.Errorf("%s: no game in progress", *line)
	}
	if ok {
		*line = m.String()
	}
	return nil
}

// untilStarted hands every event to show until a game has started (or
// the events end): typed lines wait until there is a board to check them on.
func untilStarted(events <-chan net.Event, show func(net.Event)) {
	for ev := range events {
		show(ev)
		if ev.Kind == net.KindStarted {
			return
		}
	}
}
