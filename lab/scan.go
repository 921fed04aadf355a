package lab

import (
	"fmt"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// Calibration is one way of showing B2's probabilities: the power the
// king's are raised to and the floor spread over B1's squares
// (controller.Shown). With Sighted above 0 the power follows the enemy's
// play, from Temper against a blind enemy to Sighted against a purposeful
// one (controller.AdaptiveTemper).
type Calibration struct {
	Temper  float64 `json:"temper"`
	Sighted float64 `json:"sighted,omitempty"`
	Floor   float64 `json:"floor"`
}

// power is the calibration's power for a player whose sampler holds
// evidence (controller.Controller.Evidence).
func (c Calibration) power(evidence float64) float64 {
	if c.Sighted > 0 {
		return controller.AdaptiveTemper(evidence, c.Temper, c.Sighted)
	}
	return c.Temper
}

// String names the calibration's power: "0.95", or "1.00:0.60" when it
// follows the enemy's play.
func (c Calibration) String() string {
	if c.Sighted > 0 {
		return fmt.Sprintf("%.2f:%.2f", c.Temper, c.Sighted)
	}
	return fmt.Sprintf("%.2f", c.Temper)
}

// ScanRow scores one calibration on the boards of the run, every player-ply
// shown that way instead of the controllers' own.
type ScanRow struct {
	Calibration
	Honesty Honesty `json:"honesty"`
}

// Grid returns every pairing of the powers with the floors: each power a
// Calibration whose Floor is set here.
func Grid(powers []Calibration, floors []float64) []Calibration {
	var out []Calibration
	for _, f := range floors {
		for _, t := range powers {
			t.Floor = f
			out = append(out, t)
		}
	}
	return out
}

// newScan returns empty rows for the calibrations.
func newScan(cs []Calibration) []ScanRow {
	out := make([]ScanRow, len(cs))
	for i, c := range cs {
		out[i] = ScanRow{Calibration: c, Honesty: newHonesty()}
	}
	return out
}

// scan scores every row's calibration of B2's raw probabilities raw for
// player c against the truth; v gives the player's own men and evidence
// what its sampler holds of the enemy's play. A player-ply
// whose probabilities came from B1 alone (a fallback) is scored as shown,
// since no calibration of boards applies to it.
func scan(rows []ScanRow, truth *game.Position, c game.Color, b *controller.Belief, evidence float64, raw *[game.King + 1][64]float64, v *controller.ViewModel) {
	for i := range rows {
		shown := controller.ViewModel{Own: v.Own, Probability: v.Probability}
		if raw != nil {
			shown.Probability = controller.Shown(*raw, b, rows[i].Floor, rows[i].power(evidence), v.Boards)
		}
		rows[i].Honesty.add(truth, c, &shown)
	}
}
