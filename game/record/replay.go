package record

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// Disagreement is a record that does not match what the referee says.
type Disagreement struct {
	Ply  int    // 1-based ply
	Move string // the move as "12... Kd7"
	Line int    // line in the file, 0 when unknown
	What string
}

// Error names the ply, the move and the line.
func (d *Disagreement) Error() string {
	where := ""
	if d.Line > 0 {
		where = fmt.Sprintf(", line %d", d.Line)
	}
	return fmt.Sprintf("record: ply %d (%s%s): %s", d.Ply, d.Move, where, d.What)
}

// ShownAsReplayed says, for a reader of a record shown as the referee
// replays it, that the record disagrees with the referee and where (err is
// Check's answer, not nil).
func ShownAsReplayed(err error) string {
	return fmt.Sprintf("The record disagrees with the referee (%s): it is shown as the referee replays it.", strings.TrimPrefix(err.Error(), "record: "))
}

// Step is one replayed ply, handed to Replay's callback.
type Step struct {
	Index  int           // 0-based ply index into Record.Plies
	Ply    *Ply          // the recorded ply (its Move is now resolved)
	Before game.Position // the true position before the move
	Failed []game.Move   // the failed attempts, resolved
	// Refusals are the referee's answers to Failed, in order.
	Refusals []referee.Answer
	Answer   referee.Answer // the referee's answer to the accepted move
	Any      string         // "yes" or "no" when Any? was asked, else ""
	// AnyAfter is how many of Failed came before the Any? question.
	AnyAfter int
}

// Replay plays rec through a new referee under rules, calling fn (if not nil)
// after each ply. It fails with a *Disagreement when a failed attempt is legal,
// a move is illegal, or the game ended before the record does.
func Replay(rec *Record, rules referee.Ruleset, fn func(Step) error) (*referee.Referee, error) {
	start, err := rec.Start()
	if err != nil {
		return nil, fmt.Errorf("record: FEN tag: %w", err)
	}
	ref := referee.New(rules, start)
	for i := range rec.Plies {
		p := &rec.Plies[i]
		before := ref.Position()
		disagree := func(format string, args ...any) error {
			return &Disagreement{Ply: i + 1, Move: MoveLabel(&before, p.SAN), Line: p.Line, What: fmt.Sprintf(format, args...)}
		}
		if ref.Result() != nil {
			return ref, disagree("the game already ended (%s, %s)", ref.Result().Score, ref.Result().Reason)
		}
		step := Step{Index: i, Ply: p, Before: before}
		asked, after := false, 0
		for _, x := range p.Extra {
			if strings.HasPrefix(x, "any=") {
				_, n, ok := ParseAnyItem(x)
				if !ok || n > len(p.Failed) {
					return ref, disagree("Any? item %q: want any=yes or any=no, with @ and how many refused attempts came first (at most %d)", x, len(p.Failed))
				}
				asked, after = true, n
			}
		}
		// Any? is asked where it was: before it a pawn capture may be
		// "No", after a no it is nonsense.
		ask := func() error {
			a := ref.AskAny()
			step.Any, step.AnyAfter = map[bool]string{true: "yes", false: "no"}[a.Any], after
			if a.Verdict != referee.Answered {
				return disagree("Any? was not answered (%s)", a.Verdict)
			}
			return nil
		}
		own := before.Only(before.Turn())
		err := InTurnOrder(len(p.Failed), asked, after, ask, func(j int) error {
			f := p.Failed[j]
			m, err := ParseAttemptSAN(&own, f)
			if err != nil {
				return disagree("failed attempt %q: %v", f, err)
			}
			a := ref.Attempt(m)
			if a.Verdict == referee.Accepted {
				return disagree("failed attempt %s (%s) is legal", f, m)
			}
			step.Failed, step.Refusals = append(step.Failed, m), append(step.Refusals, a)
			return nil
		})
		if err != nil {
			return ref, err
		}
		m, err := before.ParseSAN(p.SAN)
		if err != nil {
			return ref, disagree("the move is not legal in %s", before.FEN())
		}
		p.Move = m
		step.Answer = ref.Attempt(m)
		if step.Answer.Verdict != referee.Accepted {
			return ref, disagree("the referee answered %s", step.Answer.Verdict)
		}
		if fn != nil {
			if err := fn(step); err != nil {
				return ref, err
			}
		}
	}
	return ref, replayTrailing(rec, ref)
}

// replayTrailing attempts the RefusedAtEnd tag's attempts after the last
// move: each must be refused. The AnyAtEnd tag's Any? is asked where it
// was, and must be answered as recorded.
func replayTrailing(rec *Record, ref *referee.Referee) error {
	pos := ref.Position()
	own := pos.Only(pos.Turn())
	trailing := rec.Trailing()
	bad := func(what string) error {
		return &Disagreement{Ply: len(rec.Plies) + 1, Move: "end", What: what}
	}
	answer, after, ok := rec.TrailingAny()
	if !ok || after > len(trailing) {
		return bad(fmt.Sprintf("%s tag %q: want yes or no, with @ and how many refused attempts came first (at most %d)", AnyAtEnd, rec.Tag(AnyAtEnd), len(trailing)))
	}
	ask := func() error {
		if ref.Result() != nil {
			return nil
		}
		a := ref.AskAny()
		got := map[bool]string{true: "yes", false: "no"}[a.Any]
		if a.Verdict != referee.Answered || got != answer {
			return bad(fmt.Sprintf("Any? at the end recorded %s, the referee answers %s (%s)", answer, got, a.Verdict))
		}
		return nil
	}
	return InTurnOrder(len(trailing), answer != "", after, ask, func(i int) error {
		f := trailing[i]
		m, err := ParseAttemptSAN(&own, f)
		if err != nil {
			return bad(fmt.Sprintf("refused attempt %q at the end: %s", f, err))
		}
		if ref.Result() == nil {
			if a := ref.Attempt(m); a.Verdict == referee.Accepted {
				return bad(fmt.Sprintf("refused attempt %q at the end: it is legal", f))
			}
		}
		return nil
	})
}

// Check replays rec under rules and confirms every announcement it records
// (capture square, check directions, pawn tries, and for our own records the
// {krieg: ...} items), that every failed attempt was refused, and the result
// when the referee ended the game. It returns nil or the first *Disagreement.
func Check(rec *Record, rules referee.Ruleset) error {
	if name := rec.Tag("Rules"); name != "" && !strings.EqualFold(strings.TrimSpace(name), rules.Name) {
		return fmt.Errorf("record: its Rules tag says %s, and it is replayed under %s", strings.TrimSpace(name), rules.Name)
	}
	ours := rec.Tag("Rules") != ""
	ref, err := Replay(rec, rules, func(s Step) error {
		got := Ply{}
		annotate(&got, s.Answer.Announcements, rules, s.Any, s.AnyAfter)
		var diffs []string
		if got.Capture != s.Ply.Capture {
			diffs = append(diffs, fmt.Sprintf("capture %s recorded, referee says %s", s.Ply.Capture, got.Capture))
		}
		if !reflect.DeepEqual(letters(got.Checks), letters(s.Ply.Checks)) {
			diffs = append(diffs, fmt.Sprintf("check %q recorded, referee says %q", letters(s.Ply.Checks), letters(got.Checks)))
		}
		if got.Tries != s.Ply.Tries {
			diffs = append(diffs, fmt.Sprintf("pawn tries: %d recorded, the referee says %d", s.Ply.Tries, got.Tries))
		}
		if ours && strings.Join(got.Extra, " ") != strings.Join(s.Ply.Extra, " ") {
			diffs = append(diffs, fmt.Sprintf("%s recorded, the referee says %s", kriegComment(s.Ply.Extra), kriegComment(got.Extra)))
		}
		if len(diffs) > 0 {
			return &Disagreement{Ply: s.Index + 1, Move: MoveLabel(&s.Before, s.Ply.SAN), Line: s.Ply.Line, What: strings.Join(diffs, "; ")}
		}
		return nil
	})
	if err != nil {
		return err
	}
	if what := endDisagrees(rec, ref.Result(), ours); what != "" {
		return &Disagreement{Ply: len(rec.Plies), Move: "end", What: what}
	}
	return nil
}

// refereeEnds are the ends the referee itself declares after a move: a
// record that claims one must end where the referee's game does.
var refereeEnds = []referee.Reason{referee.ReasonCheckmate, referee.ReasonStalemate, referee.ReasonInsufficient,
	referee.ReasonPlyCap, referee.ReasonRepetition, referee.ReasonFiftyMoves}

// Termination is how the record says its game ended (its Termination tag,
// which our own records write), "" when it does not say.
func (r *Record) Termination() referee.Reason {
	return referee.Reason(strings.ToLower(strings.TrimSpace(r.Tag("Termination"))))
}

// endDisagrees says how rec's end (its result after the moves, its Result
// tag and, in our own records, its Termination tag) disagrees with res, the
// referee's end of the replayed game (nil: it goes on), or "".
func endDisagrees(rec *Record, res *referee.Result, ours bool) string {
	tag := strings.TrimSpace(rec.Tag("Result"))
	term := rec.Termination()
	switch {
	case tag != "" && rec.Result != "" && tag != string(rec.Result):
		return fmt.Sprintf("Result tag %s, but the moves end with %s", tag, rec.Result)
	case res == nil && ours && slices.Contains(refereeEnds, term):
		return fmt.Sprintf("%s recorded, but the referee's game goes on after the last move", term)
	case res == nil:
		return ""
	case rec.Result != "" && rec.Result != "*" && rec.Result != res.Score:
		return fmt.Sprintf("result %s recorded, referee says %s (%s)", rec.Result, res.Score, res.Reason)
	case tag != "" && tag != "*" && tag != string(res.Score):
		return fmt.Sprintf("Result tag %s, referee says %s (%s)", tag, res.Score, res.Reason)
	case ours && term != "" && term != res.Reason:
		return fmt.Sprintf("Termination %s recorded, referee says %s", term, res.Reason)
	}
	return ""
}

// kriegComment writes a ply's {krieg: ...} items as the record holds them,
// or says there are none.
func kriegComment(items []string) string {
	if len(items) == 0 {
		return "no {krieg: ...} comment"
	}
	return "{krieg: " + strings.Join(items, " ") + "}"
}

func letters(ks []referee.CheckKind) string {
	var b strings.Builder
	for _, k := range ks {
		b.WriteString(k.Letter())
	}
	return b.String()
}

// refusedAttempt reports whether e refused an attempt: illegal, nonsense
// (impossible on the mover's own board) or a repeat. Every one was sent and
// counts in some ruleset, so the record keeps them all.
func refusedAttempt(e referee.Entry) bool {
	switch e.Verdict {
	case referee.Illegal, referee.Nonsense, referee.Repeated:
		return e.Attempt != game.NoMove
	}
	return false
}

// refusedSAN writes a refused attempt: as AttemptSAN when the mover's men
// could make it, else with its from-square in full ("Ke1b4", "e2e5"), the one
// form that names a move no man of the mover's can make.
func refusedSAN(own *game.Position, m game.Move) string {
	if slices.Contains(referee.Candidates(own), m) {
		return AttemptSAN(own, m)
	}
	s := m.From().String() + m.To().String()
	if t := own.At(m.From()).Type(); t != game.Pawn {
		s = t.Letter() + s
	}
	if p := m.Promotion(); p != game.NoPieceType {
		s += "=" + p.Letter()
	}
	return s
}

// MoveLabel writes "12. Nxd6+" or "12... Kd7" for the move san played in p.
func MoveLabel(p *game.Position, san string) string {
	if p.Turn() == game.White {
		return fmt.Sprintf("%d. %s", p.FullmoveNumber(), san)
	}
	return fmt.Sprintf("%d... %s", p.FullmoveNumber(), san)
}

// FromReferee builds the record of the game ref has umpired so far: every
// accepted move with its announcements and the illegal attempts before it.
// Tags are written first; Rules, PlyCap for a cap not the ruleset's own, and
// FEN for a non-standard start, are added.
func FromReferee(ref *referee.Referee, tags []Tag) (*Record, error) {
	rules := ref.Rules()
	rec := &Record{Tags: append([]Tag(nil), tags...), Result: "*"}
	rec.placeResult()
	rec.SetTag("Rules", rules.Name)
	if own, err := referee.RulesetByName(rules.Name); err != nil || own.PlyCap != rules.PlyCap {
		rec.SetTag(PlyCapTag, strconv.Itoa(rules.PlyCap))
	}
	pos := ref.Start()
	if fen := pos.FEN(); fen != game.StartFEN {
		rec.SetTag("SetUp", "1")
		rec.SetTag("FEN", fen)
	}
	var failed []string
	anyAnswer, anyAfter := "", 0
	for _, e := range ref.Log() {
		switch {
		case e.AskedAny && e.Verdict == referee.Answered:
			anyAnswer = map[bool]string{true: "yes", false: "no"}[e.Said[0].Has]
			anyAfter = len(failed)
		case refusedAttempt(e):
			own := pos.Only(pos.Turn())
			if pc := own.At(e.Attempt.From()); pc == game.NoPiece {
				// An attempt naming no man of the mover's has no notation.
				continue
			}
			failed = append(failed, refusedSAN(&own, e.Attempt))
		case e.Verdict == referee.Accepted:
			san, err := pos.SAN(e.Attempt)
			if err != nil {
				return nil, fmt.Errorf("record: building: %w", err)
			}
			p := Ply{SAN: san, Move: e.Attempt, Failed: failed}
			annotate(&p, e.Said, rules, anyAnswer, anyAfter)
			rec.Plies = append(rec.Plies, p)
			pos.Apply(e.Attempt)
			failed, anyAnswer, anyAfter = nil, "", 0
		}
	}
	if len(failed) > 0 {
		rec.SetTag(RefusedAtEnd, strings.Join(failed, ","))
	}
	if anyAnswer != "" {
		rec.SetTag(AnyAtEnd, strings.TrimPrefix(AnyItem(anyAnswer, anyAfter), "any="))
	}
	if res := ref.Result(); res != nil {
		rec.Result = res.Score
		rec.SetTag("Termination", string(res.Reason))
	}
	rec.SetTag("Result", string(rec.Result))
	return rec, nil
}
