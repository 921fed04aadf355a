package controller

// Weighable returns the hidden boards a player weighs its attempts over: up
// to n of B2's boards (Sampler.Hidden), or, when B2 holds none (a rebuild
// kept no board), up to n drawn from B1 alone (Sampler.Guess), which honour
// B1 but may disagree with the last message, because without any board
// every candidate of the computer player would score alike. It returns nil
// without B2, or when B1 admits no board drawn. Steps put off by Defer are
// settled first.
func (c *Controller) Weighable(n int) []Board {
	if c.sampler == nil {
		return nil
	}
	c.Settle()
	if b := c.sampler.Hidden(n); len(b) > 0 {
		return b
	}
	own := c.own
	own.SetTurn(c.side)
	return c.sampler.Guess(&own, &c.belief, n)
}
