package assets

import (
	"bytes"
	"testing"

	"github.com/krieg/krieg/game"
)

func TestPieceArt(t *testing.T) {
	art, err := NewPieceArt()
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{16, 45, 120} {
		for _, c := range []game.Color{game.White, game.Black} {
			for _, pt := range game.PieceTypes {
				img := art.Image(c, pt, size)
				if img.Bounds().Dx() != size {
					t.Fatalf("%v %v at %d: width %d", c, pt, size, img.Bounds().Dx())
				}
				// The piece covers some of its square and leaves the corners clear.
				covered := 0
				for i := 3; i < len(img.Pix); i += 4 {
					if img.Pix[i] > 128 {
						covered++
					}
				}
				frac := float64(covered) / float64(size*size)
				if frac < 0.1 || frac > 0.7 {
					t.Errorf("%v %v at %d: covers %.2f of its square; want 0.1..0.7", c, pt, size, frac)
				}
				if img.Pix[3] != 0 {
					t.Errorf("%v %v at %d: corner not transparent", c, pt, size)
				}
			}
		}
	}
	if a, b := art.Image(game.White, game.King, 50), art.Image(game.White, game.King, 50); a != b {
		t.Error("the same size was drawn twice, not cached")
	}
}

func TestSounds(t *testing.T) {
	for _, s := range Sounds {
		b, err := s.WAV()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte("RIFF")) || len(b) < 1000 {
			t.Errorf("%s: not a WAV file (%d bytes)", s, len(b))
		}
	}
}

func TestFonts(t *testing.T) {
	for _, f := range []Font{Regular, Bold, Mono} {
		if _, err := f.Parse(); err != nil {
			t.Error(err)
		}
	}
}
