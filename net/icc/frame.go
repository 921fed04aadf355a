// Package icc speaks the Internet Chess Club's protocol. This file is the
// byte-level framing parser: level-1 units (^Y[ command player CR LF ... ^Y])
// and level-2 datagrams (^Y( number field ... ^Y), fields quoted with
// ^Y{ ^Y} or { }), with telnet negotiation, bells and control-Z overflow
// marks removed from the text. It accepts the stream in chunks of any size.
package icc

import (
	"bytes"
	"strconv"
)

// Framing bytes.
const (
	ctrlY    = 0x19
	ctrlZ    = 0x1a
	bell     = 0x07
	iac      = 0xff
	telnetSB = 0xfa
	telnetSE = 0xf0
)

// Datagram is one level-2 datagram.
type Datagram struct {
	Number int
	Fields []string
	// Orphan is true for a datagram that arrived outside any unit and was
	// attached to the next unit.
	Orphan bool
	// At is the offset in the enclosing unit's Text where the datagram
	// stood (0 for an orphan), so a reader can take text and datagrams in
	// the order the server sent them.
	At int
}

// Unit is one level-1 unit: the output of one command.
type Unit struct {
	Command   int
	Player    string
	Text      string // the unit's bytes outside its header and datagrams
	Datagrams []Datagram
}

// Item is what the parser yields: a unit, a line of text outside any unit,
// or a problem with the stream (a malformed datagram, an overflow mark).
type Item struct {
	Unit     *Unit
	Datagram *Datagram // an orphan datagram still waiting for a unit when the stream ended
	Text     string    // a line outside any unit, without its line ending
	Problem  string
}

// Parser reads an ICC byte stream. The zero value is ready; it is not safe
// for concurrent use.
type Parser struct {
	// Immediate yields a datagram outside any unit at once, as an Item with
	// Datagram set, instead of holding it for the next unit. A live client
	// wants this (a clock or login datagram must not wait); the reference
	// parse of captures holds them.
	Immediate bool

	esc     bool // the last byte was ^Y
	telnet  int  // bytes of a telnet command still to skip (-1: inside a subnegotiation)
	units   []*unitState
	dg      *bytes.Buffer // the datagram being read, raw
	dgQuote bool          // inside ^Y{ ... ^Y} in the datagram
	dgOver  bool          // the datagram outgrew MaxFrame: dropped at its end
	orphans []Datagram
	line    []byte // text outside any unit
	// ignored counts the units opened beyond maxNesting and not yet closed.
	ignored int
	// lineOver: the line outside any unit outgrew MaxFrame and was cut; the
	// rest of it, up to its line ending, is dropped.
	lineOver bool
	items    []Item
}

// MaxFrame bounds a datagram, a unit's text and a line outside units, so
// that a hostile or broken server cannot make the client hold unbounded
// memory; a game's record (datagram 201), the largest thing a server
// sends, is at most 4 MiB. What goes beyond is dropped and reported.
const MaxFrame = 8 << 20

// maxNesting bounds how deep units nest (ICC nests at most three deep).
const maxNesting = 8

// maxHeader bounds a unit's header line (a command number and a name).
const maxHeader = 1 << 10

type unitState struct {
	header   []byte
	inHeader bool
	text     []byte
	over     bool // the text outgrew MaxFrame: the rest was dropped
	dgs      []Datagram
}

// Feed parses the next chunk and returns the items it completed.
func (p *Parser) Feed(chunk []byte) []Item {
	p.items = nil
	for _, b := range chunk {
		p.byte(b)
	}
	return p.items
}

// Pending returns the text received outside any unit since the last line
// ending: a prompt such as "login: " that no newline follows.
func (p *Parser) Pending() string {
	if len(p.units) > 0 {
		return ""
	}
	return string(p.line)
}

// DropPending forgets the pending text (a prompt that has been answered).
func (p *Parser) DropPending() {
	if len(p.units) == 0 {
		p.line = p.line[:0]
	}
}

// Flush ends the stream: it returns the text line left without a line
// ending and the orphan datagrams no unit claimed.
func (p *Parser) Flush() []Item {
	p.items = nil
	for i := range p.orphans {
		p.items = append(p.items, Item{Datagram: &p.orphans[i]})
	}
	p.orphans = nil
	if len(p.line) > 0 {
		p.items = append(p.items, Item{Text: string(bytes.TrimRight(p.line, "\r"))})
		p.line = nil
	}
	return p.items
}

func (p *Parser) byte(b byte) {
	switch {
	case p.telnet != 0:
		p.skipTelnet(b)
		return
	case b == iac && !p.esc && p.dg == nil:
		p.telnet = 1
		return
	}
	if p.esc {
		p.esc = false
		p.control(b)
		return
	}
	if b == ctrlY {
		p.esc = true
		return
	}
	if p.dg != nil {
		p.dgWrite(b)
		return
	}
	switch b {
	case bell:
		return
	case ctrlZ:
		p.items = append(p.items, Item{Problem: "output overflow: the server cut some output short"})
		return
	}
	p.text(b)
}

// skipTelnet drops a telnet command: IAC cmd [option], or a subnegotiation up to IAC SE.
func (p *Parser) skipTelnet(b byte) {
	switch {
	case p.telnet == 1 && b == iac: // IAC IAC is a literal 0xff: drop it too (not text)
		p.telnet = 0
	case p.telnet == 1 && b == telnetSB:
		p.telnet = -1
	case p.telnet == 1 && b >= 0xfb: // WILL, WONT, DO, DONT take an option byte
		p.telnet = 2
	case p.telnet == -1 && b == iac:
		p.telnet = -2
	case p.telnet == -2:
		if b == telnetSE {
			p.telnet = 0
		} else {
			p.telnet = -1
		}
	case p.telnet == -1:
	default:
		p.telnet = 0
	}
}

// control handles the byte after ^Y.
func (p *Parser) control(b byte) {
	if p.dg != nil {
		switch {
		case b == '{' && !p.dgQuote:
			p.dgQuote = true
			p.dgWrite(ctrlY, '{')
		case b == '}' && p.dgQuote:
			p.dgQuote = false
			p.dgWrite(ctrlY, '}')
		case b == ')' && !p.dgQuote:
			p.endDatagram()
		default:
			p.dgWrite(ctrlY, b)
		}
		return
	}
	switch b {
	case '[':
		if len(p.units) >= maxNesting {
			if p.ignored == 0 {
				p.items = append(p.items, Item{Problem: "units nested more than 8 deep: the inner ones are read as part of the eighth"})
			}
			p.ignored++
			return
		}
		u := &unitState{inHeader: true}
		p.units = append(p.units, u)
	case ']':
		if p.ignored > 0 {
			p.ignored-- // the end of a unit nested too deep, read as part of its outer one
			return
		}
		p.endUnit()
	case '(':
		p.dg = new(bytes.Buffer)
		p.dgQuote = false
	default:
		// A stray ^Y: keep the byte as text.
		p.text(b)
	}
}

// dgWrite adds bytes to the datagram being read, up to MaxFrame.
func (p *Parser) dgWrite(b ...byte) {
	if p.dg.Len()+len(b) > MaxFrame {
		p.dgOver = true
		return
	}
	p.dg.Write(b)
}

// text adds a byte of text to the open unit or to the current line.
func (p *Parser) text(b byte) {
	if n := len(p.units); n > 0 {
		u := p.units[n-1]
		if u.inHeader {
			if b == '\n' || len(u.header) < maxHeader {
				u.header = append(u.header, b)
			}
			if b == '\n' {
				u.inHeader = false
			}
			return
		}
		if len(u.text) < MaxFrame {
			u.text = append(u.text, b)
		} else {
			u.over = true
		}
		return
	}
	if b == '\n' {
		if !p.lineOver {
			p.items = append(p.items, Item{Text: string(bytes.TrimRight(p.line, "\r"))})
		}
		p.line, p.lineOver = p.line[:0], false
		return
	}
	if p.lineOver {
		return
	}
	if len(p.line) >= MaxFrame {
		p.items = append(p.items, Item{Problem: "a line of more than 8 MiB from the server was dropped"})
		p.line, p.lineOver = p.line[:0], true
		return
	}
	p.line = append(p.line, b)
}

// endDatagram closes the datagram being read.
func (p *Parser) endDatagram() {
	raw := p.dg.Bytes()
	p.dg = nil
	if p.dgOver {
		p.dgOver = false
		p.items = append(p.items, Item{Problem: "a datagram of more than 8 MiB from the server was dropped"})
		return
	}
	d, err := parseDatagram(raw)
	if err != "" {
		p.items = append(p.items, Item{Problem: err})
		return
	}
	if n := len(p.units); n > 0 && !p.units[n-1].inHeader {
		d.At = len(p.units[n-1].text)
		p.units[n-1].dgs = append(p.units[n-1].dgs, d)
		return
	}
	d.Orphan = true
	if p.Immediate {
		p.items = append(p.items, Item{Datagram: &d})
		return
	}
	p.orphans = append(p.orphans, d)
}

// endUnit closes the innermost open unit; orphans wait for the next unit.
func (p *Parser) endUnit() {
	n := len(p.units)
	if n == 0 {
		p.items = append(p.items, Item{Problem: "unit end without a unit"})
		return
	}
	u := p.units[n-1]
	p.units = p.units[:n-1]
	header := string(bytes.TrimRight(u.header, "\r\n"))
	cmd, player, _ := cutSpace(header)
	out := &Unit{Player: player, Text: string(u.text)}
	if u.over {
		p.items = append(p.items, Item{Problem: "a unit's text beyond 8 MiB from the server was dropped"})
	}
	number, err := strconv.Atoi(cmd)
	if err != nil {
		p.items = append(p.items, Item{Problem: "unit header " + strconv.Quote(header) + " has no command number"})
	}
	out.Command = number
	out.Datagrams = append(p.orphans, u.dgs...)
	p.orphans = nil
	p.items = append(p.items, Item{Unit: out})
}

// parseDatagram splits a datagram body into its number and fields.
func parseDatagram(raw []byte) (Datagram, string) {
	var fields []string
	i := 0
	for i < len(raw) {
		switch {
		case raw[i] == ' ':
			i++
		case raw[i] == ctrlY && i+1 < len(raw) && raw[i+1] == '{':
			end := bytes.Index(raw[i+2:], []byte{ctrlY, '}'})
			if end < 0 {
				return Datagram{}, "datagram with an unclosed ^Y{ quote: " + strconv.Quote(string(raw))
			}
			fields = append(fields, string(raw[i+2:i+2+end]))
			i += end + 4
		case raw[i] == '{':
			end := bytes.IndexByte(raw[i+1:], '}')
			if end < 0 {
				return Datagram{}, "datagram with an unclosed { quote: " + strconv.Quote(string(raw))
			}
			fields = append(fields, string(raw[i+1:i+1+end]))
			i += end + 2
		default:
			end := bytes.IndexByte(raw[i:], ' ')
			if end < 0 {
				end = len(raw) - i
			}
			fields = append(fields, string(raw[i:i+end]))
			i += end
		}
	}
	if len(fields) == 0 {
		return Datagram{}, "empty datagram"
	}
	n, err := strconv.Atoi(fields[0])
	if err != nil || n < 0 {
		return Datagram{}, "datagram without a number: " + strconv.Quote(string(raw))
	}
	return Datagram{Number: n, Fields: fields[1:]}, ""
}

// cutSpace splits s at its first space.
func cutSpace(s string) (before, after string, found bool) {
	if i := bytes.IndexByte([]byte(s), ' '); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", false
}
