package referee

import (
	"fmt"
	"strings"

	"github.com/krieg/krieg/game"
)

// Text renders a in the words of ruleset rules: ICC's wording for Wild 16
// ("Pawn at e5 captured", "Long-diagonal check", "2 pawn tries", "Illegal
// move") and each ruleset's own words elsewhere. It returns "" for an
// announcement the ruleset makes in silence (Wild 16's zero pawn tries,
// Cincinnati's "no pawn capture").
func (a Announcement) Text(rules Ruleset) string {
	switch a.Kind {
	case KindMoved:
		return movedText(rules, a.Side)
	case KindCapture:
		return captureText(rules, a)
	case KindCheck:
		return checkText(rules, a.Check)
	case KindTries:
		return triesText(rules, a.Tries)
	case KindPromotion:
		return "Pawn promoted"
	case KindIllegal:
		switch rules.Name {
		case Wild16.Name:
			return "Illegal move"
		case English.Name, OpenTries.Name:
			return "Illegal"
		}
		return "No"
	case KindNonsense:
		if rules.Name == RAND.Name {
			return "Hell, no"
		}
		return "Nonsense"
	case KindRepeat:
		return "Already tried"
	case KindAnyAnswer:
		return anyText(rules, a.Has)
	case KindGameOver:
		return resultText(a.Result)
	}
	return ""
}

func movedText(rules Ruleset, mover game.Color) string {
	next := mover.Other().Title()
	switch rules.Name {
	case Wild16.Name:
		return next + "'s move"
	case Berkeley.Name, BerkeleyAny.Name:
		return "Yes. " + next + " to move"
	case Cincinnati.Name, English.Name:
		return next
	}
	return next + " to move"
}

func captureText(rules Ruleset, a Announcement) string {
	switch {
	case rules.Name == Wild16.Name && a.Captured == CapturedPawn:
		return fmt.Sprintf("Pawn at %s captured", a.Square)
	case rules.Name == Wild16.Name:
		return fmt.Sprintf("Piece at %s captured", a.Square)
	case a.Captured == CapturedPawn:
		return fmt.Sprintf("Pawn captured at %s", a.Square)
	case a.Captured == CapturedPiece:
		return fmt.Sprintf("Piece captured at %s", a.Square)
	}
	return fmt.Sprintf("Capture at %s", a.Square)
}

func checkText(rules Ruleset, k CheckKind) string {
	if k == CheckPlain {
		return "Check"
	}
	if rules.Name == Wild16.Name {
		return [...]string{"Check", "Rank check", "File check", "Long-diagonal check", "Short-diagonal check", "Knight check"}[k]
	}
	if rules.Name == Berkeley.Name || rules.Name == BerkeleyAny.Name {
		return [...]string{"Check", "Rank", "File", "Long", "Short", "Knight"}[k]
	}
	return [...]string{"Check", "Rank check", "File check", "Long check", "Short check", "Knight check"}[k]
}

func triesText(rules Ruleset, t Tries) string {
	switch rules.Tries {
	case TriesCount:
		switch t.Count {
		case 0:
			return ""
		case 1:
			return "1 pawn try"
		}
		return fmt.Sprintf("%d pawn tries", t.Count)
	case TriesYesNo:
		if t.Has() {
			return "Pawn capture"
		}
	case TriesSquares:
		if len(t.Squares) > 0 {
			names := make([]string, len(t.Squares))
			for i, s := range t.Squares {
				names[i] = s.String()
			}
			return "Pawn tries from " + strings.Join(names, ", ")
		}
	case TriesMoves:
		if len(t.Moves) > 0 {
			names := make([]string, len(t.Moves))
			for i, m := range t.Moves {
				names[i] = m.From().String() + "x" + m.To().String()
			}
			return "Pawn captures: " + strings.Join(names, ", ")
		}
	}
	return ""
}

func anyText(rules Ruleset, has bool) string {
	switch {
	case rules.Any == AnyTryOnce && has:
		return "Yes"
	case rules.Any == AnyTryOnce:
		return "No"
	case has:
		return "Has pawn captures"
	}
	return "No pawn captures"
}

func resultText(r Result) string {
	who := ""
	if w, ok := r.Winner(); ok {
		who = ", " + w.Title() + " wins"
	}
	switch r.Reason {
	case ReasonCheckmate:
		return "Checkmate" + who
	case ReasonStalemate:
		if who != "" {
			return "Stalemate" + who
		}
		return "Stalemate, draw"
	case ReasonInsufficient:
		return "Draw by insufficient material"
	case ReasonPlyCap:
		return "Draw: ply cap reached"
	case ReasonResignation:
		return "Resignation" + who
	}
	return r.Words() // an end no referee announces (an abort, an agreed draw, a flag): in words, not "*"
}
