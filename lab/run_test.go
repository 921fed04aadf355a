package lab

import (
	"math"
	"testing"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// TestSoundEveryRuleset plays self-play games under every ruleset and
// requires zero soundness violations (B1 sets, Check and King tokens) and a
// controller board that always matches the player's real men.
func TestSoundEveryRuleset(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 1
	}
	for _, rules := range referee.Rulesets {
		t.Run(rules.Name, func(t *testing.T) {
			tl := newTally()
			for g := 0; g < games; g++ {
				PlayGame(g, GameSeed(11, g), rules, game.Start(), controller.Options{Capacity: 128, Workers: 1}, func(p *Ply) {
					tl.observe(p)
					for _, c := range [2]game.Color{game.White, game.Black} {
						v := p.Players[c].View()
						want := p.Truth.Only(c)
						for _, pt := range game.PieceTypes {
							if v.Own.Pieces(c, pt) != want.Pieces(c, pt) {
								t.Fatalf("game %d ply %d: %s's own %ss differ from the truth", g, p.Ply, c, pt)
							}
						}
					}
				})
			}
			r := tl.finish()
			if r.Violations != 0 {
				t.Fatalf("%d soundness violations: %v", r.Violations, r.ViolationSamples)
			}
			if r.Plies == 0 || r.King.B1.Mean >= r.King.NotOurs.Mean {
				t.Errorf("B1 learnt nothing about the king: %+v", r.King)
			}
		})
	}
}

// TestReportMeasures checks that a small run yields sane figures: B2 is
// better calibrated than uniform over B1, and times are measured.
func TestReportMeasures(t *testing.T) {
	r := run(t, Options{Games: 2, Seed: 3, Rules: referee.Wild16, Start: game.Start(), Capacity: 256})
	if r.Violations != 0 {
		t.Fatalf("violations: %v", r.ViolationSamples)
	}
	if r.Calibration.BrierB2 >= r.Calibration.BrierUniformB1 {
		t.Errorf("B2 Brier %.4f not better than uniform over B1 %.4f", r.Calibration.BrierB2, r.Calibration.BrierUniformB1)
	}
	if r.Messages == 0 || r.Time.B2P99 <= 0 {
		t.Errorf("no timings: %+v", r.Time)
	}
}

// TestReportByMen: the buckets by enemy men left cover every player-ply,
// and their weighted means give back the overall B1 and B2 means.
func TestReportByMen(t *testing.T) {
	r := run(t, Options{Games: 2, Seed: 5, Rules: referee.Wild16, Start: game.Start(), Capacity: 64})
	share, b1, b2 := 0.0, 0.0, 0.0
	for _, m := range r.King.ByMen {
		share += m.Share
		b1 += m.Share * m.B1.Mean
		b2 += m.Share * m.B2.Mean
	}
	if math.Abs(share-1) > 1e-9 || math.Abs(b1-r.King.B1.Mean) > 1e-6 || math.Abs(b2-r.King.B2.Mean) > 1e-6 {
		t.Errorf("buckets %+v: shares sum to %v, B1 %v against %v, B2 %v against %v", r.King.ByMen, share, b1, r.King.B1.Mean, b2, r.King.B2.Mean)
	}
	if r.King.ByMen[len(r.King.ByMen)-1].Share == 0 {
		t.Error("no player-ply with 9-16 enemy men: the opening was not counted")
	}
}

// run runs opt, failing the test on an error.
func run(t *testing.T, opt Options) Report {
	t.Helper()
	r, err := Run(opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSideMeasuresOnePlayer checks that Options.Side measures one player's
// controller: half the player-plies of both.
func TestSideMeasuresOnePlayer(t *testing.T) {
	both, err := Run(Options{Games: 2, Seed: 3, Rules: referee.Wild16, Start: game.Start(), Capacity: 64})
	if err != nil {
		t.Fatal(err)
	}
	white, err := Run(Options{Games: 2, Seed: 3, Rules: referee.Wild16, Start: game.Start(), Capacity: 64, Side: "white"})
	if err != nil {
		t.Fatal(err)
	}
	if white.Plies != both.Plies || 2*white.Measured != both.Measured || white.Side != "white" {
		t.Errorf("white only: %d plies, %d measured, side %q; both: %d plies, %d measured", white.Plies, white.Measured, white.Side, both.Plies, both.Measured)
	}
	if _, err := Run(Options{Games: 1, Side: "green", Rules: referee.Wild16, Start: game.Start()}); err == nil {
		t.Error("side green accepted")
	}
}
