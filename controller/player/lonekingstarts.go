package player

import "github.com/krieg/krieg/game"

// LoneKingStarts lists what the strong side of start knows: its own men,
// the enemy's pawns where they stand (a blocked study's), and the enemy king
// on any square where it could legally stand.
func LoneKingStarts(start *game.Position) []game.Position {
	us := start.Turn()
	own := start.Only(us)
	for x := start.Pieces(us.Other(), game.Pawn); x != 0; {
		s := x.PopFirst()
		own.Put(s, start.At(s))
	}
	var out []game.Position
	for s := game.Square(0); s < 64; s++ {
		if own.At(s) != game.NoPiece || s.Distance(own.KingSquare(us)) < 2 {
			continue
		}
		p := own
		p.Put(s, game.NewPiece(us.Other(), game.King))
		if p.AttackersTo(s, us, p.Occupied()) != 0 {
			continue
		}
		out = append(out, p)
	}
	return out
}
