package launch

import "flag"

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
