package main

import (
	"flag"
	"fmt"
	"time"

	"github.com/krieg/krieg/cmd/internal/launch"
)

// checkMoveTime refuses a --movetime the bot cannot use, in the words the
// console uses for the same mistake (launch.CheckMoveTime), as a usage
// error of this command.
func checkMoveTime(d time.Duration) error {
	return usage(launch.CheckMoveTime(d))
}

// noArgs refuses arguments left after a command's flags, which it would
// otherwise ignore.
func noArgs(fs *flag.FlagSet) error {
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	return nil
}
