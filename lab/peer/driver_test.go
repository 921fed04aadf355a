package peer

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/referee"
)

func TestMissingCache(t *testing.T) {
	_, err := Start(Config{Cache: t.TempDir()})
	if !errors.Is(err, ErrNoCache) {
		t.Fatalf("got %v; want ErrNoCache", err)
	}
	if !strings.Contains(err.Error(), "make peers") {
		t.Errorf("error %q does not say how to build the peers", err)
	}
}

func TestMissingPython(t *testing.T) {
	_, err := Start(Config{Python: "krieg-no-such-python", Cache: t.TempDir()})
	if !errors.Is(err, ErrNoPython) {
		t.Fatalf("got %v; want ErrNoPython", err)
	}
}

func TestDriverThatDiesIsReported(t *testing.T) {
	cache := t.TempDir()
	if err := os.WriteFile(filepath.Join(cache, "MANIFEST"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// false exits at once, before saying ready. (Not sh on the Python source:
	// under a display, ImageMagick's import(1) would take "import json" and wait
	// for a click.)
	_, err := Start(Config{Python: "false", Cache: cache})
	if err == nil || !strings.Contains(err.Error(), "driver did not start") {
		t.Fatalf("got %v; want a driver that did not start", err)
	}
}

// startPeers starts the driver on the built cache, or skips the test.
func startPeers(t *testing.T) *Driver {
	t.Helper()
	if err := Available(Config{}); err != nil {
		t.Skipf("outside bots absent (%v): run `make peers` to play them", err)
	}
	d, err := Start(Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func TestSmokeGameAgainstPeers(t *testing.T) {
	d := startPeers(t)
	for _, tc := range []struct {
		rules referee.Ruleset
		peer  string
	}{{referee.Wild16, "random"}, {referee.Berkeley, "random"}, {referee.Wild16, "darkboard-mcts"}} {
		t.Run(tc.rules.Name+"/"+tc.peer, func(t *testing.T) {
			ref := referee.New(tc.rules, game.Start())
			g, err := d.NewGame(ref, 7, tc.peer, "")
			if err != nil {
				t.Fatal(err)
			}
			white, black := NewPlayer(g, game.White), attempter.NewRandom(7)
			for ply := 0; ply < 80 && ref.Result() == nil; ply++ {
				if ref.ToMove() == game.White {
					white.Turn(g)
				} else {
					black.Turn(g)
				}
				if err := g.Err(); err != nil {
					t.Fatalf("ply %d: %v", ref.Plies(), err)
				}
			}
			if ref.Plies() < 10 {
				t.Errorf("only %d plies played", ref.Plies())
			}
		})
	}
}

func TestDisagreementFailsTheGame(t *testing.T) {
	d := startPeers(t)
	ref := referee.New(referee.Wild16, game.Start())
	g, err := d.NewGame(ref, 1, "", "")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := game.ParseMove("e2e4")
	// ks-game plays e2e4; tell it krieg called it illegal.
	g.checkAnswer(m, false, referee.Answer{Verdict: referee.Illegal, Move: m, Capture: game.NoSquare})
	if err := g.Err(); !errors.Is(err, ErrDisagree) || !strings.Contains(err.Error(), "REGULAR_MOVE") {
		t.Fatalf("got %v; want a disagreement naming ks-game's REGULAR_MOVE", err)
	}
}

// TestPlyCapIsNoDisagreement: krieg's cap on a game's length is the
// harness's, no rule of ks-game's; ks-game plays on and the game stands.
func TestPlyCapIsNoDisagreement(t *testing.T) {
	d := startPeers(t)
	rules := referee.Wild16
	rules.PlyCap = 6
	ref := referee.New(rules, game.Start())
	g, err := d.NewGame(ref, 1, "", "")
	if err != nil {
		t.Fatal(err)
	}
	players := [2]*attempter.Random{attempter.NewRandom(1), attempter.NewRandom(2)}
	for ref.Result() == nil {
		players[ref.ToMove()].Turn(g)
	}
	if err := g.Err(); err != nil {
		t.Fatalf("a capped game was called a disagreement: %v", err)
	}
	if got := ref.Result().Reason; got != referee.ReasonPlyCap {
		t.Fatalf("game ended by %s; want the ply cap", got)
	}
}

// TestPinnedEnPassantIsKsGamesQuirk pins down the one kind of disagreement
// the runs found. ks-game builds its prompt list from python-chess's
// legal moves on a copy of the referee's board with the other side's men
// removed: the copy keeps the en-passant square, and without the other
// side's men no pin or check stops the capture, so it offers an en-passant
// capture that is illegal on the board. krieg's referee, which announces no
// pawn try for it, entertains none. The quirk is ks-game's; should it ever
// be fixed, this test fails.
func TestPinnedEnPassantIsKsGamesQuirk(t *testing.T) {
	d := startPeers(t)
	for _, c := range []struct {
		what, fen, push, reply, only string
	}{
		// A Wild 16 game against darkboard-mcts, voided at ply 53: d4xc3
		// would open the d-file from White's queen on d1 to Black's king.
		{"pinned on a file to the king", "rnbk1br1/1q4p1/5n2/p3pp1p/3p3K/P6P/1PP3q1/R1BQ2N1 w - - 0 27", "c2c4", "d8e8", "d4c3"},
		// Wild 16 blitz against bot-random, seed 32 game 15, voided at ply
		// 50: g7-g5 checks White's king on h4, and h5xg6 would take the
		// checking pawn but open the h-file from Black's queen on h6.
		{"pinned on the file it leaves, taking a checking pawn", "r3kbnr/4p1pp/2n4q/1p3p1P/p3b1PK/4P1RN/5q2/5B2 b kq - 0 25", "g7g5", "h3g5", "h5g6"},
	} {
		t.Run(c.what, func(t *testing.T) {
			start, err := game.ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			ref := referee.New(referee.Wild16, start)
			g, err := d.NewGame(ref, 1, "", "")
			if err != nil {
				t.Fatal(err)
			}
			m, _ := game.ParseMove(c.push)
			if a := g.Attempt(m); a.Verdict != referee.Accepted || a.Tries == nil || a.Tries.Count != 0 {
				t.Fatalf("%s: %+v; want accepted with 0 pawn tries", c.push, a)
			}
			if err := g.Err(); err != nil {
				t.Fatalf("the referees already disagree after %s: %v", c.push, err)
			}
			reply, _ := game.ParseMove(c.reply)
			g.Attempt(reply)
			err = g.Err()
			if want := "only ks-game ['" + c.only + "'], only krieg []"; !errors.Is(err, ErrDisagree) || !strings.Contains(err.Error(), want) {
				t.Fatalf("got %v; want ks-game alone offering %s", err, c.only)
			}
		})
	}
}
