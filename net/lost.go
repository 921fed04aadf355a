package net

import (
	"errors"
	"strings"
)

// Lost reports whether ev says the connection to the endpoint ended.
func (ev Event) Lost() bool {
	return ev.Kind == KindConnection && ev.Snap.State == Disconnected
}

// Rejoinable reports whether ev says the connection was lost in a way
// worth connecting again after: lost with an error (not closed on purpose),
// and not closed for a login of the same name elsewhere (ErrDismissed).
func (ev Event) Rejoinable() bool {
	return ev.Lost() && ev.Err != nil && !errors.Is(ev.Err, ErrDismissed)
}

// Why is a lost connection's news for a person, one plain sentence: the
// server's own reason when it gave one (Text), else that the connection
// was lost. Err is left out on purpose: it names the library that noticed
// ("wsstream: failed to read: ..."), which tells a player nothing.
func (ev Event) Why() string {
	why := strings.TrimSpace(ev.Text)
	if why == "" {
		return "The connection to the server was lost."
	}
	if !strings.HasSuffix(why, ".") && !strings.HasSuffix(why, "!") && !strings.HasSuffix(why, "?") {
		why += "."
	}
	return why
}
