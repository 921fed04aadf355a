package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// gameFlags are the flags every game-playing subcommand shares.
type gameFlags struct {
	rules  string
	fen    string
	plyCap int
}

func (g *gameFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&g.rules, "rules", "wild16", "ruleset: wild16, berkeley, berkeley-any, cincinnati, english, rand, open")
	fs.StringVar(&g.fen, "fen", game.StartFEN, "starting position")
	fs.IntVar(&g.plyCap, "ply-cap", referee.DefaultPlyCap, "draw the game after this many plies (0: no cap)")
}

// maxPlyCap is the largest --ply-cap: far past any game's end.
const maxPlyCap = 1000000

// resolve returns the ruleset (with the ply cap) and the starting position.
func (g *gameFlags) resolve() (referee.Ruleset, game.Position, error) {
	if g.plyCap < 0 || g.plyCap > maxPlyCap {
		return referee.Ruleset{}, game.Position{}, fmt.Errorf("%w: --ply-cap %d: want 0 (no cap) to %d", errUsage, g.plyCap, maxPlyCap)
	}
	rules, err := referee.RulesetByName(g.rules)
	if err != nil {
		return rules, game.Position{}, fmt.Errorf("%w: --rules: %v", errUsage, err)
	}
	rules.PlyCap = g.plyCap
	start, err := parseFEN(g.fen)
	if err != nil {
		return rules, start, fmt.Errorf("%w: --fen: %v", errUsage, err)
	}
	return rules, start, nil
}

// maxFEN is longer than any FEN: 71 characters of board, the side to
// move, castling, en passant and two counts.
const maxFEN = 128

// parseFEN reads a --fen; a string longer than any FEN is refused without
// echoing it whole (the chess core's error quotes the text it was given).
func parseFEN(fen string) (game.Position, error) {
	if len(fen) > maxFEN {
		return game.Position{}, fmt.Errorf("bad FEN: %d bytes, beginning %q; a FEN is at most %d", len(fen), truncate(fen, 40), maxFEN)
	}
	return game.ParseFEN(fen)
}

// truncate cuts s to at most n bytes, at a rune boundary, marking the cut.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// seriesFlags are the flags of the subcommands that play a series of
// seeded games (selfplay, eval, match).
type seriesFlags struct {
	gameFlags
	games int
	seed  uint64
}

func (g *seriesFlags) register(fs *flag.FlagSet, games int, gamesHelp string) {
	g.gameFlags.register(fs)
	fs.IntVar(&g.games, "games", games, gamesHelp)
	fs.Uint64Var(&g.seed, "seed", 1, "random seed; the same seed gives the same games")
}

// parse reads args and returns the ruleset and starting position; a series
// needs at least one game.
func (g *seriesFlags) parse(fs *flag.FlagSet, args []string) (referee.Ruleset, game.Position, error) {
	if err := parseFlags(fs, args); err != nil {
		return referee.Ruleset{}, game.Position{}, err
	}
	if g.games < 1 {
		return referee.Ruleset{}, game.Position{}, fmt.Errorf("%w: --games must be at least 1", errUsage)
	}
	return g.resolve()
}

// printReport writes a series' report to w: one JSON object with asJSON,
// else its text.
func printReport(w io.Writer, asJSON bool, r fmt.Stringer) error {
	if asJSON {
		return json.NewEncoder(w).Encode(r)
	}
	_, err := fmt.Fprint(w, r)
	return err
}
