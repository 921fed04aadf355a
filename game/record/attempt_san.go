package record

import (
	"fmt"
	"strings"

	"github.com/krieg/krieg/game"
)

// AttemptSAN writes attempt m of the side to move in own (a board holding only
// that side's men) the way Darkboard writes failed attempts: SAN as if the
// move were legal, disambiguated among the mover's own men, "x" only for pawn
// captures (the mover cannot know what else stands on the target), no check sign.
func AttemptSAN(own *game.Position, m game.Move) string {
	from, to := m.From(), m.To()
	pc := own.At(from)
	var b strings.Builder
	switch {
	case own.IsCastling(m):
		if to.File() == 6 {
			return "O-O"
		}
		return "O-O-O"
	case pc.Type() == game.Pawn:
		if from.File() != to.File() {
			b.WriteByte(byte('a' + from.File()))
			b.WriteByte('x')
		}
	default:
		b.WriteString(pc.Type().Letter())
		rivals := reachers(own, pc.Type(), to) &^ from.Bit()
		if rivals != 0 {
			sameFile := rivals&game.FileMask(from.File()) != 0
			sameRank := rivals&game.RankMask(from.Rank()) != 0
			switch {
			case !sameFile:
				b.WriteByte(byte('a' + from.File()))
			case !sameRank:
				b.WriteByte(byte('1' + from.Rank()))
			default:
				b.WriteString(from.String())
			}
		}
	}
	b.WriteString(to.String())
	if p := m.Promotion(); p != game.NoPieceType {
		b.WriteString("=" + p.Letter())
	}
	return b.String()
}

// reachers returns the side-to-move men of type t on own that could move to
// to by their geometry, on a board holding only own men.
func reachers(own *game.Position, t game.PieceType, to game.Square) game.Bitboard {
	us := own.Turn()
	var out game.Bitboard
	for b := own.Pieces(us, t); b != 0; {
		s := b.PopFirst()
		if game.AttacksFrom(t, us, s, own.Occupied()).Has(to) {
			out |= s.Bit()
		}
	}
	return out
}

// ParseAttemptSAN reads an attempt written by AttemptSAN (or by Darkboard),
// resolving it on own, a board holding only the mover's men.
func ParseAttemptSAN(own *game.Position, text string) (game.Move, error) {
	s := strings.TrimRight(text, "+#!?")
	us := own.Turn()
	home := own.KingSquare(us)
	switch s {
	case "O-O", "0-0":
		return game.NewMove(home, home+2, game.NoPieceType), nil
	case "O-O-O", "0-0-0":
		return game.NewMove(home, home-2, game.NoPieceType), nil
	}
	bad := func(why string) error { return &AttemptError{Text: text, Why: why} }
	promo := game.NoPieceType
	if i := strings.IndexByte(s, '='); i >= 0 {
		t, ok := game.PieceTypeFromLetter(s[len(s)-1])
		if i != len(s)-2 || !ok || t == game.Pawn || t == game.King {
			return game.NoMove, bad("bad promotion")
		}
		promo, s = t, s[:i]
	}
	if len(s) < 2 {
		return game.NoMove, bad("too short")
	}
	to, err := game.ParseSquare(s[len(s)-2:])
	if err != nil {
		return game.NoMove, bad("no target square")
	}
	s = strings.Replace(s[:len(s)-2], "x", "", 1)
	t := game.Pawn
	if s != "" && s[0] >= 'A' && s[0] <= 'Z' {
		var ok bool
		if t, ok = game.PieceTypeFromLetter(s[0]); !ok || t == game.Pawn {
			return game.NoMove, bad("bad piece letter")
		}
		s = s[1:]
	}
	fileHint, rankHint := -1, -1
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'a' && c <= 'h':
			fileHint = int(c - 'a')
		case c >= '1' && c <= '8':
			rankHint = int(c - '1')
		default:
			return game.NoMove, bad("unexpected characters")
		}
	}
	if fileHint >= 0 && rankHint >= 0 {
		// The from-square in full: the man there, whether or not it can
		// make the move (a refused nonsense attempt is written so).
		if sq := game.NewSquare(fileHint, rankHint); own.At(sq) == game.NewPiece(us, t) {
			return game.NewMove(sq, to, promo), nil
		}
	}
	var from game.Bitboard
	if t == game.Pawn {
		from = pawnSources(own, to, fileHint)
	} else {
		from = reachers(own, t, to)
	}
	if fileHint >= 0 {
		from &= game.FileMask(fileHint)
	}
	if rankHint >= 0 {
		from &= game.RankMask(rankHint)
	}
	switch from.Count() {
	case 0:
		return game.NoMove, bad(noneCan(own, t, to, fileHint, rankHint))
	case 1:
		return game.NewMove(from.First(), to, promo), nil
	}
	return game.NoMove, bad(ambiguity(t, from, to))
}

// noneCan says why no man of the mover's answers to an attempt naming a man
// of kind t going to to, from the file and rank hinted (-1 for none): "you
// have no queen", "you have no knight on b1", "no queen of yours can go to
// d4", "no pawn of yours on the e-file can go to d5".
func noneCan(own *game.Position, t game.PieceType, to game.Square, file, rank int) string {
	if own.Pieces(own.Turn(), t) == 0 {
		return fmt.Sprintf("you have no %s", t)
	}
	on := ""
	switch {
	case file >= 0 && rank >= 0:
		return fmt.Sprintf("you have no %s on %s", t, game.NewSquare(file, rank))
	case file >= 0:
		on = fmt.Sprintf(" on the %c-file", 'a'+file)
	case rank >= 0:
		on = fmt.Sprintf(" on rank %d", rank+1)
	}
	return fmt.Sprintf("no %s of yours%s can go to %s", t, on, to)
}

// ambiguity says which men could make an ambiguous attempt and how to name
// one: "ambiguous: the knights on b1 and f3 can both go there (write Nbd2
// or Nfd2)".
func ambiguity(t game.PieceType, from game.Bitboard, to game.Square) string {
	var files, ranks [8]int
	for x := from; x != 0; {
		sq := x.PopFirst()
		files[sq.File()]++
		ranks[sq.Rank()]++
	}
	var on, forms []string
	for x := from; x != 0; {
		sq := x.PopFirst()
		name := sq.String()
		switch {
		case files[sq.File()] == 1:
			name = name[:1]
		case ranks[sq.Rank()] == 1:
			name = name[1:]
		}
		on = append(on, sq.String())
		letter := t.Letter()
		if t == game.Pawn {
			letter, name = "", sq.String()[:1] // a pawn is named by its file: ed5
		}
		forms = append(forms, letter+name+to.String())
	}
	last := len(on) - 1
	all := map[bool]string{true: "both", false: "all"}[last == 1]
	return fmt.Sprintf("ambiguous: the %ss on %s and %s can %s go there (write %s or %s)", t,
		strings.Join(on[:last], ", "), on[last], all, strings.Join(forms[:last], ", "), forms[last])
}

// pawnSources returns the mover's pawns that could attempt a move to to: a
// capture from file f when f is given and differs from to's file, else a push.
func pawnSources(own *game.Position, to game.Square, f int) game.Bitboard {
	us := own.Turn()
	pawns := own.Pieces(us, game.Pawn)
	step := -8
	if us == game.Black {
		step = 8
	}
	if f >= 0 && f != to.File() {
		return game.PawnAttacks(us.Other(), to) & pawns
	}
	one := game.Square(int(to) + step)
	if !one.Valid() {
		return 0
	}
	if pawns.Has(one) {
		return one.Bit()
	}
	two := game.Square(int(one) + step)
	if (to.Rank() == 3 && us == game.White || to.Rank() == 4 && us == game.Black) && !own.Occupied().Has(one) && pawns.Has(two) {
		return two.Bit()
	}
	return 0
}

// AttemptError says why a written attempt names no move on the board:
// Why is in words a player reads ("no queen of yours can go to d4").
type AttemptError struct{ Text, Why string }

// Error names the attempt and why.
func (e *AttemptError) Error() string { return fmt.Sprintf("record: attempt %q: %s", e.Text, e.Why) }
