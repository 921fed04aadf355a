// Package gametest holds the small helpers that tests across krieg share,
// as net/http/httptest does for HTTP: positions from FEN, sets of squares
// written as text, and games played out for a test.
package gametest

import (
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/attempter"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// Position parses a FEN for a test, failing it on a bad one.
func Position(t testing.TB, fen string) game.Position {
	t.Helper()
	p, err := game.ParseFEN(fen)
	if err != nil {
		t.Fatalf("FEN %q: %v", fen, err)
	}
	return p
}

// Move parses a move in UCI for a test, failing it on a bad one.
func Move(t testing.TB, uci string) game.Move {
	t.Helper()
	m, err := game.ParseMove(uci)
	if err != nil {
		t.Fatalf("move %q: %v", uci, err)
	}
	return m
}

// White parses a FEN and keeps White's men only: our men, as a controller
// following White knows them.
func White(t testing.TB, fen string) game.Position {
	t.Helper()
	p := Position(t, fen)
	return p.Only(game.White)
}

// Squares parses "a1 b2 c3" into a bitboard, failing the test on a bad name.
func Squares(t testing.TB, list string) game.Bitboard {
	t.Helper()
	var b game.Bitboard
	for _, f := range strings.Fields(list) {
		s, err := game.ParseSquare(f)
		if err != nil {
			t.Fatalf("square %q: %v", f, err)
		}
		b |= s.Bit()
	}
	return b
}

// Names lists a bitboard's squares as text, sorted.
func Names(b game.Bitboard) string {
	var out []string
	for _, s := range b.Squares() {
		out = append(out, s.String())
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// ReportP99 adds the 99th percentile of times to b as the metric "p99-µs".
func ReportP99(b *testing.B, times []time.Duration) {
	if len(times) == 0 {
		return
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds()), "p99-µs")
}

// RandomGame starts game g of the seeded series between two random
// attempters under Wild 16 that RandomGames plays: the referee and the
// players, White first.
func RandomGame(g uint64) (*referee.Referee, [2]*attempter.Random) {
	return referee.New(referee.Wild16, game.Start()),
		[2]*attempter.Random{attempter.NewRandom(2 * g), attempter.NewRandom(2*g + 1)}
}

// RandomGames plays up to games seeded games between random attempters under
// Wild 16 from the start (game g: attempter seeds 2g and 2g+1). Before each
// game it calls newGame(g), and then the function that returned with every
// entry White hears, in order, until that function returns false. done,
// asked before every game and every turn, ends the series early.
func RandomGames(games uint64, done func() bool, newGame func(g uint64) func(referee.Entry) bool) {
	for g := uint64(0); g < games && !done(); g++ {
		ref, bots := RandomGame(g)
		heard := newGame(g)
		seen, follow := 0, true
		for follow && ref.Result() == nil && !done() {
			pos := ref.Position()
			bots[pos.Turn()].Turn(ref)
			log := ref.Log()
			for _, e := range log[seen:] {
				if h, ok := e.HeardBy(game.White); ok && follow {
					follow = heard(h)
				}
			}
			seen = len(log)
		}
	}
}

// JudgeOneMove is the deduction benchmarks' baseline: b.N times, the referee
// starting a game and judging and playing one legal move.
func JudgeOneMove(b *testing.B) {
	start := game.Start()
	m := game.NewMove(game.E2, game.E4, game.NoPieceType)
	for i := 0; i < b.N; i++ {
		referee.New(referee.Wild16, start).Attempt(m)
	}
}

// Record reads the extended-PGN game at path, failing the test when it
// cannot.
func Record(t testing.TB, path string) *record.Record {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("record: %v", err)
	}
	defer f.Close()
	rec, err := record.Read(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rec
}
