// Package web is kriegd's HTTP door: it serves the page that plays in a
// browser (the board compiled to WebAssembly, see cmd/krieg-web) and a
// WebSocket endpoint over which the page speaks the same ICC text protocol
// as a TCP client. A WebSocket connection is handed to the server as any
// other connection (server.ServeConn), so the lobby, games, accounts,
// ratings, records and limits are the TCP door's by construction.
//
// The page's files are a static site that Assemble writes (make web); any
// static host can serve that folder for play against the computer, and
// kriegd serves it with a server to play on.
package web

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/krieg/krieg/net/wsstream"
	"github.com/krieg/krieg/server"
	"github.com/krieg/krieg/server/store"
)

// Options configure the door.
type Options struct {
	// Site is the folder Assemble wrote (index.html, the page's script,
	// wasm_exec.js and the board's .wasm, compressed).
	Site string
	// Store is where finished games' records are found for the page's
	// Review (nil: no records are served).
	Store *store.Store
	// Limits are what one WebSocket connection may send (see wsstream).
	Limits wsstream.Limits
	// Origins are the hosts, besides the page's own, whose pages may open
	// the WebSocket (patterns as github.com/coder/websocket takes them).
	Origins []string
	// Log logs refused connections and failed reads (default slog.Default()).
	Log *slog.Logger
	// Ping is how often a WebSocket is pinged, and PongWait how long its
	// client has to answer (defaults 30 s and 30 s; keepalive.go).
	Ping, PongWait time.Duration
}

// Door is the HTTP handler.
type Door struct {
	srv  *server.Server
	opt  Options
	site *site
	mux  *http.ServeMux

	lobbyMu   sync.Mutex // guards the cached lobby
	lobbyJSON []byte
	lobbyAt   time.Time
}

// New returns the door to srv, serving the site in opt.Site.
func New(srv *server.Server, opt Options) (*Door, error) {
	if opt.Log == nil {
		opt.Log = slog.Default()
	}
	if opt.Ping <= 0 {
		opt.Ping = 30 * time.Second
	}
	if opt.PongWait <= 0 {
		opt.PongWait = 30 * time.Second
	}
	st, err := openSite(opt.Site)
	if err != nil {
		return nil, err
	}
	d := &Door{srv: srv, opt: opt, site: st, mux: http.NewServeMux()}
	d.mux.HandleFunc("GET /ws", d.socket)
	d.mux.HandleFunc("GET /krieg.json", d.config)
	d.mux.HandleFunc("GET /lobby.json", d.lobby)
	d.mux.HandleFunc("GET /record", d.record)
	d.mux.HandleFunc("GET /{$}", d.site.index)
	d.mux.HandleFunc("GET /{name}", d.site.file)
	return d, nil
}

// ServeHTTP sets the headers every answer carries and routes the request.
func (d *Door) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	if r.URL.Path == "/ws" {
		unpaced(w)
		d.mux.ServeHTTP(w, r)
		return
	}
	p, done := pace(w)
	defer done()
	d.mux.ServeHTTP(p, r)
}

// contentSecurityPolicy lets the page run only its own scripts and
// WebAssembly, talk only to its own host, and not be framed. (blob: is
// the sound's audio worklet, which the page's own code makes.)
const contentSecurityPolicy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval' blob:; style-src 'self'; " +
	"connect-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Config is krieg.json as kriegd serves it: the page plays on this server.
// (Assemble writes one without a server for static hosts.)
type Config struct {
	Server bool   `json:"server"`
	Socket string `json:"socket,omitempty"` // the WebSocket's path, relative to the page
}

// config serves the page's configuration.
func (d *Door) config(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, Config{Server: true, Socket: "ws"})
}

// lobbyMaxAge is how long a listing of the lobby is served again, so that
// many pages polling it cost the server one copy a second.
const lobbyMaxAge = time.Second

// lobby serves the lobby as JSON (server.LobbyView).
func (d *Door) lobby(w http.ResponseWriter, r *http.Request) {
	d.lobbyMu.Lock()
	if time.Since(d.lobbyAt) > lobbyMaxAge {
		b, err := json.Marshal(d.srv.Lobby())
		if err != nil {
			d.lobbyMu.Unlock()
			http.Error(w, "kriegd: listing the lobby: "+err.Error(), http.StatusInternalServerError)
			return
		}
		d.lobbyJSON, d.lobbyAt = b, time.Now()
	}
	b := d.lobbyJSON
	d.lobbyMu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b)
}

// record serves the record of the last finished game between two
// players: /record?white=NAME&black=NAME. Finished games are public.
// Each answer reads the store, so an address asking more often than its
// budget (server.TakeRecord) is told to wait, and nothing is read.
func (d *Door) record(w http.ResponseWriter, r *http.Request) {
	white, black := r.URL.Query().Get("white"), r.URL.Query().Get("black")
	if d.opt.Store == nil || !handle.MatchString(white) || !handle.MatchString(black) {
		http.Error(w, "kriegd: ask for /record?white=NAME&black=NAME", http.StatusBadRequest)
		return
	}
	if wait := d.srv.TakeRecord(server.HostOf(r.RemoteAddr)); wait > 0 {
		tooMany(w, wait, "requests for records")
		return
	}
	games, err := d.opt.Store.Games(r.Context(), white, 20)
	if err != nil {
		d.opt.Log.Error("kriegd: web: record", "err", err)
		http.Error(w, "kriegd: the game index is not answering; try again later", http.StatusServiceUnavailable)
		return
	}
	for _, g := range games {
		if strings.EqualFold(g.White, white) && strings.EqualFold(g.Black, black) {
			b, err := os.ReadFile(g.Path)
			if err != nil {
				d.opt.Log.Error("kriegd: web: record of a game", "game", g.ID, "err", err)
				http.Error(w, "kriegd: the game's record cannot be read", http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Type", "application/x-chess-pgn; charset=utf-8")
			w.Header().Set("Cache-Control", "no-store")
			w.Write(b)
			return
		}
	}
	http.Error(w, fmt.Sprintf("kriegd: no finished game of %s against %s is kept here", white, black), http.StatusNotFound)
}

// handle is what a player's name (a guest's too) looks like.
var handle = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{1,19}$`)

// writeJSON answers with v as JSON, never cached.
func writeJSON(w http.ResponseWriter, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "kriegd: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b)
}
