package launch

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/krieg/krieg/net/icc"
)

// A guest's seat on a kriegd outlives the program that left it: a window
// or console closed during a game keeps the guest's name and reconnect
// token in a folder of the user's (the window's settings), and the next
// --connect to that server with no --user takes the seat back with them.
// Within the server's grace period the game goes on; past it the server
// has forgotten the token and the driver logs in as a new guest. Only a
// game left in progress is kept. Each guest name has its seat file, so
// that two consoles of one user, each a guest (playing each other, say),
// keep both seats when both leave; the next --connect takes the newest
// seat no running program holds. So that a program that dies without
// closing (killed, crashed) leaves its seat too, the seat is written as soon
// as a game starts, naming the process that holds it (WatchSeat), and a
// seat whose process still runs is not taken.

// keptSeat is the file's content.
type keptSeat struct {
	Name  string `json:"name"`
	Token string `json:"token"`
	// PID is the process playing the seat, while it plays (0 once it
	// left the game in progress and ended).
	PID int `json:"pid,omitempty"`
}

// seatPoll is how often WatchSeat looks at the game.
const seatPoll = time.Second

// WatchSeat keeps c's seat on the kriegd at addr in dir while c plays a
// game as a guest, naming this process as its holder, and forgets it when
// the game is over, until stop is called (KeepSeat then decides what
// stays).
func WatchSeat(dir, addr string, c *icc.Client) (stop func()) {
	if dir == "" {
		return func() {}
	}
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(seatPoll)
		defer tick.Stop()
		held := false
		for {
			token, name := c.Token(), c.Handle()
			switch playing := token != "" && name != "" && c.Playing(); {
			case playing && !held:
				held = writeSeat(dir, addr, keptSeat{Name: name, Token: token, PID: os.Getpid()}) == nil
			case !playing && held:
				os.Remove(seatPath(dir, addr, name))
				held = false
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// writeSeat writes s as addr's seat in dir.
func writeSeat(dir, addr string, s keptSeat) error {
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return os.WriteFile(seatPath(dir, addr, s.Name), b, 0o600)
}

// seatPath is the file of name's seat on the server at addr, in dir. The
// '+' between them is one fileSafe never writes.
func seatPath(dir, addr, name string) string {
	return filepath.Join(dir, "seat-"+fileSafe(addr)+"+"+fileSafe(name)+".json")
}

// fileSafe is s with every character but letters, digits, '.' and '-'
// written '_', for a file's name.
func fileSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '-' {
			return r
		}
		return '_'
	}, s)
}

// seatFiles lists the seats kept for addr in dir, newest first, with the
// single seat file a server had before seats were kept by name.
func seatFiles(dir, addr string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "seat-"+fileSafe(addr)+"+*.json"))
	if old := filepath.Join(dir, "seat-"+fileSafe(addr)+".json"); fileExists(old) {
		files = append(files, old)
	}
	when := func(f string) time.Time {
		if st, err := os.Stat(f); err == nil {
			return st.ModTime()
		}
		return time.Time{}
	}
	slices.SortStableFunc(files, func(a, b string) int { return when(b).Compare(when(a)) })
	return files
}

// fileExists reports whether a file is at path.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// KeepSeat keeps c's seat on the kriegd at addr in dir when c leaves a
// game in progress as a guest (a reconnect token), and forgets any kept
// otherwise.
func KeepSeat(dir, addr string, c *icc.Client) error {
	if dir == "" {
		return nil
	}
	token, name := c.Token(), c.Handle()
	if token == "" || name == "" || !c.Playing() {
		if name == "" {
			return nil
		}
		if err := os.Remove(seatPath(dir, addr, name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
		return nil
	}
	return writeSeat(dir, addr, keptSeat{Name: name, Token: token})
}

// TakeSeat returns the newest seat kept for addr in dir that no running
// program of ours holds, if any, and forgets it: it is tried once.
func TakeSeat(dir, addr string) (name, token string, ok bool) {
	if dir == "" {
		return "", "", false
	}
	for _, path := range seatFiles(dir, addr) {
		b, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		var s keptSeat
		err = json.Unmarshal(b, &s)
		if err == nil && HeldElsewhere(s.PID) {
			continue // another window of ours plays it
		}
		os.Remove(path)
		if err != nil || s.Name == "" || s.Token == "" {
			continue
		}
		return s.Name, s.Token, true
	}
	return "", "", false
}

// DefaultSeatDir is where seats are kept: the user's configuration folder's
// krieg, beside the window's settings ("" when there is none).
func DefaultSeatDir() string {
	d, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "krieg")
}

// HeldElsewhere reports whether pid names another program of the user's,
// still running, that holds what names it (a seat, a kept game); 0 names
// none.
func HeldElsewhere(pid int) bool {
	return pid != 0 && pid != os.Getpid() && running(pid)
}
