package net

// LobbyEntry is one choice of a server's lobby as the window lists it: its
// words, and the command the server's endpoint runs for it (Console).
type LobbyEntry struct {
	Label, Command string
}
