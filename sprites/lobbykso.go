package sprites

import (
	"context"
	"time"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/kso"
)

// KSOLister lists kriegspiel.org's lobby: our active games, its open games
// and its bots, and a new open game (kso.Listing.Entries).
type KSOLister struct {
	// Lobby fetches the lists (kso.Endpoint.Lobby).
	Lobby interface {
		List(ctx context.Context) (kso.Listing, error)
	}
}

// Name is the site's.
func (KSOLister) Name() string { return "kriegspiel.org" }

// Variants are the site's rule variants krieg plays.
func (KSOLister) Variants() []string { return kso.Variants() }

// Rates is false: the site's games are not rated from krieg.
func (KSOLister) Rates() bool { return false }

// Every is 0: the site's lists are three requests to an outside service,
// fetched when the player asks (Refresh, or back from a game).
func (KSOLister) Every() time.Duration { return 0 }

// List fetches the site's three lists.
func (k KSOLister) List(ctx context.Context) (Listing, error) {
	x, err := k.Lobby.List(ctx)
	if err != nil {
		return nil, err
	}
	return ksoListing{x}, nil
}

// ksoListing is the site's lists as fetched.
type ksoListing struct{ x kso.Listing }

// Entries are kso.Listing's for the ruleset and colour chosen, one group
// whose last, a new open game, always shows.
func (k ksoListing) Entries(c NewGameTerms) ([]net.LobbyEntry, []int) {
	return k.x.Entries(c.Variant, c.Colour), nil
}
