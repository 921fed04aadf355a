//go:build !linux

package server_test

import stdnet "net"

// sendQueue is how many bytes the kernel holds in the send queue of the
// socket under nc; ok is false: only Linux's kernel is asked (SIOCOUTQ).
func sendQueue(nc stdnet.Conn) (n int, ok bool) { return 0, false }

// sendBuffer is the send buffer of the socket under nc; ok is false: only
// Linux's kernel is asked.
func sendBuffer(nc stdnet.Conn) (n int, ok bool) { return 0, false }
