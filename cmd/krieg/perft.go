package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/krieg/krieg/game"
)

func runPerft(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("perft", stderr)
	fen := fs.String("fen", game.StartFEN, "position to count from")
	divide := fs.Bool("divide", false, "print the count below each root move")
	for i, a := range args {
		// A negative DEPTH (perft -1) reads as a flag: it is refused as
		// a DEPTH, not as a flag no one defined.
		if _, err := strconv.Atoi(a); err == nil && strings.HasPrefix(a, "-") && (i == 0 || !isFENFlag(args[i-1])) {
			return depthError(a)
		}
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("%w: want one DEPTH argument", errUsage)
	}
	depth, err := strconv.Atoi(fs.Arg(0))
	if err != nil || depth < 0 || depth > 12 {
		return depthError(fs.Arg(0))
	}
	p, err := parseFEN(*fen)
	if err != nil {
		return err
	}
	start := time.Now()
	var total uint64
	if *divide && depth > 0 {
		for _, e := range p.Divide(depth) {
			fmt.Fprintf(stdout, "%s: %d\n", e.Move, e.Nodes)
			total += e.Nodes
		}
		fmt.Fprintln(stdout)
	} else {
		total = p.Perft(depth)
	}
	fmt.Fprintln(stdout, total)
	el := time.Since(start)
	fmt.Fprintf(stderr, "%d nodes in %v (%.0f nodes/s)\n", total, el.Round(time.Millisecond), float64(total)/el.Seconds())
	return nil
}

// depthError says that arg is no DEPTH perft counts to.
func depthError(arg string) error {
	return fmt.Errorf("%w: DEPTH %q must be a number from 0 to 12", errUsage, arg)
}

// isFENFlag reports whether arg is the --fen flag awaiting its value.
func isFENFlag(arg string) bool { return arg == "-fen" || arg == "--fen" }
