//go:build !js

package sprites

import "github.com/hajimehoshi/ebiten/v2"

// piecesKey toggles the piece tokens: F5, the first of the layer keys
// F5-F8 (the browser's board uses F10, keys_js.go).
const piecesKey = ebiten.KeyF5
