package server

import (
	"fmt"
	"strings"
	"unicode"
)

// The bytes of ICC's level-1 and level-2 framing (docs/protocols.md).
const (
	ctrlY = "\x19"
	// unitOpen and unitClose bracket the output of one command.
	unitOpen, unitClose = ctrlY + "[", ctrlY + "]"
	// dgOpen and dgClose bracket one datagram.
	dgOpen, dgClose = ctrlY + "(", ctrlY + ")"
)

// Command numbers of level-1 units (docs/protocols.md).
const (
	cmdServer  = 0
	cmdIllegal = 1
	cmdMove    = 2
	cmdTell    = 101
	cmdSay     = 109
	cmdMatch   = 121
	cmdAccept  = 123
	cmdObserve = 137
	cmdDecline = 144
	cmdAbort   = 156
	cmdDraw    = 207
	cmdResign  = 208
	cmdOther   = 50
)

// maxDatagram is the highest datagram number a client may turn on.
const maxDatagram = 255

// quote writes one datagram field: a word as it is, anything with spaces
// or braces in ^Y{...^Y}, the empty string as {}.
func quote(field string) string {
	switch {
	case field == "":
		return "{}"
	case strings.ContainsAny(field, " {}\t"):
		return ctrlY + "{" + strings.ReplaceAll(field, ctrlY, "") + ctrlY + "}"
	}
	return field
}

// datagram writes datagram n with its fields.
func datagram(n int, fields ...any) string {
	var b strings.Builder
	b.WriteString(dgOpen)
	fmt.Fprint(&b, n)
	for _, f := range fields {
		b.WriteByte(' ')
		b.WriteString(quote(fmt.Sprint(f)))
	}
	b.WriteString(dgClose)
	return b.String()
}

// clean removes the framing byte and every other control character (but
// tabs) from text a user typed, C1 controls (U+0080 to U+009F: NEL, CSI)
// too, so that one user's words can never open a unit or a datagram in
// another user's stream, start a terminal's escape sequence or a new line
// there; the line and paragraph separators (U+2028, U+2029), which some
// clients break lines at, so that a tell can never pass for a server's
// line; and the bidirectional controls (U+202E and its kin), so that they
// can never make the text around them read backwards on another user's
// screen.
func clean(text string) string {
	return strings.Map(func(r rune) rune {
		if r != '\t' && unicode.IsControl(r) || r == 0xfffd || r == 0x2028 || r == 0x2029 || unicode.Is(unicode.Bidi_Control, r) {
			return -1
		}
		return r
	}, text)
}

// drawsNothing reports whether r takes no place on a screen: a format
// character (U+200B, U+FEFF, the joiners, the tags), a Hangul filler, the
// combining grapheme joiner or the blank braille cell. Tells and passwords
// both ask it, so that they agree on what cannot be seen.
func drawsNothing(r rune) bool {
	return unicode.Is(unicode.Cf, r) || r == 0x115f || r == 0x1160 || r == 0x3164 || r == 0xffa0 || r == 0x034f || r == 0x2800
}

// visible removes from a user's words (tells, table talk) what clean
// leaves and draws nothing, so that no text hides in a line; it keeps the
// joiner U+200D, which emoji are built with. Passwords are not stripped
// but refused (ValidPassword), since a stripped one is not what was typed.
func visible(text string) string {
	return strings.Map(func(r rune) rune {
		if r != 0x200d && drawsNothing(r) {
			return -1
		}
		return r
	}, text)
}
