package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

func TestEvalCommand(t *testing.T) {
	code, out, errOut := krieg(t, "", "eval", "--games", "1", "--boards", "64", "--json")
	if code != 0 {
		t.Fatalf("eval: %d %s", code, errOut)
	}
	var r struct {
		Violations int `json:"violations"`
		Plies      int `json:"plies"`
		King       struct {
			B1 struct{ Mean float64 } `json:"b1"`
		} `json:"king_candidates"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("eval --json is not JSON: %v\n%s", err, out)
	}
	if r.Violations != 0 || r.Plies == 0 || r.King.B1.Mean <= 0 {
		t.Errorf("eval report %+v", r)
	}
	if code, _, _ := krieg(t, "", "eval", "--games", "0"); code != 2 {
		t.Errorf("eval --games 0: exit %d, want 2", code)
	}
}

// TestEvalScan prints one row per temper and floor and the support ratio,
// a power that follows the enemy's play named by its two ends; a floor
// without tempers, a power of 0, a word and three joined powers are usage
// errors.
func TestEvalScan(t *testing.T) {
	code, out, errOut := krieg(t, "", "eval", "--games", "1", "--boards", "64", "--scan-temper", "1,0.8,1:0.85", "--scan-floor", "0,0.1")
	if code != 0 {
		t.Fatalf("eval --scan-temper: %d %s", code, errOut)
	}
	for _, row := range []string{"1.00 / 0.000", "0.80 / 0.000", "1.00 / 0.100", "0.80 / 0.100", "1.00:0.85 / 0.100", "1.00 to 0.60, mean", "B1 king squares / B2 support", "king middle reliability"} {
		if !strings.Contains(out, row) {
			t.Errorf("eval --scan-temper output lacks %q:\n%s", row, out)
		}
	}
	for _, args := range [][]string{{"--scan-floor", "0.1"}, {"--scan-temper", "0"}, {"--scan-temper", "x"}, {"--scan-temper", "1:0"}, {"--scan-temper", "1:0.9:0.8"}, {"--scan-temper", "1:"}, {"--scan-temper", "NaN"}, {"--scan-temper", "1:Inf"}, {"--scan-temper", "1", "--scan-floor", "1"}} {
		if code, _, errOut := krieg(t, "", append([]string{"eval", "--games", "1", "--boards", "64"}, args...)...); code != 2 {
			t.Errorf("eval %v: exit %d, want 2 (%s)", args, code, errOut)
		}
	}
}

// TestEvalRecordsAndPlot scores the Darkboard game through --pgn and draws
// the reliability diagram; bad players, a missing file and stray arguments
// are usage errors or clear failures.
func TestEvalRecordsAndPlot(t *testing.T) {
	plot := filepath.Join(t.TempDir(), "rel.png")
	code, out, errOut := krieg(t, "", "eval", "--boards", "64", "--json", "--plot", plot, "--pgn", "../../testdata/games/darkboard-liam-2023.pgn")
	if code != 0 {
		t.Fatalf("eval --pgn: %d %s", code, errOut)
	}
	var r struct {
		Players string `json:"players"`
		Plies   int    `json:"plies"`
		Honesty struct {
			Regions []struct{ Coverage float64 } `json:"credible_regions"`
		} `json:"honesty"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("eval --json is not JSON: %v\n%s", err, out)
	}
	if r.Players != "pgn" || r.Plies != 148 || len(r.Honesty.Regions) != 2 {
		t.Errorf("eval --pgn report %+v", r)
	}
	if st, err := os.Stat(plot); err != nil || st.Size() == 0 {
		t.Errorf("no plot written: %v", err)
	}
	for _, args := range [][]string{
		{"eval", "--games", "1", "--players", "humans"},
		{"eval", "--pgn", "no-such-file.pgn"},
		{"eval", "--games", "1", "stray.pgn"},
	} {
		if code, _, errOut := krieg(t, "", args...); code == 0 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

// TestSelfplayTrace checks the trace the way an outside program would: read
// the records and the trace, replay each record, and require every real
// enemy man to stand inside its class's set, for both players at every ply.
func TestSelfplayTrace(t *testing.T) {
	dir := t.TempDir()
	trace := filepath.Join(dir, "trace.jsonl")
	if code, _, errOut := krieg(t, "", "selfplay", "--games", "2", "--seed", "5", "--out", dir, "--trace", trace); code != 0 {
		t.Fatalf("selfplay: %d %s", code, errOut)
	}
	type line struct {
		Game     int               `json:"game"`
		Ply      int               `json:"ply"`
		Side     string            `json:"side"`
		Possible map[string]string `json:"possible"`
	}
	sets := map[[3]int]map[string]string{}
	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var l line
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("trace line %q: %v", sc.Text(), err)
		}
		side := 0
		if l.Side == "black" {
			side = 1
		}
		sets[[3]int{l.Game, l.Ply, side}] = l.Possible
	}
	letters := map[string]game.PieceType{"k": game.King, "q": game.Queen, "r": game.Rook, "b": game.Bishop, "n": game.Knight, "p": game.Pawn}
	checked := 0
	for g := 0; g < 2; g++ {
		rf, err := os.Open(filepath.Join(dir, "game-000"+strconv.Itoa(g+1)+".pgn"))
		if err != nil {
			t.Fatal(err)
		}
		rec, err := record.Read(rf)
		rf.Close()
		if err != nil {
			t.Fatalf("record %d: %v", g, err)
		}
		_, err = record.Replay(rec, referee.Wild16, func(s record.Step) error {
			after := s.Before
			after.Apply(s.Answer.Move)
			for side, c := range [2]game.Color{game.White, game.Black} {
				possible, ok := sets[[3]int{g, s.Index + 1, side}]
				if !ok {
					t.Fatalf("game %d ply %d: no trace line for %s", g, s.Index+1, c)
				}
				for key, pt := range letters {
					v, err := strconv.ParseUint(possible[key], 16, 64)
					if err != nil || len(possible[key]) != 16 {
						t.Fatalf("bad set %q", possible[key])
					}
					real := after.Pieces(c.Other(), pt)
					if uint64(real)&^v != 0 {
						t.Errorf("game %d ply %d: %s's %s set %s misses %x", g, s.Index+1, c, key, possible[key], uint64(real)&^v)
					}
					checked++
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}
