package kept

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/game/referee"
)

// Game is a game against the computer as it is kept.
type Game struct {
	Rules    string `json:"rules"`    // the ruleset's name
	Side     string `json:"side"`     // white or black, as drawn
	Time     string `json:"time"`     // minutes+increment
	Opponent string `json:"opponent"` // bot or random
	Seed     uint64 `json:"seed"`
	White    int64  `json:"white_ms"` // time left, in milliseconds
	Black    int64  `json:"black_ms"`
	Plies    int    `json:"plies"`
	PGN      string `json:"pgn"` // the record so far, refused attempts and all
	// Holder is the process that plays it, so that a second window of the
	// user's neither offers it nor keeps its own game over it
	// (launch.HeldElsewhere); it is dead once that window closed.
	Holder int `json:"holder,omitempty"`
}

// ErrHeld says the kept game is being played in another window.
var ErrHeld = errors.New("your game against the computer is being played in another krieg window")

// ErrNone says no game is kept.
var ErrNone = errors.New("there is no game against the computer to resume")

// Read returns the game kept in s: ErrNone when there is none, an error
// saying so when what is kept cannot be used.
func Read(s Store) (Game, error) {
	v, ok := s.Get(Key)
	if !ok {
		return Game{}, ErrNone
	}
	var g Game
	if err := json.Unmarshal([]byte(v), &g); err != nil {
		return Game{}, fmt.Errorf("the game kept against the computer cannot be read: %v", err)
	}
	if g.PGN == "" || g.Rules == "" {
		return Game{}, errors.New("the game kept against the computer cannot be read: it holds no record")
	}
	if launch.HeldElsewhere(g.Holder) {
		return Game{}, ErrHeld
	}
	return g, nil
}

// Load returns the game kept in s, if there is one that can be read.
func Load(s Store) (Game, bool) {
	g, err := Read(s)
	return g, err == nil
}

// Describe says what the kept game is, for the offer to resume it.
func (g Game) Describe() string {
	title := g.Rules
	if r, err := referee.RulesetByName(g.Rules); err == nil {
		title = r.Title
	}
	side := g.Side
	if side != "" {
		side = strings.ToUpper(side[:1]) + side[1:] // as the panel names the sides
	}
	return fmt.Sprintf("%s, %s, you play %s, %d plies played", title, g.Time, side, g.Plies)
}

// Flags are fl with the kept game's terms.
func (g Game) Flags(fl launch.Flags) launch.Flags {
	fl.Rules, fl.Side, fl.Time, fl.Opponent, fl.Seed = g.Rules, g.Side, g.Time, g.Opponent, g.Seed
	return fl
}
