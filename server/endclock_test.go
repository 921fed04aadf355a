package server

import (
	"strings"
	"testing"
	"time"
)

// TestClocksStopAtTheEnd: a game that ends while a clock runs (here a
// resignation after a 20 s think) sends both clocks stopped, the thinker's
// charged to the end, before the result; an outside tester saw the
// resigner's clock jump back to where the last move had left it.
func TestClocksStopAtTheEnd(t *testing.T) {
	p, tb := inprocGame(t, "5 0 u w16 white")
	tb.line(0, "e2e4")
	tb.line(1, "e7e5")
	tb.line(0, "d2d4")
	p.clock.advance(20 * time.Second)
	tb.line(1, "resign")
	tb.drain()
	for side, out := range []string{tb.out[0].String(), tb.out[1].String()} {
		stop := strings.LastIndex(out, "\x19(56 1 B 280000 0\x19)")
		result := strings.Index(out, "\x19(16 1 ")
		if stop < 0 || result < 0 || stop > result || !strings.Contains(out[:result], "\x19(56 1 W 300000 0\x19)") {
			t.Fatalf("side %d heard %q; want both clocks stopped (Black charged its 20 s) before the result", side, out)
		}
	}
}
