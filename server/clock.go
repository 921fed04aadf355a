package server

import (
	"fmt"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	kriegnet "github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc/dg"
)

// As on lichess, neither clock runs until both sides have made their first
// move: each side has Config.FirstMove for it, on no clock, and a game a
// side has not begun within that time is aborted, unrated and with no
// result. From then on the clock of the side to move runs, through its
// illegal attempts too; an accepted move stops it, adds the increment and
// starts the other side's. A flag that falls ends the game at once.

// left returns c's time left now.
func (m *match) left(color int, now time.Time) time.Duration {
	t := m.clock[color]
	if m.ticking && int(m.ref.ToMove()) == color {
		t -= now.Sub(m.stamp)
	}
	return t
}

// moved charges the mover (whose move the referee just accepted; it is now
// the other side's turn) and adds the increment.
func (m *match) moved() {
	m.s.tablesChanged()
	now := m.s.clock.Now()
	mover := int(m.ref.ToMove().Other())
	if m.ticking {
		m.clock[mover] -= now.Sub(m.stamp)
		m.clock[mover] += m.inc
	}
	m.stamp = now
	if !m.ticking && m.ref.Plies() >= 2 {
		m.ticking = true // both first moves are made: the clocks start
	}
	m.armFirstMove()
	m.armClock()
}

// armFirstMove sets the timer that aborts the game when the side to move
// has not made its first move in time; once the clocks run there is none.
func (m *match) armFirstMove() {
	m.stopFirstMove()
	if m.over || m.ticking {
		return
	}
	side := m.ref.ToMove()
	m.first = m.s.clock.AfterFunc(m.s.cfg.FirstMove, m.s.safely("the first-move timer", func() {
		m.s.locked(func() error {
			if m.s.closed {
				return nil // fired as the server closed
			}
			m.noFirstMove(side)
			return nil
		})
	}))
}

// noFirstMove aborts the game when side still owes its first move (the
// timer may fire just as the move is made): both players hear why in one
// line, and the game ends unrated with no result.
func (m *match) noFirstMove(side game.Color) {
	if m.over || m.ticking || m.ref.ToMove() != side {
		return
	}
	st := m.seats[side]
	m.abort(fmt.Sprintf("%s (%s) made no first move within %s", st.name, side.Title(), spell(m.s.cfg.FirstMove)), false)
}

// armClock sets the timer to the side to move's flag fall.
func (m *match) armClock() {
	m.stopClock()
	if m.over || !m.ticking || m.base == 0 {
		return
	}
	side := int(m.ref.ToMove())
	wait := m.left(side, m.s.clock.Now())
	m.timer = m.s.clock.AfterFunc(wait+5*time.Millisecond, m.s.safely("the flag timer", func() {
		m.s.locked(func() error {
			if m.s.closed {
				return nil // fired as the server closed
			}
			m.flagIfDown()
			return nil
		})
	}))
}

// stopTimers stops the flag and first-move timers, as a game ends or the
// server closes: neither may end a game or write to the log afterwards.
func (m *match) stopTimers() {
	m.stopClock()
	m.stopFirstMove()
}

// freeze stops the clocks at what they show now, as the game ends, and
// tells everyone following (datagram 56, neither running), so that every
// client shows the time the game ended with, not the last move's.
func (m *match) freeze() {
	if !m.ticking {
		return
	}
	now := m.s.clock.Now()
	side := int(m.ref.ToMove())
	m.clock[side] = max(0, m.left(side, now))
	m.stamp, m.ticking = now, false
	m.sendClocks()
}

// stopFirstMove stops the first-move timer.
func (m *match) stopFirstMove() {
	if m.first != nil {
		m.first.Stop()
		m.first = nil
	}
}

// stopClock stops the flag timer.
func (m *match) stopClock() {
	if m.timer != nil {
		m.timer.Stop()
		m.timer = nil
	}
}

// flagIfDown ends the game when the side to move has no time left; it
// reports whether it did.
func (m *match) flagIfDown() bool {
	if m.over || m.base == 0 {
		return false
	}
	side := m.ref.ToMove()
	if m.left(int(side), m.s.clock.Now()) > 0 {
		return false
	}
	m.end(referee.Result{Score: game.WinFor(side.Other()), Reason: referee.ReasonTime})
	return true
}

// sendClocks sends both clocks (datagram 56) to the players and observers.
func (m *match) sendClocks() {
	now := m.s.clock.Now()
	for _, c := range m.audience() {
		for i, letter := range [2]string{"W", "B"} {
			running := 0
			if m.ticking && int(m.ref.ToMove()) == i {
				running = 1
			}
			c.send(c.dg(dg.Msec, m.number, letter, m.left(i, now).Milliseconds(), running))
		}
	}
}

// clockLine is both clocks as a line of text for the game's observers, in
// the words krieg's console gives a player at its move ("Clocks: white
// 4:59, black 5:00."): an observer at telnet reads no datagram 56, and
// krieg's console reads none for a game it does not play, so observers saw
// the moves and never the clocks. Both players see both clocks, so an
// observer learns nothing from them that a player does not know.
func (m *match) clockLine(now time.Time) string {
	return fmt.Sprintf("Clocks: %s %s, %s %s.\r\n", game.White, kriegnet.FormatClock(m.left(int(game.White), now)),
		game.Black, kriegnet.FormatClock(m.left(int(game.Black), now)))
}

// audience is everyone following the game.
func (m *match) audience() []*conn {
	out := m.players()
	for o := range m.observers {
		out = append(out, o)
	}
	return out
}
