//go:build js && wasm && !kriegtest

package main

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/sprites"
)

// hook adds nothing to the page outside test builds.
func hook(*page) {}

// testFlags changes nothing outside test builds.
func testFlags(*launch.Flags) {}

// timed is the board itself outside test builds.
func timed(app *sprites.App) ebiten.Game { return app }
