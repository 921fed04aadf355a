package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/net/kso"
)

// ksoFlags are the flags that choose kriegspiel.org.
type ksoFlags struct {
	on  bool
	url string
}

func (k *ksoFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&k.on, "kso", false, "play on kriegspiel.org (its own login; the password is asked, never echoed or stored)")
	fs.StringVar(&k.url, "kso-url", kso.DefaultBase, "kriegspiel.org's API address")
}

// ksoConsole logs a person in to kriegspiel.org and runs the console over
// the site: its lobby commands, then the game.
func ksoConsole(k ksoFlags, fl launch.Flags, in *bufio.Reader, stdout, stderr io.Writer) error {
	c, err := kso.New(kso.Options{Base: k.url})
	if err != nil {
		return usage(err)
	}
	user := fl.User
	if user == "" {
		fmt.Fprint(stderr, "kriegspiel.org user: ")
		line, err := in.ReadString('\n')
		if user = strings.TrimSpace(line); user == "" {
			return fmt.Errorf("%w: no user name given (--user NAME)%s", errUsage, errText(err))
		}
	}
	pw, err := launch.ReadPassword(in, stderr)
	if err != nil {
		return err
	}
	ep := kso.NewEndpoint(c, kso.EndpointOptions{User: user, Password: pw, SaveDir: fl.SaveDir})
	fmt.Fprintln(stdout, kso.LobbyHelp)
	return consoleLoop(ep, nil, in, stdout)
}

func errText(err error) string {
	if err == nil || errors.Is(err, io.EOF) {
		return ""
	}
	return ": " + err.Error()
}
