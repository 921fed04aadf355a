package sprites

import (
	"fmt"
	"strings"

	"github.com/krieg/krieg/net"
)

// New game after a game on a server posts a seek (or a challenge, when the
// command line named an opponent): the player is told so in words, with
// how to take it back, rather than left looking at the last result. So is
// a seek or a challenge chosen in the lobby, while it waits.

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

// soughtWords is the status while an entry chosen in the lobby waits for
// its game: what it asked for (its label's terms) and for whom it waits.
// An entry whose game begins at once (another's seek taken) says so until
// it does.
func soughtWords(e net.LobbyEntry) string {
	_, terms, _ := strings.Cut(e.Label, ": ")
	verb, rest, _ := strings.Cut(e.Command, " ")
	switch verb {
	case "seek":
		return "Seeking a game: " + terms + " — waiting for an opponent (Lobby goes back to the lobby)"
	case "match":
		name, _, _ := strings.Cut(rest, " ")
		return "You challenged " + name + ": " + terms + " — waiting for an answer"
	case "create":
		return "Your open game waits for an opponent to join it (Lobby goes back to the lobby)"
	}
	return "Starting: " + e.Label + "…"
}

// challengeAwaited returns the player a challenge chosen in the lobby
// went to, while it waits for an answer (sought is soughtWords' "You
// challenged NAME: …").
func challengeAwaited(sought string) (string, bool) {
	rest, ok := strings.CutPrefix(sought, "You challenged ")
	name, _, _ := strings.Cut(rest, ": ")
	return name, ok && name != ""
}

// challengeDeclined reports whether line is the server's word that the
// player our waiting challenge went to declined it, and that player's name.
func challengeDeclined(sought, line string) (string, bool) {
	name, ok := challengeAwaited(sought)
	return name, ok && strings.EqualFold(line, name+" declines your challenge.")
}
