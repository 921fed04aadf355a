package main

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// follower stands between a server endpoint and the board: it passes every
// event on, tells the page when a game starts or ends or the connection
// goes (so the page can show or hide its lobby), keeps what this player
// heard of the game, and gives the board the record of a finished game
// (Review, Copy PGN) from kriegd's HTTP door.
type follower struct {
	net.Communicator
	events  chan net.Event
	records func(spec net.GameSpec) (*record.Record, error)
	tell    func(kind, text string)
	quit    chan struct{} // closed by Close
	once    sync.Once

	mu    sync.Mutex // guards the game below
	spec  net.GameSpec
	snap  net.Snapshot // the last event's
	ended *referee.Result
	heard []referee.Entry
}

// newFollower follows c, already connected; records gives a finished
// game's record, tell is the page's event function.
func newFollower(c net.Communicator, records func(net.GameSpec) (*record.Record, error), tell func(kind, text string)) *follower {
	f := &follower{Communicator: c, events: make(chan net.Event, 1024), records: records, tell: tell, quit: make(chan struct{})}
	go f.pass()
	return f
}

// Events returns the events as passed on.
func (f *follower) Events() <-chan net.Event { return f.events }

// pass forwards every event, noting it first, until the endpoint closes.
// A challenge is the page's to show (its card stands over the page's
// lobby, which covers the board): the board gets only the line for its
// log, and no card of its own.
func (f *follower) pass() {
	defer close(f.events)
	for ev := range f.Communicator.Events() {
		f.note(ev)
		switch ev.Kind {
		case net.KindChallenge:
			ev.Kind = net.KindConsole
		case net.KindChallengeGone:
			continue
		}
		select {
		case f.events <- ev:
		case <-f.quit:
			return
		}
	}
}

// Close ends the session with the server.
func (f *follower) Close() error {
	f.once.Do(func() { close(f.quit) })
	return f.Communicator.Close()
}

// registerAnswer finds kriegd's answers to "register", which the page
// shows by its form.
var registerAnswer = regexp.MustCompile(`(?i)\bregist(er|ered|ering|rations)\b`)

// note keeps what the event says of the game and tells the page.
func (f *follower) note(ev net.Event) {
	f.mu.Lock()
	f.snap = ev.Snap
	switch ev.Kind {
	case net.KindStarted:
		f.spec, f.ended, f.heard = ev.Snap.Spec, nil, nil
	case net.KindHeard:
		f.heard = append(f.heard, ev.Entry)
	case net.KindEnded:
		f.ended = ev.Snap.Result
	}
	f.mu.Unlock()
	switch {
	case ev.Kind == net.KindStarted:
		f.tell("started", fmt.Sprintf("%s vs. %s", ev.Snap.Spec.White, ev.Snap.Spec.Black))
	case ev.Kind == net.KindEnded && ev.Snap.Result != nil:
		f.tell("ended", fmt.Sprintf("%s (%s)", ev.Snap.Result.Score, ev.Snap.Result.Reason))
	case ev.Lost():
		// A sentence for the player, never the driver's error text.
		f.tell("lost", ev.Why())
	case ev.Kind == net.KindChallenge:
		f.tell("challenge", ev.From+"\n"+ev.Text) // krieg.js shows it on a card
	case ev.Kind == net.KindChallengeGone:
		f.tell("challenge-gone", ev.From)
	case ev.Kind == net.KindConsole && registerAnswer.MatchString(ev.Text):
		f.tell("said", strings.TrimSpace(ev.Text))
	}
}

// Heard returns the last event's snapshot and what this player heard of
// the current (or last) game.
func (f *follower) Heard() (net.Snapshot, []referee.Entry) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.snap, append([]referee.Entry(nil), f.heard...)
}

// Record gives the board the finished game's record. The door serves the
// last game it keeps between the two players, and it keeps no game aborted
// before its first moves: a record whose moves or result are not this
// game's is another game's, and is refused.
func (f *follower) Record() (*record.Record, error) {
	f.mu.Lock()
	spec, ended, moves := f.spec, f.ended, 0
	for _, e := range f.heard {
		if e.Verdict == referee.Accepted {
			moves++
		}
	}
	f.mu.Unlock()
	if ended == nil {
		return nil, errors.New("the game is not over")
	}
	rec, err := f.records(spec)
	if err != nil {
		return nil, err
	}
	if len(rec.Plies) != moves || rec.Result != ended.Score {
		return nil, errors.New("the server keeps no record of this game (a game aborted before its first moves is not kept)")
	}
	return rec, nil
}

// serverRecords fetches a game's record from the door's /record at base.
func serverRecords(base string) func(net.GameSpec) (*record.Record, error) {
	return func(spec net.GameSpec) (*record.Record, error) {
		return fetchRecord(base + "?" + url.Values{"white": {spec.White}, "black": {spec.Black}}.Encode())
	}
}

// fetchRecord reads the record at u.
func fetchRecord(u string) (*record.Record, error) {
	status, body, err := get(u, maxRecord)
	if err != nil {
		return nil, fmt.Errorf("krieg-web: fetching the record: %w", err)
	}
	said := strings.TrimSpace(string(body[:min(len(body), 300)]))
	switch status {
	case statusOK:
	case statusTooMany:
		return nil, fmt.Errorf("krieg-web: the server is busy with this address's requests: %s", said)
	default:
		return nil, fmt.Errorf("krieg-web: the server has no record: %s", said)
	}
	rec, err := record.Read(bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("krieg-web: the server's record: %w", err)
	}
	return rec, nil
}

// statusOK and statusTooMany are HTTP's OK and Too Many Requests (the
// page imports no net/http: see TestPageLinksNoTLS).
const (
	statusOK      = 200
	statusTooMany = 429
)

// maxRecord bounds a record taken from the server.
const maxRecord = 4 << 20

// fetchWait bounds the wait for a record.
const fetchWait = 20 * time.Second

// recordsURL is the door's /record beside its WebSocket URL.
func recordsURL(socket string) (string, error) {
	u, err := url.Parse(socket)
	if err != nil {
		return "", fmt.Errorf("krieg-web: --server %q: %w", socket, err)
	}
	switch u.Scheme {
	case "ws":
		u.Scheme = "http"
	case "wss":
		u.Scheme = "https"
	default:
		return "", fmt.Errorf("krieg-web: --server %q: want a ws:// or wss:// URL", socket)
	}
	u.Path = strings.TrimSuffix(u.Path, "ws") + "record"
	u.RawQuery, u.Fragment = "", ""
	return u.String(), nil
}
