//go:build js

package sprites

import "syscall/js"

// In the page the board is a canvas, whose keys Ebitengine takes with
// their default action prevented, so Ctrl+V there pasted nothing. The
// paste keys are let past it instead, and the browser's paste event that
// follows hands over the clipboard's text, with no permission to ask.

// requestPaste has nothing to do in the page: the browser reads the
// clipboard by itself on the paste keys (hookPaste).
func requestPaste() {}

// hookPaste listens for the paste keys and the paste event on the board's
// canvas. The listeners live as long as the page.
func hookPaste() {
	w := js.Global().Get("window")
	onCanvas := func(e js.Value) bool {
		t := e.Get("target")
		return t.Truthy() && t.Get("tagName").String() == "CANVAS"
	}
	w.Call("addEventListener", "keydown", js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		if onCanvas(e) && isPasteKey(e) {
			e.Call("stopPropagation") // past Ebitengine, which would prevent the paste
		}
		return nil
	}), true)
	w.Call("addEventListener", "paste", js.FuncOf(func(_ js.Value, args []js.Value) any {
		e := args[0]
		if !onCanvas(e) {
			return nil // a field of the page's own takes its paste
		}
		e.Call("preventDefault")
		deliverPaste(e.Get("clipboardData").Call("getData", "text/plain").String())
		return nil
	}), true)
}

// isPasteKey reports whether a keydown is Ctrl+V, Cmd+V or Shift+Insert.
func isPasteKey(e js.Value) bool {
	key := e.Get("key").String()
	ctrl := (e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool()) && !e.Get("altKey").Bool()
	return ctrl && (key == "v" || key == "V") || e.Get("shiftKey").Bool() && key == "Insert"
}

func init() { hookPaste() }
