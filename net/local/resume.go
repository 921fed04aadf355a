package local

import (
	"fmt"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/net"
)

// Resume takes up a game kept as rec (its record so far, as Record gives
// it) where it was left: spec says the rules and our side (Start and
// AnySide are read from rec and ignored), white and black the time each
// side had left. The referee replays every move and refused attempt, so
// the player hears all they heard before (their assistant rebuilds its
// belief from it) and the computer follows the game from its log.
func (e *Endpoint) Resume(spec net.GameSpec, rec *record.Record, white, black time.Duration) error {
	if rec.Result != "" && rec.Result != "*" {
		return fmt.Errorf("local: resume: the game is over (%s)", rec.Result)
	}
	if spec.Rules.Name == "" {
		return fmt.Errorf("local: resume: no rules")
	}
	if spec.Side != game.White && spec.Side != game.Black {
		return fmt.Errorf("local: resume: no side")
	}
	ref, err := record.Replay(rec, spec.Rules, nil)
	if err != nil {
		return fmt.Errorf("local: resume: %w", err)
	}
	if ref.Result() != nil {
		return fmt.Errorf("local: resume: the game is over (%s)", ref.Result().Score)
	}
	spec.Start, spec.AnySide = ref.Start(), false
	return e.send(request{kind: reqResume, resume: resumed{spec: spec, ref: ref, white: white, black: black}})
}
