package main

import (
	"errors"
	"fmt"
	stdnet "net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// reachDisplay connects to the X server that display (DISPLAY's value)
// names, as a window would, and returns why it cannot: unset, malformed,
// or nothing answering there. The window library cannot report this
// itself; it panics while the window program starts.
func reachDisplay(display string) error {
	if display == "" {
		return errNoDisplay
	}
	network, addr, err := displayAddr(display)
	if err != nil {
		return err
	}
	conn, err := stdnet.DialTimeout(network, addr, 2*time.Second)
	if err != nil && network == "unix" && runtime.GOOS == "linux" {
		// X servers on Linux listen on an abstract socket of the same name too.
		conn, err = stdnet.DialTimeout(network, "@"+addr, 2*time.Second)
	}
	var dns *stdnet.DNSError
	if errors.As(err, &dns) {
		return fmt.Errorf("the display %q (DISPLAY) names a host, %s, that cannot be found: is DISPLAY right? Without a window, krieg console plays in the terminal", display, dns.Name)
	}
	if err != nil {
		return fmt.Errorf("the display %q (DISPLAY) does not answer: %w; is the X server running, and is DISPLAY right? Without a window, krieg console plays in the terminal", display, err)
	}
	conn.Close()
	return nil
}

// displayAddr reads DISPLAY ("[host]:number[.screen]", or a socket path)
// into where its X server listens: a local socket, or TCP port 6000+number.
func displayAddr(display string) (network, addr string, err error) {
	if strings.HasPrefix(display, "/") {
		if _, err := os.Stat(display); err != nil {
			return "", "", fmt.Errorf("the display %q (DISPLAY): %w", display, err)
		}
		return "unix", display, nil
	}
	host, rest, ok := strings.Cut(display, ":")
	number, _, _ := strings.Cut(rest, ".")
	n, nerr := strconv.Atoi(number)
	if !ok || nerr != nil || n < 0 {
		return "", "", fmt.Errorf("the display %q (DISPLAY) is not of the form host:number", display)
	}
	if host == "" || host == "unix" {
		return "unix", filepath.Join("/tmp/.X11-unix", "X"+number), nil
	}
	return "tcp", stdnet.JoinHostPort(host, strconv.Itoa(6000+n)), nil
}
