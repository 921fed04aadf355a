package sprites

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
)

// KriegdLister lists a kriegd's lobby through the ICC driver (datagram
// 202): the open seeks to take, the players free to challenge, and a seek
// of our own, the new games on Terms' clock and rating.
type KriegdLister struct {
	Client interface {
		Lobby(ctx context.Context) (icc.Lobby, error)
		Handle() string
	}
	// Terms are the new games' clock (the command line's); the lobby
	// chooses their ruleset, our colour and whether they are rated.
	Terms net.GameSpec
}

// Name is the server's kind.
func (KriegdLister) Name() string { return "kriegd" }

// Variants are the rulesets kriegd umpires, by name.
func (KriegdLister) Variants() []string {
	out := make([]string, len(referee.Rulesets))
	for i, r := range referee.Rulesets {
		out[i] = r.Name
	}
	return out
}

// Rates is true: kriegd rates the games of registered players.
func (KriegdLister) Rates() bool { return true }

// Every is kriegdEvery: a kriegd's lobby is one line to a server that
// answers from memory, so it is listed again while the screen shows it,
// as a chess site's lobby keeps itself current.
func (KriegdLister) Every() time.Duration { return kriegdEvery }

// kriegdEvery is how often a kriegd's lobby screen lists it again: well
// within kriegd's default listings budget (one a second per connection,
// four per address), which typed who and history share, even for a club's
// windows behind one address.
const kriegdEvery = 5 * time.Second

// List fetches the lobby.
func (k KriegdLister) List(ctx context.Context) (Listing, error) {
	l, err := k.Client.Lobby(ctx)
	if err != nil {
		return nil, err
	}
	return kriegdListing{lobby: l, me: k.Client.Handle(), terms: k.Terms}, nil
}

// kriegdListing is a kriegd's lobby as fetched, for the player me.
type kriegdListing struct {
	lobby icc.Lobby
	me    string
	terms net.GameSpec
}

// Entries lists, in groups: our open seeks to withdraw, the others' to
// take, each player logged in and not playing to challenge, and a seek of
// our own, the new games on the terms chosen (c); the last always shows,
// however many come before it, and the lobby shows some of each group.
func (x kriegdListing) Entries(c NewGameTerms) ([]net.LobbyEntry, []int) {
	variant, colour := c.Variant, c.Colour
	ratings := map[string]string{}
	for _, p := range x.lobby.Players {
		ratings[p.Name] = "++++"
		if p.Registered {
			ratings[p.Name] = fmt.Sprint(p.Rating)
		}
	}
	var ours, seeks, challenges []net.LobbyEntry
	// Newest first: a crowded lobby shows some of each group, and a seek
	// just posted is the likeliest to be taken.
	for _, s := range slices.Backward(x.lobby.Seeks) {
		terms := fmt.Sprintf("%s, %d+%d, %s", s.Title, s.Minutes, s.Increment, ratedWord(s.Rated))
		if strings.EqualFold(s.From, x.me) {
			ours = append(ours, net.LobbyEntry{Label: fmt.Sprintf("Your seek %d: %s, you play %s (withdraw it)", s.Number, terms, colourWord(s.Colour)), Command: "unseek"})
			continue
		}
		seeks = append(seeks, net.LobbyEntry{Label: fmt.Sprintf("Play %s (%s): %s, you play %s", s.From, ratings[s.From], terms, seekersOther(s.Colour)), Command: fmt.Sprintf("play %d", s.Number)})
	}
	spec := x.terms
	spec.Kriegspiel, spec.Opponent, spec.Rated = true, "", c.Rated
	if r, err := referee.RulesetByName(variant); err == nil {
		spec.Rules = r
	}
	spec.AnySide = colour != "white" && colour != "black"
	spec.Side = map[bool]game.Color{true: game.White, false: game.Black}[colour == "white"]
	termsOf := func(s net.GameSpec) string {
		return fmt.Sprintf("%s, %s, %s, you play %s", s.Rules.Title, s.TimeControl(), ratedWord(s.Rated), colourWord(colour))
	}
	for _, p := range x.lobby.Players {
		if p.Playing || strings.EqualFold(p.Name, x.me) {
			continue
		}
		to := spec
		to.Opponent = p.Name
		to.Rated = spec.Rated && p.Registered // kriegd rates no game with a guest: offered as it will be played
		challenges = append(challenges, net.LobbyEntry{Label: fmt.Sprintf("Challenge %s (%s): %s", p.Name, ratings[p.Name], termsOf(to)), Command: icc.MatchCommand(to)})
	}
	terms := termsOf(spec)
	out := slices.Concat(ours, seeks, challenges)
	out = append(out, net.LobbyEntry{Label: "Seek a game: " + terms, Command: icc.MatchCommand(spec)})
	return out, []int{len(ours), len(seeks), len(challenges), 1}
}

// Unrated says why our games are not rated when we are a guest (kriegd
// rates registered players only), or "" when they may be.
func (x kriegdListing) Unrated() string {
	for _, p := range x.lobby.Players {
		if strings.EqualFold(p.Name, x.me) && !p.Registered {
			return "Unrated only: rated games are for registered players, and you are a guest."
		}
	}
	return ""
}

// ratedWord says whether a game is rated.
func ratedWord(rated bool) string {
	if rated {
		return "rated"
	}
	return "unrated"
}

// seekersOther is the colour a seek's taker plays, from the seeker's.
func seekersOther(colour string) string {
	switch colour {
	case "white":
		return "Black"
	case "black":
		return "White"
	}
	return "either colour"
}

// colourWord is the lobby's colour choice in words.
func colourWord(colour string) string {
	if colour == "white" || colour == "black" {
		return strings.ToUpper(colour[:1]) + colour[1:]
	}
	return "either colour"
}
