package icc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc/dg"
)

// Lobby is a kriegd's lobby as datagram 202 carries it: the open seeks,
// the players logged in and the games in progress. ICC has no such
// datagram.
type Lobby = dg.LobbyView

// ErrNoLobby is Lobby's error when the connection is not up.
var ErrNoLobby = errors.New("icc: not connected, so no lobby to list")

// Lobby asks the server for its lobby ("lobby") and waits for the answer
// (datagram 202) or ctx's end. kriegd answers; ICC does not, so there ctx
// ends the wait.
func (c *Client) Lobby(ctx context.Context) (Lobby, error) {
	c.mu.Lock()
	up := c.conn != nil && !c.closed
	c.mu.Unlock()
	if !up {
		return Lobby{}, ErrNoLobby
	}
	c.asking.Add(1)
	defer c.asking.Add(-1)
	// An answer left from an earlier ask whose wait ended is not this one's.
	select {
	case <-c.lobbies:
	default:
	}
	if err := c.send("lobby"); err != nil {
		return Lobby{}, err
	}
	select {
	case raw := <-c.lobbies:
		var l Lobby
		if err := json.Unmarshal([]byte(raw), &l); err != nil {
			return Lobby{}, fmt.Errorf("icc: the server's lobby (datagram %d) does not read: %w", dg.Lobby, err)
		}
		return l, nil
	case <-ctx.Done():
		return Lobby{}, fmt.Errorf("icc: the server did not list its lobby: %w", ctx.Err())
	case <-c.life.Done():
		return Lobby{}, ErrNoLobby
	}
}

// handOver gives a lobby the session read to a waiting Lobby call, without
// blocking the reader. One nobody waits for ("lobby" typed at a console)
// is returned as lines for the console, the seeks as sought lists them.
func (c *Client) handOver(raw string) []net.Event {
	if c.asking.Load() > 0 {
		select {
		case c.lobbies <- raw:
		default:
		}
		return nil
	}
	var l Lobby
	if err := json.Unmarshal([]byte(raw), &l); err != nil {
		return []net.Event{{Kind: net.KindProblem, Text: fmt.Sprintf("icc: the server's lobby (datagram %d) does not read: %v", dg.Lobby, err), Err: err}}
	}
	var evs []net.Event
	for _, line := range LobbyLines(l) {
		evs = append(evs, net.Event{Kind: net.KindConsole, Text: line})
	}
	return evs
}

// LobbyLines are a lobby in words: the open seeks, each with the command
// that takes it, and how many players and games there are.
func LobbyLines(l Lobby) []string {
	out := []string{fmt.Sprintf("%d %s logged in, %d %s in progress, %d %s open:", len(l.Players), plural(len(l.Players), "player", "players"),
		len(l.Games), plural(len(l.Games), "game", "games"), len(l.Seeks), plural(len(l.Seeks), "seek", "seeks"))}
	for _, s := range l.Seeks {
		colour := ""
		if s.Colour != "" {
			colour = ", " + s.From + " playing " + s.Colour
		}
		out = append(out, fmt.Sprintf("  %s: %s %d %d, %s%s (\"play %d\")", s.From, s.Title, s.Minutes, s.Increment, map[bool]string{true: "rated", false: "unrated"}[s.Rated], colour, s.Number))
	}
	return out
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
