package icc

import (
	"strings"
	"testing"

	"github.com/krieg/krieg/net"
)

// TestRecordFromKriegd: the record kriegd sends after a game (datagram
// 201) is what Record gives, once the game is over and only if it is this
// game's; a record that does not read is a problem reported, not a crash,
// and a record of another game number, not ours, is ignored.
func TestRecordFromKriegd(t *testing.T) {
	f := newFeeder(t)
	c := &Client{sess: f.s}
	record201 := func(number, pgn string) []net.Event {
		for _, it := range f.p.Feed([]byte("\x19(201 " + number + " \x19{" + pgn + "\x19}\x19)")) {
			f.s.item(it)
		}
		f.s.flush()
		ev, _ := f.s.take()
		return ev
	}
	const won = "[White \"guest2741\"]\n[Black \"bob\"]\n[Result \"1-0\"]\n\n1-0\n"

	f.feed(started101)
	record201("101", won) // before the result: not yet the game's
	if _, err := c.Record(); err == nil || !strings.Contains(err.Error(), "not over") {
		t.Fatalf("Record during the game: %v; want the game is not over", err)
	}
	f.feed(`^Y(16 101 0 Res 1-0 {resignation} A00^Y)`)
	if c.HasRecord() {
		t.Fatal("a record heard while the game went on counts after it ended")
	}
	if _, err := c.Record(); err == nil || !strings.Contains(err.Error(), "no record") {
		t.Fatalf("Record with none sent: %v; want no record", err)
	}

	if ev := record201("101", "[White \"guest2741\"\n1-0"); len(ev) != 1 || ev[0].Kind != net.KindProblem || !strings.Contains(ev[0].Text, "record") {
		t.Fatalf("a record that does not read gave %+v; want one problem naming the record", ev)
	}
	// Another number naming others is no game of ours (one naming us is a
	// game that ended while we were away: TestRecordOfAGameEndedAway).
	if ev := record201("999", strings.Replace(won, "guest2741", "carol", 1)); len(ev) != 0 || c.HasRecord() || f.s.unsaved != nil {
		t.Fatalf("another game's record gave %+v and a record %v", ev, c.HasRecord())
	}
	if ev := record201("101", "[Result \"1-0\"]\n\n1. e4 1-0\n"); len(ev) != 1 || !strings.Contains(ev[0].Text, "another game") || c.HasRecord() || f.s.unsaved != nil {
		t.Fatalf("a record of 1 ply for a game of none gave %+v, a record %v, to save %v; want it refused as another game's", ev, c.HasRecord(), f.s.unsaved != nil)
	}
	record201("101", won)
	rec, err := c.Record()
	if err != nil || rec.Tag("Black") != "bob" || f.s.unsaved != rec {
		t.Fatalf("Record: %+v, %v; want the game against bob, to be saved", rec, err)
	}
	f.s.unsaved = nil
	record201("101", strings.Replace(won, "bob", "mallory", 1))
	if again, _ := c.Record(); again != rec || f.s.unsaved != nil {
		t.Fatal("a second record for the same game replaced the first or is saved again")
	}
}
