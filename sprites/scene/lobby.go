package scene

import (
	"github.com/krieg/krieg/assets"
)

// LobbyScreen is the kriegspiel.org lobby: the site's games and bots to
// choose from before the board shows a game.
const LobbyScreen Mode = 16

// The lobby's choice groups (see Choice): its entries, the ruleset and the
// colour of the games it creates.
const (
	LobbyGroup = MotionGroup + 4 + iota
	LobbyRulesGroup
	LobbyColourGroup
	LobbyRatedGroup
	lobbyRefreshGroup
)

// Refresh fetches the lobby's lists again.
var Refresh = Choice(lobbyRefreshGroup, 0)

// PlayComputer leaves the server's lobby for a game against the computer
// in the window, begun on the new-game screen; the server's session stays.
var PlayComputer = Choice(lobbyRefreshGroup, 1)

// lobbyPerRow is how many of a choice group's buttons share a row.
const lobbyPerRow = 4

// LobbyMax is how many entries the lobby shows (one choice group's worth).
const LobbyMax = 16

// LobbyView is what the lobby screen shows.
type LobbyView struct {
	Title   string   // who is logged in where
	Entries []string // the choices, at most LobbyMax shown
	// Groups are how many of Entries each of the list's groups holds, in
	// order (nil: one group); the panel shows some of each when it has no
	// room for all (LobbyOrder).
	Groups []int
	// Omitted is how many entries the listing held beyond Entries, counted
	// under the list.
	Omitted int
	Rules   []string // the rulesets a new game may have
	Rule    int      // the one chosen
	Colours []string // the colours we may take
	Colour  int      // the one chosen
	Rated   []string // unrated and rated, when the server rates our games (else none)
	// RatedNote says, in the rating row's place, why our games are not
	// rated (a guest's on a kriegd); "" for no such row.
	RatedNote string
	Rate      int    // the one chosen
	Status    string // loading, an error, or what was chosen
	Fetching  bool   // a listing is on its way
	Computer  bool   // the window can play the computer: PlayComputer is offered
	// Lost says, when the server's connection is lost, why and what to do;
	// the lobby then lists nothing to choose and offers no Refresh.
	Lost string
}

// lobbyPanel draws the lobby beside (or under) the empty board. The text
// shrinks until every entry fits, but not below lobbyUnitFloor: in a panel
// too small for them all, the entries that do not fit are left out (see
// lobbylist.go), and the panel says how many, rather than drawn past its
// edge or too small to read.
func (s *Scene) lobbyPanel(f *Frame) {
	v := f.Lobby
	entries := v.Entries[:min(len(v.Entries), LobbyMax)]
	shown := 0
	s.fitPanelUntil(func(c *column) {
		c.line(v.Title, assets.Bold, textMain)
		c.row(c.unit * 0.4)
		if v.Lost != "" {
			// Said as a game says it, in the problem's red: no entry of
			// a listing gone stale is left to click.
			c.line(v.Lost, assets.Bold, toneColours[BadTone])
			c.row(c.unit * 0.4)
			if v.Computer {
				r := c.row(c.unit * 2.1)
				s.button(Rectangle{r.X, r.Y + 2, r.W, r.H - 5}, PlayComputer, "Play the computer", false, c.unit)
			}
			return
		}
		// A group's buttons run in rows of at most lobbyPerRow, so that a
		// long name (berkeley-any) is not drawn too small to read.
		group := func(title string, g int, opts []string, pick int) {
			c.line(title, assets.Bold, textMain)
			rows := max(1, (len(opts)+lobbyPerRow-1)/lobbyPerRow)
			per := max(1, (len(opts)+rows-1)/rows)
			gap := 4.0
			for start := 0; start < len(opts); start += per {
				r := c.row(c.unit * 2.1)
				w := (r.W - gap*float64(per-1)) / float64(per)
				for i, o := range opts[start:min(start+per, len(opts))] {
					s.button(Rectangle{r.X + float64(i)*(w+gap), r.Y + 2, w, r.H - 5}, Choice(g, start+i), o, start+i == pick, c.unit*0.8)
				}
			}
		}
		group("Ruleset of a new game", LobbyRulesGroup, v.Rules, v.Rule)
		group("You play", LobbyColourGroup, v.Colours, v.Colour)
		if len(v.Rated) > 0 {
			group("Rating", LobbyRatedGroup, v.Rated, v.Rate)
		} else if v.RatedNote != "" {
			// No choice to offer that the server would refuse: the
			// reason stands where it would be.
			c.line("Rating", assets.Bold, textMain)
			c.line(v.RatedNote, assets.Regular, textDim)
		}
		c.row(c.unit * 0.4)
		c.line("Choose a game", assets.Bold, textMain)
		// What comes after the entries, kept room for: Refresh, Play the
		// computer, the status and the line saying what was left out.
		tail := c.unit * (0.4 + 2.1 + 1.45)
		if v.Computer {
			tail += c.unit * 2.1
		}
		if v.Status != "" {
			tail += c.unit * 1.45 * float64(len(Wrap(v.Status, assets.Regular, c.unit, c.r.W, "  ")))
		}
		size := lobbyEntrySize(entries, c.unit*0.85, c.r.W-8)
		shown = s.lobbyEntries(c, v, entries, size, tail)
		c.row(c.unit * 0.4)
		r := c.row(c.unit * 2.1)
		s.button(Rectangle{r.X, r.Y + 2, r.W, r.H - 5}, Refresh, "Refresh", false, c.unit)
		if v.Computer {
			r := c.row(c.unit * 2.1)
			s.button(Rectangle{r.X, r.Y + 2, r.W, r.H - 5}, PlayComputer, "Play the computer", false, c.unit)
		}
		if v.Status != "" {
			c.line(v.Status, assets.Regular, textDim)
		}
	}, func(c column) bool {
		return c.r.H >= 0 && (shown == len(entries) || c.unit*0.9 < lobbyUnitFloor)
	})
}
