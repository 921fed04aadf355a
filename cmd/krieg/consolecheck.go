package main

import (
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
}

// follow notes what an event says of our board and this turn's refusals.
func (c *attemptCheck) follow(ev net.Event) {
	c.snap = ev.Snap
	e := ev.Entry
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

// check returns why the typed line, when it is a move of ours in a
// Kriegspiel game on our turn, may not be sent; a pawn's move to the last
// rank without a piece becomes a queen's in the line.
func (c *attemptCheck) check(line *string) error {
	m, err := game.ParseMove(*line)
	s := c.snap
	if err != nil || !s.InGame || !s.Spec.Kriegspiel || s.ToMove != s.Side {
		return nil
	}
	own := s.Own
	own.SetTurn(s.Side)
	m, err = controller.Sendable(own, m, c.tried)
	if err != nil {
		return err
	}
	*line = m.String()
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
