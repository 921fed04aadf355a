package launch

import (
	"bytes"
	"flag"
)

// ParseInterspersed parses args with fs, flags before or after the other
// arguments ("krieg replay game.pgn --text", "kriegd user add alice --data
// DIR"): the arguments are set aside one by one and the flags after them
// read, each stretch by once (which decides what the flag package's own
// words become). The arguments are then fs.Args().
func ParseInterspersed(fs *flag.FlagSet, args []string, once func(*flag.FlagSet, []string) error) error {
	var rest []string
	for {
		if err := once(fs, args); err != nil {
			return err
		}
		if args = fs.Args(); len(args) == 0 {
			break
		}
		rest, args = append(rest, args[0]), args[1:]
	}
	return fs.Parse(append([]string{"--"}, rest...))
}

// ParseHeld parses args with fs and returns what the flag package wrote
// meanwhile (the usage, after a mistake or for -h) instead of printing it,
// for the caller to print as much of it as it means to.
func ParseHeld(fs *flag.FlagSet, args []string) (string, error) {
	var said bytes.Buffer
	out := fs.Output()
	fs.SetOutput(&said)
	err := fs.Parse(args)
	fs.SetOutput(out)
	return said.String(), err
}
