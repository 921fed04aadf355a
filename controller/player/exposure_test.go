package player

import (
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// The recorded loss (1. g4 e5 2. e3 Na6 3. c4 b5 4. cxb5 Nb4 5. f3 c5
// 6. bxc6 dxc6 7. a4 Ba6 8. a5?? Qh4#) and a back rank: exposed finds the
// mate an enemy man B1 allows could give, and clears the moves that meet it.
func TestExposed(t *testing.T) {
	var loss [game.King + 1]game.Bitboard
	loss[game.Queen], loss[game.Bishop], loss[game.King] = sq("d8").Bit(), sq("a6").Bit(), sq("e8").Bit()
	var backRank [game.King + 1]game.Bitboard
	backRank[game.Rook], backRank[game.King] = sq("e8").Bit(), sq("a8").Bit()
	for _, c := range []struct {
		name, fen, move string
		possible        *[game.King + 1]game.Bitboard
		covered         game.Bitboard
		want            bool
	}{
		{"8. a5 allows Qh4 with e2 covered", "4k3/8/8/8/P5P1/4PP2/1P1P3P/RNBQKBNR w KQ - 0 1", "a4a5", &loss, sq("e2").Bit(), true},
		{"e2 not covered: the king steps there", "4k3/8/8/8/P5P1/4PP2/1P1P3P/RNBQKBNR w KQ - 0 1", "a4a5", &loss, 0, false},
		{"8. Qe2 frees d1 and can block on f2", "4k3/8/8/8/P5P1/4PP2/1P1P3P/RNBQKBNR w KQ - 0 1", "d1e2", &loss, sq("e2").Bit(), false},
		{"8. Nh3 can block on f2", "4k3/8/8/8/P5P1/4PP2/1P1P3P/RNBQKBNR w KQ - 0 1", "g1h3", &loss, sq("e2").Bit(), false},
		{"back rank open to a rook", "k7/8/8/8/8/8/5PPP/3Q2K1 w - - 0 1", "d1a4", &backRank, 0, true},
		{"back rank guarded by the queen", "k7/8/8/8/8/8/5PPP/3Q2K1 w - - 0 1", "d1d2", &backRank, 0, false},
	} {
		p, err := game.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		own := p.Only(game.White)
		own.Apply(move(t, c.move))
		if got := exposed(&own, game.White, c.possible, c.covered); got != c.want {
			t.Errorf("%s: exposed = %v; want %v", c.name, got, c.want)
		}
	}
}

// The recorded loss, replayed to White's eighth move: weighed on the boards
// alone, the best candidate leaves Qh4 mate open (the sample held the open
// diagonal on one board of 256); with the B1 check, the best meets it.
func TestRankMeetsTheRecordedMate(t *testing.T) {
	own, b1, boards := recordedWeighing(t)
	cover := covered(boards, game.Black)
	deadline := time.Now().Add(time.Minute)
	top := func(possible *[game.King + 1]game.Bitboard) (game.Move, bool) {
		m := rank(&own, boards, map[game.Move]bool{}, referee.Wild16, deadline, possible, nil, 0, 0).choices[0].move
		after := own
		after.Apply(m)
		return m, exposed(&after, game.White, &b1, cover)
	}
	if m, open := top(nil); !open {
		t.Logf("boards alone now pick %v, which meets the mate (the sample changed)", m)
	}
	if m, open := top(&b1); open {
		t.Errorf("with the B1 check the bot still picks %v, which leaves the mate open", m)
	}
}
