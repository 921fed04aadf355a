package server

import (
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net/icc/dg"
)

// The clock of the side to move runs from the first move on, through its
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
	m.clock[mover] -= now.Sub(m.stamp)
	m.clock[mover] += m.inc
	m.stamp = now
	m.armClock()
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
			m.flagIfDown()
			return nil
		})
	}))
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

// audience is everyone following the game.
func (m *match) audience() []*conn {
	out := m.players()
	for o := range m.observers {
		out = append(out, o)
	}
	return out
}
