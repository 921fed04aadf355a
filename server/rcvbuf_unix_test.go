//go:build !windows

package server_test

import "syscall"

// smallReceiveBuffer shrinks the receive buffer of the socket fd, so that a
// client that never reads fills the server's side soon.
func smallReceiveBuffer(fd uintptr) {
	syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 2048)
}
