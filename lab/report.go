package lab

import (
	"fmt"
	"math"
	"sort"
	"sync"
	"time"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// Report holds the measurements over a run (docs/deduction.md says what
// each means).
type Report struct {
	Rules    string  `json:"rules"`
	Games    int     `json:"games"`
	Asked    int     `json:"asked,omitempty"` // the games asked for, when stopped early (Options.Stop)
	Seed     uint64  `json:"seed"`
	Capacity int     `json:"capacity"`
	Floor    float64 `json:"floor"`  // the controllers' probability floor
	Temper   float64 `json:"temper"` // the power the controllers raise the king's B2 probabilities to
	// Sighted is set when the power follows the enemy's play: from Temper
	// against a blind enemy to Sighted against a purposeful one
	// (controller.AdaptiveTemper).
	Sighted float64 `json:"sighted,omitempty"`
	// TemperMean is the mean power over the player-plies measured (those
	// shown from B1 alone, after a fallback, count the power they would
	// have had).
	TemperMean float64 `json:"temper_mean"`
	Purpose    float64 `json:"purpose"` // the share of the purposeful opponent in B2
	// ManFirst is set when B2 weighed the enemy's moves by the man-first model.
	ManFirst bool `json:"man_first,omitempty"`
	// Players are the players of the games: "random", "bot", "mixed", or
	// "pgn" for recorded games (Records names their files).
	Players  string   `json:"players"`
	Side     string   `json:"side,omitempty"`     // the only side measured (Options.Side), when one was
	MoveTime string   `json:"movetime,omitempty"` // the bot's budget per move, when a bot played
	Records  []string `json:"records,omitempty"`
	Plies    int      `json:"plies"`    // completed moves over all games
	Measured int      `json:"measured"` // player-plies measured (two per ply)
	Messages int      `json:"messages"` // referee messages the controllers processed

	Violations       int      `json:"violations"`
	ViolationSamples []string `json:"violation_samples,omitempty"`

	// Enemy-king candidate squares per measured player-ply.
	King struct {
		NotOurs    Candidates `json:"not_ours"` // any square not ours
		JKrieg     Candidates `json:"jkrieg"`   // R-rules alone: R7/R8 squares after our check, else not ours
		B1         Candidates `json:"b1"`
		B2         Candidates `json:"b2"` // squares where B2's boards put the king (B1 when B2 fell back)
		B1Ratio    float64    `json:"b1_over_jkrieg"`
		B2Ratio    float64    `json:"b2_over_jkrieg"`
		AllB1      Candidates `json:"all_classes_b1"`       // candidate squares summed over the six classes
		AllNotOurs Candidates `json:"all_classes_not_ours"` // six times the squares not ours
		// ByMen splits the B1 and B2 counts by the enemy men left, king included.
		ByMen []MenBucket `json:"by_enemy_men"`
		// Support sets B1's king squares against B2's support.
		Support Support `json:"support"`
	} `json:"king_candidates"`

	// Scan scores other calibrations of the same boards (Options.Scan).
	Scan []ScanRow `json:"scan,omitempty"`

	// Calibration of the per-class, per-square probabilities (squares not ours).
	Calibration struct {
		BrierB2          float64 `json:"brier_b2"`
		BrierUniformB1   float64 `json:"brier_uniform_b1"`
		LogLossB2        float64 `json:"log_loss_b2"`
		LogLossUniform   float64 `json:"log_loss_uniform_b1"`
		BrierImprovement float64 `json:"brier_improvement"` // 1 - brier_b2 / brier_uniform_b1
		Cells            int     `json:"cells"`
	} `json:"calibration"`

	// Honesty: false zeros, credible regions, reliability.
	Honesty Honesty `json:"honesty"`

	Boards struct {
		Mean      float64 `json:"mean"`
		Min       int     `json:"min"`
		Fallbacks int     `json:"fallbacks"`     // messages after which no board survived
		Rate      float64 `json:"fallback_rate"` // fallbacks per message
	} `json:"boards"`

	// Preview scores the attempt preview's chance of acceptance (preview.go).
	Preview PreviewReport `json:"preview"`

	// Update time per referee message, in microseconds.
	Time struct {
		B1P50 float64 `json:"b1_p50_us"`
		B1P99 float64 `json:"b1_p99_us"`
		B2P50 float64 `json:"b2_p50_us"`
		B2P99 float64 `json:"b2_p99_us"`
	} `json:"update_time"`
}

// Support sets the squares B1 allows the enemy king against the squares it
// stands on in B2's boards, at the player-plies of games in which B2 never
// fell back (its boards then agree with everything heard). The boards are
// a sample of the consistent boards, so their support is a lower bound of
// the true one and the ratios are upper bounds of B1's true excess.
type Support struct {
	Plies        int        `json:"plies"` // player-plies counted
	B1           Candidates `json:"b1"`
	Boards       Candidates `json:"boards"`
	RatioOfMeans float64    `json:"ratio_of_means"` // B1's mean over the boards' mean
	MeanRatio    float64    `json:"mean_ratio"`     // the mean of the player-plies' ratios
	ratio        float64
}

// add counts one player-ply: b1 squares allowed, boards squares occupied.
func (s *Support) add(b1, boards int) {
	if boards == 0 {
		return
	}
	s.Plies++
	s.B1.add(b1)
	s.Boards.add(boards)
	s.ratio += float64(b1) / float64(boards)
}

// finish computes the ratios.
func (s *Support) finish() {
	s.B1.finish()
	s.Boards.finish()
	if s.Plies > 0 && s.Boards.Mean > 0 {
		s.RatioOfMeans = s.B1.Mean / s.Boards.Mean
		s.MeanRatio = s.ratio / float64(s.Plies)
	}
}

// MenBucket holds the enemy-king candidates of the player-plies at which the
// enemy had between Least and Most men, king included.
type MenBucket struct {
	Least int        `json:"least"`
	Most  int        `json:"most"`
	Share float64    `json:"share"` // of the player-plies measured
	B1    Candidates `json:"b1"`
	B2    Candidates `json:"b2"`
}

// menBuckets are the ranges of ByMen: a lone king, an ending, a thinned
// board, the opening and middle game.
var menBuckets = [...][2]int{{1, 1}, {2, 4}, {5, 8}, {9, 16}}

// newMenBuckets returns empty buckets for ByMen.
func newMenBuckets() []MenBucket {
	out := make([]MenBucket, len(menBuckets))
	for i, r := range menBuckets {
		out[i].Least, out[i].Most = r[0], r[1]
	}
	return out
}

// Candidates is a mean of candidate-square counts and of their log2.
type Candidates struct {
	Mean     float64 `json:"mean"`
	MeanLog2 float64 `json:"mean_log2"`
	sum, log float64
	n        int
}

func (c *Candidates) add(n int) {
	c.sum += float64(n)
	c.log += math.Log2(math.Max(1, float64(n)))
	c.n++
}

func (c *Candidates) finish() {
	if c.n > 0 {
		c.Mean, c.MeanLog2 = c.sum/float64(c.n), c.log/float64(c.n)
	}
}

// tally accumulates a run.
type tally struct {
	r                Report
	brierB2, brierU  float64
	loglossB2, logU  float64
	boardsSum        float64
	temperSum        float64
	b1Times, b2Times []time.Duration
	only             *game.Color // when set, the only side measured
	mu               sync.Mutex
}

func newTally() *tally {
	t := &tally{}
	t.r.Boards.Min = math.MaxInt
	t.r.King.ByMen = newMenBuckets()
	t.r.Honesty = newHonesty()
	return t
}

// logEps clips probabilities for the log loss.
const logEps = 1e-3

// observe measures both players after one ply.
func (t *tally) observe(p *Ply) {
	views := [2]controller.ViewModel{p.Players[0].View(), p.Players[1].View()}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.r.Plies++
	for _, c := range [2]game.Color{game.White, game.Black} {
		if t.only != nil && *t.only != c {
			continue
		}
		ctl := p.Players[c]
		for _, tm := range p.Timings[c] {
			t.r.Messages++
			t.b1Times = append(t.b1Times, tm.B1)
			t.b2Times = append(t.b2Times, tm.B2)
		}
		v := &views[c]
		t.r.Measured++
		var raw *[game.King + 1][64]float64
		if s := ctl.Sampler(); s != nil && s.Boards() > 0 && !v.FromB1 {
			p := s.Probabilities()
			raw = &p
		}
		t.soundness(p, c, ctl, v)
		t.sharpness(p, c, ctl, v, raw)
		t.calibration(p, c, v)
		t.r.Honesty.add(&p.Truth, c, v)
		scan(t.r.Scan, &p.Truth, c, ctl.Belief(), ctl.Evidence(), raw, v)
		t.boardsSum += float64(v.Boards)
		t.temperSum += ctl.Temper()
		t.r.Boards.Min = min(t.r.Boards.Min, v.Boards)
	}
}

func (t *tally) violation(p *Ply, c game.Color, format string, args ...any) {
	t.r.Violations++
	if len(t.r.ViolationSamples) < 20 {
		t.r.ViolationSamples = append(t.r.ViolationSamples,
			fmt.Sprintf("game %d ply %d %s: %s [%s]", p.Game, p.Ply, c, fmt.Sprintf(format, args...), p.Truth.FEN()))
	}
}

// soundness checks B1's sets and the Check and King token sets against the truth.
func (t *tally) soundness(p *Ply, c game.Color, ctl *controller.Controller, v *controller.ViewModel) {
	them := c.Other()
	truth := p.Truth
	for _, pt := range controller.Classes {
		for x := truth.Pieces(them, pt); x != 0; {
			s := x.PopFirst()
			if !v.Possible[pt].Has(s) {
				t.violation(p, c, "B1 excludes the %s on %s", pt, s)
			}
		}
	}
	if truth.Turn() == c && truth.InCheck() {
		raw, refined := ctl.CheckRule()
		for x := truth.Checkers(); x != 0; {
			s := x.PopFirst()
			if !union(raw).Has(s) || !union(refined).Has(s) {
				t.violation(p, c, "Check tokens miss the checker on %s", s)
			}
		}
	}
	if truth.Turn() == them && truth.InCheck() {
		k := truth.KingSquare(them)
		if !ctl.KingRule().Has(k) || !(ctl.KingRule() & v.Possible[game.King]).Has(k) {
			t.violation(p, c, "King tokens miss the king on %s", k)
		}
	}
}

func union(sets []game.Bitboard) game.Bitboard {
	var u game.Bitboard
	for _, s := range sets {
		u |= s
	}
	return u
}

// sharpness counts enemy-king candidate squares by each method.
// raw are B2's probabilities before they are shown (nil when B2 holds no
// board).
func (t *tally) sharpness(p *Ply, c game.Color, ctl *controller.Controller, v *controller.ViewModel, raw *[game.King + 1][64]float64) {
	notOurs := 64 - v.Own.ByColor(c).Count()
	t.r.King.NotOurs.add(notOurs)
	jk := notOurs
	if ctl.KingRule() != 0 {
		jk = ctl.KingRule().Count()
	}
	t.r.King.JKrieg.add(jk)
	t.r.King.B1.add(v.Possible[game.King].Count())
	// B2's support is where its boards put the king, before the floor
	// spreads a little over every square B1 allows.
	king := &v.Probability[game.King]
	if raw != nil {
		king = &raw[game.King]
	}
	b2 := 0
	for s := 0; s < 64; s++ {
		if king[s] > 0 {
			b2++
		}
	}
	t.r.King.B2.add(b2)
	if raw != nil && ctl.Sampler().Fallbacks == 0 {
		t.r.King.Support.add(v.Possible[game.King].Count(), b2)
	}
	men := p.Truth.ByColor(c.Other()).Count()
	for i := range t.r.King.ByMen {
		if m := &t.r.King.ByMen[i]; m.Least <= men && men <= m.Most {
			m.B1.add(v.Possible[game.King].Count())
			m.B2.add(b2)
		}
	}
	all := 0
	for _, pt := range controller.Classes {
		all += v.Possible[pt].Count()
	}
	t.r.King.AllB1.add(all)
	t.r.King.AllNotOurs.add(6 * notOurs)
}

// calibration scores the per-square probabilities against the truth.
func (t *tally) calibration(p *Ply, c game.Color, v *controller.ViewModel) {
	them := c.Other()
	ours := v.Own.ByColor(c)
	uniform := controller.UniformOver(v.Possible, v.MaxCount)
	for _, pt := range controller.Classes {
		real := p.Truth.Pieces(them, pt)
		for s := game.Square(0); s < 64; s++ {
			if ours.Has(s) {
				continue
			}
			y := 0.0
			if real.Has(s) {
				y = 1
			}
			pb, pu := v.Probability[pt][s], uniform[pt][s]
			t.brierB2 += (pb - y) * (pb - y)
			t.brierU += (pu - y) * (pu - y)
			t.loglossB2 += logLoss(pb, y)
			t.logU += logLoss(pu, y)
			t.r.Calibration.Cells++
		}
	}
}

func logLoss(p, y float64) float64 {
	p = math.Min(1-logEps, math.Max(logEps, p))
	if y == 1 {
		return -math.Log2(p)
	}
	return -math.Log2(1 - p)
}

// finish computes the means and percentiles.
func (t *tally) finish() Report {
	r := t.r
	r.Honesty.finish()
	r.King.Support.finish()
	r.Scan = append([]ScanRow(nil), r.Scan...)
	for i := range r.Scan {
		r.Scan[i].Honesty.finish()
	}
	for _, c := range []*Candidates{&r.King.NotOurs, &r.King.JKrieg, &r.King.B1, &r.King.B2, &r.King.AllB1, &r.King.AllNotOurs} {
		c.finish()
	}
	r.King.ByMen = append([]MenBucket(nil), r.King.ByMen...)
	for i := range r.King.ByMen {
		m := &r.King.ByMen[i]
		m.B1.finish()
		m.B2.finish()
		if r.King.B1.n > 0 {
			m.Share = float64(m.B1.n) / float64(r.King.B1.n)
		}
	}
	if r.King.JKrieg.Mean > 0 {
		r.King.B1Ratio = r.King.B1.Mean / r.King.JKrieg.Mean
		r.King.B2Ratio = r.King.B2.Mean / r.King.JKrieg.Mean
	}
	if n := float64(r.Calibration.Cells); n > 0 {
		r.Calibration.BrierB2, r.Calibration.BrierUniformB1 = t.brierB2/n, t.brierU/n
		r.Calibration.LogLossB2, r.Calibration.LogLossUniform = t.loglossB2/n, t.logU/n
		r.Calibration.BrierImprovement = 1 - t.brierB2/t.brierU
	}
	if r.Measured > 0 {
		r.Boards.Mean = t.boardsSum / float64(r.Measured)
		r.TemperMean = t.temperSum / float64(r.Measured)
	}
	if r.Boards.Min == math.MaxInt {
		r.Boards.Min = 0
	}
	if r.Messages > 0 {
		r.Boards.Rate = float64(r.Boards.Fallbacks) / float64(r.Messages)
	}
	r.Time.B1P50, r.Time.B1P99 = percentile(t.b1Times, 0.50), percentile(t.b1Times, 0.99)
	r.Time.B2P50, r.Time.B2P99 = percentile(t.b2Times, 0.50), percentile(t.b2Times, 0.99)
	return r
}

// percentile returns the q-quantile of ds in microseconds.
func percentile(ds []time.Duration, q float64) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return float64(s[int(q*float64(len(s)-1))]) / float64(time.Microsecond)
}
