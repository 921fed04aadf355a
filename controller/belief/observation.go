package belief

import (
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Observation is one heard log entry, read into the facts deduction uses:
// the input of the belief (B1) and of the board sampler (B2).
type Observation struct {
	Mover    game.Color
	Attempt  game.Move // the mover's attempt when it is ours; NoMove otherwise
	Moved    bool      // a move was played (the referee said so)
	Illegal  bool      // the attempt was refused as illegal (not nonsense)
	Capture  game.Square
	Captured referee.CapturedKind
	Checks   []referee.CheckKind // checks on the side now to move
	Tries    *referee.Tries      // pawn tries announced for TriesFor
	TriesFor game.Color
	Any      *bool // answer to the mover's Any?
	Promoted bool
	Result   *referee.Result
	Said     []referee.Announcement
}

// Observe reads e (as heard by one player).
func Observe(e referee.Entry) Observation {
	o := Observation{Mover: e.Mover, Attempt: e.Attempt, Capture: game.NoSquare, Said: e.Said}
	for _, a := range e.Said {
		switch a.Kind {
		case referee.KindMoved:
			o.Moved = true
		case referee.KindIllegal:
			o.Illegal = true
		case referee.KindCapture:
			o.Capture, o.Captured = a.Square, a.Captured
		case referee.KindCheck:
			o.Checks = append(o.Checks, a.Check)
		case referee.KindTries:
			t := a.Tries
			o.Tries, o.TriesFor = &t, a.Side
		case referee.KindAnyAnswer:
			has := a.Has
			o.Any = &has
		case referee.KindPromotion:
			o.Promoted = true
		case referee.KindGameOver:
			r := a.Result
			o.Result = &r
		}
	}
	return o
}
