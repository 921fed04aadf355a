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

// saveFile writes a saved game to path.
func saveFile(path string, data []byte) error { return os.WriteFile(path, data, 0o644) }
