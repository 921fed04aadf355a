package server

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Command is one line a logged-in user sent, read into a verb and its
// arguments. A coordinate move (e2e4, e7e8q) and "chessmove e2e4" become
// the verb "move"; Rest keeps the text after the verb for tell and say.
type Command struct {
	Verb string
	Args []string
	Rest string
}

// MaxLine is the longest line the server reads; longer lines end the
// connection with a clear message.
const MaxLine = 4096

// errEmpty marks a line with nothing on it, which is ignored.
var errEmpty = errors.New("empty line")

// movePattern matches a move in coordinate form, with an optional promotion.
var movePattern = regexp.MustCompile(`^[a-hA-H][1-8]-?[a-hA-H][1-8](?:=?[qrbnQRBN])?$`)

// nearMove is a word that starts as a move in coordinates does but is not
// one: e2e4k, e2e4=x.
var nearMove = regexp.MustCompile(`^[a-hA-H][1-8]-?[a-hA-H][1-8]`)

// algebraic is a move in algebraic notation (Nf3, exd5, O-O), which the
// server does not read: it is told how to write it.
var algebraic = regexp.MustCompile(`^([KQRBN][a-h]?[1-8]?x?[a-h][1-8]|[a-h]x[a-h][1-8](=?[QRBN])?|[O0]-[O0](-[O0])?)[+#!?]*$`)

// isCommandWord reports whether a word typed at the login prompt is a
// command or a move rather than a name.
func isCommandWord(w string) bool {
	_, known := verbs[strings.ToLower(w)]
	return known || movePattern.MatchString(w)
}

// verbs are the commands the server knows, with the aliases users type.
var verbs = map[string]string{
	"match": "match", "accept": "accept", "decline": "decline", "withdraw": "withdraw", "unmatch": "withdraw", "seek": "seek", "unseek": "unseek",
	"play": "play", "resign": "resign", "draw": "draw", "abort": "abort", "flag": "flag",
	"who": "who", "games": "games", "sought": "sought", "lobby": "lobby", "history": "history", "observe": "observe", "unobserve": "unobserve",
	"tell": "tell", "say": "say", "finger": "finger", "register": "register", "password": "password", "any": "any", "px": "any",
	"set-2": "set-2", "set-quietly": "set-quietly", "set": "set", "quit": "quit", "exit": "quit", "help": "help",
	"chessmove": "move", "level1": "level1", "level2settings": "level2settings", "moves": "moves",
}

// ParseCommand reads one line. It never fails on content, only on form:
// an empty line, a line too long, bytes that are not text, or an unknown verb.
func ParseCommand(line string) (Command, error) {
	if len(line) > MaxLine {
		return Command{}, fmt.Errorf("line too long (%d bytes; at most %d)", len(line), MaxLine)
	}
	raw := textOf(strings.TrimRight(line, "\r\n"))
	line = strings.TrimSpace(clean(raw))
	if line == "" {
		return Command{}, errEmpty
	}
	// level1=5 and level2settings=... use "=" instead of a space.
	if k, v, ok := strings.Cut(line, "="); ok && !strings.ContainsAny(k, " \t") {
		if verb, known := verbs[strings.ToLower(k)]; known && (verb == "level1" || verb == "level2settings") {
			return Command{Verb: verb, Args: []string{v}, Rest: v}, nil
		}
	}
	fields := strings.Fields(line)
	word := strings.ToLower(fields[0])
	if movePattern.MatchString(fields[0]) && len(fields) == 1 {
		return Command{Verb: "move", Args: []string{strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(fields[0], "-", ""), "=", ""))}}, nil
	}
	verb, ok := verbs[word]
	if !ok && nearMove.MatchString(fields[0]) {
		return Command{}, fmt.Errorf("%q is not a move: moves are written e2e4, and e7e8q promotes (q, r, b or n)", truncate(fields[0], 40))
	}
	if !ok && algebraic.MatchString(fields[0]) {
		return Command{}, fmt.Errorf("%q: moves are written in coordinates here, from square and to square: e2e4, g1f3, e1g1 castles", truncate(fields[0], 40))
	}
	if !ok {
		return Command{}, fmt.Errorf("%q is not a command (type \"help\")", truncate(fields[0], 40))
	}
	if (verb == "register" || verb == "password") && clean(raw) != raw {
		// The password's characters clean took out: refused as
		// ValidPassword refuses them, not set without them.
		return Command{}, errControlPassword
	}
	rest := strings.TrimSpace(line[len(fields[0]):])
	c := Command{Verb: verb, Args: fields[1:], Rest: rest}
	if verb == "move" {
		if len(c.Args) != 1 || !movePattern.MatchString(c.Args[0]) {
			return Command{}, fmt.Errorf("chessmove wants one move in coordinate form (e2e4)")
		}
		c.Args[0] = strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(c.Args[0], "-", ""), "=", ""))
	}
	return c, nil
}

// textOf reads a line as text: UTF-8 when it is, else Latin-1.
func textOf(line string) string {
	if utf8.ValidString(line) {
		return line
	}
	return latin1(line)
}

// latin1 reads bytes that are not UTF-8 as Latin-1, ICC's encoding.
func latin1(s string) string {
	r := make([]rune, len(s))
	for i := 0; i < len(s); i++ {
		r[i] = rune(s[i])
	}
	return string(r)
}

// truncate shortens s to at most n runes for messages.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "..."
}
