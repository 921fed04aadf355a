package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/net/kso"
	"github.com/krieg/krieg/net/kso/ksotest"
)

// TestKSOLoginBeforeWindow: krieg-board --kso asks the user name and the
// password on the terminal (here a pipe) and logs in before any window
// opens; a refused password ends it there, with the site's message and
// without the password in what it wrote.
func TestKSOLoginBeforeWindow(t *testing.T) {
	s := ksotest.Started(t, map[string]string{"alice": "hunter22"}, func() ksotest.Opponent {
		return player.New(player.Options{MoveTime: 15 * time.Millisecond, Seed: 7})
	})
	var errs bytes.Buffer
	err := run([]string{"--kso", "--kso-url", s.URL, "--save", ""}, strings.NewReader("alice\nwrong-pw\n"), &errs)
	if !errors.Is(err, kso.ErrSession) || !strings.Contains(err.Error(), "Invalid username or password") {
		t.Fatalf("a refused password: got %v; want the site's refusal", err)
	}
	if out := errs.String() + err.Error(); strings.Contains(out, "wrong-pw") || !strings.Contains(out, "kriegspiel.org user: ") {
		t.Fatalf("stderr %q, error %q: want the user asked and the password nowhere", errs.String(), err)
	}
}

// TestDemoRefusesUnplayableRecord: krieg demo FILE with a record the
// referee cannot replay ends with the error naming the ply, before any
// window opens, instead of a show of empty boards.
func TestDemoRefusesUnplayableRecord(t *testing.T) {
	var errs bytes.Buffer
	err := run([]string{"demo", "../../testdata/games/doctored-failed.pgn"}, strings.NewReader(""), &errs)
	if err == nil || !strings.Contains(err.Error(), "ply 24 (12... Kd7, line 34)") {
		t.Fatalf("demo of an unplayable record: %v; want the error naming ply 24", err)
	}
}

// TestOwnSide: a game "you" played as Black against the computer replays
// from Black's side; any other record from White's.
func TestOwnSide(t *testing.T) {
	for _, c := range []struct {
		white, black string
		want         game.Color
	}{
		{"computer", "you", game.Black},
		{"you", "computer", game.White},
		{"alice", "bob", game.White},
		{"you", "you", game.White},
	} {
		rec := &record.Record{}
		rec.SetTag("White", c.white)
		rec.SetTag("Black", c.black)
		if got := ownSide(rec); got != c.want {
			t.Errorf("White %q, Black %q: %v; want %v", c.white, c.black, got, c.want)
		}
	}
}
