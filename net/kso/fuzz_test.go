package kso_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/kso"
)

// FuzzReadState feeds arbitrary bytes to the state reader as a state
// answer: it must never panic, and what it accepts must be sane.
func FuzzReadState(f *testing.F) {
	f.Add([]byte(`{"state":"active","your_color":"white","your_fen":"8/8/8/8/8/8/8/4K3 w - - 0 1","scoresheet":{"turns":[]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var st kso.GameState
		if json.Unmarshal(data, &st) != nil {
			return
		}
		for _, v := range kso.Variants() {
			rules, _ := kso.RulesFor(v)
			view, err := kso.ReadState(rules, st, time.Unix(0, 0))
			if err != nil {
				continue
			}
			plies := 0
			for _, e := range view.Heard {
				if e.Ply < plies {
					t.Fatalf("%s: entry ply %d after %d", v, e.Ply, plies)
				}
				plies = e.Ply
				if len(e.Said) == 0 {
					t.Fatalf("%s: an entry that says nothing: %+v", v, e)
				}
			}
			if view.Own.ByColor(view.Side.Other()) != 0 {
				t.Fatalf("%s: the enemy's men on our board", v)
			}
		}
	})
}

// FuzzReadFrames feeds arbitrary bytes to the event-stream reader.
func FuzzReadFrames(f *testing.F) {
	f.Add([]byte("event: connected\ndata: {\"type\":\"connected\",\"game_id\":\"x\"}\n\n: keepalive\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n := 0
		err := kso.ReadFrames(bytes.NewReader(data), func(fr kso.Frame) error {
			n++
			if fr.Comment {
				return nil
			}
			ev, err := kso.ParseEvent(fr)
			if err == nil && ev.Type == "" {
				t.Fatal("an event without a type was accepted")
			}
			return nil
		})
		if err == nil {
			t.Fatal("ReadFrames ended without io.EOF or an error")
		}
		if !errors.Is(err, io.EOF) && !errors.Is(err, kso.ErrFrame) {
			t.Fatalf("unexpected error kind: %v", err)
		}
	})
}

var writeSeeds = flag.Bool("write-seeds", false, "write the fuzz seed corpora in testdata/fuzz from games on the fake site")

// TestWriteSeeds captures real answers of the fake site as fuzz seeds
// (run with -write-seeds; the files are committed).
func TestWriteSeeds(t *testing.T) {
	if !*writeSeeds {
		t.Skip("run with -write-seeds to rewrite testdata/fuzz")
	}
	for i, variant := range []string{"wild16", "rand", "cincinnati", "berkeley_any"} {
		s := site(t)
		s.SetPlyCap(6) // short games keep the seeds small, and so the fuzzer fast
		ep := connect(t, s, kso.EndpointOptions{})
		rules, _ := kso.RulesFor(variant)
		if err := ep.Begin(net.GameSpec{Rules: rules, Side: game.White, Opponent: "housebot"}); err != nil {
			t.Fatal(err)
		}
		d := newDriver(t, ep, uint64(i)+10)
		d.play(60 * time.Second)
		c := client(t, s, "")
		if _, err := c.Login(context.Background(), "alice", "secret"); err != nil {
			t.Fatal(err)
		}
		st, err := c.State(context.Background(), onlyGame(t, s))
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(st)
		seed(t, "FuzzReadState", variant, data)
	}
	seed(t, "FuzzReadFrames", "stream", []byte("event: connected\ndata: {\"type\":\"connected\",\"game_id\":\"65f0c0ffee\",\"game_code\":\"AB23CD\",\"state\":\"active\",\"turn\":\"white\",\"move_number\":1,\"updated_at\":\"2026-11-23T08:00:00\"}\n\n: keepalive\n\nevent: game_changed\ndata: {\"type\":\"game_changed\",\"game_id\":\"65f0c0ffee\",\"game_code\":\"AB23CD\",\"state\":\"active\",\"turn\":\"black\",\"move_number\":2,\"updated_at\":\"2026-11-23T08:00:01\"}\n\nevent: shutdown\ndata: {\"type\":\"shutdown\"}\n\n"))
}

func seed(t *testing.T, fuzz, name string, data []byte) {
	t.Helper()
	dir := filepath.Join("testdata", "fuzz", fuzz)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	body := fmt.Sprintf("go test fuzz v1\n[]byte(%s)\n", strconv.Quote(string(data)))
	if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}
