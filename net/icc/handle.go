package icc

// Handle returns the name the server knows us by once logged in (the
// guest name it assigned, for a guest), or "" before.
func (c *Client) Handle() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sess.me
}

// Playing reports whether a game of ours is in progress: one the server
// resumed at login is known by the time Connect returns, since kriegd
// sends it before answering the login's settings.
func (c *Client) Playing() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	g := c.sess.g
	return g != nil && g.result == nil && g.snapshot().InGame
}

// Token returns the reconnect token the server gave this unregistered
// name (or the one Options gave), or "": whoever holds it may take the
// name's seat back after the connection is lost. It is never shown.
func (c *Client) Token() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sess.token
}
