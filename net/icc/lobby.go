package icc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/krieg/krieg/net/icc/dg"
)

// Lobby is a kriegd's lobby as datagram 202 carries it (the JSON of the
// server's LobbyView, which the page's /lobby also serves): the open
// seeks, the players logged in and the games in progress. ICC has no such
// datagram.
type Lobby struct {
	Seeks   []LobbySeek   `json:"seeks"`
	Players []LobbyPlayer `json:"players"`
	Games   []LobbyGame   `json:"games"`
}

// LobbySeek is one open seek; "play NUMBER" takes it.
type LobbySeek struct {
	Number    int    `json:"number"`
	From      string `json:"from"`
	Rules     string `json:"rules"` // the ruleset's name (wild16, berkeley, ...)
	Title     string `json:"title"`
	Minutes   int    `json:"minutes"`
	Increment int    `json:"increment"` // seconds
	Rated     bool   `json:"rated"`
	Colour    string `json:"colour"` // the seeker's: white, black, or "" for either
}

// LobbyPlayer is one player logged in; Rating is 0 for an unregistered one.
type LobbyPlayer struct {
	Name       string `json:"name"`
	Registered bool   `json:"registered"`
	Rating     int    `json:"rating"`
	Playing    bool   `json:"playing"`
}

// LobbyGame is one game in progress.
type LobbyGame struct {
	Number int    `json:"number"`
	White  string `json:"white"`
	Black  string `json:"black"`
	Title  string `json:"title"`
	Plies  int    `json:"plies"`
}

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
// blocking the reader: an answer nobody waits for replaces none.
func (c *Client) handOver(raw string) {
	select {
	case c.lobbies <- raw:
	default:
	}
}
