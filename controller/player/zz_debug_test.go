package player

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// TestZZDebugStudy replays DEBUG_FEN with DEBUG_MOVES (tokens: SAN, ?SAN a
// refused attempt of ours) and prints the bot's top choices at its turns
// from token DEBUG_FROM on.
func TestZZDebugStudy(t *testing.T) {
	fen := os.Getenv("DEBUG_FEN")
	if fen == "" {
		t.Skip()
	}
	from, _ := strconv.Atoi(os.Getenv("DEBUG_FROM"))
	PrepareKBNK()
	start, _ := game.ParseFEN(fen)
	rules := referee.Wild16
	rules.PlyCap = 150
	ref := referee.New(rules, start)
	bot := New(Options{MoveTime: time.Second, Seed: 1, Starts: fairStarts(&start)})
	us := start.Turn()
	bot.begin(us, rules, bot.starts())
	tried := map[game.Move]bool{}
	for i, tok := range strings.Fields(os.Getenv("DEBUG_MOVES")) {
		var m game.Move
		var err error
		if ref.ToMove() == us {
			pos := ref.Position()
			own := pos.Only(us)
			own.SetTurn(us)
			m, err = record.ParseAttemptSAN(&own, strings.TrimPrefix(tok, "?"))
		} else {
			pos := ref.Position()
			m, err = pos.ParseSAN(tok)
		}
		if err != nil {
			t.Fatal(i, tok, err)
		}
		if ref.ToMove() == us && i+1 >= from {
			bot.catchUp(ref.View(us))
			choices, _ := bot.choose(tried, rules, time.Now().Add(500*time.Millisecond))
			ch := bot.king.chances()
			var sb strings.Builder
			for s := game.Square(0); s < 64; s++ {
				if ch[s] > 0.005 {
					fmt.Fprintf(&sb, " %v:%.3f", s, ch[s])
				}
			}
			t.Logf("%d before %s: chances%s", i+1, tok, sb.String())
			for j, c := range choices {
				if j < 40 || c.move == m {
					t.Logf("  %d %v score %.5f risky %v", j, c.move, c.score, c.risky)
				}
			}
		}
		if ref.ToMove() == us {
			tried[m] = true
		}
		ans := ref.Attempt(m)
		if ans.Verdict == referee.Accepted {
			tried = map[game.Move]bool{}
		}
		bot.catchUp(ref.View(us))
	}
}

func fairStarts(start *game.Position) []game.Position {
	var out []game.Position
	us := start.Turn()
	for _, p := range LoneKingStarts(start) {
		if game.KingAttacks(p.KingSquare(us.Other()))&p.ByColor(us) == 0 {
			out = append(out, p)
		}
	}
	return out
}
