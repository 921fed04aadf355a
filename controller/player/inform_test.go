package player

import (
	"math"
	"testing"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// informOf is the information m's answer brings over boards, us to move.
func informOf(t *testing.T, m string, boards []controller.Board, rules referee.Ruleset) float64 {
	t.Helper()
	own := boards[0].Pos.Only(boards[0].Pos.Turn())
	s := stakesOf(&own, own.Turn())
	bits, _ := information(move(t, m), sights(boards, own.Turn(), &s), &s, rules, nil)
	return bits
}

// An attempt legal on half the boards splits them in two: with the enemy
// king on four squares, one to a board, the answer leaves two of the four,
// one bit; with weights 3:1 between the halves it tells h(1/4) bits; an
// attempt legal on every board with the same announcements tells nothing.
func TestInformationSplitsByAnswer(t *testing.T) {
	// Ke1-e2 is legal with the bishop on h8 and refused with it on b5.
	fens := []string{
		"k7/8/8/8/8/8/P7/4K2b w - - 0 1",
		"1k6/8/8/8/8/8/P7/4K2b w - - 0 1",
		"6k1/8/8/1b6/8/8/P7/4K3 w - - 0 1",
		"7k/8/8/1b6/8/8/P7/4K3 w - - 0 1",
	}
	var even, uneven []controller.Board
	for i, f := range fens {
		even = append(even, board(t, f, 1))
		uneven = append(uneven, board(t, f, float64(1+2*(i/2)))) // 1,1 legal; 3,3 refused
	}
	for _, c := range []struct {
		name   string
		m      string
		boards []controller.Board
		want   float64
	}{
		{"legal on half", "e1e2", even, 1},
		{"legal on a quarter of the weight", "e1e2", uneven, -(0.25*math.Log2(0.25) + 0.75*math.Log2(0.75))},
		{"legal everywhere, said alike", "e1d2", even, 0},
		// a2-a3 is silent everywhere; a2-a4 too: no king stands where a pawn checks.
		{"a quiet pawn move", "a2a3", even, 0},
	} {
		if got := informOf(t, c.m, c.boards, referee.Wild16); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: %s tells %.6f bits; want %.6f", c.name, c.m, got, c.want)
		}
	}
}

// A check's direction and whether a man of ours is attacked are what the
// answers tell: a rook's check on a file tells the king's file apart from
// elsewhere, and the refusal of a king's step tells whether the man beside
// it is attacked, counted at the man's worth.
func TestInformationCountsChecksAndAttacks(t *testing.T) {
	check := []controller.Board{
		board(t, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 1),
		board(t, "8/8/2k5/8/8/8/8/R3K3 w - - 0 1", 1),
	}
	// Ra1-a8 checks the king on e8 only; both boards accept it, so only
	// the check splits them: one bit.
	if got := informOf(t, "a1a8", check, referee.Wild16); math.Abs(got-1) > 1e-9 {
		t.Errorf("Ra8 tells %.6f bits; want 1", got)
	}
	// The king on a8 on both boards; the rook on f8 refuses Ke1-f2 and
	// leaves the knight on d2 alone, the bishop on b4 allows it and
	// attacks the knight.
	attack := []controller.Board{
		board(t, "k4r2/8/8/8/8/8/3N4/4K3 w - - 0 1", 1),
		board(t, "k7/8/8/8/1b6/8/3N4/4K3 w - - 0 1", 1),
	}
	if got := informOf(t, "e1f2", attack, referee.Wild16); math.Abs(got-1) > 1e-9 {
		t.Errorf("Kf2 tells %.6f bits of the knight's safety; want 1 (a knight counts whole)", got)
	}
}

// The split is the referee's own answer: on boards from a recorded game
// under every rule set (tries as a count, a yes or no, squares, moves or
// none), the answer holds what the referee says of each attempt, and two
// boards whose enemy pawns capture differently answer alike exactly where
// the rules do not name the captures.
func TestAnswerOnIsTheReferees(t *testing.T) {
	p := replayTo(t, "testdata/lost-to-random.pgn", referee.Wild16, 10).Position()
	for _, rules := range referee.Rulesets {
		for _, m := range referee.Candidates(&p) {
			r := referee.New(rules, p)
			ans := r.Attempt(m)
			key := answerOn(&p, m, rules)
			if (ans.Verdict == referee.Accepted) != key.legal {
				t.Errorf("%s %v: referee %v, answerOn legal=%v", rules.Name, m, ans.Verdict, key.legal)
				continue
			}
			if !key.legal {
				continue
			}
			if key.capture != (ans.Capture != game.NoSquare) || key.captured != ans.Captured {
				t.Errorf("%s %v: capture %v/%v, referee %v/%v", rules.Name, m, key.capture, key.captured, ans.Capture, ans.Captured)
			}
			var checks [2]referee.CheckKind
			copy(checks[:], ans.Checks)
			if key.checks != checks {
				t.Errorf("%s %v: checks %v, referee %v", rules.Name, m, key.checks, ans.Checks)
			}
			if key.over != (ans.Result != nil) {
				t.Errorf("%s %v: over %v, referee %v", rules.Name, m, key.over, ans.Result)
			}
			if ans.Tries != nil && rules.Tries == referee.TriesCount && key.tries != ans.Tries.Count {
				t.Errorf("%s %v: %d tries, referee %d", rules.Name, m, key.tries, ans.Tries.Count)
			}
		}
		// Two pawn captures on either board after Ke2, by other pawns.
		a := gametestPos(t, "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1")
		b := gametestPos(t, "4k3/8/8/1p3p2/2P1P3/8/8/4K3 w - - 0 1")
		m := move(t, "e1e2")
		same := answerOn(&a, m, rules) == answerOn(&b, m, rules)
		if want := rules.Tries == referee.TriesNone || rules.Tries == referee.TriesCount || rules.Tries == referee.TriesYesNo; same != want {
			t.Errorf("%s: two tries on either board from other pawns, answers alike = %v; want %v", rules.Name, same, want)
		}
	}
}

// gametestPos is a position from a FEN, failing the test on a bad one.
func gametestPos(t *testing.T, fen string) game.Position { return board(t, fen, 1).Pos }

// With a utility per bit, a probe that tells where the king stands rises
// above a quiet move the ranking alone prefers; with none it does not.
func TestInformLiftsAProbe(t *testing.T) {
	boards := []controller.Board{
		board(t, "k7/8/8/8/8/8/P7/4K2b w - - 0 1", 1),
		board(t, "1k6/8/8/8/8/8/P7/4K2b w - - 0 1", 1),
		board(t, "6k1/8/8/1b6/8/8/P7/4K3 w - - 0 1", 1),
		board(t, "7k/8/8/1b6/8/8/P7/4K3 w - - 0 1", 1),
	}
	own := boards[0].Pos.Only(game.White)
	probe := move(t, "e1e2")
	cands := []choice{{move: move(t, "a2a3"), score: 0.1}, {move: probe, score: 0.095}, {move: move(t, "e1d1"), score: 0}}
	off := append([]choice(nil), cands...)
	inform(&own, off, boards, referee.Wild16, 0)
	if off[0].move == probe {
		t.Fatalf("with no utility per bit the probe leads")
	}
	inform(&own, cands, boards, referee.Wild16, 0.01)
	if cands[0].move != probe || math.Abs(cands[0].score-0.105) > 1e-9 {
		t.Errorf("with 0.01 a bit the leader is %v at %.4f; want the probe at 0.105", cands[0].move, cands[0].score)
	}
	if cands[2].score != 0 {
		t.Errorf("Kd1, beyond reach of the best, was charged: %.4f", cands[2].score)
	}
}

// BenchmarkInform times the information term alone on a weighing of the
// recorded game's boards, beside the weighing itself (the baseline).
func BenchmarkInform(b *testing.B) {
	own, possible, boards := recordedWeighing(b)
	deadline := time.Now().Add(time.Hour)
	weigh := func() ranking {
		return rank(&own, boards, map[game.Move]bool{}, referee.Wild16, deadline, &possible, nil, 0, 0)
	}
	ranked := weigh().choices
	b.Run("weighing", func(b *testing.B) {
		for b.Loop() {
			weigh()
		}
	})
	b.Run("inform", func(b *testing.B) {
		cands := make([]choice, len(ranked))
		for b.Loop() {
			copy(cands, ranked)
			inform(&own, cands, boards, referee.Wild16, 0.03)
		}
	})
}
