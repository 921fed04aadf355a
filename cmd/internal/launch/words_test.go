package launch

import "testing"

// TestPlainWords: the packages' names leave an error's words, at its start
// and after another's colon, and nothing else does.
func TestPlainWords(t *testing.T) {
	for in, want := range map[string]string{
		"icc: no game in progress":                            "no game in progress",
		"icc: net: not connected":                             "not connected",
		"timeline: junk.pgn: record: malformed PGN at line 1": "junk.pgn: malformed PGN at line 1",
		`login as "guest": icc: the server said nothing`:      `login as "guest": the server said nothing`,
		"the game record: kept in games.pgn":                  "the game record: kept in games.pgn",
		"dial tcp 127.0.0.1:5: connect: connection refused":   "dial tcp 127.0.0.1:5: connect: connection refused",
	} {
		if got := PlainWords(in); got != want {
			t.Errorf("PlainWords(%q) = %q; want %q", in, got, want)
		}
	}
}
