package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/net/kso"
)

// ksoConsole logs a person in to kriegspiel.org and runs the console over
// the site: its lobby commands, then the game.
func ksoConsole(k launch.KSO, fl launch.Flags, in *bufio.Reader, stdout, stderr io.Writer) error {
	ep, _, err := k.Person(fl, in, stderr)
	if err != nil {
		return usage(err)
	}
	fmt.Fprintln(stdout, kso.LobbyHelp)
	return consoleLoop(ep, nil, in, stdout, quiet)
}
