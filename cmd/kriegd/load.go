package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/krieg/krieg/server/loadtest"
)

// loadCmd is "kriegd load": a bounded load test on loopback (a kriegd of
// its own, scripted clients) that prints the attempt round trip, memory,
// and whether every finished game was saved, indexed and replays.
func loadCmd(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("kriegd load", flag.ContinueOnError)
	fs.SetOutput(stdout)
	games := fs.Int("games", 200, "finished games to play at most (at most 1000000)")
	clients := fs.Int("clients", 400, "connections, two per table (at most 5000)")
	duration := fs.Duration("duration", 60*time.Second, "stop starting games after this (at most 2h)")
	dsn := fs.String("db", "", "the store: empty for SQLite in the data folder, or postgres://user@host/db")
	timeline := fs.Bool("timeline", false, "print the heap (and the live heap after the latest collection) and goroutines every minute")
	data := fs.String("data", "", "data folder (default: a temporary folder, removed afterwards)")
	seed := fs.Uint64("seed", 1, "seed of the clients' attempts")
	ws := fs.Float64("websocket", 0, "share of the clients (0 to 1) that play through the browser's door, a WebSocket, instead of TCP")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("load: unexpected argument %q (kriegd load -h lists the flags)", fs.Arg(0))
	}
	if err := checkDSN(*dsn); err != nil {
		return err
	}
	for _, c := range []struct {
		ok         bool
		flag, want string
	}{
		{*games >= 1 && *games <= 1000000, "games", "1 to 1000000"},
		{*clients >= 2 && *clients <= 5000, "clients", "2 to 5000"},
		{*duration > 0 && *duration <= 2*time.Hour, "duration", "above 0, up to 2h"},
		{*ws >= 0 && *ws <= 1, "websocket", "0 to 1"},
	} {
		if !c.ok {
			return usagef("load: --%s must be %s", c.flag, c.want)
		}
	}
	dir := *data
	if dir == "" {
		tmp, err := os.MkdirTemp("", "kriegd-load-")
		if err != nil {
			return fmt.Errorf("kriegd load: %w", err)
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	res, runErr := loadtest.Run(loadtest.Options{Games: *games, Clients: *clients, Duration: *duration, DataDir: dir, DSN: *dsn, Seed: *seed, WebSocket: *ws})
	if runErr != nil && len(res.Samples) == 0 {
		return fmt.Errorf("kriegd load: %w", runErr)
	}
	fmt.Fprintf(stdout, "kriegd load: %d games by %d clients in %v\n", res.Games, *clients, res.Elapsed.Round(time.Millisecond))
	fmt.Fprintf(stdout, "attempts answered  %d\n", res.Attempts)
	fmt.Fprintf(stdout, "round trip         p50 %v, p99 %v\n", res.P50.Round(time.Microsecond), res.P99.Round(time.Microsecond))
	if *ws > 0 {
		for d, door := range []string{"TCP", "WebSocket"} {
			r := res.Door[d]
			fmt.Fprintf(stdout, "  over %-9s     %d attempts, p50 %v, p99 %v\n", door, r.Attempts, r.P50.Round(time.Microsecond), r.P99.Round(time.Microsecond))
		}
	}
	fmt.Fprintf(stdout, "heap in use        at most %.1f MiB\n", res.MaxHeapMB)
	fmt.Fprintf(stdout, "goroutines         at most %d (clients' and server's, one process)\n", res.MaxGoroutines)
	last := res.Samples[len(res.Samples)-1]
	fmt.Fprintf(stdout, "at the end         heap %.1f MiB, %d goroutines\n", last.HeapMB, last.Goroutines)
	if *timeline {
		for _, s := range res.Samples {
			fmt.Fprintf(stdout, "  %8v  heap %6.1f MiB (live %6.1f)  %5d goroutines  %6d games\n", s.At, s.HeapMB, s.LiveMB, s.Goroutines, s.Games)
		}
	}
	fmt.Fprintf(stdout, "records            %d saved and replaying, %d indexed, %d corrupt\n", res.Saved, res.Indexed, len(res.Corrupt))
	for _, c := range res.Corrupt {
		fmt.Fprintln(stdout, "  corrupt:", c)
	}
	if runErr != nil {
		return fmt.Errorf("kriegd load: %w", runErr)
	}
	if len(res.Corrupt) > 0 || res.Saved != res.Games || res.Indexed != res.Games {
		return errors.New("kriegd load: games were lost or records are corrupt")
	}
	return nil
}
