package scene

import (
	"testing"

	"github.com/krieg/krieg/game"
)

// beliefSprites counts what the board draws of a game's belief: heat
// squares, zone squares and tokens.
func beliefSprites(s *Scene) (heat, zone, tokens int) {
	for _, sp := range s.Sprites {
		switch {
		case sp.Kind == Rect && sp.Color == heatOrange:
			heat++
		case sp.Kind == Rect && sp.Color == zoneRed:
			zone++
		case sp.Kind == Ring && sp.Color == tokenRim:
			tokens++
		}
	}
	return heat, zone, tokens
}

// TestLobbyBoardIsNeutral: the board behind a server's lobby draws no
// game's belief, whatever the toggles say (an outside tester saw orange
// "100%" squares there, the heat map of a board no game is played on);
// the same board on the play screen draws them.
func TestLobbyBoardIsNeutral(t *testing.T) {
	f := playFrame(1280, 800)
	f.Show.Heat, f.Show.Zone, f.Assist = game.King, true, AssistFull
	s := Build(f)
	if h, z, tk := beliefSprites(&s); h == 0 || z == 0 || tk == 0 {
		t.Fatalf("the play screen draws %d heat squares, %d zone squares, %d tokens; want some of each (the test's premise)", h, z, tk)
	}
	f.Mode = LobbyScreen
	s = Build(f)
	if h, z, tk := beliefSprites(&s); h+z+tk != 0 {
		t.Errorf("the lobby's board draws %d heat squares, %d zone squares, %d tokens; want none", h, z, tk)
	}
}
