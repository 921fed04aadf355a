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

// TestAttemptNoManNamesWhat: an attempt no man of the mover's answers to
// says which kind of man, from where, could not go where (a tester was
// told only "no own man can make it").
func TestAttemptNoManNamesWhat(t *testing.T) {
	start := game.Start()
	own := start.Only(game.White)
	for text, want := range map[string]string{
		"Qd4":   "no queen of yours can go to d4",
		"Nf4":   "no knight of yours can go to f4",
		"e5":    "no pawn of yours can go to e5",
		"exd5":  "no pawn of yours on the e-file can go to d5",
		"Nc3f5": "you have no knight on c3",
		"R3a4":  "no rook of yours on rank 3 can go to a4",
	} {
		if _, err := record.ParseAttemptSAN(&own, text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s from the start: %v; want %q", text, err, want)
		}
	}
	bare, err := game.ParseFEN("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	lone := bare.Only(game.White)
	if _, err := record.ParseAttemptSAN(&lone, "Qd4"); err == nil || !strings.Contains(err.Error(), "you have no queen") {
		t.Errorf("Qd4 with a bare king: %v; want %q", err, "you have no queen")
	}
}

// TestInTurnOrder: Any? takes its place among the turn's attempts, first,
// between or last, and not at all when it was not asked.
func TestInTurnOrder(t *testing.T) {
	for _, c := range []struct {
		asked bool
		after int
		want  string
	}{{true, 0, "?01"}, {true, 1, "0?1"}, {true, 2, "01?"}, {false, 1, "01"}} {
		var b strings.Builder
		record.InTurnOrder(2, c.asked, c.after, func() error { b.WriteString("?"); return nil },
			func(i int) error { b.WriteString(string(rune('0' + i))); return nil })
		if b.String() != c.want {
			t.Errorf("asked %v after %d: %q; want %q", c.asked, c.after, b.String(), c.want)
		}
	}
}
