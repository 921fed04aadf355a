package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net/kso"
)

// runBot runs the computer player as a kriegspiel.org bot, or registers one.
func runBot(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("bot", stderr)
	var k launch.KSO
	k.Register(fs)
	tokenFile := fs.String("token-file", defaultTokenFile(), "the bot's token file (written with mode 0600 by --register)")
	register := fs.String("register", "", "register a bot with this user name and write its token to --token-file")
	email := fs.String("email", "", "--register: the owner's e-mail address")
	rules := fs.String("rules", strings.Join(kso.Variants(), ","), "rulesets to play, comma-separated (site or krieg names)")
	maxGames := fs.Int("max-games", 4, "the most games played at once")
	moveTime := fs.Duration("movetime", player.DefaultMoveTime, "the computer player's time per move")
	create := fs.Bool("create", false, "keep one open lobby game waiting (in the first of --rules)")
	join := fs.Bool("join-bots", false, "join other bots' open games (at most one a minute, the site's cooldown)")
	askAny := fs.Bool("any", true, "ask Any? where the ruleset has it and a pawn could capture")
	poll := fs.Duration("poll", 3*time.Second, "interval between rounds of the bot loop")
	games := fs.Int("games", 0, "stop after this many finished games (0: run until interrupted)")
	save := fs.String("save", launch.DefaultSaveDir(), "save each finished game's record in this folder (empty: do not save)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := noArgs(fs); err != nil {
		return err
	}
	if !k.On {
		return fmt.Errorf("%w: krieg bot plays on kriegspiel.org: add --kso", errUsage)
	}
	if err := launch.CheckSaveDir(*save); err != nil {
		return err
	}
	if *tokenFile == "" {
		return fmt.Errorf("%w: --token-file FILE is needed", errUsage)
	}
	variants, err := variantList(*rules)
	if err != nil {
		return usage(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *register != "" {
		if *email == "" {
			return fmt.Errorf("%w: --register needs --email ADDR", errUsage)
		}
		c, err := kso.New(kso.Options{Base: k.URL})
		if err != nil {
			return usage(err)
		}
		r, err := kso.Register(ctx, c, kso.BotRegisterRequest{Username: *register, DisplayName: "krieg " + *register,
			OwnerEmail: *email, Description: "krieg's computer player (github.com/krieg/krieg)", SupportedRuleVariants: variants}, *tokenFile)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "registered bot %s (id %s); its token is in %s (mode 0600): keep it secret\n", r.Username, r.BotID, *tokenFile)
		return nil
	}
	tok, err := kso.ReadToken(*tokenFile)
	if err != nil {
		return err
	}
	c, err := kso.New(kso.Options{Base: k.URL, Token: tok})
	if err != nil {
		return usage(err)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	finished := 0
	seed := uint64(time.Now().UnixNano())
	loop := kso.NewBotLoop(c, kso.BotOptions{Variants: variants, MaxGames: *maxGames, Poll: *poll, CreateOpen: *create,
		JoinBots: *join, AskAny: *askAny, SaveDir: *save,
		NewPlayer: func() kso.Player {
			seed++
			return player.New(player.Options{MoveTime: *moveTime, Seed: seed})
		},
		Log: func(l string) { fmt.Fprintf(stdout, "%s %s\n", time.Now().Format("15:04:05"), l) },
		OnEnd: func(*kso.Seat) {
			if finished++; *games > 0 && finished >= *games {
				cancel()
			}
		}})
	fmt.Fprintf(stdout, "krieg bot on %s: %s, up to %d games, %v a move\n", c.Base(), strings.Join(variants, " "), *maxGames, *moveTime)
	err = loop.Run(ctx)
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// defaultTokenFile is the user's config folder's krieg/kso-bot.token.
func defaultTokenFile() string {
	if d, err := os.UserConfigDir(); err == nil {
		return filepath.Join(d, "krieg", "kso-bot.token")
	}
	return ""
}

// variantList reads a comma-separated list of rulesets, in the site's
// names (berkeley_any) or krieg's (berkeley-any).
func variantList(s string) ([]string, error) {
	var out []string
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if _, err := kso.RulesFor(name); err != nil {
			r, rerr := referee.RulesetByName(name)
			if rerr != nil {
				return nil, fmt.Errorf("%w: --rules: %v", launch.ErrUsage, err)
			}
			if name, err = kso.VariantOf(r); err != nil {
				return nil, fmt.Errorf("%w: --rules: %v", launch.ErrUsage, err)
			}
		}
		out = append(out, name)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%w: --rules names no ruleset", launch.ErrUsage)
	}
	return out, nil
}
