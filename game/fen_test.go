package game

import (
	"errors"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	for _, c := range perftCases {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := p.FEN(); got != c.fen {
			t.Errorf("%s: FEN() = %q; want %q", c.name, got, c.fen)
		}
	}
	p, err := ParseFEN("8/8/8/8/8/8/8/K6k w - -")
	if err != nil || p.FEN() != "8/8/8/8/8/8/8/K6k w - - 0 1" {
		t.Errorf("four-field FEN: %v, %q", err, p.FEN())
	}
}

func TestFENErrors(t *testing.T) {
	bad := []struct{ name, fen string }{
		{"empty", ""},
		{"seven ranks", "8/8/8/8/8/8/K6k w - - 0 1"},
		{"long rank", "9/8/8/8/8/8/8/K6k w - - 0 1"},
		{"short rank", "7/8/8/8/8/8/8/K6k w - - 0 1"},
		{"bad letter", "x7/8/8/8/8/8/8/K6k w - - 0 1"},
		{"no black king", "8/8/8/8/8/8/8/K7 w - - 0 1"},
		{"two white kings", "8/8/8/8/8/8/8/KK5k w - - 0 1"},
		{"pawn on rank 8", "P7/8/8/8/8/8/8/K6k w - - 0 1"},
		{"bad side", "8/8/8/8/8/8/8/K6k x - - 0 1"},
		{"bad castling", "8/8/8/8/8/8/8/K6k w X - 0 1"},
		{"castling without rook", "4k3/8/8/8/8/8/8/4K3 w K - 0 1"},
		{"bad en passant", "8/8/8/8/8/8/8/K6k w - e4 0 1"},
		{"en passant without pawn", "8/8/8/8/8/8/8/K6k w - e6 0 1"},
		{"negative clock", "8/8/8/8/8/8/8/K6k w - - -1 1"},
		{"side not to move in check", "k7/8/8/8/8/8/8/R5K1 w - - 0 1"},
		{"five fields", "8/8/8/8/8/8/8/K6k w - - 0"},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			if _, err := ParseFEN(c.fen); !errors.Is(err, ErrFEN) {
				t.Errorf("ParseFEN(%q) error = %v; want ErrFEN", c.fen, err)
			}
		})
	}
}

func TestParseMove(t *testing.T) {
	good := map[string]Move{
		"e2e4":  NewMove(E2, E4, NoPieceType),
		"e7e8q": NewMove(E7, E8, Queen),
		"a2a1N": NewMove(A2, A1, Knight),
		"e1g1":  NewMove(E1, G1, NoPieceType),
	}
	for text, want := range good {
		got, err := ParseMove(text)
		if err != nil || got != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	for _, text := range []string{"", "e2", "e2e9", "i2e4", "e2e4k", "e2e4p", "e2e2", "e2e4qq", "E2E4"} {
		if _, err := ParseMove(text); !errors.Is(err, ErrMoveText) {
			t.Errorf("ParseMove(%q) error = %v; want ErrMoveText", text, err)
		}
	}
	if s := NewMove(E7, E8, Queen).String(); s != "e7e8q" {
		t.Errorf("String = %q; want e7e8q", s)
	}
}

func TestSAN(t *testing.T) {
	p, _ := ParseFEN(perftCases[1].fen)
	tests := map[string]string{"e1g1": "O-O", "e1c1": "O-O-O", "d5e6": "dxe6", "e5f7": "Nxf7", "c3b5": "Nb5", "f3f6": "Qxf6"}
	for uci, san := range tests {
		m, _ := ParseMove(uci)
		got, err := p.SAN(m)
		if err != nil || got != san {
			t.Errorf("SAN(%s) = %q, %v; want %q", uci, got, err, san)
		}
		back, err := p.ParseSAN(san)
		if err != nil || back != m {
			t.Errorf("ParseSAN(%q) = %v, %v; want %v", san, back, err, m)
		}
	}
	if _, err := p.ParseSAN("Ke3"); err == nil {
		t.Error("ParseSAN accepted an illegal move")
	}
}

func FuzzParseFEN(f *testing.F) {
	for _, c := range perftCases {
		f.Add(c.fen)
	}
	f.Add("8/8/8/8/8/8/8/K6k w - -")
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		// A position that parses must survive a round trip and move generation.
		q, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatalf("FEN() output %q does not parse: %v", p.FEN(), err)
		}
		if q.FEN() != p.FEN() {
			t.Fatalf("round trip changed %q to %q", p.FEN(), q.FEN())
		}
		var buf [MaxMoves]Move
		moves := p.LegalMoves(buf[:0])
		if n := p.countLegal(); n != len(moves) {
			t.Fatalf("%s: countLegal = %d; LegalMoves lists %d", p.FEN(), n, len(moves))
		}
		for _, m := range moves {
			next := p
			next.Apply(m)
			if next.AttackersTo(next.KingSquare(p.Turn()), next.Turn(), next.Occupied()) != 0 {
				t.Fatalf("%s: legal move %s leaves the king in check", p.FEN(), m)
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e2e4", "e7e8q", "a1h8", "h2h1n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMove(text)
		if err != nil {
			return
		}
		if back, err := ParseMove(m.String()); err != nil || back != m {
			t.Fatalf("%q parsed to %v, which reads back as %v, %v", text, m, back, err)
		}
	})
}
