package peer

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// proc is one child process speaking JSON lines: a request a line on its
// stdin, a reply a line on its stdout. One reader goroutine decodes the
// replies into a channel; call writes one request and waits for one reply
// or the timeout, after which the process is killed and every later call
// fails. A proc is not safe for concurrent use.
type proc struct {
	name    string // "driver", "darkboard": named in errors
	timeout time.Duration
	cmd     *exec.Cmd
	in      io.WriteCloser
	replies chan reply
	stderr  *tailBuffer
	dead    error // set once the process failed; every later call returns it
}

type reply struct {
	raw json.RawMessage
	err error
}

// startProc starts cmd with its pipes wired; a failure to start it wraps
// cantRun (the sentinel saying what to install).
func startProc(cmd *exec.Cmd, name string, timeout time.Duration, cantRun error) (*proc, error) {
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("%s stdin: %w", name, err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("%s stdout: %w", name, err)
	}
	p := &proc{name: name, timeout: timeout, cmd: cmd, in: in, replies: make(chan reply, 1), stderr: &tailBuffer{max: 4096}}
	cmd.Stderr = p.stderr
	ownGroup(cmd)
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%w: %v", cantRun, err)
	}
	go p.read(out)
	return p, nil
}

// read decodes the replies, one a line, until stdout closes.
func (p *proc) read(out io.Reader) {
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for sc.Scan() {
		p.replies <- reply{raw: append(json.RawMessage(nil), sc.Bytes()...)}
	}
	err := sc.Err()
	if err == nil {
		err = io.ErrUnexpectedEOF
	}
	p.replies <- reply{err: fmt.Errorf("%s exited: %w", p.name, err)}
	close(p.replies)
}

// call sends req and decodes the reply into v.
func (p *proc) call(req any, v any) error {
	if p.dead != nil {
		return p.dead
	}
	b, err := json.Marshal(req)
	if err != nil {
		return fmt.Errorf("peer: encode request: %w", err)
	}
	if _, err := p.in.Write(append(b, '\n')); err != nil {
		p.dead = fmt.Errorf("peer: write to %s: %w%s", p.name, err, p.stderr.suffix(p.name))
		return p.dead
	}
	return p.wait(v)
}

// wait reads one reply into v, or fails after the timeout.
func (p *proc) wait(v any) error {
	t := time.NewTimer(p.timeout)
	defer t.Stop()
	select {
	case r, ok := <-p.replies:
		if !ok || r.err != nil {
			err := r.err
			if !ok {
				err = fmt.Errorf("%s exited", p.name)
			}
			p.dead = fmt.Errorf("peer: %v%s", err, p.stderr.suffix(p.name))
			return p.dead
		}
		var e struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(r.raw, &e) == nil && e.Error != "" {
			return fmt.Errorf("peer: %s: %s", p.name, e.Error)
		}
		if err := json.Unmarshal(r.raw, v); err != nil {
			return fmt.Errorf("peer: bad reply %q: %w", r.raw, err)
		}
		return nil
	case <-t.C:
		p.dead = fmt.Errorf("peer: no reply from %s within %v%s", p.name, p.timeout, p.stderr.suffix(p.name))
		p.kill()
		return p.dead
	}
}

func (p *proc) kill() {
	if p.cmd.Process != nil {
		_ = p.cmd.Process.Kill()
	}
}

// Close ends the process and waits for it.
func (p *proc) Close() error {
	_ = p.in.Close()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil && p.dead == nil {
			return fmt.Errorf("peer: %s: %w%s", p.name, err, p.stderr.suffix(p.name))
		}
		return nil
	case <-time.After(5 * time.Second):
		p.kill()
		<-done
		return nil
	}
}

// tailBuffer keeps the last max bytes written to it (a process's stderr).
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

// suffix is "; <name> stderr: <tail>" when the process wrote to stderr.
func (t *tailBuffer) suffix(name string) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.TrimSpace(string(bytes.ToValidUTF8(t.b, nil)))
	if s == "" {
		return ""
	}
	return "; " + name + " stderr: " + s
}
