package sprites

import (
	"context"
	"strings"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/sprites/scene"
)

// The window connects again when the server's connection is lost, as the
// console does: a restarted server, a dropped Wi-Fi or a closed laptop lid
// is not a reason to start krieg again. The driver (icc.Client.Reconnect)
// waits between tries, logs in as before and takes back a guest's seat; a
// game the server kept for the grace period goes on, one it no longer
// holds ends in its words. Until the connection is back the game stands
// (lost) and the lobby lists nothing.

// reconnector is an endpoint that can connect again after its connection
// was lost (the ICC driver, on kriegd or ICC).
type reconnector interface {
	Reconnect(ctx context.Context) error
}

// rejoin is a reconnection under way.
type rejoin struct {
	cancel context.CancelFunc
	done   chan error
	why    string // why the connection was lost, one sentence
	trying string // the driver's latest word on the next try ("trying again in 2s")
}

// startRejoin begins connecting again after a loss said in why; false when
// the endpoint cannot (then the loss is for good).
func (p *play) startRejoin(why string) bool {
	r, ok := p.comm.(reconnector)
	if !ok || p.local {
		return false
	}
	ctx, cancel := context.WithCancel(context.Background())
	j := &rejoin{cancel: cancel, done: make(chan error, 1), why: why}
	go func() { j.done <- r.Reconnect(ctx) }()
	p.rejoin = j
	return true
}

// words is what the window says while reconnecting.
func (j *rejoin) words() string {
	s := j.why + " Reconnecting"
	if j.trying != "" {
		s += " (" + j.trying + ")"
	}
	return s + "…"
}

// heard takes the driver's news of a try to come.
func (j *rejoin) heard(ev net.Event) {
	if ev.Kind == net.KindConnection && ev.Snap.State == net.Reconnecting && ev.Text != "" {
		j.trying = strings.TrimSpace(ev.Text)
	}
}

// pollRejoin takes a finished reconnection, without blocking: connected,
// the game and the lobby come back; given up (a password no longer
// accepted), the loss is for good and the window says what to do.
func (p *play) pollRejoin(a *App) {
	j := p.rejoin
	if j == nil {
		return
	}
	if a.lobby != nil && a.lobby.lost != "" {
		a.lobby.lost = j.words()
	}
	var err error
	select {
	case err = <-j.done:
	default:
		return
	}
	j.cancel()
	p.rejoin = nil
	f := &a.frame
	if err != nil {
		msg := j.why + " Connecting again failed: " + reconnectWords(err) + " " + a.opt.signInAgain()
		if a.lobby != nil {
			a.lobby.lost = msg
		}
		notice(f, scene.BadTone, msg)
		p.say(f, msg)
		return
	}
	p.lost = false
	if a.lobby != nil {
		a.lobby.lost = ""
		a.lobby.refresh()
	}
	notice(f, scene.GoodTone, "Connected to the server again")
	p.say(f, "connected to the server again")
}

// stopRejoin gives up a reconnection under way (the window closes).
func (p *play) stopRejoin() {
	if p.rejoin != nil {
		p.rejoin.cancel()
		p.rejoin = nil
	}
}

// reconnectWords is why a reconnection was given up, without the driver's
// package name in front.
func reconnectWords(err error) string {
	s := err.Error()
	for _, prefix := range []string{"icc: reconnect: ", "icc: "} {
		s = strings.TrimPrefix(s, prefix)
	}
	if s != "" && !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}
