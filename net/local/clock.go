package local

import (
	"fmt"
	"time"
)

// MaxBase and MaxIncrement bound a local game's time control, as kriegd
// bounds its own: far past any game one sits through.
const (
	MaxBase      = 600 * time.Minute
	MaxIncrement = 600 * time.Second
)

// MinBase is the shortest base time a timed local game takes, lichess's
// shortest (a quarter of a minute): under it the first flag falls before a
// player has read the board.
const MinBase = 15 * time.Second

// CheckClock returns why a local game cannot be played with base time and
// inc a move: a base of nothing with an increment (the clocks start once
// both sides have moved, at zero, and the first flag would fall at once),
// or more than MaxBase or MaxIncrement. Neither (0+0) is an untimed game.
func CheckClock(base, inc time.Duration) error {
	switch {
	case base < 0 || inc < 0:
		return fmt.Errorf("local: a time control cannot be negative")
	case base == 0 && inc > 0:
		return fmt.Errorf("local: a base time of 0 with an increment is not played: the clocks start at 0 once both sides have moved, and the first flag would fall at once; give at least 0.25 minutes (15 s)")
	case base > MaxBase:
		return fmt.Errorf("local: a base time of %v is more than the %v allowed", base, MaxBase)
	case inc > MaxIncrement:
		return fmt.Errorf("local: an increment of %v is more than the %v allowed", inc, MaxIncrement)
	}
	return nil
}

// CheckTimeControl is CheckClock for a time control a player chose: it
// also refuses a base under MinBase (shorter clocks are for tests).
func CheckTimeControl(base, inc time.Duration) error {
	if base > 0 && base < MinBase {
		return fmt.Errorf("local: a base time of %v is too short to play: give at least 0.25 minutes (15 s)", base)
	}
	return CheckClock(base, inc)
}
