package sprites

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/sprites/scene"
)

// Input turns Ebitengine's mouse and keyboard state into intents. It keeps
// only what a press needs to become a click or a drag.
type Input struct {
	pressX, pressY float64
	pressed        bool
	dragging       bool
	onSlider       bool
	from           game.Square
	lastX, lastY   float64
	chars          []rune
	shape          ebiten.CursorShapeType // the pointer's shape set last
	held           map[ebiten.Key]*repeater
}

// dragThreshold is how far the pointer must move before a press is a drag.
const dragThreshold = 4

// keyButtons are the keyboard shortcuts for buttons.
var keyButtons = map[ebiten.Key]scene.Button{
	ebiten.KeyF11:    scene.Fullscreen,
	ebiten.KeyF1:     scene.Legend,
	ebiten.KeyF2:     scene.NewGame,
	ebiten.KeyF3:     scene.Flip,
	ebiten.KeyF4:     scene.Mute,
	piecesKey:        scene.TogglePieces,
	ebiten.KeyF6:     scene.ToggleChecks,
	ebiten.KeyF7:     scene.ToggleKings,
	ebiten.KeyF8:     scene.ToggleZone,
	ebiten.KeyF9:     scene.CycleHeat,
	ebiten.KeyDelete: scene.ClearGhosts,
	ebiten.KeyHome:   scene.FirstPly,
	ebiten.KeyEnd:    scene.LastPly,
	ebiten.KeyTab:    scene.SwapSide,
}

// arrows move the keyboard cursor (and step a replay): screen directions.
var arrows = map[ebiten.Key][2]float64{
	ebiten.KeyLeft: {-1, 0}, ebiten.KeyRight: {1, 0}, ebiten.KeyUp: {0, -1}, ebiten.KeyDown: {0, 1},
}

// Read returns this tick's intents, resolving pointer positions against s,
// the scene on show.
func (in *Input) Read(s *scene.Scene, out []Intent) []Intent {
	cx, cy := ebiten.CursorPosition()
	x, y := float64(cx), float64(cy)
	for k, b := range keyButtons {
		if inpututil.IsKeyJustPressed(k) {
			out = append(out, Intent{Kind: Press, Button: b})
		}
	}
	if in.held == nil {
		in.held = map[ebiten.Key]*repeater{}
	}
	now := time.Now()
	for k, d := range arrows {
		if in.held[k] == nil {
			in.held[k] = &repeater{}
		}
		for range in.held[k].presses(k, now) {
			out = append(out, Intent{Kind: CursorMove, X: d[0], Y: d[1]})
		}
	}
	// Keys typed quickly can share a tick, and Ebitengine does not say in
	// which order they came: a Backspace is taken to mend what was typed
	// before this tick, Enter and Escape to end what was typed in it.
	if inpututil.IsKeyJustPressed(ebiten.KeyBackspace) {
		out = append(out, Intent{Kind: Backspace})
	}
	held, shortcut := shortcutKeys()
	switch {
	case shortcut && inpututil.IsKeyJustPressed(ebiten.KeyA):
		out = append(out, Intent{Kind: SelectAll})
	case shortcut && inpututil.IsKeyJustPressed(ebiten.KeyQ):
		out = append(out, Intent{Kind: Quit})
	case shortcut && inpututil.IsKeyJustPressed(ebiten.KeyV),
		heldOrLetGo(ebiten.KeyShiftLeft, ebiten.KeyShiftRight) && inpututil.IsKeyJustPressed(ebiten.KeyInsert):
		requestPaste()
	default:
		shortcut = held
	}
	for text := range pastedText() {
		out = append(out, Intent{Kind: Paste, Text: text})
	}
	if in.chars = ebiten.AppendInputChars(in.chars[:0]); shortcut {
		in.chars = in.chars[:0]
	}
	if len(in.chars) > 0 {
		if string(in.chars) == "?" && !s.Secret {
			out = append(out, Intent{Kind: Press, Button: scene.Legend}) // no move has a "?"
		} else {
			out = append(out, Intent{Kind: TypeText, Text: string(in.chars)})
		}
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyEnter) || inpututil.IsKeyJustPressed(ebiten.KeyNumpadEnter):
		out = append(out, Intent{Kind: Submit})
	case inpututil.IsKeyJustPressed(ebiten.KeyEscape):
		out = append(out, Intent{Kind: Cancel})
	}
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) {
		if sq, ok := s.Layout.SquareAt(x, y); ok {
			out = append(out, Intent{Kind: Ghost, Square: sq})
		}
	}
	if shape := cursorFor(s, x, y); shape != in.shape {
		ebiten.SetCursorShape(shape)
		in.shape = shape
	}
	return in.pointer(s, x, y, out)
}

// shortcutKeys reports whether Ctrl (Cmd on a Mac) is held, which makes a
// key a shortcut, not a character (the browser hands Ctrl+A over as an
// "a"), and whether it is held or was let go in this tick (see
// heldOrLetGo). Ctrl with Alt is AltGr, which types characters on many
// keyboards.
func shortcutKeys() (held, now bool) {
	if ebiten.IsKeyPressed(ebiten.KeyAlt) {
		return false, false
	}
	held = ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	return held, held || heldOrLetGo(ebiten.KeyControlLeft, ebiten.KeyControlRight, ebiten.KeyMetaLeft, ebiten.KeyMetaRight)
}

// heldOrLetGo reports whether one of the modifier keys is down or was let
// go in this tick. A quick chord (Ctrl+A, Shift+Insert) lets go of both
// keys within one frame, and the modifier, down since the last one, then
// reads as up though the key came while it was down.
func heldOrLetGo(keys ...ebiten.Key) bool {
	for _, k := range keys {
		if ebiten.IsKeyPressed(k) || inpututil.IsKeyJustReleased(k) {
			return true
		}
	}
	return false
}

// cursorFor is the pointer's shape over (x, y): a hand over what a click
// presses, as a browser shows over a button, else the arrow.
func cursorFor(s *scene.Scene, x, y float64) ebiten.CursorShapeType {
	if _, ok := s.HitAt(x, y); ok {
		return ebiten.CursorShapePointer
	}
	return ebiten.CursorShapeDefault
}

// pointer follows the left button: a press and release in place is a click,
// a press and move is a drag. A quick click (a tap, or a slow frame) can
// press and release within one tick: both are read then.
func (in *Input) pointer(s *scene.Scene, x, y float64, out []Intent) []Intent {
	sq, onBoard := s.Layout.SquareAt(x, y)
	pressed := inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
	released := inpututil.IsMouseButtonJustReleased(ebiten.MouseButtonLeft)
	if pressed {
		in.pressed, in.dragging, in.pressX, in.pressY = true, false, x, y
		in.from = game.NoSquare
		if hit, ok := s.HitAt(x, y); ok {
			in.pressed = false
			in.onSlider = hit.Button == scene.Slider && !released
			if hit.Button == scene.Slider {
				out = append(out, Intent{Kind: SliderTo, X: x})
			} else {
				out = append(out, Intent{Kind: Press, Button: hit.Button, Ply: hit.Ply})
			}
			return in.hover(x, y, out)
		}
		if onBoard {
			in.from = sq
		}
	}
	if !pressed && !released && ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
		if in.onSlider && x != in.lastX {
			out = append(out, Intent{Kind: SliderTo, X: x})
		}
		if in.pressed && in.from != game.NoSquare {
			if !in.dragging && (abs(x-in.pressX) > dragThreshold || abs(y-in.pressY) > dragThreshold) {
				in.dragging = true
				out = append(out, Intent{Kind: DragStart, Square: in.from, X: x, Y: y})
			} else if in.dragging && (x != in.lastX || y != in.lastY) {
				out = append(out, Intent{Kind: DragTo, X: x, Y: y})
			}
		}
	}
	if released {
		in.onSlider = false
		if in.pressed && in.dragging {
			if !onBoard {
				sq = game.NoSquare
			}
			out = append(out, Intent{Kind: Drop, Square: sq})
			in.lastX, in.lastY = x, y // no card until the pointer moves on
		} else if in.pressed && in.from != game.NoSquare {
			out = append(out, Intent{Kind: ClickSquare, Square: in.from})
			in.lastX, in.lastY = x, y
		}
		in.pressed, in.dragging = false, false
	}
	return in.hover(x, y, out)
}

// hover adds a Hover intent when the pointer moved.
func (in *Input) hover(x, y float64, out []Intent) []Intent {
	if x != in.lastX || y != in.lastY {
		out = append(out, Intent{Kind: Hover, X: x, Y: y})
	}
	in.lastX, in.lastY = x, y
	return out
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
