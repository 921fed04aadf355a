package boards

import (
	"hash"
	"hash/fnv"
	"math"
	"testing"

	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// TestRefreshFingerprint follows White in seeded random games with a
// uniform and a half-purposeful sampler and digests every board, weight and
// their order after every message. The digest was taken with the refresh
// that played and checked every move (before the screen, screen.go): a
// faster refresh must keep the boards exactly, so that replays stay
// reproducible.
func TestRefreshFingerprint(t *testing.T) {
	const want uint64 = 0xd4aa1012df592ddd
	h, put := digest()
	messages := 0
	gametest.RandomGames(12, func() bool { return false }, func(g uint64) func(referee.Entry) bool {
		var samplers [2]*Sampler
		for i := range samplers {
			samplers[i] = New([]game.Position{game.Start()}, game.White, referee.Wild16, 1024, g, 2)
		}
		samplers[1].SetPurpose(0.5)
		return func(e referee.Entry) bool {
			o := belief.Observe(e)
			messages++
			return digestStep(samplers[:], &o, put)
		}
	})
	if got := h.Sum64(); got != want {
		t.Errorf("digest of %d messages %#x, want %#x", messages, got, want)
	}
}

// digestStep has each sampler observe o and put its boards and weights
// into the digest; it reports whether any sampler still holds boards.
func digestStep(samplers []*Sampler, o *belief.Observation, put func(uint64)) bool {
	alive := false
	for _, s := range samplers {
		s.Observe(o)
		if s.Normalise() {
			alive = true
		}
		put(uint64(len(s.boards)))
		for _, b := range s.boards {
			put(b.pos.Hash())
			put(math.Float64bits(b.w))
		}
	}
	return alive
}

// digest returns a 64-bit FNV hash and a function that adds a word to it.
func digest() (hash.Hash64, func(uint64)) {
	h := fnv.New64a()
	var word [8]byte
	return h, func(x uint64) {
		for i := range word {
			word[i] = byte(x >> (8 * i))
		}
		h.Write(word[:])
	}
}
