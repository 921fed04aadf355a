//go:build !linux

package kriegdtest

import stdnet "net"

// SendQueue is how many bytes the kernel holds in the send queue of the
// socket under nc; ok is false: only Linux's kernel is asked (SIOCOUTQ).
func SendQueue(nc stdnet.Conn) (n int, ok bool) { return 0, false }

// SendBuffer is the send buffer of the socket under nc; ok is false: only
// Linux's kernel is asked.
func SendBuffer(nc stdnet.Conn) (n int, ok bool) { return 0, false }
