package referee

import (
	"strings"

	"github.com/krieg/krieg/game"
)

// ReadText reads one announcement worded as Text words it under rules, the
// way a client of kriegd hears its referee: "Pawn capture" under
// Cincinnati, "Pawn tries from c7, e7" under RAND, "Black" under English.
// It fills what the words tell (the kind, the square, the captured man's
// class, the check's direction, the tries, the answer to Any?); who the
// announcement is for is left to the caller, which knows whose turn it is.
// A trailing full stop is allowed (kriegd ends its lines with one). ok is
// false when the line is not wholly one announcement of rules.
//
// The reader writes each candidate back with Text and compares, so the
// words live in one place (text.go) and a reading is never looser than the
// writing.
func ReadText(rules Ruleset, line string) (Announcement, bool) {
	line = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(line), "."))
	if line == "" {
		return Announcement{}, false
	}
	for _, a := range readings(rules, line) {
		if a.Text(rules) == line {
			return a, true
		}
	}
	return Announcement{}, false
}

// readings lists the announcements line might be, from the squares and
// moves it names; ReadText keeps the one whose words are line.
func readings(rules Ruleset, line string) []Announcement {
	out := []Announcement{
		{Kind: KindMoved, Side: game.White}, {Kind: KindMoved, Side: game.Black},
		{Kind: KindIllegal}, {Kind: KindNonsense}, {Kind: KindRepeat}, {Kind: KindPromotion},
	}
	if rules.Any != AnyNone {
		out = append(out, Announcement{Kind: KindAnyAnswer, Has: true}, Announcement{Kind: KindAnyAnswer})
	}
	for k := CheckPlain; k <= CheckKnight; k++ {
		out = append(out, Announcement{Kind: KindCheck, Check: k})
	}
	squares, moves := named(line)
	for _, sq := range squares {
		for _, c := range []CapturedKind{CapturedPawn, CapturedPiece, CapturedUnknown} {
			out = append(out, Announcement{Kind: KindCapture, Square: sq, Captured: c})
		}
	}
	switch rules.Tries {
	case TriesCount:
		if n, ok := leadingCount(line); ok {
			out = append(out, Announcement{Kind: KindTries, Tries: Tries{Count: n}})
		}
	case TriesYesNo:
		out = append(out, Announcement{Kind: KindTries, Tries: Tries{Count: 1}})
	case TriesSquares:
		if len(squares) > 0 {
			out = append(out, Announcement{Kind: KindTries, Tries: Tries{Count: len(squares), Squares: squares}})
		}
	case TriesMoves:
		if len(moves) > 0 {
			out = append(out, Announcement{Kind: KindTries, Tries: Tries{Count: len(moves), Moves: moves}})
		}
	}
	return out
}

// named returns the squares line names as words of their own ("d5",
// "c7,") and the pawn captures it names ("e4xd5"), in order.
func named(line string) ([]game.Square, []game.Move) {
	var squares []game.Square
	var moves []game.Move
	for _, w := range strings.Fields(line) {
		w = strings.TrimRight(w, ",")
		if sq, err := game.ParseSquare(w); err == nil && len(w) == 2 {
			squares = append(squares, sq)
			continue
		}
		from, to, ok := strings.Cut(w, "x")
		if !ok || len(from) != 2 || len(to) != 2 {
			continue
		}
		f, err1 := game.ParseSquare(from)
		t, err2 := game.ParseSquare(to)
		if err1 == nil && err2 == nil {
			moves = append(moves, game.NewMove(f, t, promotion(f, t)))
		}
	}
	return squares, moves
}

// promotion is the man a pawn capture from f to t promotes to in a list
// of tries: a queen onto the last rank (the tries list each promotion once,
// as a queen), none elsewhere.
func promotion(f, t game.Square) game.PieceType {
	if f.Rank() == 6 && t.Rank() == 7 || f.Rank() == 1 && t.Rank() == 0 {
		return game.Queen
	}
	return game.NoPieceType
}

// leadingCount reads the number a line starts with ("3 pawn tries").
func leadingCount(line string) (int, bool) {
	n, digits := 0, 0
	for _, r := range line {
		if r < '0' || r > '9' || digits == 3 {
			break
		}
		n, digits = n*10+int(r-'0'), digits+1
	}
	return n, digits > 0
}
