package server

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// What a name may hold, in the words a person is told when a name is
// refused for its characters.
const nameChars = "Names are 2 to 16 letters (A to Z), digits, - or _, starting with a letter"

// moveName matches a name that reads as a chess move: in the lobby,
// "match Nf3" or a line "O-O" would be taken for a move, or a move for
// the name. Coordinate moves and lone squares in either case (e2e4, E2-E4,
// e2xe4, e7e8q, E4), pawn captures and promotions (exd5, e8Q), moves of a
// piece in algebraic notation (Nf3, Qxh7, Rae1, R2d2) and castling (O-O,
// O-O-O, o-o). A piece's letter counts only as a capital, as in
// algebraic notation, so that names such as reg1 or bob1 stay valid.
var moveName = regexp.MustCompile(`^(?:(?i:[a-h][1-8][-x]?[a-h][1-8][qrbn]?)|(?i:[a-h][1-8])|[a-h]x[a-h][1-8][QRBNqrbn]?|[a-h][18][QRBNqrbn]|[KQRBN][a-h]?[1-8]?x?[a-h][1-8]|(?i:[o0]-[o0](?:-[o0])?))$`)

// moveNameRefusal is what a name that reads as a move is told.
func moveNameRefusal(name string) string {
	return fmt.Sprintf("%q reads as a chess move (such as e2e4, E2-E4, Nf3, O-O or e4), so it cannot be a name: in the lobby it would be taken for a move. Choose another name.", truncate(name, 40))
}

// firstWord is the first word of a login line as typed, before control
// characters are removed: the name, when the line holds one.
func firstWord(line string) string {
	line = strings.TrimLeft(line, " \t")
	if i := strings.IndexAny(line, " \t"); i >= 0 {
		return line[:i]
	}
	return line
}

// hasControl reports whether word holds a control character (NUL, ESC,
// DEL, C1 controls): a name with one is refused rather than logged in
// with it dropped, which would give the user a name other than the one
// typed.
func hasControl(word string) bool {
	return strings.IndexFunc(word, invisible) >= 0
}

// invisible reports whether r is a control character or one that shows
// nothing of itself: one that draws nothing (drawsNothing: U+202E, which
// turns the text after it round, the zero-width ones) or a line or
// paragraph separator.
func invisible(r rune) bool {
	return unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp) || drawsNothing(r)
}

// controlRefusal is what a name holding control characters is told.
const controlRefusal = "That name holds control or invisible characters (such as NUL, ESC, DEL or a text-direction mark), which a name cannot hold. " + nameChars + "."
