package kso_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net/kso"
	"github.com/krieg/krieg/net/kso/ksotest"
)

// registerBot registers name on s and returns its token, read back from
// the 0600 file Register wrote.
func registerBot(t *testing.T, s *ksotest.Server, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name+".token")
	listed := true // GET /bots names only listed bots, which is how a bot tells bots' open games
	r, err := kso.Register(context.Background(), client(t, s, ""), kso.BotRegisterRequest{Username: name, DisplayName: "krieg " + name,
		OwnerEmail: "owner@example.org", Listed: &listed, SupportedRuleVariants: kso.Variants()}, path)
	if err != nil {
		t.Fatal(err)
	}
	if r.Username != name || r.APIToken != "" {
		t.Fatalf("registration %+v: want %s without the token", r, name)
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("token file: %v, mode %v; want 0600", err, st.Mode().Perm())
	}
	tok, err := kso.ReadToken(path)
	if err != nil || !strings.HasPrefix(tok, "ksbot_") {
		t.Fatalf("token %q, %v", tok, err)
	}
	if _, err := kso.Register(context.Background(), client(t, s, ""), kso.BotRegisterRequest{Username: name, DisplayName: "again",
		OwnerEmail: "owner@example.org"}, path); err == nil {
		t.Fatal("a second registration overwrote the token file")
	}
	return tok
}

// TestBotLoopTwoGames: the bot loop plays two games at once against the
// computer player behind the fake; what it heard in each equals the
// referee's truth for its side; the token appears in no log line.
func TestBotLoopTwoGames(t *testing.T) {
	s := site(t)
	var mu sync.Mutex
	var lines []string
	s.Log = func(l string) { mu.Lock(); lines = append(lines, l); mu.Unlock() }
	tok := registerBot(t, s, "kriegbot")
	idA, _, err := s.NewGame("berkeley_any", "kriegbot", "housebot")
	if err != nil {
		t.Fatal(err)
	}
	idB, _, err := s.NewGame("rand", "housebot", "kriegbot")
	if err != nil {
		t.Fatal(err)
	}
	ended := map[string]*kso.Seat{}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	loop := kso.NewBotLoop(client(t, s, tok), kso.BotOptions{Poll: 20 * time.Millisecond, AskAny: true, SaveDir: t.TempDir(),
		NewPlayer: func() kso.Player { return player.New(player.Options{MoveTime: 15 * time.Millisecond, Seed: 3}) },
		Log:       func(l string) { mu.Lock(); lines = append(lines, l); mu.Unlock() },
		OnEnd: func(seat *kso.Seat) {
			ended[seat.Ref] = seat
			if len(ended) == 2 {
				cancel()
			}
		}})
	if err := loop.Run(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("loop ended with %v after %d of 2 games", err, len(ended))
	}
	for id, side := range map[string]game.Color{idA: game.White, idB: game.Black} {
		seat := ended[id]
		if seat == nil {
			t.Fatalf("game %s: no end heard", id)
		}
		ref := s.Truth(id)
		v := seat.Current()
		sameHeard(t, ref.Rules(), seat.Heard(), toldFor(ref, side))
		sameMen(t, v.Own, ref.Position(), side)
		t.Logf("%s: %d plies, %s %s", ref.Rules().Name, ref.Plies(), v.Result.Score, v.Result.Reason)
	}
	asked := false
	for _, e := range ended[idA].Heard() {
		asked = asked || (e.AskedAny && e.Mover == game.White)
	}
	if !asked {
		t.Error("the bot never asked Any? in Berkeley+Any")
	}
	mu.Lock()
	defer mu.Unlock()
	for _, l := range lines {
		if strings.Contains(l, tok) || strings.Contains(l, tok[len("ksbot_"):]) {
			t.Fatalf("the token is in a log line: %q", l)
		}
	}
	if len(lines) < 4 {
		t.Fatalf("only %d log lines", len(lines))
	}
}

// TestBotLobby: the loop keeps one open game, joins another bot's open
// game once, and respects the join cooldown; a refused token is ErrSession
// without the token in the message.
func TestBotLobby(t *testing.T) {
	s := site(t)
	tok := registerBot(t, s, "kriegbot")
	other := registerBot(t, s, "otherbot")
	oc := client(t, s, other)
	for _, v := range []string{"wild16", "english"} {
		if _, err := oc.Create(context.Background(), kso.CreateGameRequest{RuleVariant: v, PlayAs: "white", OpponentType: "human"}); err != nil && !errors.Is(err, kso.ErrAlreadyOpen) {
			t.Fatal(err)
		}
	}
	// otherbot may keep one open game only: the second create was refused.
	if _, err := oc.Create(context.Background(), kso.CreateGameRequest{RuleVariant: "rand", PlayAs: "white", OpponentType: "human"}); !errors.Is(err, kso.ErrAlreadyOpen) {
		t.Fatalf("a second open game: got %v; want BOT_ALREADY_HAS_OPEN_GAME", err)
	}
	loop := kso.NewBotLoop(client(t, s, tok), kso.BotOptions{CreateOpen: true, CreateVariant: "cincinnati", JoinBots: true,
		NewPlayer: func() kso.Player { return player.New(player.Options{MoveTime: 10 * time.Millisecond}) }})
	for range 3 {
		if err := loop.Round(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	mine, err := client(t, s, tok).ActiveGames(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var waiting, active int
	for _, g := range mine {
		switch {
		case g.State == "waiting" && g.RuleVariant == "cincinnati":
			waiting++
		case g.State == "active" && g.RuleVariant == "wild16":
			active++
		}
	}
	if waiting != 1 || active != 1 {
		t.Fatalf("after three rounds: %d open cincinnati games, %d joined wild16 games; want 1 and 1 (%+v)", waiting, active, mine)
	}
	// A third bot's open game is not joined within the cooldown, and the
	// site refuses a direct join with BOT_JOIN_COOLDOWN.
	third := client(t, s, registerBot(t, s, "thirdbot"))
	g, err := third.Create(context.Background(), kso.CreateGameRequest{RuleVariant: "berkeley", PlayAs: "black", OpponentType: "human"})
	if err != nil {
		t.Fatal(err)
	}
	if err := loop.Round(context.Background()); err != nil {
		t.Fatal(err)
	}
	if open, _ := third.OpenGames(context.Background()); len(open) != 2 {
		t.Fatalf("%d open games; want cincinnati (ours) and thirdbot's berkeley still open", len(open))
	}
	if _, err := client(t, s, tok).Join(context.Background(), g.GameCode); !errors.Is(err, kso.ErrJoinCooldown) {
		t.Fatalf("a second join within a minute: got %v; want BOT_JOIN_COOLDOWN", err)
	}
	bad := client(t, s, "ksbot_wrong.secret")
	err = kso.NewBotLoop(bad, kso.BotOptions{NewPlayer: func() kso.Player { return nil }}).Run(context.Background())
	if !errors.Is(err, kso.ErrSession) || strings.Contains(err.Error(), "secret") {
		t.Fatalf("a refused token: got %v; want ErrSession without the token", err)
	}
}

// TestStrictSeat: a bot's seat refuses attempts the site does not allow
// without a request, except in Wild 16 where the site answers them.
func TestStrictSeat(t *testing.T) {
	s := site(t)
	tok := registerBot(t, s, "kriegbot")
	for _, tc := range []struct {
		variant string
		posts   int
		verdict referee.Verdict
	}{{"berkeley", 0, referee.Nonsense}, {"wild16", 1, referee.Illegal}} {
		id, _, err := s.NewGame(tc.variant, "kriegbot", "housebot")
		if err != nil {
			t.Fatal(err)
		}
		rules, _ := kso.RulesFor(tc.variant)
		seat := kso.NewSeat(context.Background(), client(t, s, tok), id, rules)
		seat.Strict = true
		if err := seat.Refresh(); err != nil {
			t.Fatal(err)
		}
		before := s.Requests("POST /game/{ref}/move")
		a := seat.Attempt(game.NewMove(game.E2, game.E5, game.NoPieceType))
		if a.Verdict != tc.verdict || s.Requests("POST /game/{ref}/move")-before != tc.posts {
			t.Errorf("%s: e2e5 answered %s with %d requests; want %s with %d", tc.variant, a.Verdict,
				s.Requests("POST /game/{ref}/move")-before, tc.verdict, tc.posts)
		}
		sameHeard(t, rules, seat.Heard(), toldFor(s.Truth(id), game.White))
	}
}
