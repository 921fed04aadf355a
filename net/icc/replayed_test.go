package icc

import (
	"fmt"
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// TestRefusalToldAgainOnReturn: a player who returns to a game hears its
// moves again, and its refused attempts, which none of its attempts waits
// for: datagram 42 names each, and it is reported once, after the words.
// A refusal of an attempt made now is still reported once, as before.
func TestRefusalToldAgainOnReturn(t *testing.T) {
	f := newFeeder(t)
	var heard []string
	take := func(evs []net.Event) {
		for _, ev := range evs {
			if ev.Kind == net.KindHeard {
				e := ev.Entry
				heard = append(heard, fmt.Sprintf("%s %s %s", e.Mover, e.Attempt, map[bool]string{true: "accepted", false: "refused"}[e.Verdict == referee.Accepted]))
			}
		}
	}
	take(f.feed(started101))
	// kriegd's replay to a returning White: e2e4, Black's ?, e4e5 refused.
	take(f.feed("^Y(24 101 e2e4^Y)Black's move.\n^Y(24 101 ?^Y)White's move.\nIllegal move.\n^Y(42 101 e4e5 2^Y)"))
	// Now White tries d2d4, and it is refused as well.
	f.s.g.sent = append(f.s.g.sent, game.NewMove(game.D2, game.D4, game.NoPieceType))
	take(f.feed("Illegal move.\n^Y(42 101 d2d4 2^Y)"))
	if got, want := strings.Join(heard, ", "), "white e2e4 accepted, black 0000 accepted, white e4e5 refused, white d2d4 refused"; got != want {
		t.Errorf("heard %s; want %s", got, want)
	}
}
