package main

import (
	"os"
	"testing"
)

// TestMain points the user's configuration folder (where a guest's seat on
// a kriegd is kept, launch.DefaultSeatDir) at a folder of the tests' own,
// so that no test reads or leaves one in the real one.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "krieg-config")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CONFIG_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
