package lab

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// Options configure a run.
type Options struct {
	Games    int
	Stop     Stop // ends the run early when closed
	Seed     uint64
	Rules    referee.Ruleset
	Start    game.Position
	Capacity int // B2 boards per controller (DefaultCapacity when 0)
	// Floor is the controllers' probability floor (controller.Options.Floor).
	Floor float64
	// Temper is the power the controllers raise the king's B2
	// probabilities to (controller.Options.Temper).
	Temper float64
	// Purpose is the share of the purposeful opponent model in the
	// controllers' B2 (controller.Options.Purpose; 0: uniform).
	Purpose float64
	// ManFirst gives the controllers' B2 the man-first opponent model
	// (controller.Options.ManFirst).
	ManFirst bool
	// Parallel is the number of games played at once (GOMAXPROCS when 0);
	// each controller then refreshes B2 on one goroutine.
	Parallel int
	// Players plays the games: "random" (random attempters, the default),
	// "bot" (the computer player against itself) or "mixed" (the computer
	// player against a random attempter, colours alternating: the bot is
	// White in even games).
	Players  string
	MoveTime time.Duration // the bot's budget per move (DefaultMoveTime when 0)
	// Records, when not empty, are scored instead: one game per record,
	// under its own rules and start; Games, Seed, Rules, Start and Players
	// are then ignored. RecordNames name them in the report.
	Records     []*record.Record
	RecordNames []string
	// Scan, when not empty, also scores each of these calibrations on the
	// same boards (Report.Scan).
	Scan []Calibration
	// Side, when "white" or "black", measures that player's controller
	// only (the other side's still runs): with recorded games against an
	// outside program, the belief of the player who faced it. "" measures both.
	Side string
}

// DefaultMoveTime is the bot's budget per move in a run that leaves it zero.
const DefaultMoveTime = 100 * time.Millisecond

// PlayerKinds are the values Options.Players accepts.
var PlayerKinds = []string{"random", "bot", "mixed"}

// GameSeed returns the seed of game i of a run seeded with seed, as krieg
// selfplay derives it, so a run and a selfplay with the same seed play the
// same games.
func GameSeed(seed uint64, i int) uint64 { return seed*1_000_003 + uint64(i)*2 }

// DefaultCapacity is the B2 boards per controller krieg eval scores when not
// told: the controllers' own default.
const DefaultCapacity = controller.DefaultCapacity

// Run plays the games and returns the report.
func Run(opt Options) (Report, error) {
	if opt.Parallel <= 0 {
		opt.Parallel = runtime.GOMAXPROCS(0)
	}
	if opt.Capacity <= 0 {
		opt.Capacity = DefaultCapacity
	}
	switch {
	case opt.Floor == 0:
		opt.Floor = controller.FloorFor(opt.Capacity)
	case opt.Floor < 0:
		opt.Floor = -1
	}
	if opt.Temper < 0 {
		opt.Temper = -1
	}
	if opt.Players == "" {
		opt.Players = "random"
	}
	if opt.MoveTime <= 0 {
		opt.MoveTime = DefaultMoveTime
	}
	games, err := setUp(&opt)
	if err != nil {
		return Report{}, err
	}
	t := newTally()
	t.r.Scan = newScan(opt.Scan)
	switch opt.Side {
	case "":
	case "white", "black":
		c := game.White
		if opt.Side == "black" {
			c = game.Black
		}
		t.only = &c
	default:
		return Report{}, fmt.Errorf("lab: unknown side %q (want white or black)", opt.Side)
	}
	pv := &previewTally{}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < opt.Parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				ref, players := games(i)
				ctls := Follow(i, ref, players, GameSeed(opt.Seed, i), controller.Options{Capacity: opt.Capacity, Workers: 1, Floor: opt.Floor, Temper: opt.Temper, Purpose: opt.Purpose, ManFirst: opt.ManFirst}, t.observe, pv.attempt)
				t.mu.Lock()
				t.r.Boards.Fallbacks += ctls[0].Sampler().Fallbacks + ctls[1].Sampler().Fallbacks
				t.mu.Unlock()
			}
		}()
	}
	// Games are handed out in order until the stop: the games played are
	// the first ones, records' names and all.
	played := 0
	for played < opt.Games && !opt.Stop.Now() {
		select {
		case jobs <- played:
			played++
		case <-opt.Stop:
		}
	}
	close(jobs)
	wg.Wait()
	r := t.finish()
	r.Preview = pv.finish()
	r.Rules, r.Games, r.Seed, r.Capacity, r.Players = rulesNames(&opt), played, opt.Seed, opt.Capacity, opt.Players
	if played < opt.Games {
		r.Asked = opt.Games
	}
	r.Floor, r.Purpose, r.ManFirst = max(0, opt.Floor), min(1, max(0, opt.Purpose)), opt.ManFirst
	switch {
	case opt.Temper == 0:
		r.Temper, r.Sighted = controller.BlindTemper, controller.SightedTemper
	case opt.Temper < 0:
		r.Temper = 1
	default:
		r.Temper = opt.Temper
	}
	if opt.Players == "bot" || opt.Players == "mixed" {
		r.MoveTime = opt.MoveTime.String()
	}
	if len(opt.Records) > 0 {
		r.Players, r.Seed, r.Records = "pgn", 0, opt.RecordNames[:min(played, len(opt.RecordNames))]
	}
	r.Side = opt.Side
	return r, nil
}

// rulesNames names the run's rules: the records', each once in their
// order (a folder may mix them), or the one the games were played under.
func rulesNames(opt *Options) string {
	var names []string
	for _, rec := range opt.Records {
		if r, err := rec.Rules(); err == nil && !slices.Contains(names, r.Name) {
			names = append(names, r.Name)
		}
	}
	if len(names) == 0 {
		return opt.Rules.Name
	}
	return strings.Join(names, ", ")
}

// setUp checks the options and returns what sets up game i: its referee and
// its players by colour.
func setUp(opt *Options) (func(i int) (*referee.Referee, [2]Player), error) {
	if len(opt.Records) > 0 {
		rules := make([]referee.Ruleset, len(opt.Records))
		for i, rec := range opt.Records {
			var err error
			if rules[i], err = rec.Rules(); err != nil {
				return nil, fmt.Errorf("lab: %s: %w", opt.recordName(i), err)
			}
			// Every announcement is confirmed before scoring: a record
			// that misstates one would have the belief learn a falsehood.
			if err := record.Check(rec, rules[i]); err != nil {
				return nil, fmt.Errorf("%s: %w", opt.recordName(i), err)
			}
		}
		opt.Games, opt.Rules = len(opt.Records), rules[0]
		return func(i int) (*referee.Referee, [2]Player) {
			r, ref, _ := newReplayer(opt.Records[i], rules[i]) // checked above
			return ref, [2]Player{r, r}
		}, nil
	}
	bot := func(ref *referee.Referee, seed uint64) Player {
		return player.New(player.Options{MoveTime: opt.MoveTime, Seed: seed, Starts: []game.Position{ref.Start()}})
	}
	random := func(_ *referee.Referee, seed uint64) Player { return attempter.NewRandom(seed) }
	var kinds [2][2]maker // by game parity, then colour
	switch opt.Players {
	case "random":
		kinds = [2][2]maker{{random, random}, {random, random}}
	case "bot":
		kinds = [2][2]maker{{bot, bot}, {bot, bot}}
	case "mixed":
		kinds = [2][2]maker{{bot, random}, {random, bot}}
	default:
		return nil, fmt.Errorf("lab: unknown players %q (want one of %s)", opt.Players, strings.Join(PlayerKinds, ", "))
	}
	return func(i int) (*referee.Referee, [2]Player) {
		ref := referee.New(opt.Rules, opt.Start)
		s := GameSeed(opt.Seed, i)
		k := kinds[i%2]
		return ref, [2]Player{k[0](ref, s), k[1](ref, s+1)}
	}, nil
}

// maker builds one side's player for a game on ref.
type maker func(ref *referee.Referee, seed uint64) Player

// recordName names record i for an error message.
func (opt *Options) recordName(i int) string {
	if i < len(opt.RecordNames) {
		return opt.RecordNames[i]
	}
	return fmt.Sprintf("record %d", i+1)
}
