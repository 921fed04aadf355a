package main

import (
	"io"

	"github.com/krieg/krieg/game/referee"
)

func runReferee(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("referee", stderr)
	var g gameFlags
	g.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := noArgs(fs); err != nil {
		return err
	}
	rules, start, err := g.resolve()
	if err != nil {
		return err
	}
	return referee.Serve(referee.New(rules, start), stdin, stdout)
}
