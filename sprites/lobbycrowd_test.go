package sprites

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/net/icc/dg"
	"github.com/krieg/krieg/sprites/scene"
)

// fixedLister lists the same lobby every time, at once.
type fixedLister struct{ listing Listing }

func (fixedLister) Name() string                            { return "kriegd" }
func (fixedLister) Variants() []string                      { return KriegdLister{}.Variants() }
func (fixedLister) Rates() bool                             { return true }
func (fixedLister) Every() time.Duration                    { return 0 }
func (x fixedLister) List(context.Context) (Listing, error) { return x.listing, nil }

// crowdedLobby opens the window on a kriegd's lobby, as alice, listing
// seeks open seeks and free players to challenge besides the seekers.
func crowdedLobby(t *testing.T, seeks, free int) *App {
	t.Helper()
	var l icc.Lobby
	for i := range seeks {
		name := fmt.Sprintf("seeker%d", i)
		l.Seeks = append(l.Seeks, dg.SeekView{Number: i + 1, From: name, Rules: "wild16", Title: "Wild 16 (ICC)", Minutes: 3, Increment: 2})
		l.Players = append(l.Players, dg.PlayerView{Name: name})
	}
	for i := range free {
		l.Players = append(l.Players, dg.PlayerView{Name: fmt.Sprintf("free%d", i), Registered: true, Rating: 1500})
	}
	terms := net.GameSpec{Base: 5 * time.Minute, Increment: 3 * time.Second, AnySide: true}
	app, err := New(Options{Site: &Site{Lobby: fixedLister{kriegdListing{lobby: l, me: "alice", terms: terms}}, User: "alice"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.show(nil) })
	h.show(app)
	h.waitFor(t, "the lobby listed", 5*time.Second, func() bool { return len(app.frame.Lobby.Entries) > 0 })
	return app
}

// TestLobbyCrowdedKeepsSeekAndChallenges: with 24 seeks open, the lobby
// still shows the seek of our own and players to challenge, and counts
// the entries it leaves out, in a large window and in the smallest.
func TestLobbyCrowdedKeepsSeekAndChallenges(t *testing.T) {
	app := crowdedLobby(t, 24, 3)
	for _, size := range [][2]int{{1260, 850}, {800, 600}, {640, 400}} {
		h.do(func() {
			f := app.frame
			f.W, f.H = size[0], size[1]
			sc := scene.Build(f)
			var labels []string
			for _, hit := range sc.Hits {
				if g, i, ok := hit.Button.AsChoice(); ok && g == scene.LobbyGroup {
					labels = append(labels, app.lobby.entries[i].Label)
				}
			}
			total := 24 + 24 + 3 + 1 // the seeks, the players (seekers too), our seek
			seek, challenges, plays := 0, 0, 0
			for _, l := range labels {
				switch {
				case strings.HasPrefix(l, "Seek a game: "):
					seek++
				case strings.HasPrefix(l, "Challenge "):
					challenges++
				case strings.HasPrefix(l, "Play "):
					plays++
				}
			}
			if plays > 0 && !strings.HasPrefix(labels[0], "Play seeker23 ") {
				t.Errorf("%dx%d: the first seek shown is %q; want the newest (seeker23's)", size[0], size[1], labels[0])
			}
			if seek != 1 || challenges == 0 || plays == 0 {
				t.Errorf("%dx%d: shown %d seeks to take, %d players to challenge, %d of our own seek; want some of each:\n%s",
					size[0], size[1], plays, challenges, seek, strings.Join(labels, "\n"))
			}
			left := fmt.Sprintf("(%d more: ", total-len(labels))
			if !sceneHasText(&sc, left) {
				t.Errorf("%dx%d: %d of %d entries shown, and no line %q…", size[0], size[1], len(labels), total, left)
			}
		})
	}
}
