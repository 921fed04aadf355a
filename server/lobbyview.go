package server

import (
	"sort"
	"strings"
	"time"
)

// LobbyView is a copy of what the lobby holds: the open seeks, the players
// logged in and the games in progress. It is public (anyone may list it,
// as anyone logged in may with seek, who and games) and holds nothing
// secret about a game but its players.
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
	Colour    string `json:"colour"` // white, black or "" for either
}

// PlayerView is one player logged in: a registered player with its
// rating, an unregistered one with none (who shows it as ++++).
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

// Lobby returns the lobby as it stands. It reads memory only (no store
// call), so it is cheap to ask often.
func (s *Server) Lobby() LobbyView {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lobbyView()
}

// lobbyView is Lobby under s.mu.
func (s *Server) lobbyView() LobbyView {
	v := LobbyView{Seeks: []SeekView{}, Players: []PlayerView{}, Games: []GameView{}}
	for _, sk := range s.sortedSeeks() {
		colour := ""
		if sk.color >= 0 {
			colour = strings.ToLower([]string{"White", "Black"}[sk.color])
		}
		v.Seeks = append(v.Seeks, SeekView{Number: sk.number, From: sk.from, Rules: sk.rules.Name, Title: sk.rules.Title,
			Minutes: int(sk.base / time.Minute), Increment: int(sk.inc / time.Second), Rated: sk.rated, Colour: colour})
	}
	playing := map[*conn]bool{}
	for _, m := range s.games {
		v.Games = append(v.Games, GameView{Number: m.number, White: m.seats[0].name, Black: m.seats[1].name, Title: m.rules.Title, Plies: m.ref.Plies()})
		for _, c := range m.players() {
			playing[c] = true
		}
	}
	for _, u := range s.sortedUsers() {
		pv := PlayerView{Name: u.name, Registered: u.registered, Playing: playing[u]}
		if u.registered {
			pv.Rating = int(u.rating.R)
		}
		v.Players = append(v.Players, pv)
	}
	sort.Slice(v.Games, func(i, j int) bool { return v.Games[i].Number < v.Games[j].Number })
	return v
}
