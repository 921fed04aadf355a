package sprites

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites/scene"
)

// Site is a server session for the window's lobby: an endpoint logged in
// (Connect done) as User, and its Lobby for the lists; the endpoint runs
// the chosen entry's command (its Console) and plays the game.
type Site struct {
	Endpoint net.Communicator
	Lobby    Lister
	User     string
}

// Lister lists a server's lobby: kriegspiel.org's (KSOLister) or a
// kriegd's (KriegdLister). An interface, so that a build that never opens
// the kriegspiel.org lobby (the web page) links none of its HTTP client.
type Lister interface {
	// Name is the server's, for the lobby's title.
	Name() string
	// Variants are the rulesets a new game may have, as the server names them.
	Variants() []string
	// Rates tells whether a new game may be rated (the lobby then offers
	// the choice, unless the listing says ours may not be: unratedListing).
	Rates() bool
	// Every is how often the lobby screen lists the lobby again by itself
	// (0: only when asked, with Refresh).
	Every() time.Duration
	// List fetches the lobby.
	List(ctx context.Context) (Listing, error)
}

// Listing is a lobby fetched: its choices, the new games as the lobby's
// buttons choose them. The entries come in groups, whose sizes groups
// gives in order (nil: one group): when the lobby cannot show them all it
// shows some of each (scene.LobbyOrder), and always the last entry, our
// own new game.
type Listing interface {
	Entries(c NewGameTerms) (entries []net.LobbyEntry, groups []int)
}

// unratedListing is a Listing that knows whether our games may be rated
// (a kriegd's, which rates registered players only): Unrated says why they
// may not, or "".
type unratedListing interface {
	Unrated() string
}

// NewGameTerms are the lobby's choices for a new game: its ruleset (as the
// server names it), our colour (white, black or random), and whether rated.
type NewGameTerms struct {
	Variant, Colour string
	Rated           bool
}

// lobby is the lobby screen's state. The lists are fetched off the loop's
// goroutine; the choice is carried out by the endpoint, whose game the
// play screen then follows.
type lobby struct {
	site    *Site
	listing Listing
	entries []net.LobbyEntry
	fetched chan fetchResult // the listing on its way; nil when none is
	rule    int
	colour  int
	rated   int // an index into lobbyRated
	status  string
	// last is when the last listing was asked for, for Lister.Every.
	last time.Time
	// lost says why the server's connection was lost, and what to do; the
	// lobby then lists nothing more.
	lost string
	// news is what became of a challenge whose card the lobby gave way to
	// (withdrawn by its player), shown until newsUntil under the list.
	news      string
	newsUntil time.Time
	// labels are the entries shown, and before those shown until they
	// changed at changedAt: a click on a row that changed under the
	// pointer a moment ago was aimed at what stood there (lobbySettle).
	labels, before []string
	changedAt      time.Time
}

// lobbySettle is how long after a row of the lobby changed (a new
// listing moved the rows) a click on it is taken as aimed at what stood
// there before, and not carried out: about a human's time to see a change
// and stop a click.
const lobbySettle = 400 * time.Millisecond

// newsFor is how long the lobby shows its news.
const newsFor = 15 * time.Second

type fetchResult struct {
	listing Listing
	err     error
}

// lobbyRated are the lobby's choices of a new game's rating, when the
// server rates games.
var lobbyRated = []string{"unrated", "rated"}

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
	l.fetched, l.status, l.last = ch, "Fetching the lobby…", time.Now()
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		x, err := l.site.Lobby.List(ctx)
		ch <- fetchResult{x, err}
	}()
}

// poll takes a finished fetch, without blocking, and shows the lobby.
func (l *lobby) poll(f *scene.Frame, computer bool) {
	if l.lost != "" {
		// The connection is gone: a listing would only fail, and the
		// last one's entries are stale.
		l.listing, l.entries = nil, nil
		v := &f.Lobby
		v.Entries, v.Groups, v.Omitted, v.Status, v.Fetching = nil, nil, 0, "", false
		v.Lost, v.Computer = l.lost, computer
		return
	}
	if every := l.site.Lobby.Every(); every > 0 && l.fetched == nil && time.Since(l.last) >= every {
		status := l.status
		l.refresh()
		l.status = status // listed again unasked: the status line stays as it was
	}
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
	variants := l.site.Lobby.Variants()
	l.entries = nil
	v := &f.Lobby
	v.Groups, v.Omitted, v.Lost = nil, 0, "" // connected (again)
	v.Rated, v.RatedNote = nil, ""
	if u, ok := l.listing.(unratedListing); ok && l.site.Lobby.Rates() {
		// Offered only once the listing says our games may be rated: a
		// guest's choice of rated would only be refused.
		if v.RatedNote = u.Unrated(); v.RatedNote != "" {
			l.rated = 0
		} else {
			v.Rated = lobbyRated
		}
	}
	if l.listing != nil {
		all, groups := l.listing.Entries(NewGameTerms{Variant: variants[l.rule], Colour: lobbyColours[l.colour], Rated: l.rated == 1})
		l.entries, v.Groups, v.Omitted = pickEntries(all, groups)
	}
	v.Title = l.site.Lobby.Name() + " · " + l.site.User
	v.Rules, v.Rule, v.Colours, v.Colour = v.Rules[:0], l.rule, lobbyColours, l.colour
	for _, name := range variants {
		v.Rules = append(v.Rules, variantLabel(name))
	}
	v.Rate = l.rated
	v.Entries = v.Entries[:0]
	for _, e := range l.entries {
		v.Entries = append(v.Entries, e.Label)
	}
	if !slices.Equal(v.Entries, l.labels) {
		l.before, l.labels, l.changedAt = l.labels, slices.Clone(v.Entries), time.Now()
	}
	v.Status, v.Fetching = l.status, l.fetched != nil
	if v.Status == "" && time.Now().Before(l.newsUntil) {
		v.Status = l.news
	}
	v.Computer = computer
}

// pickEntries keeps at most scene.LobbyMax of a listing's entries, some of
// each group, in the listing's order; it returns them, their groups' sizes
// and how many it left out.
func pickEntries(all []net.LobbyEntry, groups []int) ([]net.LobbyEntry, []int, int) {
	order := scene.LobbyOrder(groups, len(all))
	picked := slices.Sorted(slices.Values(order[:min(len(order), scene.LobbyMax)]))
	out := make([]net.LobbyEntry, len(picked))
	for k, i := range picked {
		out[k] = all[i]
	}
	return out, scene.LobbyGroups(groups, len(all), picked), len(all) - len(picked)
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
		l.rule = min(i, len(l.site.Lobby.Variants())-1)
	case scene.LobbyColourGroup:
		l.colour = min(i, len(lobbyColours)-1)
	case scene.LobbyRatedGroup:
		l.rated = min(i, len(lobbyRated)-1)
	case scene.LobbyGroup:
		switch {
		case i >= len(l.entries):
		case l.movedUnder(i):
			l.status = "The list changed as you clicked: nothing was chosen. Click again."
		default:
			l.choose(a, l.entries[i])
		}
	}
}

// movedUnder reports whether row i of the lobby shows an entry that came
// there less than lobbySettle ago, in place of another one: a click on it
// was most likely aimed at the one before.
func (l *lobby) movedUnder(i int) bool {
	if len(l.before) == 0 || time.Since(l.changedAt) >= lobbySettle {
		return false
	}
	return i >= len(l.before) || l.before[i] != l.entries[i].Label
}

// choose carries out entry e: the endpoint runs its lobby command and
// follows the game, which a new play screen shows (a seek withdrawn keeps
// the lobby).
func (l *lobby) choose(a *App, e net.LobbyEntry) {
	ep := l.site.Endpoint
	if err := ep.Console(e.Command); err != nil {
		l.status = fmt.Sprintf("%s: %v", e.Command, err)
		return
	}
	if seekTakenBack(e.Command) {
		// A seek withdrawn begins no game: the lobby stays, listed anew
		// without it.
		if a.play != nil {
			a.play.sought = ""
		}
		l.refresh()
		return
	}
	if old := a.play; old != nil && old.ctl != nil {
		old.ctl.Close() // its game is over: the new play follows the next
	}
	a.play = newPlay(ep, a.opt)
	a.play.sought = soughtWords(e)
	a.frame.Mode = scene.PlayScreen
	notice(&a.frame, scene.BadTone, "")
}

// back returns from a finished game, or its review, to the lobby, with
// fresh lists.
func (l *lobby) back(a *App) {
	a.endReview()
	a.lobbyUnder = false
	if a.play != nil && !a.play.local {
		if name, ok := challengeAwaited(a.play.sought); ok {
			// Left unanswered, it could start a game from the lobby, rated
			// too, long after the player went on to other things.
			if err := a.play.comm.Console("withdraw " + name); err == nil {
				a.play.sought = ""
			}
		}
		a.play.leave()
		if a.play.ctl == nil {
			// Nothing of the game left comes back on the board (a seek's
			// wait, a challenge's card would show it).
			a.freshBoard()
			a.frame.Panel.Title, a.frame.Panel.Names = "", [2]string{}
		}
	}
	a.frame.Mode = scene.LobbyScreen
	l.refresh()
}

// variantLabel is a site's ruleset name as the new-game screen's buttons
// say it ("berkeley_any" and "berkeley-any" are "Berkeley + Any"), or the
// name itself for a ruleset krieg does not know.
func variantLabel(name string) string {
	if r, err := referee.RulesetByName(strings.ReplaceAll(name, "_", "-")); err == nil {
		return scene.RuleLabel(r)
	}
	return name
}
