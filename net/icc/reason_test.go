package icc

import (
	"errors"
	"fmt"
	"testing"

	"github.com/krieg/krieg/net/icc/dg"
)

// TestReasonReadsAsASentence: a login's failure reads as a person's
// sentence, the server's words for a refusal and the driver's without its
// "icc:" and "login as" prefixes for the rest.
func TestReasonReadsAsASentence(t *testing.T) {
	refused := &refusedError{addr: "127.0.0.1:1", err: errors.New("connection refused")}
	for _, c := range []struct {
		err  error
		want string
	}{
		{fmt.Errorf("icc: login as %q: %w", "alice", &LoginError{Code: 11, Text: "Invalid password."}), "Invalid password."},
		{refused, "Nothing is listening at 127.0.0.1:1 (the connection was refused); is the server (kriegd) running there?"},
		{fmt.Errorf("icc: login as %q: %w; leave the password empty", "bob", ErrPasswordUnused), "The server has no account of that name (it would have logged in unregistered, without the password); leave the password empty"},
		{fmt.Errorf("icc: login as %q: %w", "alice", ErrNoPassword), "This name is registered: type its password, or play as a guest."},
	} {
		if got := Reason(c.err); got != c.want {
			t.Errorf("Reason(%v) = %q; want %q", c.err, got, c.want)
		}
	}
}

// TestNameRefused: a name or password the server refused may be asked
// again; a limit's wait, a password given for no account and a failed
// connection may not.
func TestNameRefused(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{fmt.Errorf("icc: login as %q: %w", "e2e4", &LoginError{Code: dg.LoginName, Text: `Log in first: "e2e4" is a command or a move.`}), true},
		{&LoginError{Code: dg.LoginHeld}, true},
		{&LoginError{Code: dg.LoginTwice}, true},
		{&LoginError{Code: dg.LoginBad, Text: "Invalid password."}, true},
		{&LoginError{Code: dg.LoginWait}, false},
		{ErrPasswordUnused, false},
		{ErrNoPassword, false},
		{ErrLost, false},
	} {
		if got := NameRefused(c.err); got != c.want {
			t.Errorf("NameRefused(%v) = %v; want %v", c.err, got, c.want)
		}
	}
}
