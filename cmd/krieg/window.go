package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/endsignal"
)

// boardBinary is the window program krieg starts.
const boardBinary = "krieg-board"

// errNoDisplay says plainly that the window cannot open here, and what to
// use instead.
var errNoDisplay = errors.New(`no display: the board is a window and there is no display to open it on (DISPLAY is unset).
Without a window you can still:
  draw a position to a PNG:  krieg render --pgn FILE --ply N --side white -o board.png
  replay a game as text:     krieg replay --text FILE
  play in the terminal:      krieg console`)

// needsDisplay reports whether a window needs an X display named in
// DISPLAY: on Linux and the BSDs (the window speaks X11, XWayland included);
// elsewhere the system always has a screen.
func needsDisplay() bool {
	switch runtime.GOOS {
	case "windows", "darwin", "android", "ios", "js":
		return false
	}
	return true
}

// errWindowStopped is the board window's end when the program was asked to
// end (Ctrl-C, SIGTERM): the window closed cleanly and said so in its exit
// status (130), which krieg hands on without a word.
var errWindowStopped = errors.New("the board window was closed on request")

// errWindowSaid is the board window's failure (exit status 1), which it
// has explained on stderr itself: krieg exits 1 without a second line.
var errWindowSaid = errors.New("the board window failed")

// runWindow opens the board window (krieg-board, found next to this
// program or on PATH) with args, or explains why it cannot. The arguments
// are read and checked first, then the display is reached, and only then
// does the window program start: a mistake, --help or a missing display
// is answered in plain words, never by the window library's panic.
func runWindow(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if _, err := launch.ParseBoard(args, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) && (len(args) == 0 || args[0] != "demo" && args[0] != "replay") {
			subcommandsLine(stderr) // krieg --help lands here, where the other commands are easy to miss
		}
		return usage(err)
	}
	if needsDisplay() {
		display, set := os.LookupEnv("DISPLAY")
		if err := reachDisplay(display); errors.Is(err, errNoDisplay) && set {
			return errors.New(strings.Replace(err.Error(), "(DISPLAY is unset)", "(DISPLAY is empty)", 1))
		} else if err != nil {
			return err
		}
	}
	path, err := findBoard()
	if err != nil {
		return err
	}
	cmd := exec.Command(path, args...)
	// The window's own program gets the real files, as it asks whether
	// they are a terminal; it filters what it writes itself.
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, launch.Unfiltered(stdout), launch.Unfiltered(stderr)
	if err := runChild(cmd); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) && (exit.ExitCode() == 130 || endsignal.Killed(exit.ProcessState)) {
			// Closed on request, or asked to end while it was still
			// loading (before it listens for the signals that end it).
			return errWindowStopped
		}
		if errors.As(err, &exit) && !exit.Exited() {
			return fmt.Errorf("the board window was ended (%v)", exit.ProcessState)
		}
		if errors.As(err, &exit) && exit.ExitCode() == 1 {
			return errWindowSaid
		}
		if errors.As(err, &exit) {
			return fmt.Errorf("the board window ended with status %d", exit.ExitCode())
		}
		return fmt.Errorf("starting the board window: %w", err)
	}
	return nil
}

// runDemo shows the deduction at work on three boards (krieg demo [FILE]).
func runDemo(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	return runWindow(append([]string{"demo"}, args...), stdin, stdout, stderr)
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
