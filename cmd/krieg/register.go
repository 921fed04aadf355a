package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/krieg/krieg/cmd/internal/launch"
)

// registration reads register typed at the console, which makes the name
// logged in with an account ("register PASSWORD", as kriegd takes it).
// Typed alone, the password is asked, on a terminal without echo and
// twice, rather than typed where it shows; given on the line (a script's
// way) it goes as it is. Where there are no such accounts (a game against
// the computer, kriegspiel.org: not kriegd) it is refused. The password is
// never printed back (a game against the computer used to quote the line
// it did not know); nor is "password OLD NEW" where there is no account.
// ok is false for any other line; line is what to send the server, "" for
// nothing.
func registration(typed string, iccServer bool, in *typedLines, early *[]chan string, stdout io.Writer) (line string, ok bool) {
	word, rest, _ := strings.Cut(strings.TrimSpace(typed), " ")
	if strings.EqualFold(word, "password") && !iccServer {
		fmt.Fprintln(stdout, "! password changes an account's password on a kriegd server (krieg console --connect); here there is none")
		return "", true
	}
	if !strings.EqualFold(word, "register") {
		return "", false
	}
	if !iccServer {
		fmt.Fprintln(stdout, "! register makes your name an account on a kriegd server (krieg console --connect); here there is none to make")
		if strings.TrimSpace(rest) == "" && !launch.StdinIsTerminal() {
			// A script's next line is the password register alone asks
			// for: read and dropped, never shown nor played as a move.
			in.line(early)
		}
		return "", true
	}
	if pw := strings.TrimSpace(rest); pw != "" {
		return "register " + pw, true
	}
	pw, more, err := in.password(early, stdout, "", true)
	switch {
	case err != nil:
		fmt.Fprintf(stdout, "! %s: not registered\n", launch.PlainWords(err.Error()))
	case !more:
		fmt.Fprintln(stdout, "! no password came before the input's end: not registered")
	case strings.TrimSpace(pw) == "":
		fmt.Fprintln(stdout, "! no password given: not registered")
	default:
		return "register " + pw, true
	}
	return "", true
}
