package gametest

import (
	"fmt"
	"strings"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Heard writes what one player heard of an entry, for comparing a
// driver's events with the referee's log; own says the entry is the
// player's own, whose attempt it knows. The game's end is left out:
// drivers report it as an event of its own.
func Heard(e referee.Entry, own bool) string {
	move := "?"
	switch {
	case e.AskedAny:
		move = "any?"
	case own && e.Attempt != game.NoMove:
		move = e.Attempt.String()
	}
	var said []string
	for _, a := range e.Said {
		switch a.Kind {
		case referee.KindGameOver:
		case referee.KindMoved:
			said = append(said, "moved")
		case referee.KindCapture:
			said = append(said, fmt.Sprintf("capture %s %s", a.Square, a.Captured))
		case referee.KindCheck:
			said = append(said, "check "+a.Check.String())
		case referee.KindTries:
			said = append(said, fmt.Sprintf("tries %d", a.Tries.Count))
		case referee.KindIllegal:
			said = append(said, "illegal")
		case referee.KindAnyAnswer:
			said = append(said, fmt.Sprintf("any %v", a.Has))
		default:
			said = append(said, fmt.Sprint(a.Kind))
		}
	}
	return fmt.Sprintf("%s %s %s: %s", e.Mover, move, e.Verdict, strings.Join(said, ", "))
}
