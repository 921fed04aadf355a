package controller

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
)

// TypedMove reads a line a person typed as a move: coordinates in either
// case, maybe with a dash between the squares (e2e4, E2-E4, e7e8q), or,
// when own is given (our men only, ours to move), castling (O-O, 0-0-0,
// o-o) and algebraic notation read on own (Nf3, nf3, exd5, bc4). ok is
// false for a line that is no move (a command for the server, which goes
// out as it is); err, wrapping ErrNotSent, says why a move written in
// algebraic notation cannot be made on own. The console and the window
// read typed moves alike through it.
func TypedMove(line string, own *game.Position) (m game.Move, ok bool, err error) {
	if g := coordinateText.FindStringSubmatch(line); g != nil {
		m, err := game.ParseMove(strings.ToLower(g[1] + g[2] + g[3]))
		return m, err == nil, nil
	}
	text := algebraic(line)
	if own == nil || !sanText.MatchString(text) {
		return game.NoMove, false, nil
	}
	if i := len(text) - 1; text[i] >= 'a' && strings.ContainsRune("qrbn", rune(text[i])) && text[i-1] == '=' {
		text = text[:i] + strings.ToUpper(text[i:]) // e8=q as e8=Q
	}
	if castling.MatchString(text) {
		if why := cannotCastle(own, own.Turn(), strings.Count(text, "-") == 2); why != "" {
			return game.NoMove, true, fmt.Errorf("%s %w: %s", line, ErrNotSent, why)
		}
	}
	m, err = record.ParseAttemptSAN(own, text)
	if err != nil && text[0] == 'b' {
		// bc4 that no b-pawn can make is the bishop's move in lower case.
		if bm, berr := record.ParseAttemptSAN(own, "B"+text[1:]); berr == nil {
			m, err = bm, nil
		}
	}
	if ae := (*record.AttemptError)(nil); errors.As(err, &ae) {
		return game.NoMove, true, fmt.Errorf("%s %w: %s", line, ErrNotSent, ae.Why)
	} else if err != nil {
		return game.NoMove, true, fmt.Errorf("%s %w: %v", line, ErrNotSent, err)
	}
	return m, true, nil
}

// IsTypedMove reports whether a typed line is a move, in coordinates or in
// algebraic notation.
func IsTypedMove(line string) bool {
	return coordinateText.MatchString(line) || sanText.MatchString(algebraic(line))
}

// SeveralMoves reports whether line is two moves or more, such as lines
// pasted at once ("e4 d4 Nf3").
func SeveralMoves(line string) bool {
	words := strings.Fields(line)
	for _, w := range words {
		if !IsTypedMove(w) {
			return false
		}
	}
	return len(words) > 1
}

// coordinateText is a move in coordinates, in either case, maybe with a
// dash between its squares (E7-E5), and the marks of check and of a
// commentator (+, #, !, ?) after it, as algebraic notation takes them.
var coordinateText = regexp.MustCompile(`^([a-hA-H][1-8])-?([a-hA-H][1-8])([qrbnQRBN]?)[+#!?]*$`)

// sanText is what may be a move in algebraic notation or castling: a line
// of one word, so that no server command is taken for one.
var sanText = regexp.MustCompile(`^([KQRBN]?[a-h]?[1-8]?x?[a-h][1-8](=[QRBNqrbn])?|[O0]-[O0](-[O0])?)[+#!?]*$`)

// castling is the part of sanText that castles.
var castling = regexp.MustCompile(`^[O0]-[O0](-[O0])?[+#!?]*$`)

// algebraic reads a move typed in lower case as algebraic notation:
// castling (o-o) and a piece's move (nf3, qxh7, ke2), its letter made a
// capital when that makes a move of the line. A leading b stays: bxc3 is
// as likely a pawn's capture as a bishop's (TypedMove reads it as the
// bishop's when no pawn can make it). A line all in capitals is read as
// typed with caps lock on.
func algebraic(line string) string {
	if len(line) < 2 {
		return line
	}
	if up := strings.ToUpper(line); castling.MatchString(up) {
		return up
	}
	if strings.ContainsRune("nrqk", rune(line[0])) {
		if up := strings.ToUpper(line[:1]) + line[1:]; sanText.MatchString(up) {
			return up
		}
	}
	if line == strings.ToUpper(line) && line != strings.ToLower(line) {
		// Typed with caps lock on (NF3, EXD5): a leading piece letter
		// keeps its capital, the squares and a pawn's file do not.
		if first := line[:1]; strings.Contains("NBRQK", first) {
			if m := first + strings.ToLower(line[1:]); sanText.MatchString(m) {
				return m
			}
		}
		if low := strings.ToLower(line); sanText.MatchString(low) {
			return low
		}
	}
	return line
}

// cannotCastle says why side cannot castle on that wing for want of the
// right (its king or rook has left home, or the rook is gone), or "" if it
// still may: the square by square refusal of the notation would name a man
// in the way instead.
func cannotCastle(own *game.Position, side game.Color, queenside bool) string {
	home, rook, right, wing := game.E1, game.H1, game.WhiteKingside, "kingside"
	if queenside {
		rook, right, wing = game.A1, game.WhiteQueenside, "queenside"
	}
	if side == game.Black {
		home, rook, right = home+56, rook+56, right<<2
	}
	switch {
	case own.KingSquare(side) != home:
		return fmt.Sprintf("your king has left %s, so it can no longer castle", home)
	case own.At(rook) != game.NewPiece(side, game.Rook):
		return fmt.Sprintf("you have no rook on %s to castle %s with", rook, wing)
	case own.Castling()&right == 0:
		return fmt.Sprintf("your king or your rook on %s has moved, so you can no longer castle %s", rook, wing)
	}
	return ""
}
