package lab

import (
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestScanOfOwnCalibrationMatches: a scan row with the controllers' own
// temper (following the evidence) and floor scores exactly what the run
// scores, and a flatter temper on the same boards scores differently.
func TestScanOfOwnCalibrationMatches(t *testing.T) {
	const capacity = 256
	own := Calibration{Temper: controller.BlindTemper, Sighted: controller.SightedTemper, Floor: controller.FloorFor(capacity)}
	r, err := Run(Options{Games: 2, Seed: 5, Rules: referee.Wild16, Start: game.Start(), Capacity: capacity, Parallel: 1,
		Scan: []Calibration{own, {Temper: 0.3, Floor: own.Floor}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Scan) != 2 {
		t.Fatalf("%d scan rows, want 2", len(r.Scan))
	}
	got, want := r.Scan[0].Honesty, r.Honesty
	for i := range want.Regions {
		if g, w := got.Regions[i], want.Regions[i]; !near(g.Coverage, w.Coverage) || !near(g.MeanMass, w.MeanMass) || !near(g.MeanSize, w.MeanSize) {
			t.Errorf("scan of the own calibration, region %v: %+v, the run's %+v", w.Mass, g, w)
		}
	}
	if !near(got.MiddleGap, want.MiddleGap) || got.FalseZeros != want.FalseZeros {
		t.Errorf("scan of the own calibration: gap %v zeros %+v, the run's %v %+v", got.MiddleGap, got.FalseZeros, want.MiddleGap, want.FalseZeros)
	}
	if flat := r.Scan[1].Honesty.Regions[1]; flat.MeanSize <= want.Regions[1].MeanSize {
		t.Errorf("temper 0.3: 90%% region of %.2f squares, not wider than the run's %.2f", flat.MeanSize, want.Regions[1].MeanSize)
	}
}

// TestSupportRatios: B1 allows 10 squares where the boards hold 5, then 4
// where they hold 4; a player-ply without boards is not counted.
func TestSupportRatios(t *testing.T) {
	var s Support
	s.add(10, 5)
	s.add(4, 4)
	s.add(3, 0)
	s.finish()
	if s.Plies != 2 || !near(s.RatioOfMeans, 7/4.5) || !near(s.MeanRatio, 1.5) {
		t.Errorf("support %+v: want 2 plies, ratio of means 7/4.5, mean ratio 1.5", s)
	}
}

// TestMiddleGap: of the king's bins from 0.2 to 0.8 the worst is counted,
// the outer ones never.
func TestMiddleGap(t *testing.T) {
	h := newHonesty()
	k := h.Reliable.King
	// Bin 0.3-0.4: two cells at 0.35, one occupied: gap 0.15.
	addBin(k, 0.35, true)
	addBin(k, 0.35, false)
	// Bin 0.6-0.7: one empty cell at 0.65: gap 0.65.
	addBin(k, 0.65, false)
	// Bin 0.9-1.0: an empty cell at 0.95 (gap 0.95) lies outside.
	addBin(k, 0.95, false)
	h.finish()
	if !near(h.MiddleGap, 0.65) {
		t.Errorf("middle gap %v, want 0.65", h.MiddleGap)
	}
}
