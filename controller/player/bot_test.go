package player_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/lab"
)

const blitz = 50 * time.Millisecond

// firstAttempt returns the bot's first attempt in start, believing the
// enemy's men may stand as in any of starts.
func firstAttempt(t *testing.T, start game.Position, starts []game.Position) (game.Move, []referee.Answer) {
	t.Helper()
	ref := referee.New(referee.Wild16, start)
	bot := player.New(player.Options{MoveTime: time.Second, Seed: 1, Starts: starts})
	answers := bot.Turn(ref)
	if len(answers) == 0 {
		t.Fatal("no attempt")
	}
	return ref.Log()[0].Attempt, answers
}

func mustFEN(t *testing.T, fen string) game.Position {
	t.Helper()
	p, err := game.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Knowing where the king is, the bot mates at once.
func TestBotMatesInOne(t *testing.T) {
	for _, fen := range []string{
		"k7/8/1K6/8/8/8/7Q/8 w - - 0 1",   // Qh8#
		"7k/8/6K1/8/8/8/8/R7 w - - 0 1",   // Ra8#
		"8/8/8/8/8/1k6/6q1/1K6 b - - 0 1", // ...Qb2#
	} {
		start := mustFEN(t, fen)
		_, answers := firstAttempt(t, start, []game.Position{start})
		last := answers[len(answers)-1]
		if last.Result == nil || last.Result.Reason != referee.ReasonCheckmate {
			t.Errorf("%s: the bot did not mate (answers %+v)", fen, last)
		}
	}
}

// With the lone king anywhere it may legally stand, the bot's first
// accepted move never leaves its queen or rook to be taken on any of those
// boards (the sweep keeps its piece), across random studies.
func TestBotKeepsItsPieceSafe(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, material := range []string{"kqk", "krk"} {
		for i := 0; i < 12; i++ {
			start, err := lab.RandomEndgame(material, rng)
			if err != nil {
				t.Fatal(err)
			}
			starts := player.LoneKingStarts(&start)
			ref := referee.New(referee.Wild16, start)
			bot := player.New(player.Options{MoveTime: blitz, Seed: uint64(i), Starts: starts})
			bot.Turn(ref)
			var played game.Move
			for _, e := range ref.Log() {
				if e.Verdict == referee.Accepted {
					played = e.Attempt
				}
			}
			if played == game.NoMove {
				t.Fatalf("%s: no move accepted", start.FEN())
			}
			us := start.Turn()
			safe := 0
			for _, b := range starts {
				next, ok := b.Play(played)
				if !ok {
					continue // illegal there: the referee would have said so
				}
				if !hangs(&next, us) {
					safe++
					continue
				}
				// Allowed only when every move hangs the piece on some board.
				t.Logf("%s: %v leaves the piece hanging with the king on %v", start.FEN(), played, b.KingSquare(us.Other()))
			}
			if t.Failed() {
				t.FailNow()
			}
			if safe == 0 {
				t.Fatalf("%s: %v is legal on no believed board", start.FEN(), played)
			}
		}
	}
}

// hangs reports whether the enemy king, to move in p, can take our queen or rook.
func hangs(p *game.Position, us game.Color) bool {
	var buf [game.MaxMoves]game.Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if t := p.At(m.To()).Type(); p.At(m.To()) != game.NoPiece && (t == game.Queen || t == game.Rook) {
			return true
		}
	}
	return false
}

// Seed 003's first test: with every square the enemy king may stand on
// outside the pawn's square, the bot pushes the pawn.
func TestBotPushesAPawnOutOfReach(t *testing.T) {
	start := mustFEN(t, "k7/8/8/7P/8/8/8/K7 w - - 0 1")
	var starts []game.Position
	for _, s := range []game.Square{game.A8, game.B8, game.A7, game.B7} {
		p := start
		p.Remove(game.A8)
		p.Put(s, game.NewPiece(game.Black, game.King))
		starts = append(starts, p)
	}
	m, _ := firstAttempt(t, start, starts)
	if m.String() != "h5h6" {
		t.Errorf("first attempt %v, want the push h5h6", m)
	}
}

// Against the random player the bot wins short matches and never loses.
func TestBotBeatsRandom(t *testing.T) {
	for _, tc := range []struct{ white, black string }{{"bot", "random"}, {"random", "bot"}} {
		r, err := lab.Match(lab.MatchOptions{White: tc.white, Black: tc.black, Games: 2, Seed: 5,
			Rules: referee.Wild16, Start: game.Start(), MoveTime: 20 * time.Millisecond}, nil)
		if err != nil {
			t.Fatal(err)
		}
		botWins, botLosses := r.WhiteWins, r.BlackWins
		if tc.black == "bot" {
			botWins, botLosses = botLosses, botWins
		}
		if botLosses > 0 || botWins == 0 {
			t.Errorf("%s vs %s: %v", tc.white, tc.black, r)
		}
	}
}

// A bot moved to another game under a different umpire, one that has gone
// further than the bot followed, hears entries that cannot follow its own:
// it follows the new game afresh and plays a move there.
func TestBotFollowsAnotherGame(t *testing.T) {
	bot := player.New(player.Options{MoveTime: blitz, Seed: 1})
	first := referee.New(referee.Wild16, game.Start())
	bot.Turn(first) // White's first move in the first game
	other := referee.New(referee.Wild16, game.Start())
	for _, m := range []string{"d2d4", "d7d5", "c2c4", "e7e6"} {
		mv, _ := game.ParseMove(m)
		if a := other.Attempt(mv); a.Verdict != referee.Accepted {
			t.Fatalf("%s: %v", m, a.Verdict)
		}
	}
	answers := bot.Turn(other)
	if len(answers) == 0 || answers[len(answers)-1].Verdict != referee.Accepted {
		t.Fatalf("no accepted move in the other game: %+v", answers)
	}
	if got := bot.Controller().View().Plies; got != 5 {
		t.Errorf("the bot's controller is at ply %d; want 5 (the other game's four and its own move)", got)
	}
	truth := other.Position()
	own := bot.Controller().View().Own
	if got, want := own.ByColor(game.White), truth.ByColor(game.White); got != want {
		t.Errorf("the bot believes its men on %v; they stand on %v", got, want)
	}
}
