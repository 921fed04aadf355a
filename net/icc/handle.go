package icc

// Handle returns the name the server knows us by once logged in (the
// guest name it assigned, for a guest), or "" before.
func (c *Client) Handle() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sess.me
}
