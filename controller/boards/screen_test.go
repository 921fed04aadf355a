package boards

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/krieg/krieg/controller/belief"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/gametest"
	"github.com/krieg/krieg/game/referee"
)

// screenFENs are positions with the moves the screen handles apart: castling
// that checks, en passant that discovers a check or opens a pawn try,
// promotions that check, double checks, double pushes beside our pawns,
// castling that pins a pawn of ours that could capture, double steps
// after which taking en passant would expose our king.
var screenFENs = []string{
	"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
	"5k2/8/8/8/8/8/8/4K2R w K - 0 1",
	"4k2r/8/8/8/8/8/8/5K2 b k - 0 1",
	"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
	"3k4/8/8/8/3p4/4N3/8/R3K3 w Q - 0 1",
	"8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1",
	"8/6k1/8/8/3p4/8/4P3/B3K3 w - - 0 1",
	"8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1",
	"8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1",
	"8/8/8/2k5/3pP3/8/8/4K1B1 b - e3 0 1",
	"4k3/8/8/8/1b6/8/3P4/R3K3 w Q - 0 1",
	"3k4/1P6/8/8/8/8/8/4K3 w - - 0 1",
	"1n2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1",
	"3k4/8/8/8/8/8/3p4/2R3K1 b - - 0 1",
	"4k3/8/8/2p1p3/8/3N4/8/3RK3 w - - 0 1",
	"4k3/2p1p3/8/3P4/8/8/8/4K3 b - - 0 1",
	"r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP1b1/2N2N2/PPPQBPPP/R3K2R w KQkq - 0 1",
	"r3k2r/pppq1ppp/2n2n2/3pp3/1b1PP1b1/2N2N2/PPPQBPPP/R3K2R b KQkq - 0 1",
}

// screenPositions returns the screenFENs and the positions of seeded random
// playouts from the start, every side to move.
func screenPositions(t *testing.T, games int) []game.Position {
	var out []game.Position
	for _, fen := range screenFENs {
		out = append(out, gametest.Position(t, fen))
	}
	// A board no game reaches, the side not to move in check: the screen
	// must not assume our king safe before the enemy's move.
	attacked := gametest.Position(t, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
	attacked.Put(game.E2, game.NewPiece(game.White, game.Rook))
	out = append(out, attacked)
	rng := rand.New(rand.NewPCG(15, 16))
	var buf [game.MaxMoves]game.Move
	for g := 0; g < games; g++ {
		p := game.Start()
		for ply := 0; ply < 200; ply++ {
			legal := p.LegalMoves(buf[:0])
			if len(legal) == 0 {
				break
			}
			out = append(out, p)
			p.Apply(legal[rng.IntN(len(legal))])
		}
	}
	return out
}

// heardAfter is the observation of the enemy's move m on p (legal) under
// rules, as the other side hears it.
func heardAfter(p *game.Position, m game.Move, rules referee.Ruleset) belief.Observation {
	o := belief.Observation{Mover: p.Turn(), Moved: true, Capture: p.CapturedSquare(m), TriesFor: p.Turn().Other()}
	if o.Capture != game.NoSquare && rules.CaptureKind {
		o.Captured = referee.CapturedPiece
		if p.At(o.Capture).Type() == game.Pawn {
			o.Captured = referee.CapturedPawn
		}
	}
	o.Promoted = rules.PromotionAnnounced && m.Promotion() != game.NoPieceType
	next := *p
	next.Apply(m)
	o.Checks = referee.CheckKinds(&next, nil)
	if !rules.CheckDirection {
		for i := range o.Checks {
			o.Checks[i] = referee.CheckPlain
		}
	}
	if rules.Tries != referee.TriesNone {
		var buf [game.MaxMoves]game.Move
		caps := next.PawnCaptures(buf[:0])
		tries := referee.Tries{Count: len(caps), Moves: append([]game.Move(nil), caps...)}
		var from game.Bitboard
		for _, c := range caps {
			from |= c.From().Bit()
		}
		tries.Squares = from.Squares()
		o.Tries = &tries
	}
	return o
}

// perturbed returns a copy of o changed at random in one of the things the
// screen reads: the capture square or kind, the checks, the tries.
func perturbed(o belief.Observation, rng *rand.Rand) belief.Observation {
	switch rng.IntN(5) {
	case 0:
		o.Capture = game.Square(rng.IntN(64))
	case 1:
		o.Captured = referee.CapturedKind(rng.IntN(3))
	case 2:
		o.Checks = append(append([]referee.CheckKind(nil), o.Checks...), referee.CheckKind(rng.IntN(6)))
	case 3:
		o.Checks = []referee.CheckKind{referee.CheckKind(rng.IntN(6))}
	default:
		if o.Tries != nil {
			t := *o.Tries
			t.Count += rng.IntN(3) - 1
			o.Tries = &t
		}
	}
	return o
}

// TestScreenMatchesConsistent is the differential test of the screen: for
// every legal move on many positions, under every ruleset, against the
// messages of every legal move there and perturbed ones, the screen
// (consistent for each move, filter for all of them) answers exactly as
// consistentInto.
func TestScreenMatchesConsistent(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	positions := screenPositions(t, games)
	rng := rand.New(rand.NewPCG(1, 2))
	var buf [game.MaxMoves]game.Move
	var next, scratch game.Position
	var sc screen
	var kept [game.MaxMoves]game.Move
	var targets game.Targets
	checked, agreed := 0, 0
	for i := range positions {
		p := &positions[i]
		legal := p.LegalMoves(buf[:0])
		p.LegalTargets(&targets)
		// The made-up positions (first) under every ruleset, the others
		// under one each in turn.
		rulesets := referee.Rulesets[i%len(referee.Rulesets):][:1]
		if i <= len(screenFENs) {
			rulesets = referee.Rulesets
		}
		for _, rules := range rulesets {
			var msgs []belief.Observation
			for _, m := range legal {
				o := heardAfter(p, m, rules)
				msgs = append(msgs, o, perturbed(o, rng))
			}
			for k := range msgs {
				o := &msgs[k]
				sc.reset(p, o, &rules)
				var want []game.Move
				for _, m := range legal {
					ok := consistentInto(&next, p, m, o, rules)
					if got := sc.consistent(&scratch, m); got != ok {
						t.Fatalf("%s, %s, move %v, message %+v: screen %v, consistentInto %v", p.FEN(), rules.Name, m, *o, got, ok)
					}
					if ok {
						want = append(want, m)
					}
				}
				if got := sc.filter(&scratch, &targets, kept[:0]); !slices.Equal(got, want) {
					t.Fatalf("%s, %s, message %+v: filter keeps %v, consistentInto %v of %v", p.FEN(), rules.Name, *o, got, want, legal)
				}
				checked += len(legal)
				agreed += len(want)
			}
		}
	}
	if agreed == 0 || agreed == checked {
		t.Errorf("%d of %d moves consistent: the test does not tell the two answers apart", agreed, checked)
	}
	t.Logf("%d positions, %d moves judged, %d consistent", len(positions), checked, agreed)
}
