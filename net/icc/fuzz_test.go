package icc

import (
	"testing"

	"github.com/krieg/krieg/net"
)

// FuzzSession feeds arbitrary server bytes, after a game has started, to the
// parser and the session: nothing may panic, and in Kriegspiel the snapshot
// never shows an enemy man.
func FuzzSession(f *testing.F) {
	f.Add([]byte("\x19(24 101 ?xe2\x19)Pawn at e2 captured. Rank check.\r\n"))
	f.Add([]byte("\x19[2 *\r\n\x19(24 101 e2e4\x19)2 pawn tries\r\n\x19]\x19(16 101 0 Mat 1-0 {x} A00\x19)"))
	f.Add([]byte("\x19(56 101 W -5 1\x19)\x19(61 101 B 99999999999\x19)\x19(38 101 1\x19)"))
	f.Add([]byte("\x19(16 101 0 Res 1-0 {x} A00\x19)\x19(201 101 \x19{[White \"a\"]\n\n1. e4 {(X,C,P:)} 1-0\n\x19}\x19)"))
	f.Fuzz(func(t *testing.T, data []byte) {
		fd := newFeeder(t)
		fd.feed(started101)
		var events []net.Event
		for _, it := range fd.p.Feed(data) {
			fd.s.item(it)
		}
		for _, it := range fd.p.Flush() {
			fd.s.item(it)
		}
		fd.s.flush()
		events, _ = fd.s.take()
		for _, ev := range events {
			if ev.Snap.Spec.Kriegspiel && ev.Snap.Own.ByColor(ev.Snap.Side.Other()) != 0 {
				t.Fatalf("the snapshot shows enemy men after %q", data)
			}
		}
	})
}
