package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
)

// usageError is a command-line mistake: kriegd says it in one line and
// exits 2, as krieg does, so that a script tells a typo from a server that
// failed (exit 1).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// usagef is a usageError in kriegd's words.
func usagef(format string, a ...any) error {
	return usageError{errorLine(fmt.Errorf(format, a...))}
}

// isUsage reports whether err is a command-line mistake.
func isUsage(err error) bool {
	var u usageError
	return errors.As(err, &u)
}

// parseArgs parses args with fs. Asked for help (-h), it prints the usage
// and returns flag.ErrHelp; on a mistake it says what was wrong and where
// the flags are listed, not the seventy lines of the usage after it.
func parseArgs(fs *flag.FlagSet, args []string) error {
	var said bytes.Buffer
	out := fs.Output()
	fs.SetOutput(&said)
	err := fs.Parse(args)
	fs.SetOutput(out)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		_, _ = out.Write(said.Bytes())
		return err
	}
	return usagef("%v (%s -h lists the flags)", err, fs.Name())
}
