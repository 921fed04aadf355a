package referee

import "github.com/krieg/krieg/game"

// Candidates returns every attempt a player could make knowing only their own
// men: the legal moves on own (a board holding only that player's men, such as
// View.Own) and a pawn-capture attempt onto every diagonal square not holding
// one of their men (four, one per promotion piece, on the last rank).
func Candidates(own *game.Position) []game.Move {
	var buf [game.MaxMoves]game.Move
	out := append([]game.Move(nil), own.LegalMoves(buf[:0])...)
	us := own.Turn()
	mine := own.ByColor(us)
	for b := own.Pieces(us, game.Pawn); b != 0; {
		from := b.PopFirst()
		for t := game.PawnAttacks(us, from) &^ mine; t != 0; {
			to := t.PopFirst()
			if to.Rank() == 0 || to.Rank() == 7 {
				for _, pt := range [4]game.PieceType{game.Queen, game.Rook, game.Bishop, game.Knight} {
					out = append(out, game.NewMove(from, to, pt))
				}
			} else {
				out = append(out, game.NewMove(from, to, game.NoPieceType))
			}
		}
	}
	return out
}

// Offered returns the attempts the side to move may still make this turn
// without being told "Nonsense": the Candidates that the ruleset and this
// turn's announcements allow, less those already refused. It is empty once
// the game is over.
func (r *Referee) Offered() []game.Move {
	if r.result != nil {
		return nil
	}
	own := r.pos.Only(r.pos.Turn())
	var out []game.Move
	for _, m := range Candidates(&own) {
		if r.rules.QueenOnly && m.Promotion() != game.NoPieceType && m.Promotion() != game.Queen {
			continue
		}
		if r.possible(m, r.isPawnCaptureAttempt(m)) && !r.wasRefused(m) {
			out = append(out, m)
		}
	}
	return out
}

// AnyOffered reports whether the side to move may ask Any? now.
func (r *Referee) AnyOffered() bool {
	return r.result == nil && r.rules.Any != AnyNone && !r.asked
}
