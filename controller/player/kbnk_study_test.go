package player_test

import (
	"testing"
	"time"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/lab"
)

// The bot, seeing only its own men, mates a lone king with bishop and knight
// against the cheat (who sees the board) within the studies' ply cap; without
// a technique of its own for the ending it mated none of 20 random studies.
func TestKBNKStudyMates(t *testing.T) {
	player.PrepareKBNK()
	for _, fen := range []string{
		"8/3K1N2/8/8/8/8/k4B2/8 w - - 0 1",
		"8/1b6/3k4/8/6n1/8/4K3/8 b - - 0 1",
		"8/6K1/8/1n6/1k6/8/8/2b5 b - - 0 1",
	} {
		playKBNKStudy(t, fen, 1, 2)
	}
}

// The first study of `krieg endgame kbnk --seed 1`, with its seeds: judged
// a move ahead only, the bot kept the king's chances over thirty-odd squares
// and reached the ply cap; weighing each answer by the best next move makes
// of it, it finds the king and mates.
func TestKBNKStudyLooksAhead(t *testing.T) {
	player.PrepareKBNK()
	s := lab.GameSeed(1, 0)
	playKBNKStudy(t, "8/3K1N2/8/8/8/8/k4B2/8 w - - 0 1", s, s+1)
}

// The fourteenth study of `krieg endgame kbnk --seed 2`: with the worst
// distance weighed no more than the mean, the bot found the king at b8 (the
// wrong corner for its bishop) and then, every progress costing more in the
// prices for not knowing than the ply it gained, walked round it until the
// ply cap.
func TestKBNKStudyDrivesKnownKing(t *testing.T) {
	player.PrepareKBNK()
	s := lab.GameSeed(2, 13)
	playKBNKStudy(t, "8/6b1/8/K5k1/3n4/8/8/8 b - - 0 1", s, s+1)
}

// The ninetieth study of `krieg endgame kbnk --seed 1` and the
// thirty-fifth of seed 2: weighing the king's chances as half B1's even
// spread, the bot kept its king beside its men (every step away left a man
// beside squares of a hundredth's chance) and reached the ply cap in both;
// following the chances through the game (kingtrack.go) it mates.
func TestKBNKStudyFollowsKing(t *testing.T) {
	player.PrepareKBNK()
	s := lab.GameSeed(1, 89)
	playKBNKStudy(t, "3K4/1b6/8/2n5/8/3k4/8/8 b - - 0 1", s, s+1)
	s = lab.GameSeed(2, 34)
	playKBNKStudy(t, "1k6/6K1/8/8/8/4N3/5B2/8 w - - 0 1", s, s+1)
}

// Studies of `krieg endgame kbbk-blocked --seed 1` (the eleventh) and
// kbnk-blocked (the fourteenth): a king beside its rammed pawn against two
// bishops, and against bishop and knight. Weighed board by board the bot
// reached the ply cap in both; with the pawns fixed beside our men and the
// pair's table it mates.
func TestBlockedStudiesMate(t *testing.T) {
	player.PrepareKBBK()
	player.PrepareKBNK()
	s := lab.GameSeed(1, 10)
	playKBNKStudy(t, "8/8/6k1/3b4/5b1p/7P/8/K7 b - - 0 1", s, s+1)
	s = lab.GameSeed(1, 13)
	playKBNKStudy(t, "8/7N/8/3BK3/8/3p4/3P4/k7 w - - 0 1", s, s+1)
}

// playKBNKStudy plays the bot (seeded botSeed) against the cheat (cheatSeed)
// from fen and fails unless the bot mates within the studies' ply cap.
func playKBNKStudy(t *testing.T, fen string, botSeed, cheatSeed uint64) {
	t.Helper()
	start, err := game.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	rules := referee.Wild16
	rules.PlyCap = lab.EndgamePlyCap
	ref := referee.New(rules, start)
	bot := player.New(player.Options{MoveTime: time.Second, Seed: botSeed, Starts: player.LoneKingStarts(&start)})
	cheat := attempter.NewCheat(ref, cheatSeed)
	us := start.Turn()
	for ref.Result() == nil {
		if ref.ToMove() == us {
			bot.Turn(ref)
		} else {
			cheat.Turn(ref)
		}
	}
	if res := ref.Result(); res.Reason != referee.ReasonCheckmate {
		t.Errorf("%s: %s after %d plies, not mate", fen, res.Reason, ref.Plies())
	} else {
		t.Logf("%s: mate in %d plies", fen, ref.Plies())
	}
}
