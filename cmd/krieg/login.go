package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
)

// longestName is the longest name the login prompt sends: ICC's and
// kriegd's are 16 characters at most.
const longestName = 64

// loginPrompt asks for another name once the server refused one.
const loginPrompt = "login (another name, or Enter alone to play as a guest; quit leaves): "

// loginAs is an endpoint that can log in under another name (icc.Client).
type loginAs interface {
	LoginAs(user, password string) error
}

// loginAgain answers a login the server refused for its name or password
// (icc.NameRefused) as a chess server's login prompt does, where the
// console used to end: it says why, asks for another name (an empty line:
// a guest), and the name's password when the server wants one for it, and
// connects again, until a login goes through, quit is typed (left), the
// input ends or the login fails otherwise (err). early holds the line
// typed while connecting, if any, read first; it returns it unread.
func loginAgain(ctx context.Context, cancel func(), comm net.Communicator, typed *typedLines, early []chan string, err error, stdout io.Writer) ([]chan string, bool, error) {
	relog, ok := comm.(loginAs)
	name := ""
	// again asks for a name without a new refusal to tell: a password
	// not given.
	again := false
	for ok && err != nil {
		forget(comm.Events())
		password := ""
		switch {
		// A registered name given without its password (--user, then
		// Enter at its prompt) is asked for again as a refused one is.
		case again || icc.NameRefused(err) || errors.Is(err, icc.ErrNoPassword) && name == "":
			if !again {
				fmt.Fprintf(stdout, "! %s\n", icc.Reason(err))
			}
			again = false
			fmt.Fprint(stdout, loginPrompt)
			l, more := typed.line(&early)
			if !more {
				fmt.Fprintln(stdout)
				return early, false, err
			}
			if !launch.StdinIsTerminal() {
				fmt.Fprintln(stdout, l) // the terminal echoes it; a script's transcript shows it so
			}
			if name = strings.TrimSpace(l); strings.EqualFold(name, "quit") || strings.EqualFold(name, "exit") {
				return early, true, nil
			}
			if len(name) > longestName {
				// Sent, a line this long ends the connection with no word
				// the console can show (kriegd stops reading at 4 KB).
				fmt.Fprintf(stdout, "! a name of %d characters: a server's names are short (kriegd's 2 to 16 letters and digits)\n", utf8.RuneCountInString(name))
				again = true
				continue
			}
		case errors.Is(err, icc.ErrNoPassword) && name != "":
			// The name typed is registered: its password, as the server
			// asks it.
			pw, more, perr := typed.password(&early, stdout, fmt.Sprintf("password for %s: ", name), false)
			if perr != nil {
				return early, false, perr
			}
			if !more || strings.TrimSpace(pw) == "" {
				// No password (Enter, or the input's end): back to the
				// name, where the input's end ends the console.
				fmt.Fprintf(stdout, "! no password given for %s\n", name)
				again = true
				continue
			}
			password = pw
		default:
			return early, false, err
		}
		if err := relog.LoginAs(name, password); err != nil {
			return early, false, err
		}
		// Nothing is read while it connects again: the server may ask the
		// name's password next, on the terminal.
		_, _, err = connect(ctx, cancel, comm, nil)
	}
	return early, false, err
}

// forget drops the news of a login that failed (the greeting, "login:"
// asked again, the connection's end), all in by the time Connect returns:
// the refusal says what matters, and the end, read later, began a
// reconnection.
func forget(events <-chan net.Event) {
	for {
		select {
		case _, ok := <-events:
			if !ok {
				return
			}
		default:
			return
		}
	}
}
