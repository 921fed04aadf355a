package scene

import "testing"

// TestChoicesDoNotWrap: every group's choice buttons, the challenge
// card's last among them, read back as themselves and stand apart from
// the named buttons (with Button a byte they wrapped past 255: Accept and
// Decline were Draw and Abort, then Abort and New game once a named
// button was added).
func TestChoicesDoNotWrap(t *testing.T) {
	for g := 0; g <= challengeGroup; g++ {
		for i := 0; i < 16; i++ {
			b := Choice(g, i)
			if gg, ii, ok := b.AsChoice(); !ok || gg != g || ii != i {
				t.Fatalf("Choice(%d, %d) = %d reads back as %d, %d, %v", g, i, b, gg, ii, ok)
			}
		}
	}
}
