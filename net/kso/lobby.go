package kso

import (
	"context"
	"fmt"
	"slices"
	"strings"
)

// Lobby is what a person or a bot does outside a game: list open, active
// games and bots, create, join and resume games. It holds no state of its
// own, so the console and the window share it.
type Lobby struct{ C *Client }

// Game names a game to follow: its id (or code), ruleset and players.
type Game struct {
	Ref, Code    string
	Variant      string
	White, Black string
}

// Open lists the waiting games in rulesets krieg plays.
func (l Lobby) Open(ctx context.Context) ([]OpenGame, error) {
	all, err := l.C.OpenGames(ctx)
	if err != nil {
		return nil, err
	}
	var out []OpenGame
	for _, g := range all {
		if _, err := RulesFor(g.RuleVariant); err == nil {
			out = append(out, g)
		}
	}
	return out, nil
}

// Active lists our active (and waiting) games.
func (l Lobby) Active(ctx context.Context) ([]GameMetadata, error) { return l.C.ActiveGames(ctx) }

// Bots lists the bots the site offers.
func (l Lobby) Bots(ctx context.Context) ([]BotListing, error) { return l.C.Bots(ctx) }

// Create makes a game in variant with us as colour (white, black, random):
// an open lobby game, or one against the listed bot named bot.
func (l Lobby) Create(ctx context.Context, variant, colour, bot string) (Game, error) {
	if _, err := RulesFor(variant); err != nil {
		return Game{}, err
	}
	if colour != "white" && colour != "black" && colour != "random" {
		return Game{}, fmt.Errorf("kso: colour %q: want white, black or random", clip(colour))
	}
	req := CreateGameRequest{RuleVariant: variant, PlayAs: colour, TimeControl: "rapid", OpponentType: "human"}
	if bot != "" {
		bots, err := l.C.Bots(ctx)
		if err != nil {
			return Game{}, err
		}
		i := slices.IndexFunc(bots, func(b BotListing) bool { return strings.EqualFold(b.Username, bot) })
		if i < 0 {
			return Game{}, fmt.Errorf("kso: the site lists no bot %q (try: bots)", clip(bot))
		}
		req.OpponentType, req.BotID = "bot", &bots[i].BotID
	}
	r, err := l.C.Create(ctx, req)
	if err != nil {
		return Game{}, err
	}
	return Game{Ref: r.GameID, Code: r.GameCode, Variant: r.RuleVariant}, nil
}

// Join takes the free side of an open game.
func (l Lobby) Join(ctx context.Context, code string) (Game, error) {
	r, err := l.C.Join(ctx, code)
	if err != nil {
		return Game{}, err
	}
	return Game{Ref: r.GameID, Code: r.GameCode, Variant: r.RuleVariant}, nil
}

// Find looks ref (an id or a code) up among our active games.
func (l Lobby) Find(ctx context.Context, ref string) (Game, error) {
	games, err := l.C.ActiveGames(ctx)
	if err != nil {
		return Game{}, err
	}
	for _, g := range games {
		if g.GameID == ref || strings.EqualFold(g.GameCode, ref) {
			return gameOf(g), nil
		}
	}
	return Game{}, fmt.Errorf("kso: %q is not one of your active games (try: games)", clip(ref))
}

func gameOf(g GameMetadata) Game {
	out := Game{Ref: g.GameID, Code: g.GameCode, Variant: g.RuleVariant}
	if g.White != nil {
		out.White = g.White.Username
	}
	if g.Black != nil {
		out.Black = g.Black.Username
	}
	return out
}

// LobbyHelp lists the lobby's typed commands.
const LobbyHelp = `kriegspiel.org commands:
  games                        your active games (resume one with: resume CODE)
  open                         open games waiting for an opponent (join one with: join CODE)
  bots                         the bots you can play
  create RULES COLOUR          an open game (RULES: wild16 berkeley berkeley_any cincinnati english rand; COLOUR: white black random)
  play BOT RULES COLOUR        a game against a listed bot
  join CODE | resume CODE      play that game
  resign | any | e2e4          in a game: resign, ask Any?, attempt a move`

// Command runs one typed lobby line. It returns the text to show and, for
// create, play, join and resume, the game to follow; handled is false when
// the line is not a lobby command.
func (l Lobby) Command(ctx context.Context, line string) (text string, follow *Game, handled bool, err error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", nil, false, nil
	}
	arity := func(n int, use string) error {
		if len(f) != n {
			return fmt.Errorf("kso: usage: %s", use)
		}
		return nil
	}
	switch strings.ToLower(f[0]) {
	case "help":
		return LobbyHelp, nil, true, nil
	case "games":
		gs, err := l.Active(ctx)
		if err != nil {
			return "", nil, true, err
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%d active game(s)", len(gs))
		for _, g := range gs {
			turn := "-"
			if g.Turn != nil {
				turn = *g.Turn
			}
			x := gameOf(g)
			fmt.Fprintf(&b, "\n  %s  %-12s %s vs %s, %s, move %d, %s to move", g.GameCode, g.RuleVariant, x.White, x.Black, g.State, g.MoveNumber, turn)
		}
		return b.String(), nil, true, nil
	case "open":
		gs, err := l.Open(ctx)
		if err != nil {
			return "", nil, true, err
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%d open game(s)", len(gs))
		for _, g := range gs {
			fmt.Fprintf(&b, "\n  %s  %-12s by %s, you would play %s", g.GameCode, g.RuleVariant, g.CreatedBy, g.AvailableColor)
		}
		return b.String(), nil, true, nil
	case "bots":
		bs, err := l.Bots(ctx)
		if err != nil {
			return "", nil, true, err
		}
		var b strings.Builder
		fmt.Fprintf(&b, "%d bot(s)", len(bs))
		for _, x := range bs {
			fmt.Fprintf(&b, "\n  %-16s elo %d  %s", x.Username, x.Elo, strings.Join(x.SupportedRuleVariants, " "))
		}
		return b.String(), nil, true, nil
	case "create":
		if err := arity(3, "create RULES COLOUR"); err != nil {
			return "", nil, true, err
		}
		g, err := l.Create(ctx, f[1], f[2], "")
		if err != nil {
			return "", nil, true, err
		}
		return fmt.Sprintf("created %s game %s; waiting for an opponent", g.Variant, g.Code), &g, true, nil
	case "play":
		if err := arity(4, "play BOT RULES COLOUR"); err != nil {
			return "", nil, true, err
		}
		g, err := l.Create(ctx, f[2], f[3], f[1])
		if err != nil {
			return "", nil, true, err
		}
		return fmt.Sprintf("created %s game %s against %s", g.Variant, g.Code, f[1]), &g, true, nil
	case "join":
		if err := arity(2, "join CODE"); err != nil {
			return "", nil, true, err
		}
		g, err := l.Join(ctx, f[1])
		if err != nil {
			return "", nil, true, err
		}
		return fmt.Sprintf("joined %s game %s", g.Variant, g.Code), &g, true, nil
	case "resume":
		if err := arity(2, "resume CODE"); err != nil {
			return "", nil, true, err
		}
		g, err := l.Find(ctx, f[1])
		if err != nil {
			return "", nil, true, err
		}
		return fmt.Sprintf("resuming %s game %s", g.Variant, g.Code), &g, true, nil
	}
	return "", nil, false, nil
}
