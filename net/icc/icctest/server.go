package icctest

import (
	"bufio"
	"fmt"
	stdnet "net"
	"regexp"
	"strings"
	"time"
)

// Action is a client-side directive the test must carry out; it closes Done
// when it has, and the server goes on.
type Action struct {
	D    Directive
	Done chan struct{}
}

// Server plays the server side of a script on a loopback listener.
// Client-side directives arrive on Actions, in order; Actions is closed when
// the script is done. Errs receives the server's one outcome: nil, or the
// first disagreement with the script.
type Server struct {
	ln      stdnet.Listener
	s       Script
	Actions chan Action
	Errs    chan error
}

// Start listens on 127.0.0.1 and plays s for the first client that connects.
func Start(s Script) (*Server, error) {
	ln, err := stdnet.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("icctest: %w", err)
	}
	srv := &Server{ln: ln, s: s, Actions: make(chan Action), Errs: make(chan error, 1)}
	go func() { srv.Errs <- srv.run() }()
	return srv, nil
}

// Addr is the address to connect to.
func (srv *Server) Addr() string { return srv.ln.Addr().String() }

// Close stops listening.
func (srv *Server) Close() error { return srv.ln.Close() }

func (srv *Server) run() error {
	conn, err := srv.ln.Accept()
	if err != nil {
		return err
	}
	defer func() { conn.Close() }()
	rd := bufio.NewReader(conn)
	var out []byte
	flush := func() error {
		if len(out) == 0 {
			return nil
		}
		_, err := conn.Write(out)
		out = nil
		return err
	}
	for _, d := range srv.s.Dirs {
		where := fmt.Sprintf("%s:%d", srv.s.Name, d.Line)
		if d.Op != "S" {
			if err := flush(); err != nil {
				return fmt.Errorf("%s: write: %w", where, err)
			}
		}
		switch d.Op {
		case "S":
			out = append(out, Unescape(d.Arg)...)
		case "C", "C~":
			conn.SetReadDeadline(time.Now().Add(10 * time.Second))
			got, err := rd.ReadString('\n')
			if err != nil {
				return fmt.Errorf("%s: reading the client's line: %w", where, err)
			}
			got = strings.TrimRight(got, "\r\n")
			if d.Op == "C" && got != d.Arg {
				return fmt.Errorf("%s: client sent %q; want %q", where, got, d.Arg)
			}
			if d.Op == "C~" && !regexp.MustCompile("^(?:"+d.Arg+")$").MatchString(got) {
				return fmt.Errorf("%s: client sent %q; want a match of %q", where, got, d.Arg)
			}
		case "A", "D", "B":
			done := make(chan struct{})
			srv.Actions <- Action{D: d, Done: done}
			<-done
		case "drop":
			conn.Close()
		case "next":
			if conn, err = srv.ln.Accept(); err != nil {
				return fmt.Errorf("%s: accept: %w", where, err)
			}
			rd = bufio.NewReader(conn)
		}
	}
	if err := flush(); err != nil {
		return err
	}
	close(srv.Actions)
	// Hold the connection until the client leaves.
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	for {
		if _, err := rd.ReadString('\n'); err != nil {
			return nil
		}
	}
}
