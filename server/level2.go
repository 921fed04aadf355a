package server

import (
	"fmt"
	"strings"
)

// setLevel2 reads "level2settings=0110...": character i turns datagram i
// on. A value that is not a string of 0s and 1s changes nothing and is
// answered with why (a client that sent it would otherwise go on without
// the datagrams it asked for and never know); "" when it was taken.
func (c *conn) setLevel2(bits string) string {
	bits = strings.TrimSpace(bits)
	if bits == "" || strings.Trim(bits, "01") != "" {
		return fmt.Sprintf("level2settings=%s is not a setting: it takes only 0s and 1s, one a datagram (character i turns datagram i on, as in level2settings=0110). The datagrams were not changed.", truncate(bits, 40))
	}
	for i := range c.dgs {
		c.dgs[i] = i < len(bits) && bits[i] == '1'
	}
	return ""
}
