package game

import (
	"fmt"

	"github.com/notnil/chess"
)

// SAN returns m, legal in p, in Standard Algebraic Notation ("Nf3", "exd6",
// "O-O", "a8=Q+"). Notation is delegated to notnil/chess, the project's
// reference for SAN.
func (p *Position) SAN(m Move) (string, error) {
	np, nm, err := p.notnil(m)
	if err != nil {
		return "", err
	}
	return chess.AlgebraicNotation{}.Encode(np, nm), nil
}

// ParseSAN reads a move in Standard Algebraic Notation that is legal in p.
func (p *Position) ParseSAN(text string) (Move, error) {
	np, err := p.notnilPosition()
	if err != nil {
		return NoMove, err
	}
	nm, err := chess.AlgebraicNotation{}.Decode(np, text)
	if err != nil {
		return NoMove, fmt.Errorf("%w: %q is not a legal SAN move here", ErrMoveText, text)
	}
	return ParseMove(nm.String())
}

func (p *Position) notnilPosition() (*chess.Position, error) {
	np := &chess.Position{}
	if err := np.UnmarshalText([]byte(p.FEN())); err != nil {
		return nil, fmt.Errorf("game: notnil/chess rejects %q: %w", p.FEN(), err)
	}
	return np, nil
}

func (p *Position) notnil(m Move) (*chess.Position, *chess.Move, error) {
	np, err := p.notnilPosition()
	if err != nil {
		return nil, nil, err
	}
	want := m.String()
	for _, nm := range np.ValidMoves() {
		if nm.String() == want {
			return np, nm, nil
		}
	}
	return nil, nil, fmt.Errorf("game: %s is not legal in %s", m, p.FEN())
}
