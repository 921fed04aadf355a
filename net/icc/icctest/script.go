// Package icctest plays scripted ICC servers on loopback for tests: the
// transcripts of net/icc/testdata/transcripts drive a real TCP server that
// sends the server's bytes and checks the client's lines, while the test
// carries out the client's side (attempts, commands, challenges) in
// whatever client it tests: the ICC driver itself or the board window.
//
// One directive per transcript line:
//
//	# comment
//	S text      the server sends text (^Y is byte 0x19, \xNN a byte, \\ a
//	            backslash); "\r\n" follows unless the line ends in \c.
//	            Consecutive S lines go out in one write.
//	C line      the server reads one line from the client; it must equal line
//	C~ regexp   ... it must match regexp
//	A e2e4      the test makes the client attempt e2e4 (once it is our move)
//	D word      the test makes the client do a command (resign, draw, any, ...)
//	B name min inc
//	            the test makes the client challenge name to a Wild 16 game
//	drop        the server closes the connection
//	next        the server waits for the client's next connection
//	E event     the client must report this event (checked by the test)
//	include f   the directives of transcript f (same folder)
package icctest

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Directive is one transcript line.
type Directive struct {
	Op, Arg string
	Line    int
}

// Script is a parsed transcript.
type Script struct {
	Name string
	Dirs []Directive
}

// ReadScript reads the transcript at path, its includes expanded.
func ReadScript(path string) (Script, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Script{}, fmt.Errorf("icctest: %w", err)
	}
	var text strings.Builder
	for _, l := range strings.Split(string(b), "\n") {
		if f, ok := strings.CutPrefix(strings.TrimRight(l, "\r"), "include "); ok {
			inc, err := ReadScript(filepath.Join(filepath.Dir(path), f))
			if err != nil {
				return Script{}, fmt.Errorf("icctest: %s: %w", path, err)
			}
			for _, d := range inc.Dirs {
				fmt.Fprintf(&text, "%s %s\n", d.Op, d.Arg)
			}
			continue
		}
		text.WriteString(l + "\n")
	}
	return ParseScript(path, text.String())
}

// ParseScript parses a transcript's text (without includes); name is used
// in messages.
func ParseScript(name, text string) (Script, error) {
	s := Script{Name: name}
	for i, l := range strings.Split(text, "\n") {
		l = strings.TrimRight(l, "\r")
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		op, arg, _ := strings.Cut(l, " ")
		switch op {
		case "S", "C", "C~", "A", "D", "B", "E", "drop", "next":
		default:
			return Script{}, fmt.Errorf("icctest: %s:%d: unknown directive %q", name, i+1, op)
		}
		s.Dirs = append(s.Dirs, Directive{Op: op, Arg: arg, Line: i + 1})
	}
	return s, nil
}

// Unescape turns an S argument into the bytes the server sends.
func Unescape(arg string) []byte {
	end := "\r\n"
	if strings.HasSuffix(arg, `\c`) {
		arg, end = strings.TrimSuffix(arg, `\c`), ""
	}
	var out []byte
	for i := 0; i < len(arg); i++ {
		switch {
		case strings.HasPrefix(arg[i:], "^Y"):
			out = append(out, 0x19)
			i++
		case strings.HasPrefix(arg[i:], `\x`) && i+4 <= len(arg):
			v, err := strconv.ParseUint(arg[i+2:i+4], 16, 8)
			if err == nil {
				out = append(out, byte(v))
				i += 3
				continue
			}
			out = append(out, arg[i])
		case strings.HasPrefix(arg[i:], `\\`):
			out = append(out, '\\')
			i++
		default:
			out = append(out, arg[i])
		}
	}
	return append(out, end...)
}
