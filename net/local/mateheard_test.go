package local

import (
	"context"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// script is an opponent that attempts its moves in order, one a turn.
type script struct{ moves []game.Move }

func (s *script) Turn(u referee.Umpire) []referee.Answer {
	m := s.moves[0]
	s.moves = s.moves[1:]
	return []referee.Answer{u.Attempt(m)}
}

// TestMatingMoveHeardAsTheEnd: the opponent's move that mates us is heard
// with the game over (InGame false), so that a console does not offer us
// a turn in a lost position before the game's end is told.
func TestMatingMoveHeardAsTheEnd(t *testing.T) {
	opp := &script{moves: []game.Move{game.NewMove(game.E7, game.E5, 0), game.NewMove(game.D8, game.H4, 0)}}
	ep := New(opp, Options{})
	if err := ep.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer ep.Close()
	ep.Begin(net.GameSpec{Rules: referee.Wild16, Side: game.White, Base: time.Minute})
	for _, m := range []game.Move{game.NewMove(game.F2, game.F3, 0), game.NewMove(game.G2, game.G4, 0)} {
		for ev := next(t, ep); ev.Kind != net.KindStarted && !(ev.Kind == net.KindHeard && ev.Entry.Mover == game.Black && ev.Entry.Verdict == referee.Accepted); ev = next(t, ep) {
		}
		if err := ep.Attempt(m); err != nil {
			t.Fatal(err)
		}
	}
	heard := false
	for {
		ev := next(t, ep)
		if ev.Kind == net.KindHeard && ev.Entry.Mover == game.Black && ev.Entry.Verdict == referee.Accepted { // Qh4, hidden from us
			heard = true
			if ev.Snap.InGame {
				t.Fatal("the mating move was heard with the game still in progress")
			}
		}
		if ev.Kind == net.KindEnded {
			if !heard {
				t.Fatal("the game ended before the mating move was heard")
			}
			if r := ev.Snap.Result; r == nil || r.Reason != referee.ReasonCheckmate {
				t.Fatalf("the game ended %+v; want mate", r)
			}
			return
		}
	}
}
