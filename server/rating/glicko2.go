// Package rating rates players with Glicko-2 (Mark Glickman, "Example of
// the Glicko-2 system", 2013): a rating, its deviation and a volatility,
// updated after each rated game.
package rating

import "math"

// Rating is one player's Glicko-2 state on the Glicko scale (1500 start).
type Rating struct {
	R, RD, Sigma float64
}

// Start is a new player's rating.
var Start = Rating{R: 1500, RD: 350, Sigma: 0.06}

// tau constrains the change of volatility; Glickman suggests 0.3 to 1.2.
const tau = 0.5

// scale converts between the Glicko and Glicko-2 scales.
const scale = 173.7178

// Update returns r after one game against opp with score 1 (win), 0.5
// (draw) or 0 (loss): Glickman's steps 2 to 8 with a single game in the
// rating period.
func Update(r, opp Rating, score float64) Rating {
	mu, phi := (r.R-1500)/scale, r.RD/scale
	muJ, phiJ := (opp.R-1500)/scale, opp.RD/scale
	g := 1 / math.Sqrt(1+3*phiJ*phiJ/(math.Pi*math.Pi))
	e := 1 / (1 + math.Exp(-g*(mu-muJ)))
	v := 1 / (g * g * e * (1 - e))
	delta := v * g * (score - e)
	sigma := volatility(phi, v, delta, r.Sigma)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*g*(score-e)
	return Rating{R: muNew*scale + 1500, RD: math.Min(phiNew*scale, 350), Sigma: sigma}
}

// volatility is step 5: the new volatility by the Illinois algorithm.
func volatility(phi, v, delta, sigma float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-d)/(2*d*d) - (x-a)/(tau*tau)
	}
	const eps = 1e-6
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > eps && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
