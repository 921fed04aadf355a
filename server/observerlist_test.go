package server_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/server"
)

// TestObserversListInRecordNotation: the moves an observer is told once a
// game is over were written in datagram 24's smith form, a capture as
// "h5f7p", which reads as a typing slip. They are now in the notation of
// the game's record (SAN), capture, castling and check marks included,
// move for move the record its players are sent.
func TestObserversListInRecordNotation(t *testing.T) {
	u := startUmpire(t, server.Config{})
	a, b, o := u.login(t, "alice", ""), u.login(t, "bob", ""), u.login(t, "olga", "")
	begin(t, a, b, "bob", "5 0 u")
	o.send("observe 1")
	o.waitFor("\x19(18 1 alice bob ")
	players := [2]*raw{a, b}
	for i, mv := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1", "f6e4", "c4f7", "e8f7"} {
		players[i%2].send(mv)
		players[(i+1)%2].waitFor("\x19(24 1 ?")
	}
	b.send("resign")
	o.waitFor("Game 1's moves, now that it is over:")
	list := strings.TrimSuffix(o.waitFor("\r\n"), "\r\n")
	if want := " 1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O Nxe4 5. Bxf7+ Kxf7"; list != want {
		t.Fatalf("the observer's list of the moves: %q; want %q", list, want)
	}
	o.neverHeard("f6e4", "the observer's list has a move in coordinates")

	a.waitFor("\x19(201 1 \x19{")
	rec, err := record.Read(strings.NewReader(strings.TrimSuffix(a.waitFor("\x19}\x19)"), "\x19}\x19)")))
	if err != nil {
		t.Fatal(err)
	}
	var fromRecord strings.Builder
	for i, p := range rec.Plies {
		if i%2 == 0 {
			fmt.Fprintf(&fromRecord, " %d.", i/2+1)
		}
		fromRecord.WriteString(" " + p.SAN)
	}
	if list != fromRecord.String() {
		t.Fatalf("the observer's list %q is not the players' record %q", list, fromRecord.String())
	}
}
