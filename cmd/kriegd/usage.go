package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	stdnet "net"
	"strconv"
	"strings"

	"github.com/krieg/krieg/cmd/internal/launch"
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

// parseArgs parses args with fs, flags before or after the other
// arguments ("kriegd user add alice --data DIR" as well as before NAME).
// Asked for help (-h), it prints the usage and returns flag.ErrHelp; on a
// mistake it says what was wrong and where the flags are listed, not the
// seventy lines of the usage after it.
func parseArgs(fs *flag.FlagSet, args []string) error {
	return launch.ParseInterspersed(fs, args, parseOnce)
}

// parseOnce parses args with fs, holding the flag package's own output
// back unless help was asked for.
func parseOnce(fs *flag.FlagSet, args []string) error {
	said, err := launch.ParseHeld(fs, args)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		_, _ = io.WriteString(fs.Output(), said)
		return err
	}
	return usagef("%v (%s -h lists the flags)", err, fs.Name())
}

// checkAddr refuses an address to listen on that is none ("host:port", the
// host maybe empty, the port 0 to 65535), naming its flag, before anything
// is opened or made.
func checkAddr(flagName, addr string) error {
	_, port, err := stdnet.SplitHostPort(addr)
	if err == nil {
		var n int
		if n, err = strconv.Atoi(port); err == nil && (n < 0 || n > 65535) {
			err = errors.New("the port is 0 to 65535")
		} else if err != nil {
			err = fmt.Errorf("the port %q is not a number", port)
		}
	}
	if err != nil {
		return usagef("--%s %q is not an address to listen on (such as :5000 or 127.0.0.1:5000): %v", flagName, addr, err)
	}
	return nil
}

// checkDSN refuses a --db address of a database kriegd does not speak to,
// which would otherwise be taken for a SQLite file's name.
func checkDSN(dsn string) error {
	if strings.Contains(dsn, "://") && !strings.HasPrefix(dsn, "postgres://") && !strings.HasPrefix(dsn, "postgresql://") {
		return usagef("--db %q: kriegd keeps its data in PostgreSQL (postgres://user@host/db) or SQLite (a file's path, or nothing for the data folder's)", dsn)
	}
	return nil
}
