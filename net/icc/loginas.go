package icc

import "errors"

// errConnected is LoginAs called while a connection is up.
var errConnected = errors.New("icc: the name cannot change while connected")

// LoginAs sets the name and password the next Connect logs in with (an
// empty name: a guest), forgetting any seat token kept for the name
// before: a console whose name the server refused asks for another, as a
// chess server's login prompt does. It is refused while connected.
func (c *Client) LoginAs(user, password string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.conn != nil || c.closed {
		return errConnected
	}
	c.opt.User, c.opt.Password, c.opt.Token = user, password, ""
	s := c.sess
	s.user, s.password, s.token, s.me, s.forgotten, s.seatRefused = user, password, "", "", "", false
	return nil
}
