// Package peer plays outside Kriegspiel bots ("peers", such as
// kriegspiel.org's house bots) against krieg's players under krieg's
// referee, and checks every verdict against ks-game, the referee library
// the site runs.
//
// Concurrency: a Driver owns one Python process (driver.py, embedded here)
// speaking JSON lines on its stdin and stdout. One reader goroutine decodes
// the replies into a channel; call writes one request and waits for one
// reply or the timeout, after which the process is killed and every later
// call fails. A Driver is not safe for concurrent use.
package peer

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
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

// Config says where the peers live and how long to wait for them.
type Config struct {
	Python  string        // the interpreter; "python3" when empty
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
	cfg     Config
	cmd     *exec.Cmd
	in      io.WriteCloser
	replies chan reply
	stderr  *tailBuffer
	dead    error // set once the process failed; every later call returns it
	// Versions names the libraries the driver loaded ("chess", "kriegspiel").
	Versions map[string]string
}

type reply struct {
	raw json.RawMessage
	err error
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
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("peer: driver stdin: %w", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("peer: driver stdout: %w", err)
	}
	d := &Driver{cfg: cfg, cmd: cmd, in: in, replies: make(chan reply, 1), stderr: &tailBuffer{max: 4096}}
	cmd.Stderr = d.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNoPython, err)
	}
	go d.read(out)
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

// read decodes the driver's replies, one a line, until its stdout closes.
func (d *Driver) read(out io.Reader) {
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for sc.Scan() {
		d.replies <- reply{raw: append(json.RawMessage(nil), sc.Bytes()...)}
	}
	err := sc.Err()
	if err == nil {
		err = io.ErrUnexpectedEOF
	}
	d.replies <- reply{err: fmt.Errorf("driver exited: %w", err)}
	close(d.replies)
}

// call sends req and decodes the reply into v.
func (d *Driver) call(req any, v any) error {
	if d.dead != nil {
		return d.dead
	}
	b, err := json.Marshal(req)
	if err != nil {
		return fmt.Errorf("peer: encode request: %w", err)
	}
	if _, err := d.in.Write(append(b, '\n')); err != nil {
		d.dead = fmt.Errorf("peer: write to driver: %w%s", err, d.stderr.suffix())
		return d.dead
	}
	return d.wait(v)
}

// wait reads one reply into v, or fails after the timeout.
func (d *Driver) wait(v any) error {
	t := time.NewTimer(d.cfg.Timeout)
	defer t.Stop()
	select {
	case r, ok := <-d.replies:
		if !ok || r.err != nil {
			d.dead = fmt.Errorf("peer: %v%s", r.err, d.stderr.suffix())
			return d.dead
		}
		var e struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(r.raw, &e) == nil && e.Error != "" {
			return fmt.Errorf("peer: driver: %s", e.Error)
		}
		if err := json.Unmarshal(r.raw, v); err != nil {
			return fmt.Errorf("peer: bad reply %q: %w", r.raw, err)
		}
		return nil
	case <-t.C:
		d.dead = fmt.Errorf("peer: no reply within %v%s", d.cfg.Timeout, d.stderr.suffix())
		d.kill()
		return d.dead
	}
}

func (d *Driver) kill() {
	if d.cmd.Process != nil {
		_ = d.cmd.Process.Kill()
	}
}

// Close ends the driver process and waits for it.
func (d *Driver) Close() error {
	_ = d.in.Close()
	done := make(chan error, 1)
	go func() { done <- d.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil && d.dead == nil {
			return fmt.Errorf("peer: driver: %w%s", err, d.stderr.suffix())
		}
		return nil
	case <-time.After(5 * time.Second):
		d.kill()
		<-done
		return nil
	}
}

// tailBuffer keeps the last max bytes written to it (the driver's stderr).
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

// suffix is ": <stderr tail>" when the driver wrote to stderr.
func (t *tailBuffer) suffix() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.TrimSpace(string(bytes.ToValidUTF8(t.b, nil)))
	if s == "" {
		return ""
	}
	return "; driver stderr: " + s
}
