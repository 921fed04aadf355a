package server

import (
	"errors"
	"io"
)

// Telnet clients ("telnet host 5000", PuTTY) negotiate options in band:
// IAC (0xff) and a command, IAC WILL/WONT/DO/DONT and an option, IAC SB
// ... IAC SE around a subnegotiation, and IAC IAC for a 0xff of data; in
// character mode they end a line with CR NUL. Left in, these bytes would
// become part of the name or the command typed after them. The game port
// reads its input through a telnetReader, which takes them out; the
// browser's WebSocket does not, since no telnet client speaks it and its
// text is UTF-8, where 0xff never occurs.
//
// kriegd answers no option: a telnet client takes silence as the option
// refused and goes on in its default mode, a line at a time.

// Telnet's command bytes (RFC 854).
const (
	telnetSE   = 240 // end of subnegotiation
	telnetSB   = 250 // start of subnegotiation
	telnetWILL = 251
	telnetDONT = 254
	telnetIAC  = 255
)

// maxSubnegotiation bounds one subnegotiation's length, as MaxLine bounds
// a line: a client that opens one and never ends it is closed, not read
// for ever.
const maxSubnegotiation = MaxLine

// errTelnetTooLong ends a connection whose subnegotiation runs on.
var errTelnetTooLong = errors.New("telnet option negotiation too long (more than 4096 bytes): closing the connection")

// telnetState is where a telnetReader is in the stream.
type telnetState int

const (
	telnetData    telnetState = iota // plain data
	telnetCommand                    // after IAC
	telnetOption                     // after IAC WILL, WONT, DO or DONT
	telnetSub                        // inside IAC SB ... IAC SE
	telnetSubIAC                     // an IAC inside a subnegotiation
	telnetAfterCR                    // data, right after a carriage return
)

// telnetReader reads r with telnet's negotiation taken out.
type telnetReader struct {
	r     io.Reader
	state telnetState
	sub   int // bytes of the current subnegotiation so far
	err   error
}

// newTelnetReader reads r's data with telnet's in-band commands taken out.
func newTelnetReader(r io.Reader) *telnetReader { return &telnetReader{r: r} }

// Read fills p with data only; it reads on while what came was all
// negotiation, so that it never returns 0 bytes without an error.
func (t *telnetReader) Read(p []byte) (int, error) {
	for {
		if t.err != nil {
			return 0, t.err
		}
		n, err := t.r.Read(p)
		m := t.strip(p[:n])
		if m > 0 || err != nil {
			return m, err
		}
		if t.err != nil {
			return 0, t.err
		}
	}
}

// strip takes the negotiation out of b in place and returns how many data
// bytes are left at its start.
func (t *telnetReader) strip(b []byte) int {
	m := 0
	for _, c := range b {
		switch t.state {
		case telnetData, telnetAfterCR:
			after := t.state == telnetAfterCR
			t.state = telnetData
			switch {
			case c == telnetIAC:
				t.state = telnetCommand
			case c == 0 && after:
				// CR NUL is a carriage return alone: the NUL is no data.
			default:
				b[m] = c
				m++
				if c == '\r' {
					t.state = telnetAfterCR
				}
			}
		case telnetCommand:
			switch {
			case c == telnetIAC: // IAC IAC: a 0xff of data
				b[m] = c
				m++
				t.state = telnetData
			case c >= telnetWILL && c <= telnetDONT:
				t.state = telnetOption
			case c == telnetSB:
				t.state, t.sub = telnetSub, 0
			default: // NOP, GA, AYT and the other two-byte commands
				t.state = telnetData
			}
		case telnetOption:
			t.state = telnetData
		case telnetSub, telnetSubIAC:
			switch {
			case t.state == telnetSubIAC && c == telnetSE:
				t.state = telnetData
				continue
			case t.state == telnetSub && c == telnetIAC:
				t.state = telnetSubIAC
			default: // data of the subnegotiation, IAC IAC among it
				t.state = telnetSub
			}
			if t.sub++; t.sub > maxSubnegotiation {
				t.err = errTelnetTooLong
				return m
			}
		}
	}
	return m
}
