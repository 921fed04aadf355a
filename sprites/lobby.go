package sprites

import (
	"context"
	"fmt"
	"time"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/kso"
	"github.com/krieg/krieg/sprites/scene"
)

// Site is a kriegspiel.org session for the window's lobby: an endpoint
// logged in (Connect done) as User, its Lobby (kso.Endpoint.Lobby) for the
// lists; the endpoint runs the chosen entry's command (its Console) and
// plays the game.
type Site struct {
	Endpoint net.Communicator
	Lobby    Lister
	User     string
}

// Lister lists the site's games and bots (kso.Lobby does). An interface,
// so that a build that never opens the lobby (the web page) links none of
// kriegspiel.org's HTTP client.
type Lister interface {
	List(ctx context.Context) (kso.Listing, error)
}

// lobby is the kriegspiel.org lobby screen's state. The lists are fetched
// off the loop's goroutine; the choice is carried out by the endpoint,
// whose game the play screen then follows.
type lobby struct {
	site    *Site
	listing kso.Listing
	entries []kso.Entry
	fetched chan fetchResult // the listing on its way; nil when none is
	rule    int
	colour  int
	status  string
}

type fetchResult struct {
	listing kso.Listing
	err     error
}

// lobbyColours are the colours a new game may give us, as the site names them.
var lobbyColours = []string{"white", "black", "random"}

func newLobby(s *Site) *lobby {
	l := &lobby{site: s}
	l.refresh()
	return l
}

// refresh starts fetching the lists, unless a fetch is under way.
func (l *lobby) refresh() {
	if l.fetched != nil {
		return
	}
	ch := make(chan fetchResult, 1)
	l.fetched, l.status = ch, "Fetching the lobby…"
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		x, err := l.site.Lobby.List(ctx)
		ch <- fetchResult{x, err}
	}()
}

// poll takes a finished fetch, without blocking, and shows the lobby.
func (l *lobby) poll(f *scene.Frame, computer bool) {
	select {
	case r := <-l.fetched:
		l.fetched = nil
		l.status = ""
		if r.err != nil {
			l.status = r.err.Error()
		} else {
			l.listing = r.listing
		}
	default:
	}
	variants := kso.Variants()
	l.entries = l.listing.Entries(variants[l.rule], lobbyColours[l.colour])
	v := &f.Lobby
	v.Title = "kriegspiel.org · " + l.site.User
	v.Rules, v.Rule, v.Colours, v.Colour = variants, l.rule, lobbyColours, l.colour
	v.Entries = v.Entries[:0]
	for _, e := range l.entries {
		v.Entries = append(v.Entries, e.Label)
	}
	v.Status, v.Fetching = l.status, l.fetched != nil
	v.Computer = computer
}

// apply handles the lobby screen's intents: a ruleset, a colour, Refresh,
// or an entry, which starts its game on the play screen.
func (l *lobby) apply(a *App, in Intent) {
	if in.Kind != Press {
		return
	}
	if in.Button == scene.Refresh {
		l.refresh()
		return
	}
	g, i, ok := in.Button.AsChoice()
	if !ok {
		return
	}
	switch g {
	case scene.LobbyRulesGroup:
		l.rule = min(i, len(kso.Variants())-1)
	case scene.LobbyColourGroup:
		l.colour = min(i, len(lobbyColours)-1)
	case scene.LobbyGroup:
		if i < len(l.entries) {
			l.choose(a, l.entries[i])
		}
	}
}

// choose carries out entry e: the endpoint runs its lobby command and
// follows the game, which a new play screen shows.
func (l *lobby) choose(a *App, e kso.Entry) {
	ep := l.site.Endpoint
	if err := ep.Console(e.Command); err != nil {
		l.status = fmt.Sprintf("%s: %v", e.Command, err)
		return
	}
	a.play = newPlay(ep, a.opt)
	a.frame.Mode = scene.PlayScreen
	notice(&a.frame, scene.BadTone, "")
}

// back returns from a finished game to the lobby, with fresh lists.
func (l *lobby) back(a *App) {
	a.frame.Mode = scene.LobbyScreen
	l.refresh()
}
