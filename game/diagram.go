package game

import "strings"

// Diagram draws the position as text, White at the bottom (or Black when
// flipped): one line per rank with its number, FEN letters for men, "." for
// empty squares, and the files underneath.
func (p *Position) Diagram(flipped bool) string {
	return DiagramOf(flipped, func(s Square) byte { return p.board[s].FENLetter() })
}

// DiagramOf draws a board as Diagram does, with letter giving each square's
// character: the rank numbers down the left, the files under it, Black's
// side at the bottom when flipped.
func DiagramOf(flipped bool, letter func(Square) byte) string {
	var b strings.Builder
	for i := 0; i < 8; i++ {
		r := 7 - i
		if flipped {
			r = i
		}
		b.WriteByte(byte('1' + r))
		for j := 0; j < 8; j++ {
			f := j
			if flipped {
				f = 7 - j
			}
			b.WriteByte(' ')
			b.WriteByte(letter(NewSquare(f, r)))
		}
		b.WriteByte('\n')
	}
	if flipped {
		b.WriteString("  h g f e d c b a\n")
	} else {
		b.WriteString("  a b c d e f g h\n")
	}
	return b.String()
}
