package lab

import (
	"sync"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// PreviewReport scores the attempt preview (rule B4): before each attempt a
// player makes, the chance of acceptance its controller's Preview gave the
// attempt, against the referee's answer.
type PreviewReport struct {
	Attempts int     `json:"attempts"`  // attempts scored
	Accepted float64 `json:"base_rate"` // share of them the referee accepted
	// Brier scores (mean squared error against 1 for accepted, 0 otherwise)
	// of the preview, of the estimate from B1's sets alone
	// (controller.UniformAccept over controller.UniformOver), and of the
	// constant base rate of this run.
	Brier         float64 `json:"brier"`
	BrierB1       float64 `json:"brier_uniform_b1"`
	BrierConstant float64 `json:"brier_base_rate"`
	// Reliability lists the attempts by the preview's chance in ten bins of
	// width 0.1 (the last includes 1).
	Reliability []ReliabilityBin `json:"reliability"`
}

// ReliabilityBin is one bin of a reliability table: the attempts whose
// predicted chance fell in [Low, High), their mean prediction and how many
// of them the referee accepted.
type ReliabilityBin struct {
	Low       float64 `json:"low"`
	High      float64 `json:"high"`
	Attempts  int     `json:"attempts"`
	Predicted float64 `json:"predicted"` // mean predicted chance
	Observed  float64 `json:"observed"`  // share accepted
}

// previewTally accumulates the preview's scores over a run; attempt is
// called from the games' goroutines.
type previewTally struct {
	mu             sync.Mutex
	n, accepted    int
	brier, brierB1 float64
	binN           [10]int
	binP, binY     [10]float64
}

// attempt scores ctl's preview of e, an entry its player is about to hear,
// when e is one of that player's attempts.
func (t *previewTally) attempt(ctl *controller.Controller, e referee.Entry) {
	if e.Mover != ctl.Side() || e.Attempt == game.NoMove {
		return
	}
	m := e.Attempt
	var target *controller.Target
	pv := ctl.Preview(m.From())
	for i := range pv {
		if pv[i].To == m.To() {
			target = &pv[i]
			break
		}
	}
	if target == nil {
		return // not an attempt the player could make from its own board
	}
	v := ctl.View()
	uniform := controller.UniformOver(v.Possible, v.MaxCount)
	b1 := 0.0
	if target.Allowed {
		b1, _ = controller.UniformAccept(&v.Own, &uniform, m)
	}
	y := 0.0
	if e.Verdict == referee.Accepted {
		y = 1
	}
	t.add(target.Accept, b1, y)
}

// add scores one attempt: the preview's chance p, the B1 estimate b1 and
// the referee's answer y (1 accepted, 0 refused).
func (t *previewTally) add(p, b1, y float64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.n++
	if y == 1 {
		t.accepted++
	}
	t.brier += (p - y) * (p - y)
	t.brierB1 += (b1 - y) * (b1 - y)
	bin := min(9, int(p*10))
	t.binN[bin]++
	t.binP[bin] += p
	t.binY[bin] += y
}

// finish computes the report.
func (t *previewTally) finish() PreviewReport {
	r := PreviewReport{Attempts: t.n}
	if t.n == 0 {
		return r
	}
	n := float64(t.n)
	rate := float64(t.accepted) / n
	r.Accepted = rate
	r.Brier, r.BrierB1 = t.brier/n, t.brierB1/n
	r.BrierConstant = rate * (1 - rate) // the constant rate's mean squared error
	for i := range t.binN {
		b := ReliabilityBin{Low: float64(i) / 10, High: float64(i+1) / 10, Attempts: t.binN[i]}
		if b.Attempts > 0 {
			b.Predicted = t.binP[i] / float64(b.Attempts)
			b.Observed = t.binY[i] / float64(b.Attempts)
		}
		r.Reliability = append(r.Reliability, b)
	}
	return r
}

// writeRows adds the preview's rows to the table.
func (r PreviewReport) writeRows(p func(string, ...any)) {
	p("attempt preview: chance of acceptance\t%d attempts\t%.1f%% accepted", r.Attempts, 100*r.Accepted)
	p("  Brier score\tpreview %.4f\tuniform over B1 %.4f, base rate %.4f", r.Brier, r.BrierB1, r.BrierConstant)
	p("  reliability\tattempts\tpredicted / observed")
	for _, b := range r.Reliability {
		if b.Attempts == 0 {
			continue
		}
		p("    %.1f-%.1f\t%d\t%.3f / %.3f", b.Low, b.High, b.Attempts, b.Predicted, b.Observed)
	}
}
