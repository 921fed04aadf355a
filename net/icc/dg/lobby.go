package dg

// The lobby as datagram 202 carries it (and kriegd's page's /lobby serves
// it), in JSON: kriegd writes it, krieg's ICC driver reads it.

// LobbyView is what a kriegd's lobby holds: the open seeks, the players logged
// in and the games in progress. It is public (anyone may list it, as anyone
// logged in may with sought, who and games) and holds nothing secret about
// a game but its players.
type LobbyView struct {
	Seeks   []SeekView   `json:"seeks"`
	Players []PlayerView `json:"players"`
	Games   []GameView   `json:"games"`
}

// SeekView is one open seek; "play NUMBER" takes it.
type SeekView struct {
	Number    int    `json:"number"`
	From      string `json:"from"`
	Rules     string `json:"rules"` // the ruleset's name (wild16, berkeley, ...)
	Title     string `json:"title"`
	Minutes   int    `json:"minutes"`
	Increment int    `json:"increment"` // seconds
	Rated     bool   `json:"rated"`
	Colour    string `json:"colour"` // the seeker's: white, black or "" for either
}

// PlayerView is one player logged in: a registered player with its rating, an
// unregistered one with none (0; who shows it as ++++).
type PlayerView struct {
	Name       string `json:"name"`
	Registered bool   `json:"registered"`
	Rating     int    `json:"rating,omitempty"`
	Playing    bool   `json:"playing"`
}

// GameView is one game in progress.
type GameView struct {
	Number int    `json:"number"`
	White  string `json:"white"`
	Black  string `json:"black"`
	Title  string `json:"title"`
	Plies  int    `json:"plies"`
}
