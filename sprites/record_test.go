package sprites

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/net/local"
	"github.com/krieg/krieg/sprites/scene"
)

// TestWindowRecordKeepsRefusals plays the scholar's mate in which both
// sides have attempts refused (Black's queen and knight tries are nonsense
// the computer sent, White's pawn runs into Black's): the saved record and
// the review hold every one of them, at its move.
func TestWindowRecordKeepsRefusals(t *testing.T) {
	dir := t.TempDir()
	opp := &scripted{moves: []string{"d8h4", "e7e5", "b8b6", "b8c6", "g8f6"}}
	app, _ := newRecordedApp(t, opp, local.Options{Seed: 1, SaveDir: dir})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	play := func(moves ...string) {
		for _, m := range moves {
			entries := 0
			h.do(func() { entries = app.play.entries; app.Inject(Intent{Kind: AttemptMove, Move: mv(t, m)}) })
			h.waitFor(t, "the answer to "+m, 5*time.Second, func() bool { return app.play.entries > entries })
		}
	}
	play("e2e4")
	h.waitFor(t, "1. e4 e5", 5*time.Second, atPly(app, 2))
	play("e4e5", "f1c4")
	h.waitFor(t, "2. Bc4 Nc6", 5*time.Second, atPly(app, 4))
	play("d1h5")
	h.waitFor(t, "3. Qh5 Nf6", 5*time.Second, atPly(app, 6))
	play("h5f7")
	h.waitFor(t, "the mate", 5*time.Second, func() bool { return app.frame.Panel.Reviewable })

	want := [][]string{nil, {"Qd8h4"}, {"e5"}, {"Nb8b6"}, nil, nil, nil}
	rec := savedRecord(t, dir)
	if len(rec.Plies) != len(want) {
		t.Fatalf("the saved record has %d plies; want %d", len(rec.Plies), len(want))
	}
	for i, w := range want {
		if got := rec.Plies[i].Failed; !slices.Equal(got, w) {
			t.Errorf("saved ply %d (%s): refused %q; want %q", i+1, rec.Plies[i].SAN, got, w)
		}
	}
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Review}) })
	h.do(func() {
		rows := app.frame.Replay.Table
		if len(rows) != 4 {
			t.Fatalf("the review's move table has %d rows; want 4", len(rows))
		}
		for i, w := range want {
			cell := rows[i/2].Cells[i%2]
			if !slices.Equal(cell.Refused, w) {
				t.Errorf("review ply %d (%s): refused %q; want %q", i+1, cell.SAN, cell.Refused, w)
			}
		}
	})
}

// TestWindowRecordKeepsLastRefusals: the attempts refused in the turn a
// game ended in (White's e4-e5, then White resigns) are in the saved record
// and under their own cell in the review's table.
func TestWindowRecordKeepsLastRefusals(t *testing.T) {
	dir := t.TempDir()
	app, _ := newRecordedApp(t, &scripted{moves: []string{"e7e5"}}, local.Options{Seed: 1, SaveDir: dir})
	h.show(app)
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Start}) })
	h.waitFor(t, "the game to start", 5*time.Second, atPly(app, 0))
	h.do(func() { app.Inject(Intent{Kind: AttemptMove, Move: mv(t, "e2e4")}) })
	h.waitFor(t, "1. e4 e5", 5*time.Second, atPly(app, 2))
	entries := 0
	h.do(func() { entries = app.play.entries; app.Inject(Intent{Kind: AttemptMove, Move: mv(t, "e4e5")}) })
	h.waitFor(t, "e4-e5 refused", 5*time.Second, func() bool { return app.play.entries > entries })
	h.do(func() {
		app.Inject(Intent{Kind: Press, Button: scene.Resign}, Intent{Kind: Press, Button: scene.Resign})
	})
	h.waitFor(t, "the resignation", 5*time.Second, func() bool { return app.frame.Panel.Reviewable })
	rec := savedRecord(t, dir)
	if got := rec.Trailing(); !slices.Equal(got, []string{"e5"}) {
		t.Errorf("the saved record keeps %q refused at the end; want e5", got)
	}
	h.do(func() { app.Inject(Intent{Kind: Press, Button: scene.Review}) })
	h.do(func() {
		rows := app.frame.Replay.Table
		if len(rows) != 2 || !slices.Equal(rows[1].Cells[0].Refused, []string{"e5"}) {
			t.Errorf("the review's table %+v; want row 2 holding White's refused e5", rows)
		}
	})
}

// savedRecord waits for the one record the local endpoint saves in dir and
// reads it.
func savedRecord(t *testing.T, dir string) *record.Record {
	t.Helper()
	var saved []string
	h.waitFor(t, "the game to be saved", 5*time.Second, func() bool {
		saved, _ = filepath.Glob(filepath.Join(dir, "*.pgn"))
		return len(saved) == 1
	})
	rec, err := record.ReadFile(saved[0])
	if err != nil {
		t.Fatal(err)
	}
	return rec
}
