package server_test

import (
	stdnet "net"
	"syscall"
	"unsafe"
)

// sendQueue is how many bytes the kernel holds in the send queue of the
// socket under nc, written and not yet acknowledged by the peer
// (SIOCOUTQ); ok is false when it cannot be read.
func sendQueue(nc stdnet.Conn) (n int, ok bool) {
	sc, isSys := nc.(syscall.Conn)
	if !isSys {
		return 0, false
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return 0, false
	}
	var v int32
	var errno syscall.Errno
	if err := rc.Control(func(fd uintptr) {
		_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCOUTQ, uintptr(unsafe.Pointer(&v))) // SIOCOUTQ
	}); err != nil || errno != 0 {
		return 0, false
	}
	return int(v), true
}

// sendBuffer is the send buffer of the socket under nc (SO_SNDBUF, as
// Linux reports it: twice what was set); ok is false when it cannot be
// read.
func sendBuffer(nc stdnet.Conn) (n int, ok bool) {
	sc, isSys := nc.(syscall.Conn)
	if !isSys {
		return 0, false
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return 0, false
	}
	var gerr error
	if err := rc.Control(func(fd uintptr) {
		n, gerr = syscall.GetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_SNDBUF)
	}); err != nil || gerr != nil {
		return 0, false
	}
	return n, true
}
