// Package probe is the shape of what the page's test hook
// (window.kriegTest.state(), in builds with the kriegtest tag) reports,
// shared by the hook and the browser tests that read it.
package probe

import "github.com/krieg/krieg/game/referee"

// Board is the board's state as the hook reports it, in JSON.
type Board struct {
	Running    bool            `json:"running"` // the board is drawing
	Frames     int             `json:"frames"`  // frames drawn since the frame times were last reset
	Mode       int             `json:"mode"`    // scene.Mode: 0 new game, 1 play, 2 replay
	Status     string          `json:"status"`
	Notice     string          `json:"notice"`
	Question   string          `json:"question"` // what the armed Resign asks
	Typed      string          `json:"typed"`    // the move line, as typed or pasted
	Reviewable bool            `json:"reviewable"`
	Legend     bool            `json:"legend"`
	Pieces     bool            `json:"pieces"` // the piece tokens are shown
	Rules      string          `json:"rules"`  // the game's ruleset, by name
	Side       string          `json:"side"`
	ToMove     string          `json:"toMove"`
	InGame     bool            `json:"inGame"`
	Result     string          `json:"result"`
	Reason     string          `json:"reason"`
	White      string          `json:"white"`
	Black      string          `json:"black"`
	Heard      []referee.Entry `json:"heard"`      // what this player heard of the game
	Candidates []string        `json:"candidates"` // the attempts the board would send: its own board and the referee's word this turn allow them
}
