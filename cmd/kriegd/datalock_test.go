package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

func TestDataFolderTakenOnce(t *testing.T) {
	dir := t.TempDir()
	unlock, err := lockData(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lockData(dir); err == nil || !strings.Contains(err.Error(), "another kriegd is serving from") {
		t.Fatalf("a second lock on the same folder: %v, want it refused", err)
	}
	if err := unlock(); err != nil {
		t.Fatal(err)
	}
	again, err := lockData(dir)
	if err != nil {
		t.Fatalf("the folder once freed: %v", err)
	}
	again()
}

// TestSecondServerOnTheSameDataIsRefused runs two real kriegd processes on
// one data folder: the second must say why it stops, and leave the first
// serving.
func TestSecondServerOnTheSameDataIsRefused(t *testing.T) {
	bin := buildKriegd(t)
	data := t.TempDir()
	first, addr := startKriegd(t, bin, data)
	var errs bytes.Buffer
	second := exec.Command(bin, "--listen", "127.0.0.1:0", "--data", data)
	second.Stderr = &errs
	err := second.Run()
	if err == nil || !strings.Contains(errs.String(), "another kriegd is serving from") {
		t.Fatalf("the second kriegd: %v, stderr %q; want it refused", err, errs.String())
	}
	if first.ProcessState != nil {
		t.Fatal("the first kriegd stopped")
	}
	c := dialLine(t, addr)
	c.waitFor("login:")
}
