package server_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/krieg/krieg/server"
)

// FuzzParseCommand: any line parses or fails with an error, never panics;
// what it returns is valid UTF-8 without control or framing bytes.
func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"e2e4", "chessmove e7e8q", "match bob 5 3 r berkeley white", "tell bob hi \x19[", "level1=5",
		"level2settings=0101", "set-2 81 1", "\xff\xfe", "say " + strings.Repeat("x", 5000), "e2-e4", "a7a8=N"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := server.ParseCommand(line)
		if err != nil {
			if c.Verb != "" {
				t.Fatalf("%q: error %v with verb %q", line, err, c.Verb)
			}
			return
		}
		for _, s := range append([]string{c.Verb, c.Rest}, c.Args...) {
			if !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f }) {
				t.Fatalf("%q: parsed into %q with control or invalid bytes", line, s)
			}
		}
		if c.Verb == "move" && (len(c.Args) != 1 || len(c.Args[0]) < 4 || len(c.Args[0]) > 5) {
			t.Fatalf("%q: a move with args %q", line, c.Args)
		}
	})
}
