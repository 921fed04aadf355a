package icc

import (
	"errors"
	"fmt"
	"testing"
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
