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
	// kriegd's time limit on each side's first move, said as a game starts,
	// and why it aborted a game.
	firstMovePattern = regexp.MustCompile(`^Each side has (.+?) for its first move, or the game is aborted\.?$`)
	abortPattern     = regexp.MustCompile(`^Game \d+ aborted: (.+?); no result, unrated\.?$`)
)

// firstMove is what the window knows of the server's limit on the first
// moves: a game no side has begun is aborted when the side to move lets it
// pass, and the clocks, which start only after both first moves, do not
// show it.
type firstMove struct {
	limit time.Duration // 0: not said
	ply   int           // the ply whose turn began at since
	since time.Time     // zero: not seen yet
}

// away is an opponent whose connection the server says ended.
type away struct {
	name string
	// until is when the server ends the game for them (zero: not said).
	until time.Time
}

// clockNews notes what a server's line says of the opponent's connection,
// of the time for a first move, and of why a game was aborted.
func (p *play) clockNews(line string, now time.Time) {
	if m := firstMovePattern.FindStringSubmatch(line); m != nil {
		if d, ok := parseWait(m[1]); ok {
			p.first.limit = d
		}
		return
	}
	if m := abortPattern.FindStringSubmatch(line); m != nil {
		p.abortWhy = m[1]
		return
	}
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
		return p.firstMoveNote(s, now)
	case p.local:
		return "Clocks stopped"
	}
	return "Clocks stopped by the server"
}

// firstMoveNote says, before both first moves, that the clocks wait for
// them and, where the server said its limit, how long the side to move
// has before the game is aborted. It notes when each first move's turn
// began, as the frames see it.
func (p *play) firstMoveNote(s net.Snapshot, now time.Time) string {
	if p.first.limit == 0 || p.local {
		return "Clocks start once both sides have made their first move"
	}
	if p.first.since.IsZero() || p.first.ply != s.Plies {
		p.first.ply, p.first.since = s.Plies, now
	}
	who := "Your first move"
	if s.ToMove != s.Side {
		who = s.ToMove.Title() + "'s first move"
	}
	left := max(p.first.limit-now.Sub(p.first.since), 0)
	return fmt.Sprintf("%s within %s, or the game is aborted; the clocks start after both first moves", who, net.FormatClock(left))
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
