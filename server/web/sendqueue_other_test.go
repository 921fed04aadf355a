//go:build !linux

package web

import stdnet "net"

// sendQueue is how many bytes the kernel holds in the send queue of the
// socket under nc; ok is false: only Linux's kernel is asked (SIOCOUTQ).
func sendQueue(nc stdnet.Conn) (n int, ok bool) { return 0, false }
