package icc

import (
	"fmt"
	"strings"
)

// challengeWords says a challenge (datagram 29's fields) in words, for
// the player me: "alice (1500) challenges you: unrated Wild 16 5 3", or
// "You challenge bob: …" for our own, which ICC echoes. kriegd sends five
// fields, the last its terms as its lobby lists them; of ICC's long form,
// whether it is rated and the wild number are said.
func challengeWords(f []string, me string) string {
	var terms string
	switch {
	case len(f) == 5:
		terms = ": " + strings.TrimSpace(f[4])
	case len(f) >= 9:
		terms = fmt.Sprintf(": %s wild %s", map[bool]string{true: "rated", false: "unrated"}[f[8] == "1"], f[6])
	}
	if strings.EqualFold(f[0], me) && len(f) > 3 {
		return "You challenge " + f[3] + terms
	}
	rating := ""
	if len(f) > 1 && f[1] != "" && f[1] != "0" {
		rating = " (" + f[1] + ")"
	}
	return f[0] + rating + " challenges you" + terms
}
