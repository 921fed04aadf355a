package game

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrFEN is wrapped by every FEN parsing error.
var ErrFEN = errors.New("bad FEN")

// ParseFEN reads a position in Forsyth-Edwards Notation. The move clocks may be
// left out (they default to 0 and 1). The position must have exactly one king
// per side, no pawns on the first or last rank, and the side not to move must
// not be in check.
func ParseFEN(fen string) (Position, error) {
	fields := strings.Fields(fen)
	if len(fields) != 4 && len(fields) != 6 {
		return Position{}, fmt.Errorf("%w: want 4 or 6 fields, got %d in %q", ErrFEN, len(fields), fen)
	}
	p := Empty()
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return Position{}, fmt.Errorf("%w: want 8 ranks, got %d", ErrFEN, len(ranks))
	}
	for i, row := range ranks {
		r, f := 7-i, 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			switch {
			case c >= '1' && c <= '8':
				f += int(c - '0')
			default:
				t, ok := PieceTypeFromLetter(c)
				if !ok {
					return Position{}, fmt.Errorf("%w: bad piece letter %q on rank %d", ErrFEN, c, r+1)
				}
				if f > 7 {
					return Position{}, fmt.Errorf("%w: rank %d is longer than 8 squares", ErrFEN, r+1)
				}
				col := White
				if c >= 'a' {
					col = Black
				}
				p.Put(NewSquare(f, r), NewPiece(col, t))
				f++
			}
			if f > 8 {
				return Position{}, fmt.Errorf("%w: rank %d is longer than 8 squares", ErrFEN, r+1)
			}
		}
		if f != 8 {
			return Position{}, fmt.Errorf("%w: rank %d has %d squares, want 8", ErrFEN, r+1, f)
		}
	}
	switch fields[1] {
	case "w":
		p.turn = White
	case "b":
		p.turn = Black
	default:
		return Position{}, fmt.Errorf("%w: side to move %q, want w or b", ErrFEN, fields[1])
	}
	if fields[2] != "-" {
		for i := 0; i < len(fields[2]); i++ {
			var bit CastleRights
			switch fields[2][i] {
			case 'K':
				bit = WhiteKingside
			case 'Q':
				bit = WhiteQueenside
			case 'k':
				bit = BlackKingside
			case 'q':
				bit = BlackQueenside
			default:
				return Position{}, fmt.Errorf("%w: castling rights %q", ErrFEN, fields[2])
			}
			if p.castling&bit != 0 {
				return Position{}, fmt.Errorf("%w: castling rights %q repeat a letter", ErrFEN, fields[2])
			}
			p.castling |= bit
		}
	}
	if fields[3] != "-" {
		s, err := ParseSquare(fields[3])
		if err != nil {
			return Position{}, fmt.Errorf("%w: en passant square %q", ErrFEN, fields[3])
		}
		p.ep = s
	}
	if len(fields) == 6 {
		hm, err1 := strconv.Atoi(fields[4])
		fm, err2 := strconv.Atoi(fields[5])
		if err1 != nil || err2 != nil || hm < 0 || fm < 1 || hm > 1<<20 || fm > 1<<20 {
			return Position{}, fmt.Errorf("%w: move clocks %q %q", ErrFEN, fields[4], fields[5])
		}
		p.halfmove, p.fullmove = hm, fm
	}
	if err := p.validate(); err != nil {
		return Position{}, err
	}
	return p, nil
}

// validate checks what move generation relies on.
func (p *Position) validate() error {
	for _, c := range [2]Color{White, Black} {
		if n := p.Pieces(c, King).Count(); n != 1 {
			return fmt.Errorf("%w: %s has %d kings, want 1", ErrFEN, c, n)
		}
	}
	if p.types[Pawn]&(Rank1|Rank8) != 0 {
		return fmt.Errorf("%w: a pawn stands on the first or last rank", ErrFEN)
	}
	them := p.turn.Other()
	if p.AttackersTo(p.KingSquare(them), p.turn, p.Occupied()) != 0 {
		return fmt.Errorf("%w: the side not to move (%s) is in check", ErrFEN, them)
	}
	// Castling rights need the king and rook at home; drop rights that cannot apply.
	home := []struct {
		right CastleRights
		king  Square
		rook  Square
		c     Color
	}{{WhiteKingside, E1, H1, White}, {WhiteQueenside, E1, A1, White}, {BlackKingside, E8, H8, Black}, {BlackQueenside, E8, A8, Black}}
	for _, h := range home {
		if p.castling&h.right != 0 && (p.board[h.king] != NewPiece(h.c, King) || p.board[h.rook] != NewPiece(h.c, Rook)) {
			return fmt.Errorf("%w: castling right without king and rook at home", ErrFEN)
		}
	}
	if p.ep != NoSquare {
		wantRank, pawnSq := 5, p.ep-8
		if p.turn == Black {
			wantRank, pawnSq = 2, p.ep+8
		}
		if p.ep.Rank() != wantRank || p.board[pawnSq] != NewPiece(p.turn.Other(), Pawn) || p.board[p.ep] != NoPiece {
			return fmt.Errorf("%w: en passant square %s does not follow a double pawn step", ErrFEN, p.ep)
		}
	}
	return nil
}

// FEN writes the position in Forsyth-Edwards Notation.
func (p Position) FEN() string {
	var b strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := p.board[NewSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(pc.FENLetter())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteString([]string{" w ", " b "}[p.turn])
	if p.castling == 0 {
		b.WriteByte('-')
	}
	for i, l := range "KQkq" {
		if p.castling&(1<<i) != 0 {
			b.WriteRune(l)
		}
	}
	fmt.Fprintf(&b, " %s %d %d", p.legalEnPassant(), p.halfmove, p.fullmove)
	return b.String()
}

// legalEnPassant returns the en passant square when an en passant capture is
// legal, else NoSquare: FEN is written the way python-chess and most GUIs
// write it, so equal positions have equal FENs.
func (p Position) legalEnPassant() Square {
	if p.ep == NoSquare {
		return NoSquare
	}
	var buf [MaxMoves]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if m.To() == p.ep && p.board[m.From()].Type() == Pawn {
			return p.ep
		}
	}
	return NoSquare
}

// String returns the FEN.
func (p Position) String() string { return p.FEN() }
