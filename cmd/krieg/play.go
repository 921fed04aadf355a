package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// runPlay plays one game between two random attempters in the terminal:
// the board after each move and everything each player heard.
func runPlay(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("play", stderr)
	var g gameFlags
	g.register(fs)
	seed := fs.Uint64("seed", uint64(time.Now().UnixNano()), "random seed")
	delay := fs.Duration("delay", 0, "pause after each move (e.g. 100ms) to watch the game")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := noArgs(fs); err != nil {
		return err
	}
	rules, start, err := g.resolve()
	if err != nil {
		return err
	}
	ref := referee.New(rules, start)
	white, black := attempter.NewRandom(*seed), attempter.NewRandom(*seed+1)
	fmt.Fprintf(stdout, "krieg: %s, random attempter vs random attempter, seed %d\n\n", rules.Title, *seed)
	fmt.Fprint(stdout, start.Diagram(false))
	heard := [2]int{}
	for ref.Result() == nil {
		p, pos := white, ref.Position()
		if pos.Turn() == game.Black {
			p = black
		}
		p.Turn(ref)
		moves := ref.Moves()
		fmt.Fprintf(stdout, "\n%s plays %s\n", pos.Turn().Title(), moveLabel(&pos, moves[len(moves)-1]))
		for _, c := range []game.Color{game.White, game.Black} {
			v := ref.View(c)
			for _, e := range v.Heard[heard[c]:] {
				if line := heardLine(rules, c, e); line != "" {
					fmt.Fprintf(stdout, "  %s hears: %s\n", c.Title(), line)
				}
			}
			heard[c] = len(v.Heard)
		}
		now := ref.Position()
		fmt.Fprint(stdout, now.Diagram(false))
		if *delay > 0 {
			time.Sleep(*delay)
		}
	}
	res := ref.Result()
	fmt.Fprintf(stdout, "\nResult: %s, after %d plies\n", res.Words(), ref.Plies())
	return nil
}

// moveLabel writes a move as "12. Nf3" (SAN), falling back to coordinates.
func moveLabel(before *game.Position, m game.Move) string {
	san, err := before.SAN(m)
	if err != nil {
		san = m.String()
	}
	return record.MoveLabel(before, san)
}

// heardLine renders one log entry as player c heard it: their own attempt if
// it was theirs, then the announcements in the ruleset's words.
func heardLine(rules referee.Ruleset, c game.Color, e referee.Entry) string {
	var parts []string
	for _, a := range e.Said {
		if s := a.Text(rules); s != "" {
			parts = append(parts, s)
		}
	}
	text := strings.Join(parts, "; ")
	switch {
	case e.Mover == c && e.AskedAny:
		return "(you asked Any?) " + text
	case e.Mover == c && e.Attempt != game.NoMove:
		return fmt.Sprintf("(you tried %s) %s", e.Attempt, text)
	}
	return text
}
