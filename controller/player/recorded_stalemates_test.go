package player

import (
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// recordedStalemates are games the bot drew by stalemating a beaten enemy
// with its last move; each test replays to that move, with the attempts the
// referee refused before it, and asks the bot for its choice.
var recordedStalemates = []struct{ path, why string }{
	// Wild 16, against the random attempter, Black's 47th move: in check from
	// a rook on d8 and refused Bd5 and Bd6, the bot took the rook, White's
	// last piece, with its queen (Qxd8), and White's king on b2, boxed in by
	// its rooks, knight, bishop and pawn, had no move. The boards held that
	// king on b2 at 1 to 40 %, by the belief's seed; before the last-man
	// charge two seeds in ten chose the capture.
	{"testdata/last-man-stalemate.pgn", "the last man taken"},
	// Berkeley blitz, against bot-random: Qh4 pinned White's bishop on h2 to
	// its king on h1, whose other squares the queen on f2 held, with White's
	// pawns on c5 and e5 blocked. In our own view the queen checks h1 down
	// the empty file, so no square counted as frozen; and the boards, with
	// the king on h1 at 90 %, put White's pawns where they could move. Half
	// the seeds chose Qh4.
	{"testdata/pinned-blocker-stalemate.pgn", "a pinned blocker"},
	// Berkeley blitz, against bot-random: Black's g-pawn took on h2 and the
	// bot's rook took it back (Rxh2), blocking Black's last man, a pawn on
	// h3, with the king on h6 boxed in; the boards kept a pawn free on most
	// seeds. Three seeds in ten chose Rxh2.
	{"testdata/blocked-pawn-stalemate.pgn", "the last pawn blocked"},
	// Wild 16, against the random attempter: refused Qd7, the bot took a
	// rook on b8 (Rxb8), pinning Black's bishop on c8, while the queen on d1
	// pinned its knight on d6 to the king on d8. One seed in ten chose Rxb8.
	{"testdata/double-pin-stalemate.pgn", "two pins"},
	// Berkeley, 1 s a move, against bot-random: Black's king on a6 with its
	// last pawn on c6 blocked by ours on c5, our pawns on b4, c4 and c5
	// holding a5, b5 and b6, and Qd7 took a7 and b7 from it. Two seeds in
	// ten chose Qd7 before the charge was doubled (stalemateAversion).
	{"testdata/boxed-king-stalemate.pgn", "a king boxed in by pawns"},
}

// TestRecordedStalemates: over ten belief seeds, the bot's first choice at
// each recorded stalemating move is never a move that stalemates the true
// position (stalemate.go: the king's frozen squares seen through the men
// that may shield it, the doubt about few men's mobility, and the charge
// at about twice the chance).
func TestRecordedStalemates(t *testing.T) {
	for _, c := range recordedStalemates {
		t.Run(c.why, func(t *testing.T) {
			rec := gametest.Record(t, c.path)
			rules, err := rec.Rules()
			if err != nil {
				t.Fatal(err)
			}
			ply := len(rec.Plies) - 1
			ref := replayTo(t, c.path, rules, ply)
			truth := ref.Position()
			us := truth.Turn()
			own := truth.Only(us)
			tried := map[game.Move]bool{}
			for _, f := range rec.Plies[ply].Failed {
				m, err := record.ParseAttemptSAN(&own, f)
				if err != nil {
					t.Fatalf("refused attempt %s: %v", f, err)
				}
				if a := ref.Attempt(m); a.Verdict != referee.Illegal {
					t.Fatalf("%s: %v; want it refused as in the game", f, a.Verdict)
				}
				tried[m] = true
			}
			stalemating := stalematingMoves(&truth)
			if len(stalemating) == 0 {
				t.Fatalf("no move stalemates %s", truth.FEN())
			}
			for seed := uint64(1); seed <= 10; seed++ {
				b := New(Options{MoveTime: 100 * time.Millisecond, Seed: seed})
				b.begin(us, rules, []game.Position{game.Start()})
				b.catchUp(ref.View(us))
				ch, _ := b.choose(tried, rules, time.Now().Add(time.Minute))
				if stalemating[ch[0].move] {
					t.Errorf("seed %d: the bot chooses %v (%.3f) first, stalemating %s", seed, ch[0].move, ch[0].score, truth.FEN())
				}
			}
		})
	}
}

// stalematingMoves are the legal moves in p that leave the other side no
// legal move and out of check.
func stalematingMoves(p *game.Position) map[game.Move]bool {
	out := map[game.Move]bool{}
	var buf, next [game.MaxMoves]game.Move
	for _, m := range p.LegalMoves(buf[:0]) {
		after := *p
		after.Apply(m)
		if !after.InCheck() && len(after.LegalMoves(next[:0])) == 0 {
			out[m] = true
		}
	}
	return out
}
