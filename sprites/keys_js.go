//go:build js

package sprites

import "github.com/hajimehoshi/ebiten/v2"

// piecesKey toggles the piece tokens. In the browser F5 reloads the page,
// as its users expect (the page lets it through, krieg.js), so the layer
// takes F10 there.
const piecesKey = ebiten.KeyF10
