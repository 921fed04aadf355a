package game

import (
	"testing"
)

// benchPerft runs perft(depth) from fen b.N times and reports leaf nodes per second.
func benchPerft(b *testing.B, fen string, depth int, want uint64) {
	b.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	for i := 0; i < b.N; i++ {
		if got := p.Perft(depth); got != want {
			b.Fatalf("perft(%d) = %d; want %d", depth, got, want)
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
