package server

import (
	"strconv"

	"github.com/krieg/krieg/server/rating"
)

// ratingWord is a player's rating as lines of text show it: the figure
// finger shows for an account, ++++ for an unregistered player, who has
// none (as ICC writes a guest's).
func ratingWord(registered bool, r rating.Rating) string {
	if !registered {
		return "++++"
	}
	return strconv.Itoa(ratingField(registered, r))
}

// ratingField is a player's rating in a datagram's field: 0 for an
// unregistered player, which clients read as no rating (krieg's driver
// leaves it out of a challenge's words).
func ratingField(registered bool, r rating.Rating) int {
	if !registered {
		return 0
	}
	return int(r.R)
}
