//go:build js

package sprites

import (
	"errors"
	"path/filepath"
	"syscall/js"
	"time"

	"github.com/krieg/krieg/sprites/promise"
)

// clipboardWait bounds the wait for the browser to take the text.
const clipboardWait = 3 * time.Second

// copyText puts text on the clipboard through the browser: the Clipboard
// API where the page is a secure context (https, or this machine), else
// the older copy command, which needs no secure context.
func copyText(text []byte) error {
	nav := js.Global().Get("navigator")
	if cb := nav.Get("clipboard"); cb.Truthy() {
		_, err := promise.Await(cb.Call("writeText", string(text)), clipboardWait)
		return err
	}
	doc := js.Global().Get("document")
	area := doc.Call("createElement", "textarea")
	area.Set("value", string(text))
	area.Call("setAttribute", "readonly", "")
	area.Get("style").Set("position", "fixed")
	area.Get("style").Set("opacity", "0")
	doc.Get("body").Call("appendChild", area)
	defer area.Call("remove")
	area.Call("select")
	if !doc.Call("execCommand", "copy").Truthy() {
		return errors.New("the browser refused to copy")
	}
	return nil
}

// saveFile hands a saved game to the browser as a download named after
// path's last part.
func saveFile(path string, data []byte) error {
	g := js.Global()
	arr := g.Get("Uint8Array").New(len(data))
	js.CopyBytesToJS(arr, data)
	blob := g.Get("Blob").New([]any{arr}, map[string]any{"type": "application/x-chess-pgn"})
	url := g.Get("URL").Call("createObjectURL", blob)
	// The download starts after the click returns: the object goes later.
	time.AfterFunc(time.Minute, func() { g.Get("URL").Call("revokeObjectURL", url) })
	a := g.Get("document").Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", filepath.Base(path))
	a.Call("click")
	return nil
}
