package icc

import (
	"errors"
	stdnet "net"
	"strings"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/net"
	"path/filepath"
	"testing"
)

func TestTranscripts(t *testing.T) {
	for _, name := range []string{"login-guest", "login-password", "wild16-short", "drop", "garbage", "chess"} {
		t.Run(name, func(t *testing.T) {
			s := readScript(t, filepath.Join("testdata", "transcripts", name+".txt"))
			opt := Options{}
			if name == "login-password" {
				opt.User, opt.Password = "alice", "secret"
			}
			events := play(t, s, opt)
			if name == "drop" {
				checkKeptOverDrop(t, events)
			}
		})
	}
}

// checkKeptOverDrop: the snapshot at the loss still holds the game, and the
// client reconnected before the result came.
func checkKeptOverDrop(t *testing.T, events []net.Event) {
	t.Helper()
	lostAt := -1
	for i, ev := range events {
		if ev.Kind == net.KindConnection && ev.Snap.State == net.Disconnected {
			lostAt = i
			s := ev.Snap
			if !s.InGame || s.Spec.Number != 7 || s.Own.At(game.D4) == game.NoPiece || s.ToMove != game.Black {
				t.Fatalf("snapshot at the drop: in game %v, game %d, d4 %v, to move %v; want game 7 kept with our d4 pawn, Black to move",
					s.InGame, s.Spec.Number, s.Own.At(game.D4), s.ToMove)
			}
		}
		if lostAt >= 0 && i > lostAt && ev.Kind == net.KindConnection && ev.Snap.State == net.Connected {
			return
		}
	}
	t.Fatal("no reconnection after the drop")
}

func TestLoginRefused(t *testing.T) {
	s := readScript(t, filepath.Join("testdata", "transcripts", "login-refused.txt"))
	srv := startServer(t, s)
	c, err := New(Options{Addr: srv.Addr(), User: "alice", Password: "secret"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	err = c.Connect(t.Context())
	var le *LoginError
	if !errors.As(err, &le) || le.Code != 11 {
		t.Fatalf("Connect: %v; want a LoginError with code 11", err)
	}
	if want := "icc: login as \"alice\": icc: invalid password (code 11): Invalid password."; err.Error() != want {
		t.Fatalf("error %q; want %q", err, want)
	}
}

// TestReconnectGivesUp: with nobody listening, Reconnect tries Tries times,
// announcing each wait, and then says it gave up.
func TestReconnectGivesUp(t *testing.T) {
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	c, err := New(Options{Addr: addr, Backoff: Backoff{Min: time.Millisecond, Max: 4 * time.Millisecond, Tries: 3}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	err = c.Reconnect(t.Context())
	if err == nil || !strings.Contains(err.Error(), "gave up after 3 tries") {
		t.Fatalf("Reconnect: %v; want gave up after 3 tries", err)
	}
	waits := 0
	for evs, _ := net.Poll(c.Events(), 0); len(evs) > 0; evs = evs[1:] {
		if evs[0].Snap.State == net.Reconnecting {
			waits++
		}
	}
	if waits != 2 {
		t.Fatalf("%d reconnecting events; want 2 (the first try does not wait)", waits)
	}
}
