package net

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// FormatClock writes a clock as lichess does: m:ss, with tenths under ten
// seconds, and never negative.
func FormatClock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	if d < 10*time.Second {
		t := d / (100 * time.Millisecond)
		return fmt.Sprintf("0:%02d.%d", t/10, t%10)
	}
	s := int(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// Untimed reports whether the game has no clock (no base time and no
// increment).
func (s GameSpec) Untimed() bool { return s.Base == 0 && s.Increment == 0 }

// TimeControl writes the game's clock as players say it: "5+3" (minutes
// and seconds a move), "0.5+0" for half a minute, or "no clock".
func (s GameSpec) TimeControl() string {
	if s.Untimed() {
		return "no clock"
	}
	return fmt.Sprintf("%s+%s", trimFloat(s.Base.Minutes()), trimFloat(s.Increment.Seconds()))
}

// trimFloat writes f with at most two decimals and no trailing zeros.
func trimFloat(f float64) string { return strconv.FormatFloat(math.Round(f*100)/100, 'f', -1, 64) }
