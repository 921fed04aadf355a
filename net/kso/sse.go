package kso

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Frame is one Server-Sent Events frame: its event type and data lines
// joined. Comments (": keepalive") are frames with Comment set.
type Frame struct {
	Event   string
	Data    string
	Comment bool
}

// maxFrame bounds one frame's size; a longer frame is an error.
const maxFrame = 64 << 10

// ErrFrame marks a malformed event stream.
var ErrFrame = errors.New("kso: malformed event stream")

// ReadFrames reads frames from r until it ends, calling fn for each; it
// returns io.EOF at a clean end, fn's error, or an error wrapping ErrFrame.
func ReadFrames(r io.Reader, fn func(Frame) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxFrame)
	var f Frame
	var data []string
	have := false
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if line == "" {
			if have {
				f.Data = strings.Join(data, "\n")
				if err := fn(f); err != nil {
					return err
				}
			}
			f, data, have = Frame{}, nil, false
			continue
		}
		if strings.HasPrefix(line, ":") {
			if err := fn(Frame{Comment: true, Data: strings.TrimSpace(line[1:])}); err != nil {
				return err
			}
			continue
		}
		name, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch name {
		case "event":
			f.Event, have = value, true
		case "data":
			data, have = append(data, value), true
		case "id", "retry":
		default:
			return fmt.Errorf("%w: unknown field %q", ErrFrame, clip(name))
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("%w: a frame is longer than %d bytes", ErrFrame, maxFrame)
		}
		return err
	}
	return io.EOF
}

// ParseEvent reads a frame's data as a game event; the frame's event type
// must agree with the data's type.
func ParseEvent(f Frame) (GameEvent, error) {
	var ev GameEvent
	if err := json.Unmarshal([]byte(f.Data), &ev); err != nil {
		return ev, fmt.Errorf("%w: data is not a game event: %v", ErrFrame, err)
	}
	if ev.Type == "" {
		return ev, fmt.Errorf("%w: event without a type", ErrFrame)
	}
	if f.Event != "" && f.Event != ev.Type {
		return ev, fmt.Errorf("%w: event %q carries data of type %q", ErrFrame, clip(f.Event), clip(ev.Type))
	}
	return ev, nil
}

// Events holds the game's event stream (GET /game/{ref}/events) open and
// calls fn for each game event, until the stream ends (io.EOF), goes silent
// for StreamIdle, sends "shutdown", or ctx ends.
func (c *Client) Events(ctx context.Context, ref string, fn func(GameEvent)) error {
	op := "GET /game/{ref}/events"
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	req, err := c.request(ctx, http.MethodGet, "/game/"+url.PathEscape(ref)+"/events", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "text/event-stream")
	resp, err := c.sse.Do(req)
	if err != nil {
		return fmt.Errorf("kso: %s: %w", op, scrub(err))
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		data, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		return apiError(op, resp.StatusCode, data)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		return fmt.Errorf("%w: content type %q", ErrFrame, ct)
	}
	idle := time.AfterFunc(c.opt.StreamIdle, cancel)
	defer idle.Stop()
	errShutdown := errors.New("shutdown")
	err = ReadFrames(resp.Body, func(f Frame) error {
		idle.Reset(c.opt.StreamIdle)
		if f.Comment {
			return nil
		}
		ev, err := ParseEvent(f)
		if err != nil {
			return err
		}
		fn(ev)
		if ev.Type == "shutdown" {
			return errShutdown
		}
		return nil
	})
	switch {
	case errors.Is(err, errShutdown):
		return io.EOF
	case ctx.Err() != nil && err != nil && !errors.Is(err, ErrFrame):
		return fmt.Errorf("kso: %s: silent or cancelled: %w", op, ctx.Err())
	}
	return err
}
