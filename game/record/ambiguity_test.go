package record_test

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
)

// TestAmbiguousAttemptNamesTheMen: an attempt two men could make is refused
// naming them and the forms that tell them apart, by file where the files
// differ, by rank where they do not.
func TestAmbiguousAttemptNamesTheMen(t *testing.T) {
	for fen, c := range map[string]struct{ text, want string }{
		"4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1": {"Nc3", "the knights on b1 and d1 can both go there (write Nbc3 or Ndc3)"},
		"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1":  {"Ra3", "the rooks on a1 and a5 can both go there (write R1a3 or R5a3)"},
	} {
		p, err := game.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		own := p.Only(game.White)
		if _, err := record.ParseAttemptSAN(&own, c.text); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s on %s: %v; want %q", c.text, fen, err, c.want)
		}
	}
}
