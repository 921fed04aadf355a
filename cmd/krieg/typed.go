package main

import (
	"bufio"
	"io"
)

// typedLines reads the console's input a line at a time, each only when
// one is waited for: between two, a password can be read from the
// terminal without echo, no read of the lines' under way to take its keys.
type typedLines struct {
	c     chan string   // the lines; closed at the input's end
	ask   chan struct{} // asks the reader for the next line
	asked bool          // a line is asked for and not yet received
}

// readTyped starts a reader of r's lines, which reads one each time one is
// asked for.
func readTyped(r io.Reader) *typedLines {
	t := &typedLines{c: make(chan string), ask: make(chan struct{}, 1)}
	go func() {
		sc := bufio.NewScanner(r)
		for range t.ask {
			if !sc.Scan() {
				close(t.c)
				return
			}
			t.c <- sc.Text()
		}
	}()
	return t
}

// lines returns the channel the next line comes on, asking for it unless
// it is asked for already; got must follow each line received on it.
func (t *typedLines) lines() <-chan string {
	if !t.asked {
		t.asked = true
		select {
		case t.ask <- struct{}{}:
		default: // the reader has ended with the input
		}
	}
	return t.c
}

// got notes that the line asked for was received.
func (t *typedLines) got() { t.asked = false }

// line waits for the next line, taking first the one kept in early, if
// any (a line typed while connecting); ok is false at the input's end.
func (t *typedLines) line(early *[]chan string) (l string, ok bool) {
	if len(*early) > 0 {
		in := (*early)[0]
		*early = (*early)[1:]
		l, ok = <-in
		return l, ok
	}
	l, ok = <-t.lines()
	t.got()
	return l, ok
}
