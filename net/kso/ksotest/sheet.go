package ksotest

import (
	"encoding/json"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net/kso"
)

func compactJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// gameState answers GET /game/{ref}/state for viewer: the site's projection
// of the referee's view (kso.StateOf), with the game's own id, state,
// result and clock, and the whole board once the game is over.
func (s *Server) gameState(g *fakeGame, viewer game.Color, now time.Time) kso.GameState {
	var st kso.GameState
	if g.ref == nil {
		start := game.Start()
		st = kso.StateOf(g.rules, referee.View{Side: viewer, Own: start.Only(viewer), ToMove: game.White}, nil, false)
	} else {
		st = kso.StateOf(g.rules, g.ref.View(viewer), g.ref.Offered(), anyAllowed(g))
	}
	st.GameID, st.State, st.Turn, st.MoveNumber, st.Result, st.Clock = g.id, g.state, g.turn(), g.moveNumber(), g.result, g.clock(now)
	if g.state != "active" {
		st.AllowedMoves, st.PossibleActions = []string{}, []string{}
	}
	if g.state == "completed" {
		st.YourFEN = g.ref.Position().FEN()
	}
	return st
}
