package referee

import (
	"errors"
	"fmt"
	"strings"

	"github.com/krieg/krieg/game"
)

// errPawnCapture marks the Wild 16 shortcut "px" (any pawn capture), which only
// the referee can resolve.
var errPawnCapture = errors.New("referee: px")

// ParseAttempt reads an attempt as players type it on ICC and elsewhere:
// coordinates "e2e4", "e2-e4", "e7e8q", "f7g8=N", and castling "O-O", "o-o",
// "0-0-0" as the king's move of the side to move in p. The result is checked
// only as text; the referee decides legality. The Wild 16 shortcut "px" is
// understood by Referee.AttemptText.
func ParseAttempt(text string, p *game.Position) (game.Move, error) {
	t := strings.TrimSpace(text)
	switch strings.ToLower(strings.ReplaceAll(t, "0", "o")) {
	case "o-o", "o-o-o":
		from, to := game.E1, game.G1
		if p.Turn() == game.Black {
			from, to = game.E8, game.G8
		}
		if len(t) == 5 {
			to -= 4
		}
		return game.NewMove(from, to, game.NoPieceType), nil
	case "px":
		return game.NoMove, errPawnCapture
	}
	t = strings.Replace(t, "-", "", 1)
	t = strings.Replace(t, "=", "", 1)
	m, err := game.ParseMove(strings.ToLower(t))
	if err != nil {
		return game.NoMove, fmt.Errorf("referee: cannot read attempt %q: %w", text, err)
	}
	return m, nil
}
