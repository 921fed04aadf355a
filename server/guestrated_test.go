package server_test

import (
	"testing"

	"github.com/krieg/krieg/server"
)

// TestGuestRatedSeekIsToldUnrated: a guest's "seek 5 3 r" was posted
// unrated without a word (an outside tester's finding); as a guest's
// rated challenge is, it is posted unrated and the guest told why.
func TestGuestRatedSeekIsToldUnrated(t *testing.T) {
	u := startUmpire(t, server.Config{})
	g := u.login(t, "guest", "")
	g.send("seek 5 3 r")
	g.waitFor("Rated games are for registered players; this seek will be unrated.")
	g.waitFor("Your seek 1 is posted: unrated ")
}
