package lab

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/krieg/krieg/game"
)

// traceLine is one line of a belief trace (`krieg selfplay --trace`): the
// B1 sets of one player after one ply, each as 16 hex digits of a 64-bit set
// in which bit i (a1 = 0, b1 = 1, ..., h8 = 63) is on where an enemy man of
// that class may stand.
type traceLine struct {
	Game     int               `json:"game"`
	Ply      int               `json:"ply"`
	Side     string            `json:"side"`
	Possible map[string]string `json:"possible"`
}

// traceKeys names the classes in a trace line.
var traceKeys = [...]struct {
	key string
	t   game.PieceType
}{{"k", game.King}, {"q", game.Queen}, {"r", game.Rook}, {"b", game.Bishop}, {"n", game.Knight}, {"p", game.Pawn}}

// WriteTrace writes the two trace lines of a ply, White's belief first.
func WriteTrace(w io.Writer, p *Ply) error {
	for _, c := range [2]game.Color{game.White, game.Black} {
		b := p.Players[c].Belief()
		l := traceLine{Game: p.Game, Ply: p.Ply, Side: c.String(), Possible: map[string]string{}}
		for _, k := range traceKeys {
			l.Possible[k.key] = fmt.Sprintf("%016x", uint64(b.Possible[k.t]))
		}
		line, err := json.Marshal(l)
		if err != nil {
			return err
		}
		if _, err := w.Write(append(line, '\n')); err != nil {
			return fmt.Errorf("writing trace: %w", err)
		}
	}
	return nil
}
