package sprites

import (
	"fmt"
	"regexp"
	"strconv"
	"time"

	"github.com/krieg/krieg/net"
)

// The server's words when the opponent's connection ends mid-game and
// when it comes back (kriegd's; the clocks run on meanwhile).
var (
	awayPattern = regexp.MustCompile(`^(\S+) has disconnected; the game is lost unless they return within (.+?)\.?$`)
	// waitWords reads the wait as kriegd words it ("1 minute 30 seconds");
	// an older kriegd wrote a Go duration ("1m30s").
	waitWords   = regexp.MustCompile(`^(?:(\d+) minutes?)? ?(?:(\d+) seconds?)?$`)
	backPattern = regexp.MustCompile(`^(\S+) has returned; the game goes on\.?$`)
)

// away is an opponent whose connection the server says ended.
type away struct {
	name string
	// until is when the server ends the game for them (zero: not said).
	until time.Time
}

// awayNews notes what a server's line says of the opponent's connection.
func (p *play) awayNews(line string, now time.Time) {
	if m := awayPattern.FindStringSubmatch(line); m != nil {
		p.away = &away{name: m[1]}
		if d, ok := parseWait(m[2]); ok {
			p.away.until = now.Add(d)
		}
		return
	}
	if backPattern.MatchString(line) {
		p.away = nil
	}
}

// clockNote says, by the clocks, why they stand or what they wait for:
// the opponent gone (the clocks run on, and the time left to return), or
// clocks the server has not started. "" when they run as usual.
func (p *play) clockNote(s net.Snapshot, now time.Time) string {
	if !s.InGame || s.Result != nil || p.ctl == nil {
		return ""
	}
	if a := p.away; a != nil {
		run := "the clocks run on"
		if !s.Clocks.Ticking {
			run = "the clocks stand"
		}
		if a.until.IsZero() {
			return fmt.Sprintf("%s disconnected: %s", a.name, run)
		}
		return fmt.Sprintf("%s disconnected: %s; the game is theirs to lose in %s unless they return", a.name, run, net.FormatClock(a.until.Sub(now)))
	}
	switch {
	case s.Clocks.Ticking || s.Spec.Base == 0: // running, or an untimed game
		return ""
	case s.Plies < 2:
		return "Clocks start once both sides have made their first move"
	case p.local:
		return "Clocks stopped"
	}
	return "Clocks stopped by the server"
}

// parseWait reads the wait a server gives a player to return, in words or
// as a Go duration.
func parseWait(s string) (time.Duration, bool) {
	if d, err := time.ParseDuration(s); err == nil {
		return d, true
	}
	m := waitWords.FindStringSubmatch(s)
	if m == nil || m[1] == "" && m[2] == "" {
		return 0, false
	}
	min, _ := strconv.Atoi(m[1])
	sec, _ := strconv.Atoi(m[2])
	return time.Duration(min)*time.Minute + time.Duration(sec)*time.Second, true
}
