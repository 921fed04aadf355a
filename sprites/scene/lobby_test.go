package scene

import "testing"

// TestLobbyOffersTheComputer: the kriegspiel.org lobby offers "Play the
// computer" when the window can play it, and only then.
func TestLobbyOffersTheComputer(t *testing.T) {
	for _, computer := range []bool{false, true} {
		f := playFrame(1280, 800)
		f.Mode = LobbyScreen
		f.Lobby = LobbyView{Title: "kriegspiel.org · ann", Rules: []string{"berkeley"}, Colours: []string{"white"}, Computer: computer}
		found := false
		for _, h := range Build(f).Hits {
			found = found || h.Button == PlayComputer
		}
		if found != computer {
			t.Errorf("the window plays the computer: %v; the lobby offers it: %v", computer, found)
		}
	}
}
