package server

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzShutdown runs FuzzCommands' inputs (four users logging in, playing,
// seeking, observing, dropping and coming back) on a fresh server in
// memory, with one more connection that never logs in, and then closes
// the server wherever the input left it. No panic is recovered; every
// connection still open hears the shutdown notice; every player still
// connected to a game in progress hears it aborted; every such game's
// record is written with the reason; and the server is empty once the
// connections end.
func FuzzShutdown(f *testing.F) {
	for _, s := range []string{
		"\x00match %1 5 0 u\n\x01accept\n\x00e2e4\n",
		"\x00match %1 5 0 u\n\x01accept\n\x00e2e4\n\x18\x01\n\x02observe 1\n",
		"\x00seek 5 0\n\x01seek 3 2\n\x02match %3 5 0\n",
		"\x00match %1 5 0\n\x01accept\n\x00e2e4\n\x01e7e5\n\x18\x00\n\x1c\x00\n",
		"\x02match %3 1 0 u\n\x03accept\n\x00match %1 5 0 u\n\x01accept\n\x14\xff\n",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		p := newInproc(t)
		tb := newFuzzTable(t, p, 0)
		for _, op := range bytes.Split(input, []byte("\n")) {
			tb.do(op)
		}
		stranger := p.s.admit(newMemConn(nil, "10.0.0.9:4000"))
		stranger.s.wg.Done() // served here, as the users are
		open := map[int]bool{}
		aborted := map[int][]int{} // game number: the users connected to it
		p.s.locked(func() error {
			for i, c := range tb.cs {
				if c == nil {
					continue
				}
				open[i] = true
				for n, g := range p.s.games {
					if g.player(c) != nil {
						aborted[n] = append(aborted[n], i)
					}
				}
			}
			for n := range p.s.games {
				if aborted[n] == nil {
					aborted[n] = []int{}
				}
			}
			return nil
		})
		if err := p.s.Close(); err != nil {
			t.Fatal(err)
		}
		tb.drain()
		if p.panics() > 0 {
			t.Fatal("the server recovered a panic as it closed")
		}
		for i := range open {
			if !strings.Contains(tb.out[i].String(), shutdownNotice) {
				t.Fatalf("user %d was not told the server is shutting down: %q", i, tb.out[i].String())
			}
		}
		for n, users := range aborted {
			for _, i := range users {
				if want := fmt.Sprintf("Game %d aborted: %s", n, shutdownWhy); !strings.Contains(tb.out[i].String(), want) {
					t.Fatalf("user %d was not told %q: %q", i, want, tb.out[i].String())
				}
			}
		}
		var told strings.Builder
		for b := range stranger.out {
			told.Write(b)
		}
		if !strings.Contains(told.String(), shutdownNotice) {
			t.Fatalf("a connection not logged in was not told: %q", told.String())
		}
		stranger.finish(errShutdown)
		records, _ := filepath.Glob(filepath.Join(p.dir, "games", "*.pgn"))
		kept := 0
		for _, r := range records {
			b, err := os.ReadFile(r)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(b, []byte(`[TerminationDetails "`+shutdownWhy+`"]`)) {
				kept++
			}
		}
		if kept != len(aborted) {
			t.Fatalf("%d records of games aborted by the shutdown; want %d", kept, len(aborted))
		}
		p.settle(t)
	})
}
