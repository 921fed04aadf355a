package player

import (
	"errors"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// The 151st study of `krieg endgame kbnk --seed 1` (main's record), at
// Black's 71st move: the king believed on d6 or c8, half and half, one of
// them beside the knight on c6 that our king guards. Since its fourth move
// the bot had shuffled its king between b6, b7 and c7, the bishop on b3 or
// f7, and the table's distance stayed at 31-33 plies until the ply cap: the
// return to b7 (played 11 times already) weighed some 70 plies better than
// any move elsewhere, and the charge for a placement stopped at four visits
// (40 plies). Charged up to twelve visits, the shuffle gives way.
func TestKBNKShuffleGivesWay(t *testing.T) {
	PrepareKBNK()
	const path = "testdata/kbnk-shuffle.pgn"
	const ply = 140
	rules := referee.Wild16
	rules.PlyCap = 150
	rec := gametest.Record(t, path)
	start, err := rec.Start()
	if err != nil {
		t.Fatal(err)
	}
	us := start.Turn()
	seen := visits{}
	stop := errors.New("stop")
	ref, err := record.Replay(rec, rules, func(s record.Step) error {
		if s.Before.Turn() == us {
			after := s.Before.Only(us)
			after.Apply(s.Ply.Move)
			seen.note(&after, us)
		}
		if s.Index == ply-1 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) {
		t.Fatalf("replaying to ply %d: %v", ply, err)
	}
	starts := LoneKingStarts(&start)
	b := New(Options{MoveTime: time.Second, Seed: 1, Starts: starts})
	b.begin(us, rules, starts)
	b.catchUp(ref.View(us))
	b.visits = seen
	choices, _ := b.choose(map[game.Move]bool{}, rules, time.Now().Add(time.Minute))
	own := b.ctl.View().Own
	own.SetTurn(us)
	after := own
	after.Apply(choices[0].move)
	if n := seen[placement(&after, us)]; n > 2 {
		t.Errorf("played %v, to a placement already played %d times", choices[0].move, n)
	}
}
