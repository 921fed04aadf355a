package controller

import (
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// observation is one heard log entry, read into the facts deduction uses.
type observation struct {
	mover    game.Color
	attempt  game.Move // the mover's attempt when it is ours; NoMove otherwise
	moved    bool      // a move was played (the referee said so)
	illegal  bool      // the attempt was refused as illegal (not nonsense)
	capture  game.Square
	captured referee.CapturedKind
	checks   []referee.CheckKind // checks on the side now to move
	tries    *referee.Tries      // pawn tries announced for triesFor
	triesFor game.Color
	any      *bool // answer to the mover's Any?
	promoted bool
	result   *referee.Result
	said     []referee.Announcement
}

// observe reads e (as heard by one player).
func observe(e referee.Entry) observation {
	o := observation{mover: e.Mover, attempt: e.Attempt, capture: game.NoSquare, said: e.Said}
	for _, a := range e.Said {
		switch a.Kind {
		case referee.KindMoved:
			o.moved = true
		case referee.KindIllegal:
			o.illegal = true
		case referee.KindCapture:
			o.capture, o.captured = a.Square, a.Captured
		case referee.KindCheck:
			o.checks = append(o.checks, a.Check)
		case referee.KindTries:
			t := a.Tries
			o.tries, o.triesFor = &t, a.Side
		case referee.KindAnyAnswer:
			has := a.Has
			o.any = &has
		case referee.KindPromotion:
			o.promoted = true
		case referee.KindGameOver:
			r := a.Result
			o.result = &r
		}
	}
	return o
}
