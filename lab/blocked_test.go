package lab

import (
	"math/rand/v2"
	"testing"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
)

// Blocked studies hold the named men, one to three enemy pawns each rammed
// by a pawn of ours, no pawn with a move, bishops of both colours, the enemy
// king touching none of our men; the bot's starts hold the true position
// and every start keeps the enemy's pawns where they stand.
func TestRandomBlocked(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var buf [game.MaxMoves]game.Move
	for material, men := range blockedMen {
		for i := 0; i < 100; i++ {
			p, err := RandomEndgame(material, rng)
			if err != nil {
				t.Fatal(err)
			}
			us := p.Turn()
			them := us.Other()
			pawns := p.Pieces(them, game.Pawn)
			if n := pawns.Count(); n < 1 || n > 3 || p.Pieces(us, game.Pawn).Count() != n {
				t.Fatalf("%s: %s has %d enemy pawns", material, p.FEN(), n)
			}
			if p.ByColor(them) != pawns|p.Pieces(them, game.King) || p.ByColor(us).Count() != 1+len(men)+pawns.Count() {
				t.Fatalf("%s: %s has the wrong material", material, p.FEN())
			}
			for _, m := range p.LegalMoves(buf[:0]) {
				if p.At(m.From()).Type() == game.Pawn {
					t.Fatalf("%s: %s lets our pawn move %v", material, p.FEN(), m)
				}
			}
			theirs := p
			theirs.SetTurn(them)
			for _, m := range theirs.LegalMoves(buf[:0]) {
				if theirs.At(m.From()).Type() != game.King {
					t.Fatalf("%s: %s lets the enemy move %v", material, p.FEN(), m)
				}
			}
			if b := p.Pieces(us, game.Bishop); b.Count() == 2 {
				s, o := b.First(), (b & (b - 1)).First()
				if (s.File()+s.Rank())%2 == (o.File()+o.Rank())%2 {
					t.Fatalf("%s: %s has bishops of one colour", material, p.FEN())
				}
			}
			if game.KingAttacks(p.KingSquare(them))&p.ByColor(us) != 0 {
				t.Fatalf("%s: %s: the enemy king touches a man of ours", material, p.FEN())
			}
			found := false
			for _, s := range player.LoneKingStarts(&p) {
				found = found || s.Hash() == p.Hash()
				if s.Pieces(them, game.Pawn) != pawns {
					t.Fatalf("%s: a start of %s moves the enemy's pawns", material, p.FEN())
				}
			}
			if !found {
				t.Fatalf("%s: the bot's starts miss %s", material, p.FEN())
			}
		}
	}
}
