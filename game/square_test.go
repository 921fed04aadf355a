package game

import (
	"encoding/json"
	"testing"
)

// TestSquareTextRoundTrip: every square, and no square, reads back as
// written (a referee entry's announcements carry NoSquare for checks).
func TestSquareTextRoundTrip(t *testing.T) {
	for sq := Square(0); sq < 64; sq++ {
		for _, s := range []Square{sq, NoSquare} {
			b, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			var back Square
			if err := json.Unmarshal(b, &back); err != nil || back != s {
				t.Fatalf("%v written as %s read back as %v, %v", s, b, back, err)
			}
		}
	}
	var bad Square
	if err := json.Unmarshal([]byte(`"i9"`), &bad); err == nil {
		t.Fatal("i9 was read as a square")
	}
}
