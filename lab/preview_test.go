package lab

import (
	"math"
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestPreviewTally: hand-made predictions with known Brier scores and bins.
func TestPreviewTally(t *testing.T) {
	var pv previewTally
	// (preview, B1 estimate, answer)
	for _, a := range [][3]float64{{1, 0.5, 1}, {0.95, 0.5, 1}, {0.05, 0.5, 0}, {0.25, 0.5, 1}} {
		pv.add(a[0], a[1], a[2])
	}
	r := pv.finish()
	wantBrier := (0 + 0.05*0.05 + 0.05*0.05 + 0.75*0.75) / 4
	if r.Attempts != 4 || math.Abs(r.Accepted-0.75) > 1e-12 {
		t.Errorf("attempts %d, base rate %v; want 4, 0.75", r.Attempts, r.Accepted)
	}
	if math.Abs(r.Brier-wantBrier) > 1e-12 || math.Abs(r.BrierB1-0.25) > 1e-12 || math.Abs(r.BrierConstant-0.1875) > 1e-12 {
		t.Errorf("Brier %v, B1 %v, base rate %v; want %v, 0.25, 0.1875", r.Brier, r.BrierB1, r.BrierConstant, wantBrier)
	}
	if len(r.Reliability) != 10 {
		t.Fatalf("%d bins; want 10", len(r.Reliability))
	}
	top, low, mid := r.Reliability[9], r.Reliability[0], r.Reliability[2]
	if top.Attempts != 2 || math.Abs(top.Predicted-0.975) > 1e-12 || top.Observed != 1 {
		t.Errorf("bin 0.9-1.0: %+v; want 2 attempts, predicted 0.975, observed 1", top)
	}
	if low.Attempts != 1 || low.Observed != 0 || mid.Attempts != 1 || mid.Observed != 1 {
		t.Errorf("bins 0.0-0.1 %+v and 0.2-0.3 %+v; want one attempt each, observed 0 and 1", low, mid)
	}
}

// TestPreviewScored: a short run scores every attempt, and the preview
// beats both baselines.
func TestPreviewScored(t *testing.T) {
	r, err := Run(Options{Games: 2, Seed: 3, Rules: referee.Wild16, Start: game.Start(), Capacity: 256})
	if err != nil {
		t.Fatal(err)
	}
	pv := r.Preview
	if pv.Attempts < r.Plies {
		t.Fatalf("%d attempts scored over %d plies; want at least one per ply", pv.Attempts, r.Plies)
	}
	if pv.Brier >= pv.BrierB1 || pv.Brier >= pv.BrierConstant {
		t.Errorf("preview Brier %.4f; want below uniform over B1 %.4f and the base rate %.4f", pv.Brier, pv.BrierB1, pv.BrierConstant)
	}
}
