package lab

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/krieg/krieg/controller/player"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Endgames are the materials krieg endgame plays: the bot's king and queen,
// king and rook, or king and pawn against a lone king, the queen or rook
// with a pawn beside it, and bishop and knight.
var Endgames = []string{"kqk", "krk", "kpk", "kqpk", "krpk", "kbnk", "kbbk-blocked", "kbnk-blocked", "krk-blocked"}

// EndgameDefenders are the lone king's players krieg endgame takes; the
// outside bots need the driver only a match starts.
var EndgameDefenders = []string{"random", "cheat"}

// endgameMen are the strong side's men besides its king, by material.
var endgameMen = map[string][]game.PieceType{
	"kqk":  {game.Queen},
	"krk":  {game.Rook},
	"kpk":  {game.Pawn},
	"kqpk": {game.Queen, game.Pawn},
	"krpk": {game.Rook, game.Pawn},
	"kbnk": {game.Bishop, game.Knight},
}

// EndgamePlyCap is the number of plies within which the bot must mate.
const EndgamePlyCap = 150

// EndgameOptions describe a series of endgame studies.
type EndgameOptions struct {
	Material string // one of Endgames
	Games    int
	Stop     Stop // ends the series early when closed
	Seed     uint64
	Defender string // one of EndgameDefenders
	MoveTime time.Duration
	Rules    referee.Ruleset // its PlyCap is replaced by EndgamePlyCap
}

// EndgameReport is how a series of endgame studies went for the bot.
type EndgameReport struct {
	Material string         `json:"material"`
	Defender string         `json:"defender"`
	Rules    string         `json:"rules"`
	Games    int            `json:"games"`
	Asked    int            `json:"asked,omitempty"` // the studies asked for, when stopped early (Stop)
	Seed     uint64         `json:"seed"`
	MoveTime string         `json:"movetime"`
	Mates    int            `json:"mates"`
	MateRate float64        `json:"mate_rate"`
	Promoted int            `json:"promoted"` // games in which the bot promoted a pawn
	Endings  map[string]int `json:"endings"`  // reason → games
	// MeanPliesToMate and MaxPliesToMate count both sides' plies in the mated games.
	MeanPliesToMate float64 `json:"mean_plies_to_mate"`
	MaxPliesToMate  int     `json:"max_plies_to_mate"`
	IllegalPerMove  float64 `json:"illegal_per_move"` // the bot's refused attempts per accepted move
}

// Endgame plays opt.Games studies: a random legal position of the material
// with the bot to move (a won one for kpk), the bot knowing only its own men
// and that the enemy has a lone king somewhere. each (if not nil) gets every
// finished game's referee.
func Endgame(opt EndgameOptions, each func(n int, ref *referee.Referee) error) (EndgameReport, error) {
	r := EndgameReport{Material: opt.Material, Defender: opt.Defender, Rules: opt.Rules.Name, Games: opt.Games,
		Seed: opt.Seed, MoveTime: opt.MoveTime.String(), Endings: map[string]int{}}
	if !slices.Contains(EndgameDefenders, opt.Defender) {
		return r, fmt.Errorf("lab: the defender %q does not play endgames (want %s; peers play only in a match)", opt.Defender, strings.Join(EndgameDefenders, " or "))
	}
	rules := opt.Rules
	rules.PlyCap = EndgamePlyCap
	rng := rand.New(rand.NewPCG(opt.Seed, 0x656e64))
	player.Prepare() // the tables are built before any clock runs
	switch opt.Material {
	case "kbnk", "kbnk-blocked":
		player.PrepareKBNK()
	case "kbbk-blocked":
		player.PrepareKBBK()
	}
	mated := 0
	var ours struct{ moved, refused int } // the bot's, over the series
	for n := 0; n < opt.Games; n++ {
		if opt.Stop.Now() {
			r.Asked, r.Games = opt.Games, n
			break
		}
		start, err := RandomEndgame(opt.Material, rng)
		if err != nil {
			return r, err
		}
		us := start.Turn()
		ref := referee.New(rules, start)
		s := GameSeed(opt.Seed, n)
		bot, err := NewPlayer("bot", ref, s, PlayerOptions{MoveTime: opt.MoveTime, Starts: studyStarts(opt.Material, &start)})
		if err != nil {
			return r, err
		}
		defender, err := NewPlayer(opt.Defender, ref, s+1, PlayerOptions{})
		if err != nil {
			return r, err
		}
		for ref.Result() == nil {
			p := defender
			if ref.ToMove() == us {
				p = bot
			}
			if len(p.Turn(ref)) == 0 {
				return r, fmt.Errorf("lab: endgame %d: no attempt at ply %d", n+1, ref.Plies())
			}
		}
		res := ref.Result()
		r.Endings[string(res.Reason)]++
		if w, ok := res.Winner(); ok && w == us && res.Reason == referee.ReasonCheckmate {
			r.Mates++
			mated += ref.Plies()
			r.MaxPliesToMate = max(r.MaxPliesToMate, ref.Plies())
		}
		var sides attempts
		sides.add(ref.Log())
		ours.moved += sides.moved[us]
		ours.refused += sides.refused[us]
		for _, e := range ref.Log() {
			if e.Mover == us && e.Verdict == referee.Accepted && e.Attempt.Promotion() != game.NoPieceType {
				r.Promoted++
				break
			}
		}
		if each != nil {
			if err := each(n, ref); err != nil {
				return r, err
			}
		}
	}
	if r.Games > 0 {
		r.MateRate = float64(r.Mates) / float64(r.Games)
	}
	if r.Mates > 0 {
		r.MeanPliesToMate = float64(mated) / float64(r.Mates)
	}
	r.IllegalPerMove = ratio(ours.refused, ours.moved)
	return r, nil
}

// RandomEndgame draws a legal position of the material with a random side
// (the strong one) to move; for kpk only positions the pawn's side wins, for
// kbnk only won ones in which the lone king touches none of the men
// (fairKBNK).
func RandomEndgame(material string, rng *rand.Rand) (game.Position, error) {
	if men, ok := blockedMen[material]; ok {
		for {
			if p, ok := drawBlocked(men, rng); ok {
				return p, nil
			}
		}
	}
	men, ok := endgameMen[material]
	if !ok {
		return game.Position{}, fmt.Errorf("unknown endgame %q (want one of %s)", material, strings.Join(Endgames, ", "))
	}
	for {
		if p, ok := drawEndgame(men, rng); ok {
			if material == "kpk" {
				if win, _ := player.KPKWins(&p); !win {
					continue
				}
			}
			if material == "kbnk" && !fairKBNK(&p) {
				continue
			}
			return p, nil
		}
	}
}

// fairKBNK reports whether a bishop and knight study starts won for a side
// that cannot see: mate by the tables, and the lone king out of reach of
// both men. A king beside a man that neither our king nor the other guards
// takes it next move unless the first move happens to save it, and a blind
// side cannot always save both; such a start measures that guess, not the
// mating method.
func fairKBNK(p *game.Position) bool {
	if _, mate, _ := player.KBNKDistance(p); !mate {
		return false
	}
	us := p.Turn()
	return game.KingAttacks(p.KingSquare(us.Other()))&p.ByColor(us) == 0
}

// studyStarts are what the bot knows of a study's start: its own men, and
// the enemy king on any square where the study may have put it. A kbnk
// study is drawn fair (fairKBNK), which the bot is told as it would be told
// the rules: not told, it held every start with the king beside a man as
// likely as any, judged a man lost there whatever it played, and moved the
// man it could save; the other man then fell in 11 of the 19 studies of
// seeds 1-3 lost that way, within the first three moves.
func studyStarts(material string, start *game.Position) []game.Position {
	all := player.LoneKingStarts(start)
	if material != "kbnk" {
		return all
	}
	var out []game.Position
	for _, p := range all {
		if fairKBNK(&p) {
			out = append(out, p)
		}
	}
	return out
}

// drawEndgame places the two kings and men on random squares, the strong
// side to move; ok is false when the placement is not a legal position in
// play (men on one square, kings touching, a pawn on its first or last
// rank, the lone king in check, the game over).
func drawEndgame(men []game.PieceType, rng *rand.Rand) (game.Position, bool) {
	us := game.Color(rng.IntN(2))
	p := game.Empty()
	sq := func() game.Square { return game.Square(rng.IntN(64)) }
	own, ek := sq(), sq()
	squares := make([]game.Square, len(men)) // all drawn first: a seed gives the studies it always gave
	for i := range squares {
		squares[i] = sq()
	}
	if own == ek || own.Distance(ek) < 2 {
		return p, false
	}
	p.Put(own, game.NewPiece(us, game.King))
	p.Put(ek, game.NewPiece(us.Other(), game.King))
	for i, t := range men {
		s := squares[i]
		if p.Occupied().Has(s) || (t == game.Pawn && (s.Rank() == 0 || s.Rank() == 7)) {
			return p, false
		}
		p.Put(s, game.NewPiece(us, t))
	}
	p.SetTurn(us)
	if p.AttackersTo(ek, us, p.Occupied()) != 0 {
		return p, false // the enemy king may not stand in check with us to move
	}
	return p, p.Status() == game.Ongoing
}

// String writes the report as a short table.
func (r EndgameReport) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s vs %s, %s, seed %d, %s per move\n", Count(r.Games, strings.ToUpper(r.Material)+" study", strings.ToUpper(r.Material)+" studies"), r.Defender, r.Rules, r.Seed, r.MoveTime)
	b.WriteString(StoppedNote(r.Games, r.Asked))
	fmt.Fprintf(&b, "mates %d (%.1f%%) within %d plies; plies to mate mean %.1f, max %d\n", r.Mates, 100*r.MateRate, EndgamePlyCap, r.MeanPliesToMate, r.MaxPliesToMate)
	if strings.Contains(r.Material, "p") {
		fmt.Fprintf(&b, "promoted in %s\n", Count(r.Promoted, "game", "games"))
	}
	writeEndings(&b, r.Endings)
	fmt.Fprintf(&b, "bot's refused attempts per move %.2f\n", r.IllegalPerMove)
	return b.String()
}
