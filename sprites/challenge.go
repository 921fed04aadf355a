package sprites

import (
	"strings"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites/scene"
)

// A challenge from another player on a server shows as a card over the
// board with Accept and Decline (scene.ChallengeCard), as a chess site
// shows one, rather than only as a line in the log; a challenge withdrawn
// takes its card away and says so.

// challenge is one waiting for our answer.
type challenge struct {
	from, text string
}

// challenged takes a server's event about a challenge to us.
func (a *App) challenged(p *play, ev net.Event) {
	switch ev.Kind {
	case net.KindChallenge:
		// A challenge renewed (new terms) replaces the old one.
		a.dropChallenge(ev.From)
		a.challenges = append(a.challenges, challenge{from: ev.From, text: ev.Text})
		a.challengeOver = true
		if a.frame.Mode == scene.LobbyScreen {
			a.frame.Mode = scene.PlayScreen // the card is drawn over the board
			a.lobbyUnder = true
			a.challengeBoard(ev.Text)
		}
		p.say(&a.frame, ev.Text)
		// The legend would cover the card, and the player would not know
		// of it: a challenge closes it, as a key would.
		a.frame.Legend = false
	case net.KindChallengeGone:
		// The server says the same when we answered: only a card still
		// up, unanswered, was withdrawn.
		if a.dropChallenge(ev.From) {
			words := "The challenge from " + ev.From + " was withdrawn."
			notice(&a.frame, scene.HintTone, words)
			p.say(&a.frame, words)
			if a.lobby != nil {
				a.lobby.news, a.lobby.newsUntil = words, time.Now().Add(newsFor) // the lobby may be where the card goes back to
			}
			a.cardGone(false)
		}
	}
}

// challengeBoard puts behind a challenge's card, over the lobby, a
// neutral board (no game's belief on it) seen from the colour the
// challenge gives us ("…, you playing Black"), White when it names none.
func (a *App) challengeBoard(text string) {
	side := game.White
	if i := strings.LastIndex(text, "you playing "); i >= 0 && strings.HasPrefix(text[i+len("you playing "):], "Black") {
		side = game.Black
	}
	a.boardFor(side)
	v := &a.frame.View
	v.Tokens, v.Probability, v.Zone = nil, [game.King + 1][64]float64{}, 0
	a.frame.Panel.Title, a.frame.Panel.Names = "", [2]string{}
}

// dropChallenge takes the challenge from name away; it reports whether
// there was one.
func (a *App) dropChallenge(name string) bool {
	for i, c := range a.challenges {
		if strings.EqualFold(c.from, name) {
			a.challenges = append(a.challenges[:i:i], a.challenges[i+1:]...)
			return true
		}
	}
	return false
}

// answerChallenge accepts or declines the challenge on the card, through
// the server's session.
func (a *App) answerChallenge(accept bool) {
	if len(a.challenges) == 0 {
		return
	}
	c := a.challenges[0]
	a.challenges = a.challenges[1:]
	defer a.cardGone(accept)
	p := a.server
	if p == nil {
		p = a.play
	}
	if p == nil || p.local {
		return
	}
	verb := "decline "
	if accept {
		verb = "accept "
	}
	if err := p.comm.Console(verb + c.from); err != nil {
		notice(&a.frame, scene.BadTone, err.Error())
	}
}

// answeredByHand notes a challenge answered on the typed line ("accept",
// "decline alice"), whose card then goes as if its button was pressed.
func (a *App) answeredByHand(line string) {
	f := strings.Fields(strings.ToLower(line))
	if len(f) == 0 || f[0] != "accept" && f[0] != "decline" || len(a.challenges) == 0 {
		return
	}
	defer a.cardGone(f[0] == "accept")
	if len(f) > 1 {
		a.dropChallenge(f[1])
		return
	}
	a.challenges = a.challenges[:len(a.challenges)-1] // kriegd answers the latest
}

// cardGone gives the board back to the lobby the challenges' cards took it
// from, once the last has gone without being accepted: declined or
// withdrawn, no game follows, and the lobby is where the player was.
func (a *App) cardGone(accepted bool) {
	if len(a.challenges) > 0 || !a.lobbyUnder || accepted {
		return
	}
	a.lobbyUnder = false
	if a.lobby != nil && a.frame.Mode == scene.PlayScreen {
		a.lobby.back(a)
	}
}

// challengeKeys reports whether Enter and Escape answer the card: nothing
// is being typed, no game is played on the board and no result card came
// after the challenge (Escape closes it first), whose keys they are.
func (a *App) challengeKeys() bool {
	if a.prompting || a.challengeUnder() {
		return false
	}
	p := a.play
	return p == nil || p.typed == "" && (!p.snap.InGame || p.snap.Result != nil)
}

// challengeIntent handles an intent for the card; it reports whether it
// used it.
func (a *App) challengeIntent(in Intent) bool {
	if len(a.challenges) == 0 {
		return false
	}
	switch {
	case in.Kind == Press && in.Button == scene.AcceptChallenge:
		a.answerChallenge(true)
	case in.Kind == Press && in.Button == scene.DeclineChallenge:
		a.answerChallenge(false)
	case in.Kind == Submit && a.challengeKeys():
		a.answerChallenge(true)
	case in.Kind == Cancel && a.challengeKeys():
		a.answerChallenge(false)
	default:
		return false
	}
	return true
}

// challengeCard puts the first challenge waiting on the frame.
func (a *App) challengeCard() {
	a.frame.Challenge = nil
	if len(a.challenges) == 0 {
		return
	}
	c := a.challenges[0]
	a.frame.Challenge = &scene.ChallengeCard{Text: c.text, More: len(a.challenges) - 1, Keys: a.challengeKeys(), Under: a.challengeUnder()}
	if p := a.play; p != nil && p.local && p.snap.InGame && p.snap.Result == nil {
		a.frame.Challenge.Leaves = computerGameLeft
	}
}

// computerGameLeft says on a challenge's card what accepting it does to a
// game against the computer in progress.
const computerGameLeft = "Accepting ends your game against the computer; it is saved unfinished."

// challengeUnder reports whether the result card is up and came after the
// challenge, so that it is drawn over the challenge's card and has the keys.
// Only the play screen draws the result card: over a review the challenge's
// card is the only one.
func (a *App) challengeUnder() bool {
	return a.frame.Banner != nil && a.frame.Mode == scene.PlayScreen && !a.challengeOver
}
