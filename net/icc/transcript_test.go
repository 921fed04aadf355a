package icc

import (
	"errors"
	"path/filepath"
	"testing"
)

func TestTranscripts(t *testing.T) {
	for _, name := range []string{"login-guest", "login-password", "wild16-short", "drop", "garbage", "chess"} {
		t.Run(name, func(t *testing.T) {
			s := readScript(t, filepath.Join("testdata", "transcripts", name+".txt"))
			opt := Options{}
			if name == "login-password" {
				opt.User, opt.Password = "alice", "secret"
			}
			play(t, s, opt)
		})
	}
}

func TestLoginRefused(t *testing.T) {
	s := readScript(t, filepath.Join("testdata", "transcripts", "login-refused.txt"))
	srv := startServer(t, s)
	c, err := New(Options{Addr: srv.addr(), User: "alice", Password: "secret"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	err = c.Connect(t.Context())
	var le *LoginError
	if !errors.As(err, &le) || le.Code != 11 {
		t.Fatalf("Connect: %v; want a LoginError with code 11", err)
	}
	if want := "icc: login as \"alice\": icc: invalid password (code 11): Invalid password."; err.Error() != want {
		t.Fatalf("error %q; want %q", err, want)
	}
}
