package net

import (
	"testing"
	"time"
)

// TestTimeControlWords: a time control reads as players say it, and a game
// without a clock says so rather than "0+0".
func TestTimeControlWords(t *testing.T) {
	for _, c := range []struct {
		base, inc time.Duration
		want      string
	}{
		{5 * time.Minute, 3 * time.Second, "5+3"},
		{30 * time.Second, 0, "0.5+0"},
		{0, 0, "no clock"},
		{0, 2 * time.Second, "0+2"},
	} {
		if got := (GameSpec{Base: c.base, Increment: c.inc}).TimeControl(); got != c.want {
			t.Errorf("%v+%v: %q; want %q", c.base, c.inc, got, c.want)
		}
	}
	for d, want := range map[time.Duration]string{5 * time.Minute: "5:00", 9500 * time.Millisecond: "0:09.5", -time.Second: "0:00.0", 2 * time.Hour: "2:00:00"} {
		if got := FormatClock(d); got != want {
			t.Errorf("FormatClock(%v) = %q; want %q", d, got, want)
		}
	}
}
