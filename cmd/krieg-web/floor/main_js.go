//go:build js && wasm

// Command floor is the smallest Ebitengine page: a program that draws one
// line of text and marks its first frame on the page's timeline, as
// krieg-web does. The browser benchmarks load it the same way as the
// board, so its load time is the floor that Go, Ebitengine and the
// browser set for any such page on the machine.
package main

import (
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/ebitenutil"
)

// game draws a greeting and marks its first frame.
type game struct{ drawn bool }

func (g *game) Update() error { return nil }

func (g *game) Draw(screen *ebiten.Image) {
	ebitenutil.DebugPrint(screen, "floor")
	if !g.drawn {
		g.drawn = true
		js.Global().Get("performance").Call("mark", "krieg:first-frame")
	}
}

func (g *game) Layout(w, h int) (int, int) { return w, h }

func main() {
	if err := ebiten.RunGame(&game{}); err != nil {
		js.Global().Get("console").Call("error", "floor: "+err.Error())
	}
}
