package jkrieg

import (
	"testing"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
)

// BenchmarkJKriegTryOpacity times rule R1's exact split in its worst case:
// six pawns with twelve distinct candidate squares, every subset enumerated.
// BenchmarkJKriegBaseline, the legal moves of the same position, is the
// baseline.
func BenchmarkJKriegTryOpacity(b *testing.B) {
	own := gametest.White(b, "4k3/8/1P3P2/8/1P3P2/8/1P3P2/4K3 w - - 0 1")
	targets, hits := TryTargets(&own, game.White, ^game.Bitboard(0))
	for i := 0; i < b.N; i++ {
		_ = TryOpacity(targets, hits, 3)
	}
}

// BenchmarkJKriegBaseline generates the legal moves of the same position.
func BenchmarkJKriegBaseline(b *testing.B) {
	pos := gametest.Position(b, "4k3/8/1P3P2/8/1P3P2/8/1P3P2/4K3 w - - 0 1")
	var buf [game.MaxMoves]game.Move
	for i := 0; i < b.N; i++ {
		_ = pos.LegalMoves(buf[:0])
	}
}
