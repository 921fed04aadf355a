package kso

import (
	"context"
	"fmt"
	"slices"

	"github.com/krieg/krieg/net"
)

// Listing is the lobby as a window shows it: our active games, the open
// games in rulesets krieg plays, and the listed bots.
type Listing struct {
	Active []GameMetadata
	Open   []OpenGame
	Bots   []BotListing
}

// List fetches the lobby's three lists.
func (l Lobby) List(ctx context.Context) (Listing, error) {
	var x Listing
	var err error
	if x.Active, err = l.Active(ctx); err != nil {
		return Listing{}, fmt.Errorf("kso: listing active games: %w", err)
	}
	if x.Open, err = l.Open(ctx); err != nil {
		return Listing{}, fmt.Errorf("kso: listing open games: %w", err)
	}
	if x.Bots, err = l.Bots(ctx); err != nil {
		return Listing{}, fmt.Errorf("kso: listing bots: %w", err)
	}
	return x, nil
}

// Entries lists the choices in order: resume each active game, join each
// open game, play each bot that offers variant, and create an open game;
// the new games are in variant with us as colour.
func (x Listing) Entries(variant, colour string) []net.LobbyEntry {
	var out []net.LobbyEntry
	for _, g := range x.Active {
		m := gameOf(g)
		out = append(out, net.LobbyEntry{Label: fmt.Sprintf("Resume %s: %s, %s vs %s, move %d", g.GameCode, g.RuleVariant, m.White, m.Black, g.MoveNumber), Command: "resume " + g.GameCode})
	}
	for _, g := range x.Open {
		out = append(out, net.LobbyEntry{Label: fmt.Sprintf("Join %s: %s by %s, you play %s", g.GameCode, g.RuleVariant, g.CreatedBy, g.AvailableColor), Command: "join " + g.GameCode})
	}
	for _, b := range x.Bots {
		if len(b.SupportedRuleVariants) > 0 && !slices.Contains(b.SupportedRuleVariants, variant) {
			continue
		}
		out = append(out, net.LobbyEntry{Label: fmt.Sprintf("Play %s (elo %d): %s as %s", b.Username, b.Elo, variant, colour), Command: fmt.Sprintf("play %s %s %s", b.Username, variant, colour)})
	}
	return append(out, net.LobbyEntry{Label: fmt.Sprintf("Create an open %s game as %s", variant, colour), Command: fmt.Sprintf("create %s %s", variant, colour)})
}
