package local

import (
	"fmt"

	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/net"
)

// save writes the finished game's record into the save folder and returns
// its path. Names are the start time, made unique with a counter.
func (g *session) save() (string, error) {
	rec, err := g.record()
	if err != nil {
		return "", fmt.Errorf("local: saving the game: %w", err)
	}
	path, err := record.SaveNew(g.ep.opt.SaveDir, "krieg-"+g.started.Format("2006-01-02-150405"), rec)
	if err != nil {
		return "", fmt.Errorf("local: %w", err)
	}
	return path, nil
}

// recordReply is the loop's answer to a record request.
type recordReply struct {
	rec *record.Record
	err error
}

// record builds the record of the game so far (the last game, once it has
// ended), with its tags and result.
func (g *session) record() (*record.Record, error) {
	if g.ref == nil {
		return nil, fmt.Errorf("local: no game has been played")
	}
	rec, err := record.FromReferee(g.ref, []record.Tag{
		{Key: "Event", Value: "krieg local game"},
		{Key: "Site", Value: "krieg"},
		{Key: "Date", Value: g.started.Format("2006.01.02")},
		{Key: "Round", Value: "-"},
		{Key: "White", Value: g.spec.White},
		{Key: "Black", Value: g.spec.Black},
		{Key: "TimeControl", Value: record.TimeControl(g.spec.Base, g.spec.Increment)},
	})
	if err != nil {
		return nil, fmt.Errorf("local: the game's record: %w", err)
	}
	if res := g.result; res != nil {
		rec.Result = res.Score
		rec.SetTag("Result", string(res.Score))
		// The session's end when the referee's game goes on: a flag, a
		// resignation, an agreed draw or an abort.
		rec.SetTag("Termination", string(res.Reason))
	}
	return rec, nil
}

// Record returns the record of the game in progress or, after it, of the
// last game: every move with the referee's announcements and the refused
// attempts, as krieg saves it. The truth is in it, so a window shows it
// only once the game is over (the review).
func (e *Endpoint) Record() (*record.Record, error) {
	reply := make(chan recordReply, 1)
	if err := e.send(request{kind: reqRecord, record: reply}); err != nil {
		return nil, err
	}
	done := e.loop.Done()
	select {
	case r := <-reply:
		return r.rec, r.err
	case <-done:
		return nil, fmt.Errorf("local: record: %w", net.ErrClosed)
	}
}
