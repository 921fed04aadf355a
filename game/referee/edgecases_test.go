package referee

import (
	"testing"

	"github.com/krieg/krieg/game"
)

// The edge cases of docs/rules.md (the behaviour kriegspiel.org's referee,
// ks-game, asserts in its tests), as our own table: each row
// is a ruleset, a start FEN and attempts with the answer each must get.

const (
	startFEN      = game.StartFEN
	comparisonFEN = "7k/8/8/n2b1r2/4P3/8/8/R3K3 w - - 0 1"
	promoCapFEN   = "7k/8/8/8/8/5K2/3p4/2B5 b - - 0 1"
	blockedFEN    = "4k3/8/8/8/8/8/3n4/2B1K3 w - - 0 1"
	promoteFEN    = "8/P7/8/8/8/8/8/K6k w - - 0 1"
	anyNoFEN      = "rnbqkbnr/ppp2ppp/6Q1/4p3/4p3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 4"
)

type step struct{ try, want string }

type edgeCase struct {
	id    string // the item in docs/rules.md, "Edge cases"
	rules Ruleset
	fen   string
	steps []step
}

var edgeCases = []edgeCase{
	{"A1/A12 wild16 start: no Any?, no tries", Wild16, startFEN, []step{{"any", "nonsense/private"}, {"any", "nonsense/private"}, {"e2e4", "ok tries=0"}}},
	{"A3 impossible-looking attempt is a private illegal move", Wild16, startFEN, []step{{"e2e5", "illegal/private"}}},
	{"A4 same for black", Wild16, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", []step{{"e7e2", "illegal/private"}}},
	{"A5 hidden blocker, repeatable", Wild16, blockedFEN, []step{{"c1h6", "illegal/private"}, {"c1h6", "illegal/private"}}},
	{"A6 completed move carries next-turn tries", Wild16, startFEN, []step{{"e2e4", "ok tries=0"}, {"d7d5", "ok tries=1"}}},
	{"A7 zero tries refuses pawn captures privately", Wild16, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", []step{{"e4d5", "illegal/private"}, {"e4f5", "illegal/private"}}},
	{"A8 positive tries, wrong guess then right", Wild16, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", []step{{"e4f5", "illegal/private"}, {"e4f5", "illegal/private"}, {"e4d5", "ok x=d5:pawn tries=0"}}},
	{"A9 pawn capture is typed pawn", Wild16, "7k/8/8/3p4/4P3/8/8/K7 w - - 0 1", []step{{"e4d5", "ok x=d5:pawn tries=0"}}},
	{"A10 try count ignores captures that leave check", Wild16, "7k/8/8/8/8/4b3/3P4/r3K3 w - - 0 1", []step{{"d2e3", "illegal/private"}}},
	{"A11 promotion-capture counts once", Wild16, promoCapFEN, []step{{"d2c1q", "ok x=c1:piece tries=0"}}},
	{"A13 comparison position rook capture", Wild16, comparisonFEN, []step{{"a1a5", "ok x=a5:piece tries=0"}}},
	{"A13 comparison position pawn capture", Wild16, comparisonFEN, []step{{"e4d5", "ok x=d5:piece tries=0"}}},
	{"A14a en passant with long-diagonal check", Wild16, "7k/8/8/8/3Pp3/8/2K5/8 b - d3 0 1", []step{{"e4d3", "ok x=d4:pawn +long-diagonal tries=0"}}},
	{"A14b en passant with short-diagonal check", Wild16, "7k/8/8/8/1Pp5/8/2K5/8 b - b3 0 1", []step{{"c4b3", "ok x=b4:pawn +short-diagonal tries=0"}}},
	{"A15 rank+knight", Wild16, "7k/8/8/8/8/8/2K1nq2/8 b - - 0 1", []step{{"e2d4", "ok +knight,rank tries=0"}}},
	{"A15 file+knight", Wild16, "7k/8/8/2q5/2n5/8/2K5/8 b - - 0 1", []step{{"c4a3", "ok +file,knight tries=0"}}},
	{"A15 rank+long", Wild16, "7k/8/8/8/8/8/2K1bq2/8 b - - 0 1", []step{{"e2d3", "ok +long-diagonal,rank tries=0"}}},
	{"A15 rank+short", Wild16, "7k/8/8/8/8/8/2K1bq2/8 b - - 0 1", []step{{"e2d1", "ok +rank,short-diagonal tries=0"}}},
	{"A15 file+long", Wild16, "7k/8/8/2q5/2b5/8/2K5/8 b - - 0 1", []step{{"c4d3", "ok +file,long-diagonal tries=0"}}},
	{"A15 file+short", Wild16, "7k/8/8/2q5/2b5/8/2K5/8 b - - 0 1", []step{{"c4b3", "ok +file,short-diagonal tries=0"}}},
	{"A15 long+knight", Wild16, "7k/8/8/8/4q3/3n4/2K5/8 b - - 0 1", []step{{"d3b4", "ok +knight,long-diagonal tries=0"}}},
	{"A15 short+knight", Wild16, "7k/8/8/8/q7/1n6/2K5/8 b - - 0 1", []step{{"b3d4", "ok +knight,short-diagonal tries=0"}}},
	{"A20 promotion without a piece", Wild16, promoteFEN, []step{{"a7a8", "illegal/private"}}},
	{"A21 nothing after the game ends", Wild16, "7k/1Q6/8/8/8/8/2K5/R5R1 w - - 0 1", []step{{"a1a8", "ok +rank #1-0:checkmate"}, {"h8g8", "finished"}}},
	{"A22 pawn capture onto empty square at start", Wild16, startFEN, []step{{"e2f3", "illegal/private"}}},

	{"B2 plain moves carry nothing", Berkeley, startFEN, []step{{"e2e4", "ok"}, {"e7e5", "ok"}}},
	{"B3 any yes for white", BerkeleyAny, "rnbqkbnr/ppp2ppp/8/3pp2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 3", []step{{"any", "any=yes"}}},
	{"B4 any yes forces pawn captures", BerkeleyAny, "rnbqkbnr/ppp2ppp/6Q1/3pp3/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3", []step{{"any", "any=yes"}, {"d8d7", "nonsense/private"}, {"d5e4", "ok x=e4"}}},
	{"B5 any no", BerkeleyAny, anyNoFEN, []step{{"any", "any=no"}}},
	{"B6 capture with short-diagonal check", BerkeleyAny, anyNoFEN, []step{{"g6f7", "ok x=f7 +short-diagonal"}}},
	{"B7 king into check refused, king takes checker", BerkeleyAny, "rnbqkbnr/ppp2Qpp/8/4p3/4p3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 4", []step{{"e8e7", "illegal/public"}, {"e8f7", "ok x=f7"}}},
	{"B8 en passant by black after any", BerkeleyAny, "rnbq1bnr/ppp2kpp/8/8/4pP2/4p3/PPPP2PP/RNB1KBNR b KQ f3 0 7", []step{{"any", "any=yes"}, {"e4f3", "ok x=f4"}}},
	{"B9 en passant by white", Berkeley, "rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", []step{{"e5f6", "ok x=f5"}}},
	{"B10 short", Berkeley, "7k/8/8/8/8/K7/8/3q4 b - - 1 1", []step{{"d1c1", "ok +short-diagonal"}}},
	{"B10 file", Berkeley, "7k/8/8/8/8/K7/8/3q4 b - - 1 1", []step{{"d1a1", "ok +file"}}},
	{"B10 rank", Berkeley, "7k/8/8/8/8/K7/8/3q4 b - - 1 1", []step{{"d1d3", "ok +rank"}}},
	{"B10 long", Berkeley, "7k/8/8/8/8/K7/8/3q4 b - - 1 1", []step{{"d1d6", "ok +long-diagonal"}}},
	{"B10 knight", Berkeley, "7k/8/8/8/8/K1n5/8/3q4 b - - 1 1", []step{{"c3b5", "ok +knight"}}},
	{"B10 reached by b2a3", Berkeley, "7k/8/8/8/8/8/1K6/3q4 w - - 0 1", []step{{"b2a3", "ok"}, {"d1d6", "ok +long-diagonal"}}},
	{"B12 promotion giving check", Berkeley, promoteFEN, []step{{"a7a8q", "ok +long-diagonal"}}},
	{"B13 promotion must name the piece", Berkeley, promoteFEN, []step{{"a7a8", "nonsense/private"}}},
	{"B17/B18 fivefold repetition is no draw, then mate", Berkeley, startFEN, []step{
		{"g1f3", "ok"}, {"g8f6", "ok"}, {"f3g1", "ok"}, {"f6g8", "ok"}, {"g1f3", "ok"}, {"g8f6", "ok"}, {"f3g1", "ok"}, {"f6g8", "ok"},
		{"g1f3", "ok"}, {"g8f6", "ok"}, {"f3g1", "ok"}, {"f6g8", "ok"}, {"g1f3", "ok"}, {"g8f6", "ok"}, {"f3g1", "ok"}, {"f6g8", "ok"},
		{"e2e4", "ok"}, {"e7e5", "ok"}, {"d1f3", "ok"}, {"b8a6", "ok"}, {"f1c4", "ok"}, {"a6b8", "ok"}, {"f3f7", "ok x=f7 +short-diagonal #1-0:checkmate"}}},
	{"B19 75-move rule not applied", Berkeley, "3k4/8/8/8/3P4/2K5/8/8 b - - 149 75", []step{{"d8d7", "ok"}}},
	{"B20 stalemate", Berkeley, "7k/8/8/8/8/8/2K5/R5R1 w - - 0 1", []step{{"a1a7", "ok #1/2-1/2:stalemate"}}},
	{"B21 checkmate by white, nothing after", Berkeley, "7k/1Q6/8/8/8/8/2K5/R5R1 w - - 0 1", []step{{"a1a8", "ok +rank #1-0:checkmate"}, {"a1a2", "finished"}}},
	{"B21 checkmate by black", Berkeley, "7K/1q6/8/8/8/8/2k5/r5r1 b - - 0 1", []step{{"a1a8", "ok +rank #0-1:checkmate"}}},
	{"B22 insufficient material after a capture", Berkeley, "Q7/5K2/8/8/3k2B1/8/8/8 w - - 0 1", []step{{"a8d5", "ok +file"}, {"d4d5", "ok x=d5 #1/2-1/2:insufficient-material"}}},
	{"B23 promotion-capture with check", Berkeley, "1k5K/8/8/8/8/8/1p6/Q7 b - - 0 1", []step{{"b2a1q", "ok x=a1 +long-diagonal"}}},
	{"B23 promotion-capture to insufficient material", Berkeley, "1k5K/8/8/8/8/8/1p6/Q7 b - - 0 1", []step{{"b2a1b", "ok x=a1 +long-diagonal #1/2-1/2:insufficient-material"}}},
	{"B24 short diagonal in the a5-d8 quadrant", Berkeley, "1K5k/1Q6/8/8/8/8/8/6q1 b - - 0 1", []step{{"g1a7", "ok +short-diagonal"}}},
	{"B25 nonsense from an empty square", Berkeley, startFEN, []step{{"e3e4", "nonsense/private"}, {"e2e1", "nonsense/private"}}},
	{"B25 pawn capture attempt then its repeat", Berkeley, startFEN, []step{{"e2f3", "illegal/public"}, {"e2f3", "nonsense/private"}}},
	{"B26a castling", Berkeley, "rnbqk2r/pppp1ppp/7n/2b1p3/2B1P3/7N/PPPP1PPP/RNBQK2R w KQkq - 4 4", []step{{"e1g1", "ok"}}},
	{"B26b castling through check", Berkeley, "r1bqk2r/pppp1ppp/n6n/2b1p3/2B1PP2/7N/PPPP2PP/RNBQK2R w KQkq - 1 5", []step{{"e1g1", "illegal/public"}, {"O-O", "nonsense/private"}}},
	{"B26c castling after the king moved", Berkeley, "rnbqkbr1/pppp2pp/7n/4pp2/2B1PP2/7N/PPPP2PP/RNBQK2R w q - 4 7", []step{{"e1g1", "nonsense/private"}}},
	{"B27 en passant long check untyped", Berkeley, "7k/8/8/8/3Pp3/8/2K5/8 b - d3 0 1", []step{{"e4d3", "ok x=d4 +long-diagonal"}}},
	{"B27 en passant short check untyped", BerkeleyAny, "7k/8/8/8/1Pp5/8/2K5/8 b - b3 0 1", []step{{"c4b3", "ok x=b4 +short-diagonal"}}},
	{"B28 any once per turn (no)", BerkeleyAny, startFEN, []step{{"any", "any=no"}, {"any", "nonsense/private"}, {"any", "nonsense/private"}}},
	{"B28 any once per turn (yes)", BerkeleyAny, comparisonFEN, []step{{"any", "any=yes"}, {"any", "nonsense/private"}}},
	{"B28 any offered again next turn", BerkeleyAny, startFEN, []step{{"e2e4", "ok"}, {"e7e5", "ok"}, {"any", "any=no"}}},
	{"B28 plain berkeley has no any", Berkeley, startFEN, []step{{"any", "nonsense/private"}}},
	{"B29 after yes non-pawn moves are nonsense", BerkeleyAny, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", []step{{"any", "any=yes"}, {"b1c3", "nonsense/private"}}},
	{"B29 after yes a legal rook capture is nonsense", BerkeleyAny, comparisonFEN, []step{{"any", "any=yes"}, {"a1a5", "nonsense/private"}, {"e4d5", "ok x=d5"}}},
	{"B30 after no pawn captures are nonsense", BerkeleyAny, startFEN, []step{{"any", "any=no"}, {"e2f3", "nonsense/private"}}},
	{"B30 refused then nonsense after no", BerkeleyAny, anyNoFEN, []step{{"g6g8", "illegal/public"}, {"any", "any=no"}, {"g6g8", "nonsense/private"}}},
	{"B31 hidden blocker in plain berkeley", Berkeley, blockedFEN, []step{{"c1e3", "illegal/public"}, {"c1h6", "illegal/public"}, {"c1h6", "nonsense/private"}}},
	{"B32 untyped capture, no pawn-capture metadata", Berkeley, comparisonFEN, []step{{"a1a5", "ok x=a5"}}},
	{"B33 promotion-capture untyped", BerkeleyAny, promoCapFEN, []step{{"d2c1q", "ok x=c1"}}},

	{"Cincinnati pawn capture announced as yes", Cincinnati, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", []step{{"d7d5", "ok tries=1"}, {"e4d5", "ok x=d5:pawn tries=0"}}},
	{"Cincinnati pawn capture without announcement is nonsense", Cincinnati, startFEN, []step{{"e2f3", "nonsense/public"}, {"d1d3", "nonsense/public"}}},
	{"RAND try squares and hell-no", RAND, comparisonFEN, []step{{"a1a4", "ok tries="}, {"h8g8", "ok tries=e4"}}},
	{"RAND pawn capture from an unnamed pawn", RAND, "7k/8/8/3p4/4P1P1/8/8/K7 w - - 0 1", []step{{"g4h5", "nonsense/public"}, {"e4f5", "illegal/public"}, {"e4d5", "ok x=d5:pawn tries="}}},
	{"RAND announces promotion", RAND, promoteFEN, []step{{"a7a8r", "ok tries= promoted"}}},
	{"RAND stalemated side loses", RAND, "7k/8/8/8/8/8/2K5/R5R1 w - - 0 1", []step{{"a1a7", "ok #1-0:stalemate"}}},
	{"English any yes: one pawn capture must be tried", English, comparisonFEN, []step{{"any", "any=yes"}, {"a1a5", "nonsense/private"}, {"e4f5", "ok x=f5"}}},
	{"English after a failed pawn capture any move goes", English, "7k/8/8/3p4/4P3/8/8/R3K3 w - - 0 1", []step{{"any", "any=yes"}, {"a1a5", "nonsense/private"}, {"e4f5", "illegal/public"}, {"a1a5", "ok"}}},
	{"Open tries: moves declared, plain check", OpenTries, "7k/8/8/3p4/4P3/8/8/K7 w - - 0 1", []step{{"e4e5", "ok tries="}, {"d5d4", "ok tries="}}},
	{"Open tries: capture declared", OpenTries, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", []step{{"d7d5", "ok tries=e4d5"}, {"e4d5", "ok x=d5 tries="}}},
	{"Open tries: repeat refused uncounted, queen only", OpenTries, promoteFEN, []step{{"a1b3", "illegal/public"}, {"a1b3", "repeated"}, {"a7a8r", "illegal/public"}, {"a7a8", "ok +check tries="}}},
}

func TestEdgeCases(t *testing.T) {
	for _, c := range edgeCases {
		t.Run(c.id, func(t *testing.T) {
			r := newRef(t, c.rules, c.fen)
			for i, s := range c.steps {
				if got := summary(do(t, r, s.try)); got != s.want {
					t.Fatalf("step %d %s: got %q; want %q", i+1, s.try, got, s.want)
				}
			}
		})
	}
}
