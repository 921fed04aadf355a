// Package assets holds the board's embedded art, fonts and sounds and
// decodes them once. Each file's licence is stated in LICENSES.md.
//
// Pieces are vector art (SVG) rasterized at the size asked for, so they stay
// crisp at any board size; fonts are the Go fonts; sounds are short WAV files.
package assets

import (
	"embed"
	"fmt"
)

//go:embed pieces/*.svg sounds/*.wav
var files embed.FS

// read returns one embedded file, with the package's prefix on errors.
func read(name string) ([]byte, error) {
	b, err := files.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("assets: %w", err)
	}
	return b, nil
}
