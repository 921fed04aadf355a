//go:build !js

package settings

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/krieg/krieg/internal/atomicfile"
)

// Dir returns the folder the window keeps its settings in.
func Dir() (string, error) {
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("settings: %w", err)
	}
	return filepath.Join(d, "krieg"), nil
}

// readFile reads the settings file.
func readFile(path string) ([]byte, error) { return os.ReadFile(path) }

// setAside keeps an unusable settings file under another name.
func setAside(path, bad string) error { return os.Rename(path, bad) }

// writeFile replaces dir/name with data, whole or not at all.
func writeFile(dir, name string, data []byte) error { return atomicfile.Write(dir, name, data) }
