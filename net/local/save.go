package local

import (
	"fmt"

	"github.com/krieg/krieg/game/record"
)

// save writes the finished game's record into the save folder and returns
// its path. Names are the start time, made unique with a counter.
func (g *session) save() (string, error) {
	res := g.result
	rec, err := record.FromReferee(g.ref, []record.Tag{
		{Key: "Event", Value: "krieg local game"},
		{Key: "Date", Value: g.started.Format("2006.01.02")},
		{Key: "White", Value: g.spec.White},
		{Key: "Black", Value: g.spec.Black},
		{Key: "TimeControl", Value: fmt.Sprintf("%d+%d", int(g.spec.Base.Seconds()), int(g.spec.Increment.Seconds()))},
	})
	if err != nil {
		return "", fmt.Errorf("local: saving the game: %w", err)
	}
	rec.Result = res.Score
	rec.SetTag("Result", res.Score)
	path, err := record.SaveNew(g.ep.opt.SaveDir, "krieg-"+g.started.Format("2006-01-02-150405"), rec)
	if err != nil {
		return "", fmt.Errorf("local: %w", err)
	}
	return path, nil
}
