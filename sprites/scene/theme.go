package scene

import "image/color"

// Theme is a board's colour scheme.
type Theme uint8

// The board themes.
const (
	Brown        Theme = iota // lichess's brown board
	HighContrast              // near-white and slate squares, for low vision and bright rooms
)

// Themes names the themes in the new-game screen's order.
var Themes = []string{"Brown", "High contrast"}

// squares returns the light and dark squares' colours of t.
func (t Theme) squares() (light, dark color.RGBA) {
	if t == HighContrast {
		return rgb(0xfa, 0xfa, 0xfa), rgb(0x5e, 0x71, 0x82)
	}
	return lightSquare, darkSquare
}

// Assist is how much the assistant shows.
type Assist uint8

// The assistant's levels; the zero value shows everything.
const (
	AssistFull  Assist = iota // tokens from the rules and the belief, heat map, zone, counts
	AssistRules               // only the tokens the referee's messages imply (JKrieg's rules R1-R9)
	AssistOff                 // a plain Kriegspiel board: nothing but our men and the referee
)

// Assists names the levels in the new-game screen's order.
var Assists = []string{"Full", "Rules only", "Off"}

// Motions names the motion settings in the new-game screen's order.
var Motions = []string{"Full motion", "Reduced motion"}
