package server

import (
	"strings"

	"github.com/krieg/krieg/server/store"
)

// storeTrouble is what a user hears when the store failed their request
// for what (such as "account database"), logged and counted: a damaged
// database file is said to be so, for no retry will mend it; anything else
// is taken for a database not answering, which may pass.
func (s *Server) storeTrouble(what string, err error) string {
	if store.Damaged(err) {
		s.metrics.storeErrors.WithLabelValues("damaged").Inc()
		return "the " + what + " is damaged; tell the server's operator"
	}
	s.metrics.storeErrors.WithLabelValues("other").Inc()
	return "the " + what + " is not answering; try again later"
}

// sentence writes words as a sentence of their own: a capital, a full stop.
func sentence(words string) string {
	if words == "" {
		return ""
	}
	return strings.ToUpper(words[:1]) + words[1:] + "."
}
