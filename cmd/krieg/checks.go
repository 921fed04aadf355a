package main

import (
	"flag"
	"fmt"
	"time"
)

// maxMoveTime is the longest budget per move a command accepts: past it a
// game of a few hundred plies would take days.
const maxMoveTime = time.Hour

// checkMoveTime refuses a --movetime the bot cannot use, in the words the
// console uses for the same mistake.
func checkMoveTime(d time.Duration) error {
	if d <= 0 || d > maxMoveTime {
		return fmt.Errorf("%w: --movetime %v: want more than 0, at most 1h", errUsage, d)
	}
	return nil
}

// noArgs refuses arguments left after a command's flags, which it would
// otherwise ignore.
func noArgs(fs *flag.FlagSet) error {
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	return nil
}
