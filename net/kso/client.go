// Package kso is the Communicator over kriegspiel.org's HTTP API
// (docs/protocols.md, "kriegspiel.org"): a person logs in with the site's own
// login (a session cookie kept in memory), a bot with its API token, and
// games are played through plain JSON requests, with the game's
// Server-Sent Events stream saying when to read the state again and polling
// of the state when the stream is down.
//
// Concurrency: Client is safe for concurrent use (one http.Client, an
// in-memory cookie jar). An Endpoint has one session goroutine that owns the
// game it follows and makes every request in order; a reader goroutine per
// followed game holds the event stream open and only nudges the session
// goroutine on a coalescing channel. Close cancels both, waits for them and
// then closes Events.
package kso

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	stdnet "net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"time"
)

// DefaultBase is the site's API host for external clients (no /api prefix).
const DefaultBase = "https://api.kriegspiel.org"

// Options configure a Client.
type Options struct {
	Base string // API root; DefaultBase when empty
	// Token is a bot's API token (ksbot_...), sent as a Bearer header. It
	// never appears in errors or logs.
	Token string
	// Timeout bounds one request (15 s when zero); the event stream is bounded
	// by StreamIdle instead.
	Timeout time.Duration
	// StreamIdle ends an event stream silent this long (45 s when zero; the
	// site sends a keepalive every 15 s).
	StreamIdle time.Duration
	// Retries is how many times a failed request (network error, timeout,
	// 5xx) is tried again after a backoff with jitter (3 when zero; -1: none).
	Retries int
	// Backoff is the first wait between retries (250 ms when zero), capped at 5 s.
	Backoff time.Duration
	// UserAgent names the client ("krieg" when empty).
	UserAgent string
}

// Client talks to the site. Create it with New.
type Client struct {
	base  *url.URL
	token string
	opt   Options
	http  *http.Client // requests, with Timeout
	sse   *http.Client // event streams: no overall timeout
}

// New returns a client; it does not touch the network.
func New(opt Options) (*Client, error) {
	if opt.Base == "" {
		opt.Base = DefaultBase
	}
	u, err := url.Parse(strings.TrimRight(opt.Base, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("kso: the API address %q is not an http(s) URL", opt.Base)
	}
	if opt.Timeout <= 0 {
		opt.Timeout = 15 * time.Second
	}
	if opt.StreamIdle <= 0 {
		opt.StreamIdle = 45 * time.Second
	}
	if opt.Retries == 0 {
		opt.Retries = 3
	}
	if opt.Backoff <= 0 {
		opt.Backoff = 250 * time.Millisecond
	}
	if opt.UserAgent == "" {
		opt.UserAgent = "krieg"
	}
	jar, _ := cookiejar.New(nil) // in memory only; never written anywhere
	tr := &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           (&stdnet.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: opt.Timeout,
		IdleConnTimeout:       90 * time.Second,
		MaxIdleConnsPerHost:   4,
	}
	c := &Client{base: u, token: opt.Token, opt: opt,
		http: &http.Client{Transport: tr, Jar: jar, Timeout: opt.Timeout},
		sse:  &http.Client{Transport: tr, Jar: jar}}
	return c, nil
}

// Base returns the API root.
func (c *Client) Base() string { return c.base.String() }

// String describes the client without its token.
func (c *Client) String() string {
	who := "no token"
	if c.token != "" {
		who = "bot token set"
	}
	return fmt.Sprintf("kso client for %s (%s)", c.base, who)
}

// Login logs a person in with the site's own login (POST /auth/login); the
// session cookie stays in the client's memory. A refused password is an
// *APIError matching ErrSession.
func (c *Client) Login(ctx context.Context, user, password string) (LoginResponse, error) {
	var out LoginResponse
	err := c.call(ctx, http.MethodPost, "/auth/login", LoginRequest{Username: user, Password: password}, &out, false)
	return out, err
}

// RegisterBot registers a bot (POST /auth/bots/register) and returns the
// answer holding its token, shown once.
func (c *Client) RegisterBot(ctx context.Context, req BotRegisterRequest) (BotRegisterResponse, error) {
	var out BotRegisterResponse
	err := c.call(ctx, http.MethodPost, "/auth/bots/register", req, &out, false)
	return out, err
}

// OpenGames lists waiting games (GET /game/open).
func (c *Client) OpenGames(ctx context.Context) ([]OpenGame, error) {
	var out OpenGames
	err := c.call(ctx, http.MethodGet, "/game/open", nil, &out, true)
	return out.Games, err
}

// ActiveGames lists the caller's active games (GET /game/mine/active).
func (c *Client) ActiveGames(ctx context.Context) ([]GameMetadata, error) {
	var out MyGames
	err := c.call(ctx, http.MethodGet, "/game/mine/active", nil, &out, true)
	return out.Games, err
}

// Bots lists the bots offered to people (GET /bots).
func (c *Client) Bots(ctx context.Context) ([]BotListing, error) {
	var out BotList
	err := c.call(ctx, http.MethodGet, "/bots", nil, &out, true)
	return out.Bots, err
}

// Create makes a game (POST /game/create).
func (c *Client) Create(ctx context.Context, req CreateGameRequest) (CreateGameResponse, error) {
	if req.TimeControl == "" {
		req.TimeControl = "rapid"
	}
	var out CreateGameResponse
	err := c.call(ctx, http.MethodPost, "/game/create", req, &out, false)
	return out, err
}

// Join takes the free side of a waiting game (POST /game/join/{code}).
func (c *Client) Join(ctx context.Context, code string) (JoinGameResponse, error) {
	var out JoinGameResponse
	err := c.call(ctx, http.MethodPost, "/game/join/"+url.PathEscape(code), nil, &out, false)
	return out, err
}

// Delete removes the caller's own waiting game (DELETE /game/{ref}).
func (c *Client) Delete(ctx context.Context, ref string) error {
	return c.call(ctx, http.MethodDelete, "/game/"+url.PathEscape(ref), nil, nil, false)
}

// State reads the game as the caller may see it (GET /game/{ref}/state).
func (c *Client) State(ctx context.Context, ref string) (GameState, error) {
	var out GameState
	err := c.call(ctx, http.MethodGet, "/game/"+url.PathEscape(ref)+"/state", nil, &out, true)
	return out, err
}

// Move submits an attempt in UCI (POST /game/{ref}/move).
func (c *Client) Move(ctx context.Context, ref, uci string) (MoveResponse, error) {
	var out MoveResponse
	err := c.call(ctx, http.MethodPost, "/game/"+url.PathEscape(ref)+"/move", MoveRequest{UCI: uci}, &out, false)
	return out, err
}

// AskAny asks "Any?" (POST /game/{ref}/ask-any).
func (c *Client) AskAny(ctx context.Context, ref string) (MoveResponse, error) {
	var out MoveResponse
	err := c.call(ctx, http.MethodPost, "/game/"+url.PathEscape(ref)+"/ask-any", nil, &out, false)
	return out, err
}

// Resign resigns the game (POST /game/{ref}/resign).
func (c *Client) Resign(ctx context.Context, ref string) error {
	return c.call(ctx, http.MethodPost, "/game/"+url.PathEscape(ref)+"/resign", nil, nil, false)
}

// Transcript reads every attempt of a game (GET /game/{ref}/moves); both
// sides' moves once the game is over.
func (c *Client) Transcript(ctx context.Context, ref string) (Transcript, error) {
	var out Transcript
	err := c.call(ctx, http.MethodGet, "/game/"+url.PathEscape(ref)+"/moves", nil, &out, true)
	return out, err
}

// call makes one request, retrying network errors, timeouts and 5xx
// answers after a backoff with jitter. Idempotent requests (GETs) are
// retried on every such failure; the others only when the site answered
// 5xx, never after a network error that may have hidden an applied move.
func (c *Client) call(ctx context.Context, method, path string, in, out any, idempotent bool) error {
	op := method + " " + path
	var body []byte
	if in != nil {
		var err error
		if body, err = json.Marshal(in); err != nil {
			return fmt.Errorf("kso: %s: %w", op, err)
		}
	}
	b := Backoff{Base: c.opt.Backoff, Max: 5 * time.Second}
	for try := 0; ; try++ {
		err := c.once(ctx, method, path, body, out)
		if err == nil {
			return nil
		}
		var api *APIError
		retry := false
		switch {
		case errors.As(err, &api):
			retry = api.Status >= 500
		case ctx.Err() != nil:
			return fmt.Errorf("kso: %s: %w", op, ctx.Err())
		default:
			retry = idempotent // the request may have been acted on
		}
		if !retry || c.opt.Retries < 0 || try >= c.opt.Retries {
			return err
		}
		select {
		case <-time.After(b.Next()):
		case <-ctx.Done():
			return fmt.Errorf("kso: %s: %w", op, ctx.Err())
		}
	}
}

// once makes one request and decodes a 2xx answer into out.
func (c *Client) once(ctx context.Context, method, path string, body []byte, out any) error {
	op := method + " " + path
	req, err := c.request(ctx, method, path, body)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("kso: %s: %w", op, scrub(err))
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return fmt.Errorf("kso: %s: reading the answer: %w", op, scrub(err))
	}
	if resp.StatusCode/100 != 2 {
		return apiError(op, resp.StatusCode, data)
	}
	if out == nil || len(bytes.TrimSpace(data)) == 0 {
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("kso: %s: the answer is not the expected JSON: %w", op, err)
	}
	return nil
}

// request builds a request with the auth header and JSON body.
func (c *Client) request(ctx context.Context, method, path string, body []byte) (*http.Request, error) {
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base.String()+path, r)
	if err != nil {
		return nil, fmt.Errorf("kso: %s %s: %w", method, path, err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.opt.UserAgent)
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	return req, nil
}

// scrub drops the URL from a transport error (it holds no secret, but the
// message stays short) and keeps the cause.
func scrub(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}
