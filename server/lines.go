package server

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	stdnet "net"
)

// errSilent is the error of a connection silent past its read deadline.
var errSilent = errors.New("no input for too long: closing the connection")

// errLineTooLong ends a connection that sent a line longer than MaxLine.
var errLineTooLong = fmt.Errorf("line too long (more than %d bytes): closing the connection", MaxLine)

// lines reads a connection's input line by line. A line ends at a line
// feed, a carriage return, or the two together (which end one line, not
// two): telnet clients end lines with a lone carriage return.
type lines struct {
	rd      *bufio.Reader
	afterCR bool // the last line ended with a carriage return
	buf     []byte
}

// newLines reads lines from r.
func newLines(r io.Reader) *lines { return &lines{rd: bufio.NewReaderSize(r, MaxLine)} }

// next reads one line of at most MaxLine bytes, without its ending. A
// longer line (or one that never ends) is an error that closes the
// connection, and so is silence past the read deadline.
func (l *lines) next() (string, error) {
	l.buf = l.buf[:0]
	for {
		b, err := l.rd.ReadByte()
		var ne stdnet.Error
		switch {
		case errors.As(err, &ne) && ne.Timeout():
			return "", errSilent
		case err != nil:
			return "", err
		}
		after := l.afterCR
		l.afterCR = b == '\r'
		switch {
		case b == '\n' && after && len(l.buf) == 0:
			// The line feed of a carriage return and line feed.
		case b == '\n' || b == '\r':
			return string(l.buf), nil
		case len(l.buf) >= MaxLine:
			return "", errLineTooLong
		default:
			l.buf = append(l.buf, b)
		}
	}
}
