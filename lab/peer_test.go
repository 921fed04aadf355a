package lab

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/lab/peer"
)

func TestMatchWithoutPeersSaysHowToBuildThem(t *testing.T) {
	_, err := Match(MatchOptions{White: "bot", Black: "peer:random", Games: 1, Rules: referee.Wild16, Start: game.Start(),
		Peers: peer.Config{Cache: t.TempDir()}}, nil)
	if !errors.Is(err, peer.ErrNoCache) {
		t.Fatalf("got %v; want ErrNoCache", err)
	}
}

// TestMatchAgainstPeers plays one short game against each outside bot, with
// every attempt checked by ks-game. Skipped when `make peers` has not run.
func TestMatchAgainstPeers(t *testing.T) {
	if err := peer.Available(peer.Config{}); err != nil {
		t.Skipf("outside bots absent (%v): run `make peers` to play them", err)
	}
	for _, tc := range []struct {
		white, black string
		rules        referee.Ruleset
	}{{"bot", "peer:random", referee.Wild16}, {"peer:darkboard-mcts", "bot", referee.Berkeley}} {
		t.Run(tc.white+"-"+tc.black, func(t *testing.T) {
			r, err := Match(MatchOptions{White: tc.white, Black: tc.black, Games: 1, Seed: 3, Rules: tc.rules, Start: game.Start(),
				MoveTime: 20 * time.Millisecond}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Void != 0 {
				t.Fatalf("the referees disagreed: %v", r.Disagreements)
			}
			if r.WhiteWins+r.Draws+r.BlackWins != 1 || !strings.Contains(r.String(), tc.black) {
				t.Fatalf("one game should have been scored:\n%s", r)
			}
		})
	}
}
