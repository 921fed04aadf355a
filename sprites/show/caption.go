package show

import (
	"fmt"
	"strings"

	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// Caption is what the show says of one message: the referee's words, what
// each side's assistant took from them in plain words, and the squares to
// mark on each board (White's belief, the truth, Black's belief).
type Caption struct {
	Said     string
	Inferred []string
	Marks    [3]game.Bitboard
}

// boardOf is the demo board showing side's belief.
func boardOf(side game.Color) int {
	if side == game.Black {
		return 2
	}
	return 0
}

// captionOf words entry e, made on the true board before, as the show
// shows it; after are both sides' view models once they heard it.
func captionOf(e referee.Entry, before game.Position, rules referee.Ruleset, after [2]controller.ViewModel) Caption {
	var c Caption
	mover := e.Mover.Title()
	var words []string
	for _, a := range e.Said {
		if t := a.Text(rules); t != "" {
			words = append(words, t)
		}
	}
	said := strings.Join(words, "; ")
	own := before.Only(e.Mover)
	own.SetTurn(e.Mover)
	switch {
	case e.Resigned:
		c.Said = mover + " resigns"
	case e.AskedAny:
		c.Said = fmt.Sprintf("%s asks: any pawn captures? The referee: %s", mover, said)
	case e.Attempt != game.NoMove:
		c.Said = fmt.Sprintf("%s tries %s (%s). The referee: %s", mover, record.AttemptSAN(&own, e.Attempt), e.Attempt, said)
		if e.Verdict == referee.Accepted {
			c.inferAccepted(e, after)
		} else {
			c.inferRefused(e, &own)
		}
	default:
		c.Said = said
	}
	c.inferTries(e, after)
	return c
}

// inferRefused says what the mover's assistant takes from a refused
// attempt m: a man in its way, none to take, or nothing at all.
func (c *Caption) inferRefused(e referee.Entry, own *game.Position) {
	m, side := e.Attempt, e.Mover
	who := side.Title() + "'s assistant: "
	b := boardOf(side)
	if _, err := controller.Sendable(*own, m, nil); err != nil {
		c.Inferred = append(c.Inferred, who+"the attempt was impossible on its own board; it tells nothing")
		return
	}
	from, to := m.From(), m.To()
	pc := own.At(from)
	block := game.Between(from, to)
	switch {
	case own.IsCastling(m):
		c.Inferred = append(c.Inferred, who+"castling is refused: the king is in check, passes an attacked square, or a man stands between")
		c.Marks[b] |= block | to.Bit()
	case pc.Type() == game.Pawn && from.File() != to.File():
		c.Inferred = append(c.Inferred, fmt.Sprintf("%sno enemy man to take on %s (or taking it would expose the king)", who, to))
		c.Marks[b] |= to.Bit()
	case pc.Type() == game.Pawn:
		c.Inferred = append(c.Inferred, fmt.Sprintf("%sa man stands on %s (or the push would expose the king)", who, squareList(block|to.Bit())))
		c.Marks[b] |= block | to.Bit()
	case block != 0:
		c.Inferred = append(c.Inferred, fmt.Sprintf("%san enemy man stands on %s (or the move would expose the king)", who, squareList(block)))
		c.Marks[b] |= block
	case pc.Type() == game.King:
		c.Inferred = append(c.Inferred, fmt.Sprintf("%san enemy man guards %s", who, to))
		c.Marks[b] |= to.Bit()
	default:
		c.Inferred = append(c.Inferred, fmt.Sprintf("%sthe %s on %s is pinned to its king, or the king is in check", who, pc.Type(), from))
		c.Marks[b] |= from.Bit()
	}
}

// inferAccepted says what each side takes from an accepted move: the
// capture's square, the checker's possible squares, the belief's boards.
func (c *Caption) inferAccepted(e referee.Entry, after [2]controller.ViewModel) {
	other := e.Mover.Other()
	for _, a := range e.Said {
		switch a.Kind {
		case referee.KindCapture:
			c.Inferred = append(c.Inferred, fmt.Sprintf("%s lost a man on %s: %s's capturer now stands there", other.Title(), a.Square, e.Mover.Title()))
			c.Marks[0] |= a.Square.Bit()
			c.Marks[1] |= a.Square.Bit()
			c.Marks[2] |= a.Square.Bit()
		case referee.KindCheck:
			if a.Side != other {
				continue
			}
			var sq game.Bitboard
			for _, t := range after[other].Tokens {
				if t.Kind == controller.CheckToken {
					sq |= t.Square.Bit()
				}
			}
			if sq != 0 {
				c.Inferred = append(c.Inferred, fmt.Sprintf("%s's assistant: the checking man stands on %s", other.Title(), squareList(sq)))
				c.Marks[boardOf(other)] |= sq
			}
		}
	}
	if v := after[other]; !v.FromB1 && v.Boards > 0 {
		c.Inferred = append(c.Inferred, fmt.Sprintf("%s's assistant follows the unseen move: %s still fit all it heard", other.Title(), plural(v.Boards, "board")))
	}
}

// inferTries names the pawns that may capture after a pawn-try
// announcement, on their side's board.
func (c *Caption) inferTries(e referee.Entry, after [2]controller.ViewModel) {
	for _, side := range []game.Color{game.White, game.Black} {
		v := after[side]
		if v.TryPawns == 0 || e.Verdict != referee.Accepted || e.Mover == side {
			continue
		}
		c.Inferred = append(c.Inferred, fmt.Sprintf("%s's assistant: %s; a pawn on %s may capture", side.Title(), v.OwnTries, squareList(v.TryPawns)))
		c.Marks[boardOf(side)] |= v.TryPawns
	}
}

// squareList writes squares as "d3, c4 or b5".
func squareList(b game.Bitboard) string {
	var names []string
	for x := b; x != 0; {
		names = append(names, x.PopFirst().String())
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// plural writes n and word, with an s when n is not one.
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
