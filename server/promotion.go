package server

import (
	"fmt"

	"github.com/krieg/krieg/game"
)

// misnamedPromotion says why mv, which names a promotion piece, is not a
// promotion, or "" when it may be one: only the mover's own pawn reaching
// its last rank promotes. The player knows their own men, so answering
// this as notation (no attempt used, the opponent told nothing) reveals
// nothing of the opponent's; judged by the referee, e2e4q was an attempt
// used and refused, which a player reads as a wrong move, not a typing
// slip.
func misnamedPromotion(p *game.Position, text string, mv game.Move) string {
	if mv.Promotion() == game.NoPieceType {
		return ""
	}
	us := p.Turn()
	last := map[game.Color]int{game.White: 7, game.Black: 0}[us]
	if pc := p.At(mv.From()); pc.Type() == game.Pawn && pc.Color() == us && mv.To().Rank() == last {
		return ""
	}
	return fmt.Sprintf("%s names a promotion, but only a pawn reaching the last rank promotes", text)
}
