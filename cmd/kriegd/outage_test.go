package main

import (
	"context"
	"flag"
	"path/filepath"
	"testing"
	"time"

	"github.com/krieg/krieg/server/loadtest"
	"github.com/krieg/krieg/server/store"
	"github.com/krieg/krieg/server/store/pgtest"
)

var outage = flag.Duration("pg-outage", 0, "a measurement, not a test: stop PostgreSQL this long during a load run (go test -run TestPostgresOutage ./cmd/kriegd -args -pg-outage 30s)")

// TestPostgresOutage is the measurement of docs/measurements.md: scripted
// clients play on a kriegd whose store is a real PostgreSQL, which is
// stopped for -pg-outage in the middle of the run and started again.
// Games go on meanwhile (their records are written), and every finished
// game is in the index exactly once when the run ends.
func TestPostgresOutage(t *testing.T) {
	if *outage <= 0 {
		t.Skip("a measurement: run with -args -pg-outage 30s")
	}
	pg := pgtest.StartServer(t)
	data := t.TempDir()
	done := make(chan loadtest.Result, 1)
	errs := make(chan error, 1)
	go func() {
		res, err := loadtest.Run(loadtest.Options{Games: 1000000, Clients: 100, Duration: 2**outage + 40*time.Second, DataDir: data, DSN: pg.DSN, Seed: 5})
		done <- res
		errs <- err
	}()
	records := func() int {
		files, _ := filepath.Glob(filepath.Join(data, "games", "*.pgn"))
		return len(files)
	}
	time.Sleep(20 * time.Second)
	before := records()
	pg.Stop()
	t.Logf("PostgreSQL stopped with %d games recorded", before)
	time.Sleep(*outage)
	during := records() - before
	pg.Restart()
	t.Logf("PostgreSQL started again after %v: %d games finished meanwhile", *outage, during)
	res, err := <-done, <-errs
	if err != nil {
		t.Fatalf("load run: %v", err)
	}
	st, err := store.Open(context.Background(), pg.DSN, "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	games, err := st.Games(context.Background(), "", 1<<30)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]int{}
	for _, g := range games {
		ids[g.ID]++
	}
	t.Logf("%d games finished by the clients, %d records replaying, %d index rows, %d distinct, %d corrupt; round trip p50 %v p99 %v",
		res.Games, res.Saved, len(games), len(ids), len(res.Corrupt), res.P50, res.P99)
	if during == 0 {
		t.Error("no game finished while PostgreSQL was down")
	}
	if res.Saved != res.Games || len(games) != res.Games || len(ids) != len(games) || len(res.Corrupt) > 0 {
		t.Errorf("games lost or indexed twice: %d finished, %d records, %d rows, %d distinct", res.Games, res.Saved, len(games), len(ids))
	}
}
