package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
)

// boardBinary is the window program krieg starts.
const boardBinary = "krieg-board"

// errNoDisplay says plainly that the window cannot open here, and what to
// use instead.
var errNoDisplay = errors.New(`no display: the board is a window and there is no display to open it on (DISPLAY and WAYLAND_DISPLAY are unset).
Without a window you can still:
  draw a position to a PNG:  krieg render --pgn FILE --ply N --side white -o board.png
  replay a game as text:     krieg replay --text FILE
  play in the terminal:      krieg console`)

// hasDisplay reports whether a window can open: on Linux and the BSDs an X
// or Wayland display must be named; elsewhere there is always one.
func hasDisplay(getenv func(string) string) bool {
	switch runtime.GOOS {
	case "windows", "darwin", "android", "ios", "js":
		return true
	}
	return getenv("DISPLAY") != "" || getenv("WAYLAND_DISPLAY") != ""
}

// runWindow opens the board window (krieg-board, found next to this
// program or on PATH) with args, or explains why it cannot.
func runWindow(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if !hasDisplay(os.Getenv) {
		return errNoDisplay
	}
	path, err := findBoard()
	if err != nil {
		return err
	}
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return fmt.Errorf("the board window ended with status %d", exit.ExitCode())
		}
		return fmt.Errorf("starting the board window: %w", err)
	}
	return nil
}

// findBoard looks for krieg-board beside this executable, then on PATH.
func findBoard() (string, error) {
	name := boardBinary
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	if self, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(self), name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	return "", fmt.Errorf("the board window program %s was not found next to krieg or on PATH; build both with `make build` (or: go build -o bin/ ./cmd/krieg ./cmd/krieg-board)", name)
}
