// Package peer plays outside Kriegspiel bots ("peers", such as
// kriegspiel.org's house bots) against krieg's players under krieg's
// referee, and checks every verdict against ks-game, the referee library
// the site runs.
//
// Darkboard, the Olympiad program, plays through a Java process of its own
// (darkboard.go); its games are checked by ks-game like the others.
//
// Concurrency: a Driver owns one Python process (driver.py, embedded here)
// and a Darkboard one Java process, each speaking JSON lines on its stdin
// and stdout (proc.go). Neither is safe for concurrent use.
package peer

import (
	_ "embed"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

//go:embed driver.py
var driverSource string

// Names are the peers the driver knows, as "peer:<name>" on the command line.
var Names = []string{"random", "darkboard-mcts"}

// ErrNoPython is returned when no Python interpreter can be run.
var ErrNoPython = errors.New("peer: python3 not found (install Debian's python3 and python3-requests)")

// ErrNoCache is returned when the peers' cache has not been built.
var ErrNoCache = errors.New("peer: the peers are not built (run `make peers`; see docs/CONTRIBUTING.md)")

// DefaultTimeout bounds one request to the driver: a bot's decision or a
// referee check.
const DefaultTimeout = 30 * time.Second

// DarkboardTimeout is the least time Darkboard is given per request: it
// keeps no clock of its own, and with the enemy down to a bare king its
// endgame search takes several seconds a move on an idle machine.
const DarkboardTimeout = 5 * time.Minute

// Config says where the peers live and how long to wait for them.
type Config struct {
	Python  string        // the interpreter; "python3" when empty
	Java    string        // the Java launcher for Darkboard; "java" when empty
	Cache   string        // the cache `make peers` built; CacheDir() when empty
	Timeout time.Duration // per request; DefaultTimeout when 0
	// MoveTime is the peers' budget per move, as --movetime gives krieg's
	// bot (darkboard-mcts searches that long at most); 0 leaves each peer
	// its own default.
	MoveTime time.Duration
}

// CacheDir is the peers' cache: $KRIEG_PEERS, or ~/.cache/krieg/peers.
func CacheDir() string {
	if d := os.Getenv("KRIEG_PEERS"); d != "" {
		return d
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return filepath.Join(os.TempDir(), "krieg-peers")
	}
	return filepath.Join(home, ".cache", "krieg", "peers")
}

// Available reports whether the peers can run here, and if not, why.
func Available(cfg Config) error {
	cfg = cfg.withDefaults()
	if _, err := exec.LookPath(cfg.Python); err != nil {
		return fmt.Errorf("%w: %v", ErrNoPython, err)
	}
	if _, err := os.Stat(filepath.Join(cfg.Cache, "MANIFEST")); err != nil {
		return fmt.Errorf("%w: no %s", ErrNoCache, filepath.Join(cfg.Cache, "MANIFEST"))
	}
	return nil
}

func (c Config) withDefaults() Config {
	if c.Python == "" {
		c.Python = "python3"
	}
	if c.Java == "" {
		c.Java = "java"
	}
	if c.Cache == "" {
		c.Cache = CacheDir()
	}
	if c.Timeout == 0 {
		c.Timeout = DefaultTimeout
	}
	return c
}

// Driver is one running driver process.
type Driver struct {
	*proc
	cfg Config
	// Versions names the libraries the driver loaded ("chess", "kriegspiel").
	Versions map[string]string
}

// Start runs the driver and waits for it to load the peers.
func Start(cfg Config) (*Driver, error) {
	cfg = cfg.withDefaults()
	if err := Available(cfg); err != nil {
		return nil, err
	}
	cmd := exec.Command(cfg.Python, "-u", "-c", driverSource)
	cmd.Env = append(os.Environ(), "KRIEG_PEERS="+cfg.Cache, "LOG_LEVEL=WARNING", "PYTHONDONTWRITEBYTECODE=1")
	cmd.Dir = cfg.Cache
	p, err := startProc(cmd, "driver", cfg.Timeout, ErrNoPython)
	if err != nil {
		return nil, err
	}
	d := &Driver{proc: p, cfg: cfg}
	var hello struct {
		Ready      bool   `json:"ready"`
		Chess      string `json:"chess"`
		Kriegspiel string `json:"kriegspiel"`
	}
	if err := d.wait(&hello); err != nil {
		d.Close()
		return nil, fmt.Errorf("peer: driver did not start: %w", err)
	}
	d.Versions = map[string]string{"chess": hello.Chess, "kriegspiel": hello.Kriegspiel}
	return d, nil
}
