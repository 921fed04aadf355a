package record

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// annotate fills p's announcement fields (capture, checks, tries, extras) from
// what the referee said when the move was accepted, in the record's terms.
// anyAnswer is "yes", "no" or "" for the Any? exchange before the move,
// asked after anyAfter of the turn's refused attempts.
func annotate(p *Ply, said []referee.Announcement, rules referee.Ruleset, anyAnswer string, anyAfter int) {
	p.Capture, p.Checks, p.Tries, p.Extra = game.NoSquare, nil, 0, nil
	if anyAnswer != "" {
		p.Extra = append(p.Extra, AnyItem(anyAnswer, anyAfter))
	}
	for _, a := range said {
		switch a.Kind {
		case referee.KindCapture:
			p.Capture = a.Square
			if a.Captured != referee.CapturedUnknown {
				p.Extra = append(p.Extra, "cap="+a.Captured.String())
			}
		case referee.KindCheck:
			if a.Check == referee.CheckPlain {
				p.Extra = append(p.Extra, "check")
			} else {
				p.Checks = append(p.Checks, a.Check)
			}
		case referee.KindPromotion:
			p.Extra = append(p.Extra, "promoted")
		case referee.KindTries:
			switch rules.Tries {
			case referee.TriesCount:
				p.Tries = a.Tries.Count
			case referee.TriesYesNo:
				p.Extra = append(p.Extra, "tries="+map[bool]string{true: "yes", false: "no"}[a.Tries.Has()])
			case referee.TriesSquares:
				p.Extra = append(p.Extra, "tries="+joinList(a.Tries.Squares))
			case referee.TriesMoves:
				p.Extra = append(p.Extra, "tries="+joinList(a.Tries.Moves))
			}
		}
	}
	sortChecks(p.Checks)
}

func joinList[T fmt.Stringer](xs []T) string {
	if len(xs) == 0 {
		return "-"
	}
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = x.String()
	}
	return strings.Join(s, ",")
}

// sortChecks puts check kinds in Darkboard's letter order F, L, N, R, S.
func sortChecks(ks []referee.CheckKind) {
	sort.Slice(ks, func(i, j int) bool { return ks[i].Letter() < ks[j].Letter() })
}

// umpireComment writes Darkboard's comment body: "(Xd6,CN,P1:f6,Bg7)".
func umpireComment(p *Ply) string {
	var items []string
	if p.Capture != game.NoSquare {
		items = append(items, "X"+p.Capture.String())
	}
	if len(p.Checks) > 0 {
		var c strings.Builder
		c.WriteByte('C')
		for _, k := range p.Checks {
			c.WriteString(k.Letter())
		}
		items = append(items, c.String())
	}
	if p.Tries > 0 {
		items = append(items, "P"+strconv.Itoa(p.Tries))
	}
	return "(" + strings.Join(items, ",") + ":" + strings.Join(p.Failed, ",") + ")"
}

// parseUmpireComment reads Darkboard's comment body into p.
func parseUmpireComment(p *Ply, body string) error {
	inner := body[1 : len(body)-1]
	colon := strings.IndexByte(inner, ':')
	if colon < 0 {
		return fmt.Errorf("no ':' in %q", body)
	}
	umpire, failed := inner[:colon], inner[colon+1:]
	p.Capture, p.Checks, p.Tries, p.Failed = game.NoSquare, nil, 0, nil
	if umpire != "" {
		for _, item := range strings.Split(umpire, ",") {
			if item == "" {
				return fmt.Errorf("empty item in %q", body)
			}
			switch item[0] {
			case 'X':
				sq, err := game.ParseSquare(item[1:])
				if err != nil {
					return fmt.Errorf("capture item %q: %w", item, err)
				}
				p.Capture = sq
			case 'C':
				if len(item) < 2 || len(item) > 3 {
					return fmt.Errorf("check item %q", item)
				}
				for _, l := range item[1:] {
					k, ok := checkFromLetter(byte(l))
					if !ok {
						return fmt.Errorf("check item %q: letter %q is none of F L N R S", item, l)
					}
					p.Checks = append(p.Checks, k)
				}
			case 'P':
				n, err := strconv.Atoi(item[1:])
				if err != nil || n < 1 || n > 64 {
					return fmt.Errorf("pawn-try item %q", item)
				}
				p.Tries = n
			default:
				return fmt.Errorf("unknown item %q", item)
			}
		}
	}
	if failed != "" {
		p.Failed = strings.Split(failed, ",")
		for _, f := range p.Failed {
			if f == "" || strings.ContainsAny(f, " ()") {
				return fmt.Errorf("bad failed attempt %q", f)
			}
		}
	}
	sortChecks(p.Checks)
	return nil
}

func checkFromLetter(l byte) (referee.CheckKind, bool) {
	for k := referee.CheckRank; k <= referee.CheckKnight; k++ {
		if k.Letter()[0] == l {
			return k, true
		}
	}
	return referee.CheckPlain, false
}

// AnyItem writes the {krieg: ...} item of an Any? asked after the turn's
// first after refused attempts and answered answer ("yes" or "no"):
// "any=no" when asked first, "any=no@2" after two. Where it was asked
// decides the words of what follows (after a no, a pawn capture is
// nonsense; before it, "No"), so a replay asks it there again.
func AnyItem(answer string, after int) string {
	if after == 0 {
		return "any=" + answer
	}
	return fmt.Sprintf("any=%s@%d", answer, after)
}

// InTurnOrder walks a turn's n refused attempts in the order they were
// made, with an Any? asked after the first after of them: ask (when asked)
// in its place, attempt(i) for each. The first error stops the walk.
func InTurnOrder(n int, asked bool, after int, ask func() error, attempt func(i int) error) error {
	for i := 0; i <= n; i++ {
		if asked && i == after {
			if err := ask(); err != nil {
				return err
			}
		}
		if i < n {
			if err := attempt(i); err != nil {
				return err
			}
		}
	}
	return nil
}

// ParseAnyItem reads an item AnyItem wrote; ok is false for any other
// item, or a malformed one.
func ParseAnyItem(x string) (answer string, after int, ok bool) {
	rest, found := strings.CutPrefix(x, "any=")
	if !found {
		return "", 0, false
	}
	answer, n, counted := strings.Cut(rest, "@")
	if answer != "yes" && answer != "no" {
		return "", 0, false
	}
	if counted {
		v, err := strconv.Atoi(n)
		if err != nil || v < 0 {
			return "", 0, false
		}
		after = v
	}
	return answer, after, true
}
