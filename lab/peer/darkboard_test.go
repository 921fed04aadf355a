package peer

import (
	"errors"
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/referee"
)

func TestDarkboardMissingIsExplained(t *testing.T) {
	err := DarkboardAvailable(Config{Cache: t.TempDir()})
	if !errors.Is(err, ErrNoDarkboard) {
		t.Fatalf("got %v; want ErrNoDarkboard", err)
	}
	if !strings.Contains(err.Error(), "DeepDarkboard101.class") {
		t.Errorf("error %q does not name what is missing", err)
	}
	err = DarkboardAvailable(Config{Java: "krieg-no-such-java", Cache: t.TempDir()})
	if !errors.Is(err, ErrNoDarkboard) || !strings.Contains(err.Error(), "Java") {
		t.Errorf("got %v; want ErrNoDarkboard naming Java", err)
	}
}

// TestDarkboardMessages checks what Darkboard is told, in its codes, about
// its own accepted move and about the opponent's.
func TestDarkboardMessages(t *testing.T) {
	// 1. e4 d5 2. exd5: White takes a pawn; Black then has no tries.
	ref := referee.New(referee.Wild16, game.Start())
	for _, s := range []string{"e2e4", "d7d5"} {
		m, _ := game.ParseMove(s)
		if a := ref.Attempt(m); a.Verdict != referee.Accepted {
			t.Fatalf("%s: %v", s, a.Verdict)
		}
	}
	m, _ := game.ParseMove("e4d5")
	a := ref.Attempt(m)
	got := accepted(a)
	if got["capture"] != dbCapturePawn || got["check1"] != 0 {
		t.Errorf("accepted exd5 = %v; want a pawn capture (1), no check", got)
	}
	// Black's view of the same move: its pawn on d5 (file 3, rank 4) was taken.
	v := ref.View(game.Black)
	e := v.Heard[len(v.Heard)-1]
	um := opponentMoved(e, game.Black)
	if um["capx"] != 3 || um["capy"] != 4 || um["capture"] != dbCapturePawn {
		t.Errorf("Black heard %v; want capture 1 at 3,4", um)
	}
	for k, want := range map[referee.CheckKind]int{referee.CheckFile: 1, referee.CheckRank: 2, referee.CheckLong: 3, referee.CheckShort: 4, referee.CheckKnight: 5} {
		if got := dbCheck(k); got != want {
			t.Errorf("dbCheck(%v) = %d; want %d", k, got, want)
		}
	}
}

// TestDarkboardPlays plays Darkboard against the random attempter on
// krieg's referee, or skips when Darkboard is not set up.
func TestDarkboardPlays(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a JVM")
	}
	if err := DarkboardAvailable(Config{}); err != nil {
		t.Skipf("Darkboard absent (%v): see docs/player.md, Playing Darkboard", err)
	}
	for _, side := range []game.Color{game.White, game.Black} {
		d, err := NewDarkboard(Config{}, side)
		if err != nil {
			t.Fatal(err)
		}
		ref := referee.New(referee.Wild16, game.Start())
		other := attempter.NewRandom(3)
		for ref.Result() == nil && ref.Plies() < 30 {
			if ref.ToMove() == side {
				d.Turn(ref)
				if d.Err() != nil || d.Resigned {
					t.Fatalf("%v, ply %d: %v (resigned %v)", side, ref.Plies(), d.Err(), d.Resigned)
				}
			} else {
				other.Turn(ref)
			}
		}
		d.Close()
		if ref.Plies() < 10 && ref.Result() == nil {
			t.Errorf("%v: only %d plies", side, ref.Plies())
		}
	}
}
