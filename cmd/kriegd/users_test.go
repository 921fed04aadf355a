package main

import (
	"bytes"
	stdnet "net"
	"os"
	"strings"
	"testing"
	"time"
)

// TestUserPasswdAndList: "kriegd user passwd" gives an account a new
// password while kriegd serves from the same data, and the next login
// takes it (the old one no longer logs in); a name with no account is
// refused in words; "kriegd user list" lists the accounts with their
// ratings, never a hash.
func TestUserPasswdAndList(t *testing.T) {
	bin := buildKriegd(t)
	data := t.TempDir()
	var out, errOut bytes.Buffer
	for _, name := range []string{"Erin", "abe"} {
		if err := run([]string{"user", "add", "--data", data, name}, strings.NewReader(strings.ToLower(name)+"-first\n"), &out, &errOut); err != nil {
			t.Fatal(err)
		}
	}
	_, addr, _, _ := startKriegdWith(t, bin, data)
	out.Reset()
	if err := run([]string{"user", "passwd", "--data", data, "ERIN"}, strings.NewReader("erin-second\n"), &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "kriegd: Erin's password changed; it holds from the next login\n" {
		t.Fatalf("passwd said %q", got)
	}
	if text := loginAs(t, addr, "Erin erin-second"); !strings.Contains(text, "Starting session as Erin") {
		t.Fatalf("the new password did not log in: %q", text)
	}
	if text := loginAs(t, addr, "Erin erin-first"); strings.Contains(text, "Starting session") {
		t.Fatalf("the old password still logs in: %q", text)
	}
	err := run([]string{"user", "passwd", "--data", data, "nobody"}, strings.NewReader("whatever1\n"), &out, &errOut)
	if err == nil || err.Error() != "kriegd: there is no account named nobody (kriegd user list lists them)" {
		t.Fatalf("passwd for nobody: %v; want it refused in words", err)
	}
	out.Reset()
	if err := run([]string{"user", "list", "--data", data}, strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "abe ") || !strings.HasPrefix(lines[1], "Erin ") || !strings.Contains(lines[1], " 1500 ") || lines[2] != "2 accounts" || strings.Contains(out.String(), "$2") {
		t.Fatalf("user list printed:\n%s", out.String())
	}
	// A mistyped folder is refused, not made afresh with no account in it.
	typo := data + "-typo"
	for _, verb := range []string{"list", "passwd", "rm"} {
		args := []string{"user", verb, "--data", typo}
		if verb != "list" {
			args = append(args, "Erin")
		}
		if err := run(args, strings.NewReader("whatever1\n"), &out, &errOut); err == nil || !strings.Contains(err.Error(), "there is no data folder") {
			t.Errorf("kriegd user %s on a folder that is not there: %v; want it refused", verb, err)
		}
	}
	if _, err := os.Stat(typo); !os.IsNotExist(err) {
		t.Errorf("the mistyped folder was made: %v", err)
	}
	// rm removes an account: its name no longer logs in with the password,
	// and the list no longer has it.
	out.Reset()
	if err := run([]string{"user", "rm", "--data", data, "abe"}, strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.HasPrefix(got, "kriegd: account abe removed (rating 1500, 0 rated games)") {
		t.Fatalf("rm said %q", got)
	}
	if text := loginAs(t, addr, "abe abe-first"); !strings.Contains(text, "There is no account named abe") {
		t.Fatalf("a removed account: %q; want no account by that name", text)
	}
	out.Reset()
	if err := run([]string{"user", "list", "--data", data}, strings.NewReader(""), &out, &errOut); err != nil || strings.Contains(out.String(), "abe") {
		t.Fatalf("user list after rm: %v\n%s", err, out.String())
	}
	if err := run([]string{"user", "rm", "--data", data, "abe"}, strings.NewReader(""), &out, &errOut); err == nil || !strings.Contains(err.Error(), "there is no account named abe") {
		t.Fatalf("rm of an account not there: %v; want it refused in words", err)
	}
	for _, bad := range [][]string{{"user", "list", "--data", data, "extra"}, {"user", "passwd", "--data", data}, {"user", "rm", "--data", data}, {"user", "delete", "Erin"}} {
		if err := run(bad, strings.NewReader("password\n"), &out, &errOut); err == nil || !strings.Contains(err.Error(), "usage: kriegd user add") {
			t.Errorf("kriegd %v: %v; want the usage", bad, err)
		}
	}
}

// loginAs sends login (a name and password) to the kriegd at addr as a
// person at telnet would, and returns what the server said within a
// second or until it closed the connection.
func loginAs(t *testing.T, addr, login string) string {
	t.Helper()
	c, err := stdnet.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.Write([]byte(login + "\r\n"))
	c.SetReadDeadline(time.Now().Add(time.Second))
	var got strings.Builder
	buf := make([]byte, 4096)
	for !strings.Contains(got.String(), "Starting session") {
		n, err := c.Read(buf)
		got.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return got.String()
}
