package lab

import "fmt"

// Stop, when set in a series' options and closed, ends the series early:
// no further game is started once it is seen (one handed out at the very
// moment it closes may still be), the games under way are finished, and
// the report covers the games played, its Asked field saying how many were
// asked for.
// krieg closes it on Ctrl-C, so a long run stopped by hand still reports.
type Stop <-chan struct{}

// Now reports whether the series is asked to stop (never, when nil).
func (s Stop) Now() bool {
	select {
	case <-s:
		return true
	default:
		return false
	}
}

// StoppedNote is the line a report of a series stopped early begins its
// figures with ("" for a series played to its end).
func StoppedNote(played, asked int) string {
	if asked == 0 {
		return ""
	}
	return fmt.Sprintf("stopped early: %d of %d played\n", played, asked)
}
