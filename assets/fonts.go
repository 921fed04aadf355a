package assets

import (
	"fmt"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

// Font is one of the board's typefaces.
type Font uint8

// The typefaces: text, headings and clocks, and the log and console.
const (
	Regular Font = iota
	Bold
	Mono
)

// TTF returns the font file (TrueType) of f: the Go fonts.
func (f Font) TTF() []byte {
	switch f {
	case Bold:
		return gobold.TTF
	case Mono:
		return gomono.TTF
	}
	return goregular.TTF
}

// Parse decodes f for rasterizing at any size.
func (f Font) Parse() (*opentype.Font, error) {
	ft, err := opentype.Parse(f.TTF())
	if err != nil {
		return nil, fmt.Errorf("assets: font %d: %w", f, err)
	}
	return ft, nil
}
