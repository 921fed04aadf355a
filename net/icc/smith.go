package icc

import (
	"fmt"
	"strings"

	"github.com/krieg/krieg/game"
)

// smithMove is a move as datagram 24 sends it in Smith notation
// (MOVE_SMITH): "e2e4", "e4d5p" (captured a pawn), "e5d6E" (en passant),
// "e1g1c" / "e1c1C" (castling), "e7e8Q" or "d7c8nQ" (promotion). In
// Kriegspiel the opponent's moves are hidden: "?" or "?x<square>".
type smithMove struct {
	Hidden    bool
	Move      game.Move
	Capture   bool           // a man was captured (Hidden: on At)
	Captured  game.PieceType // the captured man's type when told
	EnPassant bool
	At        game.Square // Hidden capture: the square named after "x"
}

// parseSmith reads one Smith-notation move.
func parseSmith(s string) (smithMove, error) {
	if strings.HasPrefix(s, "?") {
		out := smithMove{Hidden: true, At: game.NoSquare}
		rest := s[1:]
		if rest == "" {
			return out, nil
		}
		if len(rest) != 3 || rest[0] != 'x' {
			return smithMove{}, fmt.Errorf("icc: hidden move %q: want \"?\" or \"?x<square>\"", s)
		}
		sq, err := game.ParseSquare(rest[1:])
		if err != nil {
			return smithMove{}, fmt.Errorf("icc: hidden move %q: %w", s, err)
		}
		out.Capture, out.At = true, sq
		return out, nil
	}
	if len(s) < 4 {
		return smithMove{}, fmt.Errorf("icc: move %q is too short for Smith notation", s)
	}
	from, err1 := game.ParseSquare(s[0:2])
	to, err2 := game.ParseSquare(s[2:4])
	if err1 != nil || err2 != nil || from == to {
		return smithMove{}, fmt.Errorf("icc: move %q: bad squares", s)
	}
	out := smithMove{At: game.NoSquare}
	promo := game.NoPieceType
	for i := 4; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 'E':
			out.Capture, out.EnPassant, out.Captured = true, true, game.Pawn
		case c == 'c' || c == 'C':
			// castling: the king's move says it all
		case strings.IndexByte("pnbrqk", c) >= 0:
			t, _ := game.PieceTypeFromLetter(c)
			out.Capture, out.Captured = true, t
		case strings.IndexByte("QRBN", c) >= 0 && promo == game.NoPieceType:
			promo, _ = game.PieceTypeFromLetter(c)
		default:
			return smithMove{}, fmt.Errorf("icc: move %q: unknown suffix %q", s, c)
		}
	}
	out.Move = game.NewMove(from, to, promo)
	return out, nil
}
