package game

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/notnil/chess"
)

// benchPerft runs perft(depth) from fen b.N times and reports leaf nodes per second.
func benchPerft(b *testing.B, fen string, depth int, want uint64) {
	b.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	benchLeaves(b, want, func() uint64 { return p.Perft(depth) })
}

// benchLeaves runs perft b.N times, checks its count and reports leaves per second.
func benchLeaves(b *testing.B, want uint64, perft func() uint64) {
	b.Helper()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		if got := perft(); got != want {
			b.Fatalf("perft = %d; want %d", got, want)
		}
		nodes += want
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPerftStart6(b *testing.B) { benchPerft(b, StartFEN, 6, perftCases[0].counts[5]) }

func BenchmarkPerftKiwipete5(b *testing.B) {
	benchPerft(b, perftCases[1].fen, 5, perftCases[1].counts[4])
}

// BenchmarkPerftDeep covers the published counts deeper than TestPerft checks.
func BenchmarkPerftDeep(b *testing.B) {
	for _, c := range perftCases {
		for d := c.testDepth + 1; d <= len(c.counts); d++ {
			b.Run(c.name, func(b *testing.B) { benchPerft(b, c.fen, d, c.counts[d-1]) })
		}
	}
}

// notnilPerft is the same leaf count computed with notnil/chess, the baseline.
func notnilPerft(pos *chess.Position, depth int) uint64 {
	moves := pos.ValidMoves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += notnilPerft(pos.Update(m), depth-1)
	}
	return n
}

func benchNotnil(b *testing.B, fen string, depth int, want uint64) {
	pos := &chess.Position{}
	if err := pos.UnmarshalText([]byte(fen)); err != nil {
		b.Fatal(err)
	}
	benchLeaves(b, want, func() uint64 { return notnilPerft(pos, depth) })
}

func BenchmarkNotnilPerftStart6(b *testing.B) { benchNotnil(b, StartFEN, 6, perftCases[0].counts[5]) }

func BenchmarkNotnilPerftKiwipete5(b *testing.B) {
	benchNotnil(b, perftCases[1].fen, 5, perftCases[1].counts[4])
}

// BenchmarkStockfishPerft runs Stockfish's own "go perft" on the same
// positions (Debian package stockfish), timing the whole process.
func BenchmarkStockfishPerft(b *testing.B) {
	path, err := exec.LookPath("stockfish")
	if err != nil {
		if path, err = exec.LookPath("/usr/games/stockfish"); err != nil {
			b.Skip("stockfish is not installed")
		}
	}
	for _, c := range []struct {
		name, fen string
		depth     int
		want      uint64
	}{{"start6", StartFEN, 6, perftCases[0].counts[5]}, {"kiwipete5", perftCases[1].fen, 5, perftCases[1].counts[4]}} {
		b.Run(c.name, func(b *testing.B) {
			var nodes uint64
			for i := 0; i < b.N; i++ {
				cmd := exec.Command(path)
				cmd.Stdin = strings.NewReader(fmt.Sprintf("position fen %s\ngo perft %d\nquit\n", c.fen, c.depth))
				out, err := cmd.Output()
				if err != nil {
					b.Fatal(err)
				}
				if !strings.Contains(string(out), fmt.Sprintf("Nodes searched: %d", c.want)) {
					b.Fatalf("stockfish did not count %d nodes:\n%s", c.want, out)
				}
				nodes += c.want
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
