package sprites

import (
	"context"
	"fmt"

	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc"
	"github.com/krieg/krieg/sprites/scene"
)

// The window connects again when the server's connection is lost, as the
// console does: a restarted server, a dropped Wi-Fi or a closed laptop lid
// is not a reason to start krieg again. The driver (icc.Client.Reconnect)
// waits between tries, logs in as before and takes back a guest's seat; a
// game the server kept for the grace period goes on, one it no longer
// holds ends in its words. Until the connection is back no move is sent
// (lost), the clocks run on as the server's do, and the lobby lists
// nothing.

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
	tries  int    // the tries that failed so far
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

// words is what the window says while reconnecting: why, and how many
// tries failed (a countdown to the next would be stale between frames of
// news; an outside tester read "trying again in 11.5s" for eight seconds).
func (j *rejoin) words() string {
	s := j.why + " Reconnecting…"
	if j.tries > 0 {
		s += fmt.Sprintf(" (%d %s so far)", j.tries, map[bool]string{true: "try", false: "tries"}[j.tries == 1])
	}
	return s
}

// heard takes the driver's news of a try to come (the one before failed),
// and the lobby says it.
func (j *rejoin) heard(a *App, ev net.Event) {
	if ev.Kind != net.KindConnection || ev.Snap.State != net.Reconnecting {
		return
	}
	j.tries++
	if a.lobby != nil && a.lobby.lost != "" {
		a.lobby.lost = j.words()
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
		msg := j.why + " Connecting again failed: " + icc.Reason(err) + " " + a.opt.signInAgain()
		if a.lobby != nil {
			a.lobby.lost = msg
		}
		notice(f, scene.BadTone, msg)
		p.say(f, msg)
		return
	}
	p.lost = false
	if h, ok := p.comm.(interface{ Handle() string }); ok && a.opt.Site != nil && h.Handle() != "" {
		// A restarted server may have made a guest of a new name.
		a.opt.Site.User = h.Handle()
	}
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
