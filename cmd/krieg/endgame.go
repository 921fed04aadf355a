package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/lab"
)

// runEndgame plays the bot through random endgame studies and prints its mate rate.
func runEndgame(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("endgame", stderr)
	games := fs.Int("games", 200, "number of studies")
	seed := fs.Uint64("seed", 1, "random seed; the same seed gives the same studies")
	defender := fs.String("defender", "cheat", "the lone king's player: "+strings.Join(lab.EndgameDefenders, " or ")+" (cheat sees the whole board)")
	movetime := fs.Duration("movetime", player.DefaultMoveTime, "the bot's time budget per move")
	rulesName := fs.String("rules", "wild16", "ruleset")
	asJSON := fs.Bool("json", false, "print one JSON object instead of the table")
	out := fs.String("out", "", "directory to write one record per study (game-0001.pgn, ...)")
	// The material may come before or after the flags.
	var material string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		material, args = args[0], args[1:]
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if material == "" && fs.NArg() == 1 {
		material = fs.Arg(0)
	} else if fs.NArg() != 0 || material == "" {
		return fmt.Errorf("%w: want one material: %s", errUsage, strings.Join(lab.Endgames, ", "))
	}
	material = strings.ToLower(material)
	if !slices.Contains(lab.Endgames, material) {
		return fmt.Errorf("%w: unknown endgame %q: want one of %s", errUsage, material, strings.Join(lab.Endgames, ", "))
	}
	if *games < 1 {
		return fmt.Errorf("%w: --games must be at least 1", errUsage)
	}
	if !slices.Contains(lab.EndgameDefenders, *defender) {
		return fmt.Errorf("%w: --defender %q: want %s (peers play only in krieg match)", errUsage, *defender, strings.Join(lab.EndgameDefenders, " or "))
	}
	if err := checkMoveTime(*movetime); err != nil {
		return err
	}
	rules, err := referee.RulesetByName(*rulesName)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if err := makeOutDir(*out); err != nil {
		return err
	}
	save := func(n int, ref *referee.Referee) error {
		white, black := "bot", *defender
		if start := ref.Start(); start.Turn() != game.White {
			white, black = black, white
		}
		return saveGame(*out, "krieg endgame "+material, n, ref, white, black, *seed)
	}
	stop, listened := stopOnInterrupt(stderr)
	defer listened()
	r, err := lab.Endgame(lab.EndgameOptions{Material: material, Games: *games, Stop: stop, Seed: *seed,
		Defender: *defender, MoveTime: *movetime, Rules: rules}, save)
	if err != nil {
		return err
	}
	if err := printReport(stdout, *asJSON, r); err != nil {
		return err
	}
	return stoppedEarly(r.Games, r.Asked)
}
