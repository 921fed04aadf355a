package lab

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Random studies are legal, hold the named material, have the strong side to
// move, and (kpk) are won; the bot's starts hold the true one.
func TestRandomEndgame(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	want := map[string][]game.PieceType{"kqk": {game.Queen}, "krk": {game.Rook}, "kpk": {game.Pawn},
		"kqpk": {game.Queen, game.Pawn}, "krpk": {game.Rook, game.Pawn}, "kbnk": {game.Bishop, game.Knight}}
	for _, material := range Endgames {
		if _, ok := blockedMen[material]; ok {
			continue // TestRandomBlocked
		}
		for i := 0; i < 50; i++ {
			p, err := RandomEndgame(material, rng)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := game.ParseFEN(p.FEN()); err != nil {
				t.Fatalf("%s: %v", material, err)
			}
			us := p.Turn()
			if p.Occupied().Count() != 2+len(want[material]) || p.ByColor(us.Other()).Count() != 1 {
				t.Fatalf("%s: %s has the wrong material", material, p.FEN())
			}
			for _, m := range want[material] {
				if p.Pieces(us, m).Count() != 1 {
					t.Fatalf("%s: %s has the wrong material", material, p.FEN())
				}
			}
			if win, ok := player.KPKWins(&p); material == "kpk" && (!ok || !win) {
				t.Fatalf("%s is not a won KPK position", p.FEN())
			}
			found := false
			for _, s := range player.LoneKingStarts(&p) {
				found = found || s.Hash() == p.Hash()
				// The rules rule out a king in check with us to move, or
				// beside our king; nothing else is ruled out (a kbnk
				// study's king touches neither man, but the bot is not
				// told: a game's ending may start with it there).
				k := s.KingSquare(us.Other())
				if s.AttackersTo(k, us, s.Occupied()) != 0 || k.Distance(s.KingSquare(us)) < 2 {
					t.Fatalf("%s: a start with the king in check or beside ours: %s", p.FEN(), s.FEN())
				}
			}
			if !found {
				t.Fatalf("%s: the bot's starts miss the true position", p.FEN())
			}
		}
	}
	if _, err := RandomEndgame("kbk", rng); err == nil {
		t.Error("kbk: want an error")
	}
}

// A short series against the random defender: the queen mates every time.
func TestEndgameSeries(t *testing.T) {
	r, err := Endgame(EndgameOptions{Material: "kqk", Games: 4, Seed: 9, Defender: "random",
		MoveTime: 20 * time.Millisecond, Rules: referee.Wild16}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Mates != 4 || r.MaxPliesToMate > EndgamePlyCap || r.MateRate != 1 {
		t.Errorf("report %+v", r)
	}
}

// TestEndgameKRK: the belief-level sweep mates the omniscient defender in
// most rook studies (the old board-by-board average managed about three in
// four; docs/measurements.md's 200-study figures are the measure, this a guard).
func TestEndgameKRK(t *testing.T) {
	r, err := Endgame(EndgameOptions{Material: "krk", Games: 20, Seed: 11, Defender: "cheat",
		MoveTime: 20 * time.Millisecond, Rules: referee.Wild16}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Mates < 18 {
		t.Errorf("%d mates in 20 KRK studies; want at least 18\n%+v", r.Mates, r)
	}
}
