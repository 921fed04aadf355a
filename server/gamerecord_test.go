package server_test

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/server"
)

// TestRecordSentToPlayers: once a game ends, a player who turned datagram
// 201 on gets the game's record after the result, as PGN with both sides'
// moves and refused attempts; one who did not (a telnet user) gets none.
func TestRecordSentToPlayers(t *testing.T) {
	u := startUmpire(t, server.Config{})
	w := u.login(t, "Wanda", "") // every datagram on, 201 among them
	b := u.dial(t)
	b.send("level1=5", "level2settings="+strings.Repeat("1", 200), "Boris") // up to 199: not 201
	b.waitFor("**** Starting session as ")
	begin(t, w, b, "Boris", "5 0 u")
	w.send("e2e5") // refused: a referee's answer the record keeps
	w.waitFor("\x19(42 ")
	moveThenResign(w, b, 1)

	w.waitFor("\x19(201 1 \x19{")
	if all := w.all(); strings.Index(all, "\x19(201 ") < strings.Index(all, "\x19(16 1 ") {
		t.Fatalf("the record came before the result: %q", all)
	}
	pgn := strings.TrimSuffix(w.waitFor("\x19}\x19)"), "\x19}\x19)")
	rec, err := record.Read(strings.NewReader(pgn))
	if err != nil {
		t.Fatalf("the record sent does not read: %v\n%s", err, pgn)
	}
	if len(rec.Plies) != 2 || rec.Result != game.WhiteWins || rec.Tag("White") != "Wanda" || rec.Tag("Black") != "Boris" {
		t.Fatalf("the record sent: %d plies, result %s, %s vs. %s; want 2 plies, 1-0, Wanda vs. Boris\n%s",
			len(rec.Plies), rec.Result, rec.Tag("White"), rec.Tag("Black"), pgn)
	}
	if len(rec.Plies[0].Failed) != 1 {
		t.Fatalf("the record sent keeps no refused attempt (e2e5):\n%s", pgn)
	}

	// A barrier: everything the server sent Boris before it has arrived.
	b.send("set-2 81 1")
	b.waitFor("\x19(81")
	b.neverHeard("\x19(201", "a player who left datagram 201 off got the record")
}
