package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/krieg/krieg/cmd/internal/kept"
	"github.com/krieg/krieg/cmd/internal/launch"
	"github.com/krieg/krieg/sprites"
)

// TestCorruptKeptGameSaid: a kept game's file that cannot be read is said
// so, in the window's first notice and on stderr, and set aside: the
// window opens on a fresh new-game screen with nothing to resume.
func TestCorruptKeptGameSaid(t *testing.T) {
	store := kept.File{Dir: t.TempDir()}
	if err := os.WriteFile(store.Path(kept.Key), []byte("\x00garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	var opt sprites.Options
	var errs bytes.Buffer
	keepComputer(&opt, launch.Flags{}, store, &errs)
	if opt.Resumable != nil || opt.Local == nil {
		t.Fatal("a corrupt kept game is offered, or no new game can start")
	}
	if !strings.Contains(opt.Notice, "cannot be read") || !strings.Contains(opt.Notice, "set aside") || !strings.Contains(errs.String(), opt.Notice) {
		t.Errorf("notice %q, stderr %q: want the file said unreadable and set aside", opt.Notice, errs.String())
	}
	if _, err := os.Stat(store.Path(kept.Key) + ".bad"); err != nil {
		t.Errorf("the corrupt file was not set aside: %v", err)
	}
}
