package sprites

import (
	"fmt"
	"strings"

	"github.com/krieg/krieg/net"
)

// New game after a game on a server posts a seek (or a challenge, when the
// command line named an opponent): the player is told so in words, with
// how to take it back, rather than left looking at the last result.

// seekWords says what New game asked the server for.
func seekWords(spec net.GameSpec) string {
	rules := spec.Rules.Title
	if rules == "" {
		rules = "Wild 16"
	}
	terms := fmt.Sprintf("%s, %s, %s", rules, spec.TimeControl(), ratedWord(spec.Rated))
	if spec.Opponent != "" {
		return fmt.Sprintf("You challenged %s (%s): waiting for an answer; type withdraw to take it back", spec.Opponent, terms)
	}
	return fmt.Sprintf("You are seeking a game (%s): others on the server see your seek; type unseek to withdraw it", terms)
}

// seekStatus is the status line while New game's seek or challenge stands.
func seekStatus(spec net.GameSpec) string {
	if spec.Opponent != "" {
		return "Challenge sent to " + spec.Opponent + "…"
	}
	return "Seeking a game…"
}

// seekTakenBack reports whether a typed line withdraws what New game asked for.
func seekTakenBack(line string) bool {
	f := strings.Fields(strings.ToLower(line))
	return len(f) > 0 && (f[0] == "unseek" || f[0] == "withdraw")
}
