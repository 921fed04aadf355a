package local

import (
	"fmt"
	"os"
	"path/filepath"

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
	if err := os.MkdirAll(g.ep.opt.SaveDir, 0o755); err != nil {
		return "", fmt.Errorf("local: saving the game: %w", err)
	}
	base := filepath.Join(g.ep.opt.SaveDir, "krieg-"+g.started.Format("2006-01-02-150405"))
	for i := 0; ; i++ {
		path := base + ".pgn"
		if i > 0 {
			path = fmt.Sprintf("%s-%d.pgn", base, i)
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if os.IsExist(err) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("local: saving the game: %w", err)
		}
		werr := record.Write(f, rec)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return "", fmt.Errorf("local: saving the game to %s: %w", path, werr)
		}
		return path, nil
	}
}
