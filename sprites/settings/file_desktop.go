//go:build !js

package settings

import (
	"fmt"
	"os"
	"path/filepath"
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

// writeFile replaces dir/name with data through a temporary file, so the
// file is the old one or the new, never half of either.
func writeFile(dir, name string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, name+".*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), filepath.Join(dir, name))
	}
	if werr != nil {
		os.Remove(tmp.Name())
	}
	return werr
}
