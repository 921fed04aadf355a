package lab

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/lab/peer"
)

// Player plays one turn through the umpire: attempts until one is accepted
// or the game ends.
type Player interface {
	Turn(u referee.Umpire) []referee.Answer
}

// PlayerNames are the players a match may pit against each other; the
// outside bots (peer.Names, as "peer:random") need `make peers`.
var PlayerNames = []string{"bot", "random", "cheat", "peer:random", "peer:darkboard-mcts", "peer:" + peer.DarkboardName}

// peerPrefix marks an outside bot's name: "peer:darkboard-mcts".
const peerPrefix = "peer:"

// PlayerOptions configure the players NewPlayer builds.
type PlayerOptions struct {
	MoveTime time.Duration // the bot's budget per move (player.DefaultMoveTime when 0)
	// Starts are the positions the bot believes the game may have begun
	// from; nil means ref's own start, which is public in a normal game.
	Starts []game.Position
	// Peek (in [0,1]) shows the bot ref's true board at that weight beside
	// its belief (player.Options.PeekWeight): a measurement, not play.
	Peek float64
	// Info is the bot's utility per bit of what an attempt's answer tells
	// (player.Options.Info: zero its default, negative none).
	Info float64
}

// NewPlayer builds the named player for one game on ref. "cheat" reads
// ref's true board; the others see only what the umpire shows them.
func NewPlayer(name string, ref *referee.Referee, seed uint64, opt PlayerOptions) (Player, error) {
	switch name {
	case "bot":
		starts := opt.Starts
		if starts == nil {
			starts = []game.Position{ref.Start()}
		}
		o := player.Options{MoveTime: opt.MoveTime, Seed: seed, Starts: starts, Info: opt.Info}
		if opt.Peek > 0 {
			o.Peek, o.PeekWeight = ref.Position, opt.Peek
		}
		return player.New(o), nil
	case "random":
		return attempter.NewRandom(seed), nil
	case "cheat":
		return attempter.NewCheat(ref, seed), nil
	}
	if strings.HasPrefix(name, peerPrefix) {
		return nil, fmt.Errorf("lab: %s plays only in krieg match, which starts the outside bots", name)
	}
	return nil, fmt.Errorf("lab: unknown player %q (want one of %s)", name, strings.Join(PlayerNames, ", "))
}

// MatchOptions describe a match.
type MatchOptions struct {
	White, Black string
	Games        int
	Stop         Stop // ends the match early when closed
	Seed         uint64
	Rules        referee.Ruleset
	Start        game.Position
	MoveTime     time.Duration // the bot's budget per move
	Peers        peer.Config   // where the outside bots live, when one plays
	// Peek (in [0,1]) shows the bot the true board at that weight beside
	// its belief: a measurement of what it does not know, not play.
	Peek float64
	// Info is the bot's utility per bit of what an attempt's answer tells
	// (player.Options.Info: zero its default, negative none).
	Info float64
}

// MatchReport is a match's outcome, scored for the White and Black players.
type MatchReport struct {
	White     string         `json:"white"`
	Black     string         `json:"black"`
	Rules     string         `json:"rules"`
	Games     int            `json:"games"`
	Seed      uint64         `json:"seed"`
	WhiteWins int            `json:"white_wins"`
	Draws     int            `json:"draws"`
	BlackWins int            `json:"black_wins"`
	Endings   map[string]int `json:"endings"` // reason → games
	// Void counts games stopped because krieg's referee and ks-game's
	// disagreed (only when an outside bot played); Disagreements says where.
	// Asked is the number of games asked for when the match was stopped
	// early (Stop); Games then counts those played.
	Asked         int      `json:"asked,omitempty"`
	Void          int      `json:"void,omitempty"`
	Disagreements []string `json:"disagreements,omitempty"`
	MeanPlies     float64  `json:"mean_plies"`
	MoveTime      string   `json:"movetime,omitempty"` // the bot's budget, when a bot played
	Peek          float64  `json:"peek,omitempty"`     // the weight the bot gave the true board (MatchOptions.Peek)
	// IllegalPerMove is each side's refused attempts per accepted move.
	IllegalPerMove struct {
		White float64 `json:"white"`
		Black float64 `json:"black"`
	} `json:"illegal_per_move"`
	// TurnTime is each side's wall-clock time per turn, from its start to
	// the referee's answer to its last attempt (every attempt until one was
	// accepted), as a clock would time it: the figure the bot's budget
	// bounds. What a player does after the accepted answer (the bot
	// updating its belief) runs on the opponent's time.
	TurnTime struct {
		White TurnTimes `json:"white"`
		Black TurnTimes `json:"black"`
	} `json:"turn_time"`
}

// TurnTimes are one side's turn durations over a match.
type TurnTimes struct {
	Turns int           `json:"turns"`
	Mean  time.Duration `json:"mean_ns"`
	Max   time.Duration `json:"max_ns"`
	// MaxGame and MaxPly place the longest turn: the game's number (from
	// 1, as the records are numbered) and the ply its move made.
	MaxGame int `json:"max_game"`
	MaxPly  int `json:"max_ply"`
	// P99 is the 99th percentile of the turns, and P999 the 99.9th: how
	// close the slow turns come to the budget, beside how many go over.
	P99  time.Duration `json:"p99_ns"`
	P999 time.Duration `json:"p999_ns"`
	// Over counts the turns longer than the bot's budget (the match's
	// MoveTime), whoever played them.
	Over  int `json:"over_budget"`
	total time.Duration
	all   []time.Duration
}

// add counts one turn that took d, made ply of game (from 1), against budget.
func (t *TurnTimes) add(d time.Duration, game, ply int, budget time.Duration) {
	t.Turns++
	t.total += d
	if d > t.Max {
		t.Max, t.MaxGame, t.MaxPly = d, game, ply
	}
	if budget > 0 && d > budget {
		t.Over++
	}
	t.Mean = t.total / time.Duration(t.Turns)
	t.all = append(t.all, d)
}

// finish sets the percentiles from the turns added so far.
func (t *TurnTimes) finish() {
	if len(t.all) == 0 {
		return
	}
	s := slices.Clone(t.all)
	slices.Sort(s)
	at := func(q float64) time.Duration { return s[min(len(s)-1, int(q*float64(len(s))))] }
	t.P99, t.P999 = at(0.99), at(0.999)
}

// Match plays opt.Games games and calls each (if not nil) with every
// finished game's referee.
func Match(opt MatchOptions, each func(n int, ref *referee.Referee) error) (MatchReport, error) {
	r := MatchReport{White: opt.White, Black: opt.Black, Rules: opt.Rules.Name, Games: opt.Games, Seed: opt.Seed, Endings: map[string]int{}}
	if !(opt.Peek >= 0 && opt.Peek <= 1) { // NaN too
		return r, fmt.Errorf("lab: peek %g is not a weight in [0,1]", opt.Peek)
	}
	if opt.White == "bot" || opt.Black == "bot" {
		r.MoveTime, r.Peek = opt.MoveTime.String(), opt.Peek
		player.Prepare() // the tables are built before any clock runs (a game may start in an ending)
	}
	plies := 0
	var tries attempts
	names := [2]string{opt.White, opt.Black}
	var driver *peer.Driver
	if strings.HasPrefix(opt.White, peerPrefix) || strings.HasPrefix(opt.Black, peerPrefix) {
		cfg := opt.Peers
		if cfg.MoveTime == 0 {
			cfg.MoveTime = opt.MoveTime // the peers get the bot's budget
		}
		d, err := peer.Start(cfg)
		if err != nil {
			return r, fmt.Errorf("lab: %w", err)
		}
		defer d.Close()
		driver = d
	}
	for n := 0; n < opt.Games; n++ {
		if opt.Stop.Now() {
			r.Asked, r.Games = opt.Games, n
			break
		}
		s := GameSeed(opt.Seed, n)
		ref := referee.New(opt.Rules, opt.Start)
		var umpire referee.Umpire = ref
		var checked *peer.Game
		if driver != nil {
			g, err := driver.NewGame(ref, s, pythonPeer(opt.White), pythonPeer(opt.Black))
			if err != nil {
				return r, fmt.Errorf("lab: game %d: %w", n+1, err)
			}
			umpire, checked = g, g
		}
		var players [2]Player
		var darkboards []*peer.Darkboard
		closeDarkboards := func() {
			for _, d := range darkboards {
				d.Close()
			}
		}
		for c, name := range names {
			if checked != nil && name == peerPrefix+peer.DarkboardName {
				cfg := opt.Peers
				d, err := peer.NewDarkboard(cfg, game.Color(c))
				if err != nil {
					closeDarkboards()
					return r, fmt.Errorf("lab: game %d: %w", n+1, err)
				}
				darkboards = append(darkboards, d)
				players[c] = d
				continue
			}
			if checked != nil && strings.HasPrefix(name, peerPrefix) {
				players[c] = peer.NewPlayer(checked, game.Color(c))
				continue
			}
			p, err := NewPlayer(name, ref, s+uint64(c), PlayerOptions{MoveTime: opt.MoveTime, Peek: opt.Peek, Info: opt.Info})
			if err != nil {
				return r, err
			}
			players[c] = p
		}
		void := false
		for ref.Result() == nil {
			side := ref.ToMove()
			u := &clocked{Umpire: umpire, start: time.Now()}
			var checking time.Duration
			if checked != nil {
				checking = checked.Checking()
			}
			answers := players[side].Turn(u)
			if checked != nil && checked.Err() != nil {
				if !errors.Is(checked.Err(), peer.ErrDisagree) {
					closeDarkboards()
					return r, fmt.Errorf("lab: game %d: %w", n+1, checked.Err())
				}
				r.Void++
				r.Disagreements = append(r.Disagreements, fmt.Sprintf("game %d (seed %d): %v", n+1, s, checked.Err()))
				void = true
				break
			}
			turn := u.answered.Sub(u.start)
			if checked != nil {
				turn -= checked.Checking() - checking // the harness's time, not the player's
			}
			r.turnTimes(side).add(turn, n+1, ref.Plies(), opt.MoveTime)
			if d, ok := players[side].(*peer.Darkboard); ok {
				if d.Err() != nil {
					closeDarkboards()
					return r, fmt.Errorf("lab: game %d: %w", n+1, d.Err())
				}
				if d.Resigned {
					if err := ref.Resign(side); err != nil {
						closeDarkboards()
						return r, fmt.Errorf("lab: game %d: %w", n+1, err)
					}
					break
				}
			}
			if len(answers) == 0 {
				closeDarkboards()
				return r, fmt.Errorf("lab: game %d: %s made no attempt at ply %d", n+1, names[side], ref.Plies())
			}
		}
		closeDarkboards()
		if void {
			continue
		}
		tries.add(ref.Log())
		plies += ref.Plies()
		res := ref.Result()
		r.Endings[string(res.Reason)]++
		switch res.Score {
		case game.WhiteWins:
			r.WhiteWins++
		case game.BlackWins:
			r.BlackWins++
		default:
			r.Draws++
		}
		if each != nil {
			if err := each(n, ref); err != nil {
				return r, err
			}
		}
	}
	if played := r.Games - r.Void; played > 0 {
		r.MeanPlies = float64(plies) / float64(played)
	}
	r.IllegalPerMove.White = tries.perMove(game.White)
	r.IllegalPerMove.Black = tries.perMove(game.Black)
	r.TurnTime.White.finish()
	r.TurnTime.Black.finish()
	return r, nil
}

// pythonPeer is the driver's name for the outside bot name names ("random"
// for "peer:random"), or "" when name is not one the driver runs
// (krieg's own players, and Darkboard, which runs in a process of its own).
func pythonPeer(name string) string {
	if !strings.HasPrefix(name, peerPrefix) || name == peerPrefix+peer.DarkboardName {
		return ""
	}
	return strings.TrimPrefix(name, peerPrefix)
}

// clocked is the umpire as one turn's clock sees it: it notes when each
// attempt was answered.
type clocked struct {
	referee.Umpire
	start, answered time.Time
}

// Attempt passes m to the umpire and notes the time of the answer.
func (c *clocked) Attempt(m game.Move) referee.Answer {
	a := c.Umpire.Attempt(m)
	c.answered = time.Now()
	return a
}

// AskAny passes the question to the umpire and notes the time of the answer.
func (c *clocked) AskAny() referee.Answer {
	a := c.Umpire.AskAny()
	c.answered = time.Now()
	return a
}

// turnTimes is side c's turn durations.
func (r *MatchReport) turnTimes(c game.Color) *TurnTimes {
	if c == game.White {
		return &r.TurnTime.White
	}
	return &r.TurnTime.Black
}

// attempts counts each side's accepted moves and refused attempts.
type attempts struct{ moved, refused [2]int }

// add counts the entries of one game's log.
func (a *attempts) add(log []referee.Entry) {
	for _, e := range log {
		switch e.Verdict {
		case referee.Accepted:
			a.moved[e.Mover]++
		case referee.Illegal, referee.Nonsense, referee.Repeated:
			a.refused[e.Mover]++
		}
	}
}

// perMove is c's refused attempts per accepted move.
func (a *attempts) perMove(c game.Color) float64 { return ratio(a.refused[c], a.moved[c]) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// String writes the report as a short table.
func (r MatchReport) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s, seed %d\n", Count(r.Games, "game", "games"), r.Rules, r.Seed)
	b.WriteString(StoppedNote(r.Games, r.Asked))
	fmt.Fprintf(&b, "white (%s) wins %d, draws %d, black (%s) wins %d\n", r.White, r.WhiteWins, r.Draws, r.Black, r.BlackWins)
	writeEndings(&b, r.Endings)
	if r.Peek > 0 {
		fmt.Fprintf(&b, "the bot peeked: it saw the true board at weight %g (a measurement, not play)\n", r.Peek)
	}
	if r.Void > 0 {
		fmt.Fprintf(&b, "void (the referees disagreed): %d\n", r.Void)
		for _, d := range r.Disagreements {
			fmt.Fprintf(&b, "  %s\n", d)
		}
	}
	fmt.Fprintf(&b, "mean plies %.1f; refused attempts per move: white %.2f, black %.2f\n", r.MeanPlies, r.IllegalPerMove.White, r.IllegalPerMove.Black)
	fmt.Fprintf(&b, "time per turn: white %s, black %s\n", r.TurnTime.White, r.TurnTime.Black)
	return b.String()
}

// String gives the mean, the percentiles once finished, the longest turn,
// where it was, and how many turns went over the budget.
func (t TurnTimes) String() string {
	s := fmt.Sprintf("mean %v", t.Mean.Round(time.Microsecond))
	if t.P99 > 0 {
		s += fmt.Sprintf(" p99 %v p99.9 %v", t.P99.Round(time.Microsecond), t.P999.Round(time.Microsecond))
	}
	s += fmt.Sprintf(" max %v", t.Max.Round(time.Microsecond))
	if t.MaxGame > 0 {
		s += fmt.Sprintf(" (game %d, ply %d)", t.MaxGame, t.MaxPly)
	}
	if t.Over > 0 {
		s += fmt.Sprintf(", %d over the budget", t.Over)
	}
	return s
}

// writeEndings lists how games ended, one reason per line, sorted.
func writeEndings(b *strings.Builder, endings map[string]int) {
	var reasons []string
	for k := range endings {
		reasons = append(reasons, k)
	}
	sort.Strings(reasons)
	for _, k := range reasons {
		fmt.Fprintf(b, "  %-22s %d\n", k, endings[k])
	}
}
