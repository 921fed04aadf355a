package main

import (
	"io"

	"github.com/krieg/krieg/cmd/internal/launch"
)

// password reads a password for the console: on a terminal it is asked
// without echo (twice, and the same both times, when it is to be set);
// from a pipe it is the next line, never shown. ok is false at the
// input's end.
func (t *typedLines) password(early *[]chan string, w io.Writer, prompt string, set bool) (pw string, ok bool, err error) {
	if !launch.StdinIsTerminal() {
		pw, ok = t.line(early)
		return pw, ok, nil
	}
	if set {
		pw, err = launch.AskNewPassword(w)
	} else {
		pw, err = launch.AskPassword(w, prompt)
	}
	return pw, true, err
}
