package peer

import (
	"errors"
	"fmt"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// ErrDisagree is wrapped by every disagreement between krieg's referee and
// ks-game's: the game it happened in is void.
var ErrDisagree = errors.New("peer: the referees disagree")

// siteRules names krieg's rulesets as the site and ks-game do.
var siteRules = map[string]string{"wild16": "wild16", "berkeley": "berkeley", "berkeley-any": "berkeley_any"}

// Game is one game under krieg's referee, mirrored attempt by attempt on
// ks-game's referee inside the driver. It is the Umpire every player of the
// game must be given, so that no attempt escapes the check.
type Game struct {
	d     *Driver
	ref   *referee.Referee
	start game.Position
	err   error         // the first disagreement or driver failure
	spent time.Duration // time spent in the driver checking
}

// NewGame starts ks-game's referee on ref's ruleset and start, with the
// named peers (Names; "" for none) playing White and Black.
func (d *Driver) NewGame(ref *referee.Referee, seed uint64, white, black string) (*Game, error) {
	if _, ok := siteRules[ref.Rules().Name]; !ok {
		return nil, fmt.Errorf("peer: ks-game is not checked here on ruleset %q (want wild16, berkeley or berkeley-any)", ref.Rules().Name)
	}
	bots := map[string]any{"white": nilIfEmpty(white), "black": nilIfEmpty(black)}
	req := map[string]any{"op": "new", "rules": ref.Rules().Name, "fen": ref.Start().FEN(), "seed": seed, "bots": bots,
		"movetime": nil}
	if d.cfg.MoveTime > 0 {
		req["movetime"] = d.cfg.MoveTime.Seconds()
	}
	var c check
	if err := d.call(req, &c); err != nil {
		return nil, err
	}
	return &Game{d: d, ref: ref, start: ref.Start()}, nil
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// Err returns the first disagreement (wrapping ErrDisagree) or driver
// failure of the game, or nil.
func (g *Game) Err() error { return g.err }

// Rules returns the ruleset.
func (g *Game) Rules() referee.Ruleset { return g.ref.Rules() }

// ToMove returns the side to move.
func (g *Game) ToMove() game.Color { return g.ref.ToMove() }

// View returns what player c knows.
func (g *Game) View(c game.Color) referee.View { return g.ref.View(c) }

// Attempt checks the attempts on offer, passes m to krieg's referee and
// checks its answer against ks-game's.
func (g *Game) Attempt(m game.Move) referee.Answer {
	g.checkOffered()
	a := g.ref.Attempt(m)
	g.checkAnswer(m, false, a)
	return a
}

// AskAny checks the attempts on offer, asks krieg's referee Any? and checks
// its answer against ks-game's.
func (g *Game) AskAny() referee.Answer {
	g.checkOffered()
	a := g.ref.AskAny()
	g.checkAnswer(game.NoMove, true, a)
	return a
}

type check struct {
	OK       bool   `json:"ok"`
	Disagree string `json:"disagree"`
	// BotSeconds is the time a peer spent taking in the refusal of its own
	// attempt: the player's time (its clock runs on), not the check's.
	BotSeconds float64 `json:"bot_seconds"`
}

// checkOffered compares the attempts krieg offers the side to move with
// ks-game's.
func (g *Game) checkOffered() {
	if g.err != nil || g.ref.Result() != nil {
		return
	}
	req := map[string]any{"op": "offered", "moves": ucis(g.ref.Offered()), "any": g.ref.AnyOffered()}
	g.settle(fmt.Sprintf("ply %d, %s to move", g.ref.Plies(), g.ref.ToMove()), req)
}

// checkAnswer has ks-game answer the same attempt and compares.
func (g *Game) checkAnswer(m game.Move, askAny bool, a referee.Answer) {
	if g.err != nil || a.Verdict == referee.Finished {
		return
	}
	req := map[string]any{"op": "attempt", "any": askAny, "verdict": a.Verdict.String(), "has": a.Any,
		"capture": "", "captured": a.Captured.String(), "checks": checkNames(a.Checks), "tries": nil, "result": ""}
	if !askAny {
		req["uci"] = m.String()
	}
	if a.Capture != game.NoSquare {
		req["capture"] = a.Capture.String()
	}
	if a.Tries != nil {
		req["tries"] = a.Tries.Count
	}
	if a.Result != nil {
		req["result"] = string(a.Result.Score) + " " + string(a.Result.Reason)
	}
	what := "Any?"
	if !askAny {
		what = m.String()
	}
	g.settle(fmt.Sprintf("ply %d, %s tried %s", g.ref.Plies(), a.Move, what), req)
}

// Checking returns the time spent so far having ks-game check the game:
// the harness's own time, which no player's clock should count.
func (g *Game) Checking() time.Duration { return g.spent }

// settle sends one check and records a disagreement or failure.
func (g *Game) settle(where string, req map[string]any) {
	t0 := time.Now()
	var c check
	defer func() { g.spent += time.Since(t0) - time.Duration(c.BotSeconds*float64(time.Second)) }()
	if err := g.d.call(req, &c); err != nil {
		g.err = fmt.Errorf("%s: %w", where, err)
		return
	}
	if !c.OK {
		g.err = fmt.Errorf("%w at %s: %s", ErrDisagree, where, c.Disagree)
	}
}

func checkNames(ks []referee.CheckKind) []string {
	out := []string{}
	for _, k := range ks {
		out = append(out, k.String())
	}
	return out
}

func ucis(ms []game.Move) []string {
	out := make([]string, 0, len(ms))
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}

// MaxPolls bounds how often a peer is asked again within one turn after
// every attempt it listed was refused (the site's bots poll the state
// again in that case).
const MaxPolls = 64

// Player is a peer playing one side of a Game through the driver.
type Player struct {
	g    *Game
	side game.Color
}

// NewPlayer returns the peer the game's driver runs for side.
func NewPlayer(g *Game, side game.Color) *Player { return &Player{g: g, side: side} }

type turnReply struct {
	Actions []string `json:"actions"`
}

// Turn shows the peer the site's state, plays its attempts in order through
// u until one is accepted, and asks again while the turn lasts. A failure
// ends the turn early and is kept in the game's Err.
func (p *Player) Turn(u referee.Umpire) []referee.Answer {
	var answers []referee.Answer
	for poll := 0; poll < MaxPolls; poll++ {
		if p.g.err != nil || p.g.ref.Result() != nil || p.g.ref.ToMove() != p.side {
			return answers
		}
		st := State(p.g.ref.View(p.side), p.g.ref.Rules(), p.g.ref.Offered(), p.g.ref.AnyOffered())
		var r turnReply
		if err := p.g.d.call(map[string]any{"op": "turn", "side": st.YourColor, "state": st}, &r); err != nil {
			p.g.err = fmt.Errorf("ply %d, %s to move: %w", p.g.ref.Plies(), p.side, err)
			return answers
		}
		if len(r.Actions) == 0 {
			p.g.err = fmt.Errorf("peer: ply %d: the %s peer made no attempt", p.g.ref.Plies(), p.side)
			return answers
		}
		for _, act := range r.Actions {
			var a referee.Answer
			if act == "ask_any" {
				a = u.AskAny()
			} else {
				m, err := game.ParseMove(act)
				if err != nil {
					p.g.err = fmt.Errorf("peer: ply %d: the %s peer sent %q: %w", p.g.ref.Plies(), p.side, act, err)
					return answers
				}
				a = u.Attempt(m)
			}
			answers = append(answers, a)
			if p.g.err != nil || a.Verdict == referee.Accepted || a.Result != nil || a.Verdict == referee.Finished {
				return answers
			}
		}
	}
	p.g.err = fmt.Errorf("peer: ply %d: the %s peer found no accepted move in %d polls", p.g.ref.Plies(), p.side, MaxPolls)
	return answers
}
