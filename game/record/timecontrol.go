package record

import (
	"strconv"
	"time"
)

// TimeControl is PGN's TimeControl tag for a game of base time and inc a
// move: "300+3" (seconds), "90+0.5" for fractions (kriegd allows them),
// "-" for a game without a clock.
func TimeControl(base, inc time.Duration) string {
	if base == 0 && inc == 0 {
		return "-"
	}
	secs := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }
	return secs(base) + "+" + secs(inc)
}
