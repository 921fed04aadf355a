package lab

import (
	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
)

// Calibration is one way of showing B2's probabilities: the power the
// king's are raised to and the floor spread over B1's squares
// (controller.Shown).
type Calibration struct {
	Temper float64 `json:"temper"`
	Floor  float64 `json:"floor"`
}

// ScanRow scores one calibration on the boards of the run, every player-ply
// shown that way instead of the controllers' own.
type ScanRow struct {
	Calibration
	Honesty Honesty `json:"honesty"`
}

// Grid returns every pairing of the tempers with the floors.
func Grid(tempers, floors []float64) []Calibration {
	var out []Calibration
	for _, f := range floors {
		for _, t := range tempers {
			out = append(out, Calibration{Temper: t, Floor: f})
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
// player c against the truth; v gives the player's own men. A player-ply
// whose probabilities came from B1 alone (a fallback) is scored as shown,
// since no calibration of boards applies to it.
func scan(rows []ScanRow, truth *game.Position, c game.Color, b *controller.Belief, raw *[game.King + 1][64]float64, v *controller.ViewModel) {
	for i := range rows {
		shown := controller.ViewModel{Own: v.Own, Probability: v.Probability}
		if raw != nil {
			shown.Probability = controller.Shown(*raw, b, rows[i].Floor, rows[i].Temper)
		}
		rows[i].Honesty.add(truth, c, &shown)
	}
}
