package main

import (
	"fmt"
	"image/png"
	"io"
	"os"
	"strings"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/timeline"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/sprites/raster"
	"github.com/krieg/krieg/sprites/scene"
)

// runRender draws one ply of a record, as one player saw it, to a PNG: the
// board's picture without a window.
func runRender(args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("render", stderr)
	pgn := fs.String("pgn", "", "the game record (extended PGN)")
	ply := fs.Int("ply", -1, "draw the board after this many plies (-1: the end)")
	sideName := fs.String("side", "white", "whose view: white or black")
	out := fs.String("o", "board.png", "the PNG to write")
	width := fs.Int("width", 1000, "picture width in pixels")
	height := fs.Int("height", 640, "picture height in pixels")
	reveal := fs.Bool("reveal", false, "show the real enemy men under the tokens")
	zone := fs.Bool("zone", false, "draw the zone of control")
	heat := fs.String("heat", "", "draw the heat map of one enemy class: k, q, r, b, n or p")
	tokens := fs.String("tokens", "piece,check,king", "token kinds to draw (comma-separated; empty for none)")
	flip := fs.Bool("flip", false, "turn the board around (default: the player's side at the bottom)")
	rules := fs.String("rules", "", "ruleset (default: the record's Rules tag, else wild16)")
	seed := fs.Uint64("seed", 1, "the deduction engine's sampling seed")
	preview := fs.String("preview", "", "pick up the man on this square: its target dots show the attempt preview")
	hover := fs.String("hover", "", "draw the tooltip of this square, as the pointer resting there shows it")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *pgn == "" && fs.NArg() == 1 {
		*pgn = fs.Arg(0)
	}
	if *pgn == "" {
		return fmt.Errorf("%w: want --pgn FILE", errUsage)
	}
	if err := recordArg("render", *pgn); err != nil {
		return err
	}
	side, err := parseSide(*sideName)
	if err != nil {
		return err
	}
	if *ply < -1 {
		return fmt.Errorf("%w: --ply %d: want a number of plies from 0, or -1 for the end", errUsage, *ply)
	}
	for _, d := range []struct {
		flag string
		n    int
	}{{"--width", *width}, {"--height", *height}} {
		if d.n < minPicture || d.n > maxPicture {
			return fmt.Errorf("%w: %s %d: the picture must be at least %d×%d and at most %d×%d", errUsage, d.flag, d.n, minPicture, minPicture, maxPicture, maxPicture)
		}
	}
	f := scene.Frame{W: *width, H: *height, Selected: game.NoSquare, Capture: game.NoSquare}
	if f.Show, err = parseShow(*tokens, *heat, *zone); err != nil {
		return err
	}
	opt := timeline.Options{Controller: controller.Options{Seed: *seed}}
	if *ply >= 0 {
		opt.UpTo = max(*ply, 1)
	}
	tl, err := timeline.Load(*pgn, *rules, opt)
	if err != nil {
		return err
	}
	if tl.Disagreement != nil {
		fmt.Fprintf(stderr, "krieg render: note: %s: %s\n", *pgn, record.ShownAsReplayed(tl.Disagreement))
	}
	if *ply > tl.Plies {
		return fmt.Errorf("%w: --ply %d: the record has %d plies", errUsage, *ply, tl.Plies)
	}
	p := tl.Plies
	if *ply >= 0 {
		p = *ply
	}
	scene.ReplayFrame(&f, tl, p, side, *reveal)
	f.Flipped = (side == game.Black) != *flip
	if err := previewFrame(&f, tl, p, side, opt.Controller, *preview, *hover); err != nil {
		return err
	}
	d, err := raster.New()
	if err != nil {
		return err
	}
	s := scene.Build(f)
	img := d.Draw(&s)
	file, err := os.Create(*out)
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	if err := png.Encode(file, img); err != nil {
		file.Close()
		return fmt.Errorf("render: %s: %w", *out, err)
	}
	if err := file.Close(); err != nil {
		return fmt.Errorf("render: %s: %w", *out, err)
	}
	fmt.Fprintf(stdout, "%s: ply %d of %d, %s's view\n", *out, p, len(tl.Record.Plies), side)
	return nil
}

// minPicture and maxPicture bound --width and --height: a smaller board
// cannot be read, and a picture past the largest takes memory by the
// gigabyte and shows nothing more.
const (
	minPicture = 200
	maxPicture = 8192
)

// parseSide reads "white" or "black".
func parseSide(s string) (game.Color, error) {
	switch strings.ToLower(s) {
	case "white", "w":
		return game.White, nil
	case "black", "b":
		return game.Black, nil
	}
	return game.White, fmt.Errorf("%w: side %q: want white or black", errUsage, s)
}

// parseShow reads the layer flags.
func parseShow(tokens, heat string, zone bool) (scene.Show, error) {
	sh := scene.Show{Zone: zone}
	for _, k := range strings.Split(tokens, ",") {
		switch strings.TrimSpace(k) {
		case "piece":
			sh.Pieces = true
		case "check":
			sh.Checks = true
		case "king":
			sh.Kings = true
		case "":
		default:
			return sh, fmt.Errorf("%w: --tokens: unknown kind %q (want piece, check, king)", errUsage, k)
		}
	}
	if heat != "" {
		t, ok := game.PieceTypeFromLetter(heat[0])
		if !ok || len(heat) != 1 {
			return sh, fmt.Errorf("%w: --heat %q: want one of k, q, r, b, n, p", errUsage, heat)
		}
		sh.Heat = t
	}
	return sh, nil
}
