package kept

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/sprites/scene"
)

// Resume takes up the game kept in s where it was left; fl gives the rest
// of the computer's flags (its time per move). A kept game that cannot be
// resumed is forgotten, so that it is offered no more.
func Resume(s Store, fl launch.Flags) (*Keeping, error) {
	g, err := Read(s)
	if err != nil {
		return nil, err
	}
	w, err := resume(s, g, g.Flags(fl))
	if err != nil {
		// The reason may describe the hidden board (a record that does not
		// replay names the true position): it is not told.
		msg := "your game against the computer cannot be resumed: its record does not play back"
		if a, ok := s.(interface{ SetAside(string) (string, error) }); ok {
			if bad, aerr := a.SetAside(Key); aerr == nil {
				return nil, fmt.Errorf("%s (kept as %s)", msg, bad)
			}
		}
		s.Remove(Key)
		return nil, errors.New(msg)
	}
	return w, nil
}

// resume starts an endpoint on g's game under fl.
func resume(s Store, g Game, fl launch.Flags) (*Keeping, error) {
	rec, err := record.Read(strings.NewReader(g.PGN))
	if err != nil {
		return nil, err
	}
	spec, err := fl.Spec()
	if err != nil {
		return nil, err
	}
	if spec.AnySide {
		return nil, errors.New("the kept game has no side")
	}
	ep, err := fl.Local()
	if err != nil {
		return nil, err
	}
	if err := ep.Connect(context.Background()); err != nil {
		return nil, err
	}
	w := Keep(ep, s, g)
	if err := ep.Resume(spec, rec, time.Duration(g.White)*time.Millisecond, time.Duration(g.Black)*time.Millisecond); err != nil {
		w.Close()
		return nil, err
	}
	return w, nil
}

// Start begins a new game against the computer as the new-game screen
// chose, kept in s as it goes (in place of any game kept before, once it
// starts).
func Start(s Store, fl launch.Flags, ch scene.NewGameChoice) (*Keeping, error) {
	c, err := launch.StartLocal(fl, ch)
	if err != nil {
		return nil, err
	}
	rc, ok := c.(Recorder)
	if !ok {
		c.Close()
		return nil, errors.New("this game keeps no record")
	}
	abandonKept(s, fl.SaveDir)
	return Keep(rc, s, Game{Rules: ch.Ruleset().Name, Time: scene.TimeControls[ch.Time],
		Opponent: []string{"bot", "random"}[ch.Opponent], Seed: fl.Seed}), nil
}

// abandonKept saves the record of the game kept in s, which a new game is
// about to replace, into saveDir as abandoned, as a game left unfinished
// is: Play on the new-game screen lost it whole (an outside tester). A
// game another window plays is not its to end.
func abandonKept(s Store, saveDir string) {
	g, err := Read(s)
	if err != nil || saveDir == "" {
		return
	}
	rec, err := record.Read(strings.NewReader(g.PGN))
	if err != nil {
		return
	}
	rec.Result = "*"
	rec.SetTag("Result", "*")
	rec.SetTag("Termination", string(referee.ReasonAbandoned))
	record.SaveNew(saveDir, "krieg-"+time.Now().Format("2006-01-02-150405"), rec)
}
