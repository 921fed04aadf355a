//go:build !js

package sprites

import (
	"os"
	"sync"

	"golang.design/x/clipboard"
)

// clipboardInit opens the system clipboard once.
var clipboardInit = sync.OnceValue(clipboard.Init)

// copyText puts text on the system clipboard.
func copyText(text []byte) error {
	if err := clipboardInit(); err != nil {
		return err
	}
	clipboard.Write(clipboard.FmtText, text)
	return nil
}

// requestPaste reads the system clipboard's text off the game loop (the
// program that owns it may be slow to answer) and hands it to the loop.
func requestPaste() {
	go func() {
		if clipboardInit() != nil {
			deliverPaste("")
			return
		}
		deliverPaste(string(clipboard.Read(clipboard.FmtText)))
	}()
}

// saveFile writes a saved game to path.
func saveFile(path string, data []byte) error { return os.WriteFile(path, data, 0o644) }
