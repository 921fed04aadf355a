package loadtest

import (
	"testing"
	"time"
)

// TestSmallLoad: 12 games between 8 clients; every finished game is saved,
// indexed and replays, and the attempt round trip is measured.
func TestSmallLoad(t *testing.T) {
	res, err := Run(Options{Games: 12, Clients: 8, Duration: 60 * time.Second, DataDir: t.TempDir(), Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", res)
	if len(res.Corrupt) > 0 {
		t.Fatalf("corrupt records: %v", res.Corrupt)
	}
	if res.Games != 12 || res.Saved != 12 || res.Indexed != 12 {
		t.Fatalf("%d games played, %d records replay, %d indexed; want 12 each", res.Games, res.Saved, res.Indexed)
	}
	if res.Attempts < 12 || res.P99 <= 0 {
		t.Fatalf("%d attempts, p99 %v", res.Attempts, res.P99)
	}
}

// TestHalfThroughTheWebSocket: with half the clients on the browser's
// door, every table has one player on each door, both doors' round trips
// are measured, and every game is saved, indexed and replays.
func TestHalfThroughTheWebSocket(t *testing.T) {
	res, err := Run(Options{Games: 8, Clients: 8, Duration: 60 * time.Second, DataDir: t.TempDir(), Seed: 2, WebSocket: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Corrupt) > 0 || res.Games != 8 || res.Saved != 8 || res.Indexed != 8 {
		t.Fatalf("%d games, %d replay, %d indexed, corrupt %v; want 8 each", res.Games, res.Saved, res.Indexed, res.Corrupt)
	}
	for d, name := range []string{"TCP", "WebSocket"} {
		if res.Door[d].Attempts == 0 || res.Door[d].P99 <= 0 {
			t.Fatalf("%s: %d attempts, p99 %v; want both doors used", name, res.Door[d].Attempts, res.Door[d].P99)
		}
	}
	if res.Door[0].Attempts+res.Door[1].Attempts != res.Attempts {
		t.Fatalf("doors %d + %d attempts; want %d", res.Door[0].Attempts, res.Door[1].Attempts, res.Attempts)
	}
}
