package game

import (
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/notnil/chess"
)

// TestLegalMovesAgainstNotnil compares the legal move sets of our generator and
// of notnil/chess (the oracle) on positions taken from random games, and
// checks that the positions include the cases move generators get wrong.
func TestLegalMovesAgainstNotnil(t *testing.T) {
	positions := 100_000
	if testing.Short() {
		positions = 5_000
	}
	starts := []string{StartFEN, perftCases[1].fen, perftCases[2].fen, perftCases[3].fen, perftCases[5].fen, perftCases[6].fen}
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[string]int{}
	var buf [MaxMoves]Move
	checked := 0
	for game := 0; checked < positions; game++ {
		p, err := ParseFEN(starts[game%len(starts)])
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 300 && checked < positions; ply++ {
			ours := p.LegalMoves(buf[:0])
			compareWithNotnil(t, &p, ours)
			comparePawnCaptures(t, &p, ours)
			if n := p.countLegal(); n != len(ours) {
				t.Fatalf("%s: countLegal = %d; LegalMoves lists %d", p.FEN(), n, len(ours))
			}
			checked++
			countFeatures(&p, ours, seen)
			if len(ours) == 0 || p.InsufficientMaterial() {
				break
			}
			p.Apply(ours[rng.IntN(len(ours))])
		}
	}
	for _, f := range []string{"promotion", "en passant", "castling", "castling through or into check", "pin", "double check", "checkmate", "stalemate"} {
		if seen[f] == 0 {
			t.Errorf("no position with %s among %d", f, checked)
		}
	}
	t.Logf("%d positions; feature counts %v", checked, seen)
}

func compareWithNotnil(t *testing.T, p *Position, ours []Move) {
	t.Helper()
	np := &chess.Position{}
	if err := np.UnmarshalText([]byte(p.FEN())); err != nil {
		t.Fatalf("notnil rejects %s: %v", p.FEN(), err)
	}
	var want, got []string
	for _, m := range np.ValidMoves() {
		want = append(want, m.String())
	}
	for _, m := range ours {
		got = append(got, m.String())
	}
	sort.Strings(want)
	sort.Strings(got)
	if len(want) != len(got) {
		t.Fatalf("%s: we generate %d moves %v; notnil/chess %d %v", p.FEN(), len(got), got, len(want), want)
	}
	for i := range want {
		if want[i] != got[i] {
			t.Fatalf("%s: we generate %v; notnil/chess %v", p.FEN(), got, want)
		}
	}
}

// comparePawnCaptures checks PawnCaptures against the legal moves (already
// checked against the oracle) filtered down to pawn captures.
func comparePawnCaptures(t *testing.T, p *Position, legal []Move) {
	t.Helper()
	var want []Move
	for _, m := range legal {
		if p.At(m.From()).Type() == Pawn && m.From().File() != m.To().File() &&
			(m.Promotion() == NoPieceType || m.Promotion() == Queen) {
			want = append(want, m)
		}
	}
	var buf [MaxMoves]Move
	got := p.PawnCaptures(buf[:0])
	sort.Slice(want, func(i, j int) bool { return want[i] < want[j] })
	sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
	if len(got) != len(want) {
		t.Fatalf("%s: PawnCaptures %v, legal pawn captures %v", p.FEN(), got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: PawnCaptures %v, legal pawn captures %v", p.FEN(), got, want)
		}
	}
}

func countFeatures(p *Position, moves []Move, seen map[string]int) {
	us := p.Turn()
	ksq := p.KingSquare(us)
	if p.Checkers().Count() == 2 {
		seen["double check"]++
	}
	if len(moves) == 0 {
		if p.InCheck() {
			seen["checkmate"]++
		} else {
			seen["stalemate"]++
		}
	}
	for _, m := range moves {
		pc := p.At(m.From())
		switch {
		case m.Promotion() != NoPieceType:
			seen["promotion"]++
		case pc.Type() == Pawn && m.To() == p.EnPassant():
			seen["en passant"]++
		case pc.Type() == King && (int(m.To())-int(m.From()) == 2 || int(m.From())-int(m.To()) == 2):
			seen["castling"]++
		}
	}
	// Castling refused only because the king would cross or land on an attacked square, or is in check.
	for _, c := range []struct {
		right      CastleRights
		rook, to   Square
		kingOrigin Square
	}{{WhiteKingside, H1, G1, E1}, {WhiteQueenside, A1, C1, E1}, {BlackKingside, H8, G8, E8}, {BlackQueenside, A8, C8, E8}} {
		if p.Castling()&c.right == 0 || ksq != c.kingOrigin || Between(ksq, c.rook)&p.Occupied() != 0 {
			continue
		}
		legal := false
		for _, m := range moves {
			legal = legal || m == NewMove(ksq, c.to, NoPieceType)
		}
		if !legal {
			seen["castling through or into check"]++
		}
	}
	enemy := p.ByColor(us.Other())
	snipers := enemy & (RookAttacks(ksq, enemy)&(p.ByType(Rook)|p.ByType(Queen)) | BishopAttacks(ksq, enemy)&(p.ByType(Bishop)|p.ByType(Queen)))
	for snipers != 0 {
		b := Between(ksq, snipers.PopFirst()) & p.Occupied()
		if b.Count() == 1 && b&p.ByColor(us) != 0 {
			seen["pin"]++
		}
	}
}
