package boards

import "github.com/krieg/krieg/game"

// Estimate is what the boards say about one attempt of ours (rule B4 of
// docs/deduction.md, the attempt preview), each a weighted share of the boards:
//   - Accept: the move is legal there, so the referee would play it;
//   - Capture: it is legal and takes an enemy man (en passant included),
//     so Capture ≤ Accept;
//   - Danger: of the boards that accept it, the share on which the enemy,
//     to move after it, has a legal capture of the moved man (0 when no
//     board accepts it).
type Estimate struct {
	Accept, Capture, Danger float64
}

// Preview estimates each of moves (attempts of ours, all from our side to
// move) over the boards held. It reads the boards only; with no board it
// returns zero estimates.
func (s *Sampler) Preview(moves []game.Move) []Estimate {
	return preview(s.boards, moves)
}

// preview is Preview over any weighted boards; the weights need not sum to
// one.
func preview(boards []particle, moves []game.Move) []Estimate {
	out := make([]Estimate, len(moves))
	danger := make([]float64, len(moves))
	// index[m] is 1 + the place of move m in moves, 0 when it is not there.
	index := make([]int16, 1<<15)
	for j, m := range moves {
		index[m] = int16(j + 1)
	}
	total := 0.0
	var buf [game.MaxMoves]game.Move
	for i := range boards {
		b := &boards[i]
		total += b.w
		for _, m := range b.pos.LegalMoves(buf[:0]) {
			j := int(index[m]) - 1
			if j < 0 {
				continue
			}
			out[j].Accept += b.w
			if b.pos.CapturedSquare(m) != game.NoSquare {
				out[j].Capture += b.w
			}
			if Exposed(&b.pos, m) {
				danger[j] += b.w
			}
		}
	}
	if total <= 0 {
		return out
	}
	for j := range out {
		if out[j].Accept > 0 {
			out[j].Danger = danger[j] / out[j].Accept
		}
		out[j].Accept /= total
		out[j].Capture /= total
	}
	return out
}

// Exposed reports whether, after the legal move m on p, the side then to
// move has a legal capture of the man m moved: a capture on its square, or
// en passant when m was a double pawn step.
func Exposed(p *game.Position, m game.Move) bool {
	next := *p
	next.Apply(m)
	to := m.To()
	them := next.Turn()
	attackers := next.AttackersTo(to, them, next.Occupied())
	ep := next.EnPassant()
	if ep != game.NoSquare {
		attackers |= game.PawnAttacks(them.Other(), ep) & next.Pieces(them, game.Pawn)
	}
	for attackers != 0 {
		from := attackers.PopFirst()
		target := to
		if next.At(from).Type() == game.Pawn && !game.PawnAttacks(them, from).Has(to) {
			target = ep // only en passant reaches the pawn from here
		}
		promo := game.NoPieceType
		if next.At(from).Type() == game.Pawn && (target.Rank() == 0 || target.Rank() == 7) {
			promo = game.Queen
		}
		if leavesKingSafe(&next, game.NewMove(from, target, promo)) {
			return true
		}
	}
	return false
}

// leavesKingSafe reports whether the capture r, pseudo-legal for the side
// to move in p, leaves that side's king unattacked: whether it is legal.
func leavesKingSafe(p *game.Position, r game.Move) bool {
	after := *p
	after.Apply(r)
	mover := p.Turn()
	k := after.KingSquare(mover)
	return k == game.NoSquare || after.AttackersTo(k, mover.Other(), after.Occupied()) == 0
}
