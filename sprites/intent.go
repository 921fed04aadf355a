package sprites

import (
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/sprites/scene"
)

// IntentKind is what the user means.
type IntentKind uint8

// The intents. Input turns mouse and keyboard into them in one place; tests
// inject them directly (App.Inject).
const (
	ClickSquare IntentKind = iota // Square: select a man, or try the selected one there
	DragStart                     // Square, X, Y: pick a man up
	DragTo                        // X, Y: the pointer moved while dragging
	Drop                          // Square: put the dragged man down (NoSquare: off the board)
	Hover                         // X, Y: the pointer rests here
	Ghost                         // Square: cycle the ghost enemy man on it
	TypeText                      // Text: characters typed
	Backspace                     // delete the last typed character
	Submit                        // Enter: send the typed line
	Cancel                        // Escape: drop the selection and the typed line
	Press                         // Button: a button or its shortcut
	SliderTo                      // X: the replay slider was clicked or dragged here
	AttemptMove                   // Move: try this move at once
	CursorMove                    // X, Y: an arrow key moved the keyboard cursor one square (-1, 0, 1) on screen
	SelectAll                     // Ctrl+A (Cmd+A): select the whole line being typed, so that typing replaces it
	Paste                         // Text: the clipboard's text, pasted (Ctrl+V, Cmd+V, Shift+Insert) into the line being typed
	Quit                          // Ctrl+Q (Cmd+Q): close the window, as its close button does
)

// Intent is one thing the user asked for.
type Intent struct {
	Kind   IntentKind
	Square game.Square
	X, Y   float64
	Text   string
	Button scene.Button
	Move   game.Move
	Ply    int // Press of scene.JumpPly: the ply to show
}
