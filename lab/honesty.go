package lab

import (
	"math"
	"sort"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// Honesty is what a user acts on (docs/deduction.md): does the board
// ever show "nothing here" where an enemy man stands, and do its regions and
// probabilities mean what they say.
type Honesty struct {
	FalseZeros FalseZeros  `json:"false_zeros"`
	Regions    []Region    `json:"credible_regions"`
	Reliable   Reliability `json:"reliability"`
	// MiddleGap is the largest distance, in probability, between predicted
	// and observed among the king's reliability bins from 0.2 to 0.8 that
	// hold any cell: where a belief's chances mean most to a player.
	MiddleGap float64 `json:"king_middle_gap"`
	plies     int
}

// middle are the bounds of the reliability bins MiddleGap looks at.
const middleLow, middleHigh = 0.2, 0.8

// FalseZeros counts real enemy men standing where their class's probability
// is 0 (or, for the king, below 1 %).
type FalseZeros struct {
	KingZero                     float64 `json:"king_zero"`      // share of player-plies: the king on a 0 square
	KingBelow                    float64 `json:"king_below_1pc"` // share of player-plies: the king on a square under 1 %
	MenZero                      float64 `json:"men_zero"`       // share of enemy men (king included) on a 0 square of their class
	Men                          int     `json:"men"`            // enemy men counted over all player-plies
	kingZero, kingBelow, menZero int
}

// Region is the enemy king's credible region of one mass: the smallest set
// of squares holding at least Mass of the king's probability.
type Region struct {
	Mass     float64 `json:"mass"`
	Coverage float64 `json:"coverage"`  // share of player-plies whose region held the true king
	MeanSize float64 `json:"mean_size"` // squares in the region, mean over player-plies
	// MeanMass is the probability the region really holds, mean over
	// player-plies: at least Mass, more where the last square taken
	// overshoots. Honest probabilities cover the king that often.
	MeanMass float64 `json:"mean_mass"`
	covered  int
	size     int
	mass     float64
}

// Reliability is a reliability diagram: predicted probability in bins
// against the observed frequency, for the king and for all classes.
type Reliability struct {
	King []Bin `json:"king"`
	All  []Bin `json:"all"`
}

// Bin is one bin of a reliability diagram: the cells (class and square, our
// own squares left out) whose predicted probability fell in [Low, High).
type Bin struct {
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	Cells     int     `json:"cells"`
	Predicted float64 `json:"predicted"` // mean predicted probability
	Observed  float64 `json:"observed"`  // share of cells holding a man of the class
	sumP      float64
	hits      int
}

// bins is the number of bins of the reliability diagram.
const bins = 10

// regionMasses are the credible regions measured.
var regionMasses = [...]float64{0.5, 0.9}

// belowKing is the probability under which the king's square counts as
// "below 1 %".
const belowKing = 0.01

func newHonesty() Honesty {
	h := Honesty{Reliable: Reliability{King: newBins(), All: newBins()}}
	for _, m := range regionMasses {
		h.Regions = append(h.Regions, Region{Mass: m})
	}
	return h
}

func newBins() []Bin {
	out := make([]Bin, bins)
	for i := range out {
		out[i].Low, out[i].High = float64(i)/bins, float64(i+1)/bins
	}
	return out
}

// add scores player c's view model v against the true board.
func (h *Honesty) add(truth *game.Position, c game.Color, v *controller.ViewModel) {
	them := c.Other()
	h.plies++
	if k := truth.KingSquare(them); k != game.NoSquare {
		p := v.Probability[game.King][k]
		if p == 0 {
			h.FalseZeros.kingZero++
		}
		if p < belowKing {
			h.FalseZeros.kingBelow++
		}
		for i := range h.Regions {
			r := &h.Regions[i]
			set := CredibleRegion(&v.Probability[game.King], r.Mass)
			r.size += set.Count()
			r.mass += share(&v.Probability[game.King], set)
			if set.Has(k) {
				r.covered++
			}
		}
	}
	ours := v.Own.ByColor(c)
	for _, pt := range controller.Classes {
		real := truth.Pieces(them, pt)
		for x := real; x != 0; {
			h.FalseZeros.Men++
			if v.Probability[pt][x.PopFirst()] == 0 {
				h.FalseZeros.menZero++
			}
		}
		for s := game.Square(0); s < 64; s++ {
			if ours.Has(s) {
				continue
			}
			p := v.Probability[pt][s]
			if pt == game.King {
				addBin(h.Reliable.King, p, real.Has(s))
			}
			addBin(h.Reliable.All, p, real.Has(s))
		}
	}
}

// addBin counts one cell predicted p, occupied or not.
func addBin(b []Bin, p float64, occupied bool) {
	i := min(len(b)-1, max(0, int(p*float64(len(b)))))
	b[i].Cells++
	b[i].sumP += p
	if occupied {
		b[i].hits++
	}
}

// finish turns the counts into shares and means.
func (h *Honesty) finish() {
	f := &h.FalseZeros
	f.KingZero, f.KingBelow = ratio(f.kingZero, h.plies), ratio(f.kingBelow, h.plies)
	f.MenZero = ratio(f.menZero, f.Men)
	for i := range h.Regions {
		r := &h.Regions[i]
		r.Coverage, r.MeanSize = ratio(r.covered, h.plies), ratio(r.size, h.plies)
		if h.plies > 0 {
			r.MeanMass = r.mass / float64(h.plies)
		}
	}
	for _, b := range [][]Bin{h.Reliable.King, h.Reliable.All} {
		for i := range b {
			if b[i].Cells > 0 {
				b[i].Predicted = b[i].sumP / float64(b[i].Cells)
				b[i].Observed = float64(b[i].hits) / float64(b[i].Cells)
			}
		}
	}
	h.MiddleGap = 0
	for _, b := range h.Reliable.King {
		if b.Cells > 0 && b.Low >= middleLow-1e-9 && b.High <= middleHigh+1e-9 {
			h.MiddleGap = math.Max(h.MiddleGap, math.Abs(b.Predicted-b.Observed))
		}
	}
}

// CredibleRegion returns the smallest set of squares whose probabilities add
// up to at least mass of their total: squares taken from the most probable
// down (ties in square order). With no mass at all it is empty.
func CredibleRegion(p *[64]float64, mass float64) game.Bitboard {
	order := make([]game.Square, 0, 64)
	total := 0.0
	for s := game.Square(0); s < 64; s++ {
		if p[s] > 0 {
			order = append(order, s)
			total += p[s]
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return p[order[i]] > p[order[j]] })
	var set game.Bitboard
	acc := 0.0
	// A tolerance keeps a region of exactly the mass (0.5 of two halves)
	// from taking one square more through rounding.
	for _, s := range order {
		if acc >= mass*total-1e-9*math.Max(1, total) {
			break
		}
		set |= s.Bit()
		acc += p[s]
	}
	return set
}

// share returns the part of p's total that the squares in set hold (0 when
// p holds nothing).
func share(p *[64]float64, set game.Bitboard) float64 {
	in, total := 0.0, 0.0
	for s := game.Square(0); s < 64; s++ {
		total += p[s]
		if set.Has(s) {
			in += p[s]
		}
	}
	if total == 0 {
		return 0
	}
	return in / total
}
