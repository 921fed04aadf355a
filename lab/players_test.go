package lab

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// TestRunMixedPlayers: a mixed run gives the bot each colour once, scores
// both sides with separate controllers, and stays sound.
func TestRunMixedPlayers(t *testing.T) {
	r := run(t, Options{Games: 2, Seed: 7, Rules: referee.Wild16, Start: game.Start(), Capacity: 64,
		Players: "mixed", MoveTime: 10 * time.Millisecond})
	if r.Violations != 0 {
		t.Fatalf("violations: %v", r.ViolationSamples)
	}
	if r.Players != "mixed" || r.MoveTime != "10ms" || r.Plies == 0 || r.Measured != 2*r.Plies {
		t.Errorf("report players %q movetime %q plies %d measured %d", r.Players, r.MoveTime, r.Plies, r.Measured)
	}
	if r.Honesty.FalseZeros.Men == 0 || r.Honesty.Regions[1].MeanSize <= 0 {
		t.Errorf("honesty not measured: %+v", r.Honesty)
	}
}

// readRecord reads a record from testdata/games.
func readRecord(t *testing.T, name string) *record.Record {
	t.Helper()
	return gametest.Record(t, filepath.Join("..", "testdata", "games", name))
}

// TestRunRecords scores the Darkboard game: every one of its 148 plies is
// measured for both players, with no soundness violation.
func TestRunRecords(t *testing.T) {
	r := run(t, Options{Capacity: 256, Records: []*record.Record{readRecord(t, "darkboard-liam-2023.pgn")},
		RecordNames: []string{"darkboard"}})
	if r.Violations != 0 {
		t.Fatalf("violations: %v", r.ViolationSamples)
	}
	if r.Games != 1 || r.Plies != 148 || r.Measured != 296 || r.Players != "pgn" || r.Records[0] != "darkboard" {
		t.Errorf("report games %d plies %d measured %d players %q records %v", r.Games, r.Plies, r.Measured, r.Players, r.Records)
	}
}

// TestRunRefusesBadOptions: unknown players and a record the referee
// contradicts are errors that name the culprit.
func TestRunRefusesBadOptions(t *testing.T) {
	if _, err := Run(Options{Games: 1, Rules: referee.Wild16, Start: game.Start(), Players: "humans"}); err == nil || !strings.Contains(err.Error(), "humans") {
		t.Errorf("unknown players: %v", err)
	}
	// A refused attempt recorded as played, and a check announced in the
	// wrong direction: both are refused before any scoring.
	for name, says := range map[string]string{"doctored-failed.pgn": "is legal", "doctored-check.pgn": `check "R" recorded`} {
		_, err := Run(Options{Records: []*record.Record{readRecord(t, name)}, RecordNames: []string{name}})
		if err == nil || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), says) {
			t.Errorf("doctored record %s: %v; want it named, and %q", name, err, says)
		}
	}
}

// TestRulesNamesMixedRecords: a run over records of several rulesets names
// each in its header once, in their order, not the first record's alone
// (an outside tester's folder of Wild 16 and Berkeley + Any games was
// headed "rules wild16").
func TestRulesNamesMixedRecords(t *testing.T) {
	ref := referee.New(referee.BerkeleyAny, game.Start())
	ref.Attempt(game.NewMove(game.E2, game.E4, game.NoPieceType))
	berkeley, err := record.FromReferee(ref, nil)
	if err != nil {
		t.Fatal(err)
	}
	dark := readRecord(t, "darkboard-liam-2023.pgn")
	if got := rulesNames(&Options{Records: []*record.Record{dark, berkeley, dark}}); got != "wild16, berkeley-any" {
		t.Errorf("mixed records: %q; want wild16, berkeley-any", got)
	}
	if got := rulesNames(&Options{Rules: referee.English}); got != "english" {
		t.Errorf("played games: %q; want english", got)
	}
}
