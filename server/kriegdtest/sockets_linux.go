package kriegdtest

import (
	stdnet "net"
	"syscall"
	"unsafe"
)

// SendQueue is how many bytes the kernel holds in the send queue of the
// socket under nc, written and not yet acknowledged by the peer
// (SIOCOUTQ); ok is false when it cannot be read.
func SendQueue(nc stdnet.Conn) (n int, ok bool) {
	var v int32
	var errno syscall.Errno
	ok = control(nc, func(fd uintptr) {
		_, _, errno = syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCOUTQ, uintptr(unsafe.Pointer(&v))) // SIOCOUTQ
	})
	return int(v), ok && errno == 0
}

// SendBuffer is the send buffer of the socket under nc (SO_SNDBUF, as
// Linux reports it: twice what was set); ok is false when it cannot be
// read.
func SendBuffer(nc stdnet.Conn) (n int, ok bool) {
	var gerr error
	ok = control(nc, func(fd uintptr) {
		n, gerr = syscall.GetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_SNDBUF)
	})
	return n, ok && gerr == nil
}

// control runs f on the file descriptor of the socket under nc; false when
// nc has none.
func control(nc stdnet.Conn, f func(fd uintptr)) bool {
	sc, isSys := nc.(syscall.Conn)
	if !isSys {
		return false
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	return rc.Control(f) == nil
}
