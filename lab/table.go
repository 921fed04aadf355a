package lab

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// WriteTable prints the report as a table for people to read.
func (r Report) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	p := func(format string, args ...any) { fmt.Fprintf(tw, format+"\n", args...) }
	switch {
	case r.Players == "pgn" && r.Side != "":
		p("krieg eval: %s, rules %s, %s per player, %s's belief only", Count(r.Games, "recorded game", "recorded games"), r.Rules, Count(r.Capacity, "board", "boards"), r.Side)
	case r.Players == "pgn":
		p("krieg eval: %s, rules %s, %s per player", Count(r.Games, "recorded game", "recorded games"), r.Rules, Count(r.Capacity, "board", "boards"))
	case r.MoveTime != "":
		p("krieg eval: %s, players %s at %s a move, rules %s, seed %d, %s per player", Count(r.Games, "game", "games"), r.Players, r.MoveTime, r.Rules, r.Seed, Count(r.Capacity, "board", "boards"))
	default:
		p("krieg eval: %s, players %s, rules %s, seed %d, %s per player", Count(r.Games, "game", "games"), r.Players, r.Rules, r.Seed, Count(r.Capacity, "board", "boards"))
	}
	fmt.Fprint(tw, StoppedNote(r.Games, r.Asked))
	p("plies\t%d\t(%d player-plies measured, %d messages)", r.Plies, r.Measured, r.Messages)
	p("soundness violations\t%d\t", r.Violations)
	p("enemy-king candidates\tmean\tmean log2")
	for _, row := range []struct {
		name string
		c    Candidates
	}{{"  any square not ours", r.King.NotOurs}, {"  JKrieg rules (R1-R10)", r.King.JKrieg}, {"  B1 belief", r.King.B1}, {"  B2 boards (support)", r.King.B2}} {
		p("%s\t%.2f\t%.2f", row.name, row.c.Mean, row.c.MeanLog2)
	}
	p("  B1 / JKrieg\t%.3f\t", r.King.B1Ratio)
	p("  by enemy men left\tB1 / B2 support\tshare of player-plies")
	for _, m := range r.King.ByMen {
		p("    %s\t%.1f / %.1f\t%.1f%%", m.label(), m.B1.Mean, m.B2.Mean, 100*m.Share)
	}
	p("all-class candidates (B1 / not ours)\t%.1f / %.1f\t", r.King.AllB1.Mean, r.King.AllNotOurs.Mean)
	p("Brier score\tB2 %.5f\tuniform over B1 %.5f  (%.1f%% better)", r.Calibration.BrierB2, r.Calibration.BrierUniformB1, 100*r.Calibration.BrierImprovement)
	p("log loss (bits)\tB2 %.4f\tuniform over B1 %.4f", r.Calibration.LogLossB2, r.Calibration.LogLossUniform)
	h := &r.Honesty
	p("false zeros (B2)\tking on a 0 square %.2f%%, under 1%% %.2f%%\tof player-plies", 100*h.FalseZeros.KingZero, 100*h.FalseZeros.KingBelow)
	p("\tany man on a 0 square of its class %.2f%%\tof %d enemy men", 100*h.FalseZeros.MenZero, h.FalseZeros.Men)
	for _, g := range h.Regions {
		p("king credible region %.0f%%\tcovers %.1f%%\tmean size %.2f squares, holding %.1f%% on average", 100*g.Mass, 100*g.Coverage, g.MeanSize, 100*g.MeanMass)
	}
	p("king middle reliability (0.2-0.8)\tworst gap %.1f points\tbetween predicted and observed", 100*h.MiddleGap)
	sp := &r.King.Support
	p("B1 king squares / B2 support\t%.3f (mean of plies %.3f)\t%.2f / %.2f squares over %d player-plies without a fallback", sp.RatioOfMeans, sp.MeanRatio, sp.B1.Mean, sp.Boards.Mean, sp.Plies)
	p("probability floor\t%.3f\tof each class's mass spread over its B1 squares", r.Floor)
	if r.Sighted > 0 {
		p("king tempered\t%.2f to %.2f, mean %.3f\tthe power its B2 probabilities are raised to, against a blind enemy to a purposeful one, by the evidence", r.Temper, r.Sighted, r.TemperMean)
	} else {
		p("king tempered\t%.2f\tthe power its B2 probabilities are raised to", r.Temper)
	}
	p("purposeful opponent\t%.2f\tof B2's weight of each enemy move", r.Purpose)
	if r.ManFirst {
		p("opponent model\tman first\ta man that can move alike, then one of its moves alike")
	}
	p("reliability (B2)\tking: predicted / observed (cells)\tall classes: predicted / observed (cells)")
	for i := range h.Reliable.King {
		k, a := h.Reliable.King[i], h.Reliable.All[i]
		p("  %.1f-%.1f\t%.4f / %.4f (%d)\t%.4f / %.4f (%d)", k.Low, k.High, k.Predicted, k.Observed, k.Cells, a.Predicted, a.Observed, a.Cells)
	}
	p("B2 boards held\tmean %.0f\tmin %d", r.Boards.Mean, r.Boards.Min)
	p("B2 fallbacks to B1\t%d\t(%.3f%% of messages)", r.Boards.Fallbacks, 100*r.Boards.Rate)
	r.Preview.writeRows(p)
	if len(r.Scan) > 0 {
		p("calibrations scanned\ttemper / floor\t50%%: covers / holds; 90%%: covers / holds / size; king middle gap")
	}
	for _, row := range r.Scan {
		g := row.Honesty.Regions
		p("  %s / %.3f\t%.1f / %.1f; %.1f / %.1f / %.1f; %.1f\t", row.Calibration, row.Floor, 100*g[0].Coverage, 100*g[0].MeanMass, 100*g[1].Coverage, 100*g[1].MeanMass, g[1].MeanSize, 100*row.Honesty.MiddleGap)
	}
	p("update time per message\tB1 p50 %.0f µs, p99 %.0f µs\tB2 p50 %.2f ms, p99 %.2f ms", r.Time.B1P50, r.Time.B1P99, r.Time.B2P50/1000, r.Time.B2P99/1000)
	for _, s := range r.ViolationSamples {
		p("violation: %s", s)
	}
	return tw.Flush()
}

// label names the bucket's range of men.
func (m MenBucket) label() string {
	if m.Least == m.Most {
		return fmt.Sprintf("%d", m.Least)
	}
	return fmt.Sprintf("%d-%d", m.Least, m.Most)
}
