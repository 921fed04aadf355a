package server

import (
	"sort"
	"strings"
	"time"

	"github.com/krieg/krieg/net/icc/dg"
)

// The lobby's views are the JSON kriegd sends (datagram 202) and serves
// (/lobby): their shapes live with the datagram numbers, so that the server
// and krieg's driver share them.
type (
	// LobbyView is a copy of what the lobby holds.
	LobbyView = dg.LobbyView
	// SeekView is one open seek.
	SeekView = dg.SeekView
	// PlayerView is one player logged in.
	PlayerView = dg.PlayerView
	// GameView is one game in progress.
	GameView = dg.GameView
)

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
