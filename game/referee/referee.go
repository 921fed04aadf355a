package referee

import (
	"errors"
	"fmt"

	"github.com/krieg/krieg/game"
)

// Verdict is how the referee answered one attempt or question.
type Verdict uint8

// The verdicts.
const (
	Accepted Verdict = iota // the move was played
	Illegal                 // illegal in the true position
	Nonsense                // impossible on the player's own board, or not allowed now
	Repeated                // a repeat of a refused attempt, refused without counting
	Answered                // an Any? question was answered
	Finished                // the game is over; nothing was done
)

// String returns the verdict's identifier.
func (v Verdict) String() string {
	return [...]string{"accepted", "illegal", "nonsense", "repeated", "answered", "finished"}[v%6]
}

// Answer is the referee's reply to one attempt: the verdict, what the
// ruleset announces (already filtered: a field the ruleset does not announce
// is left empty), and the announcements with their audiences.
type Answer struct {
	Verdict  Verdict
	Move     game.Move
	Capture  game.Square // square of the captured man, or NoSquare
	Captured CapturedKind
	Checks   []CheckKind
	Tries    *Tries // pawn tries of the side now to move, when announced
	Promoted bool   // announced promotion (RAND)
	Any      bool   // the answer to Any? (Verdict Answered)
	Result   *Result
	// Announcements lists everything said, in order, each with its audience.
	Announcements []Announcement
}

// Entry is one line of the referee's log: an attempt or question and what was said.
type Entry struct {
	Ply      int        // plies completed before this entry
	Mover    game.Color // who attempted or asked
	Attempt  game.Move  // the attempt (secret to the opponent); NoMove for Any? or resignation
	AskedAny bool
	Resigned bool
	Verdict  Verdict
	Said     []Announcement
}

// ErrGameOver is returned for actions after the game has ended.
var ErrGameOver = errors.New("referee: the game is over")

// Referee umpires one game. It is not safe for concurrent use.
type Referee struct {
	rules   Ruleset
	start   game.Position
	pos     game.Position
	plies   int
	result  *Result
	log     []Entry
	moves   []game.Move
	tries   Tries // of the side to move, for this turn
	refused []game.Move
	asked   bool // Any? asked this turn
	anyHas  bool
	pawnTry bool // a pawn capture was tried after Any? said yes (English)
}

// New starts a game under rules from start. The position must be legal
// (ParseFEN guarantees it); a game that starts finished is reported at once.
func New(rules Ruleset, start game.Position) *Referee {
	r := &Referee{rules: rules, start: start, pos: start}
	r.tries = triesOf(&r.pos, rules.Tries)
	if res := r.endOf(&r.pos, start.Turn().Other()); res != nil {
		r.result = res
	}
	return r
}

// Umpire is what a player may ask of the referee: the rules, whose turn it
// is, a player's own view, attempts and Any?. Players (the random attempter,
// the computer player) take an Umpire, never the true position.
type Umpire interface {
	Rules() Ruleset
	ToMove() game.Color
	View(c game.Color) View
	Attempt(m game.Move) Answer
	AskAny() Answer
}

// ToMove returns the side whose turn it is.
func (r *Referee) ToMove() game.Color { return r.pos.Turn() }

// Rules returns the ruleset.
func (r *Referee) Rules() Ruleset { return r.rules }

// Position returns the true position. Only the referee and test harnesses may
// look at it; players get View.
func (r *Referee) Position() game.Position { return r.pos }

// Start returns the starting position.
func (r *Referee) Start() game.Position { return r.start }

// Moves returns the accepted moves so far.
func (r *Referee) Moves() []game.Move { return append([]game.Move(nil), r.moves...) }

// Plies returns the number of accepted moves.
func (r *Referee) Plies() int { return r.plies }

// Result returns the result, or nil while the game goes on.
func (r *Referee) Result() *Result { return r.result }

// Log returns every entry so far (both sides' secrets: referee use only).
func (r *Referee) Log() []Entry { return append([]Entry(nil), r.log...) }

// LogFrom returns the entries from the i-th on (none when there are not
// that many): what a follower that has seen i entries has not seen yet,
// without copying the whole log at every attempt.
func (r *Referee) LogFrom(i int) []Entry {
	if i >= len(r.log) {
		return nil
	}
	return append([]Entry(nil), r.log[max(i, 0):]...)
}

// Last returns the latest entry; ok is false before the first attempt.
func (r *Referee) Last() (e Entry, ok bool) {
	if len(r.log) == 0 {
		return Entry{}, false
	}
	return r.log[len(r.log)-1], true
}

// Tries returns the pawn-try information of the side to move for this turn.
func (r *Referee) Tries() Tries { return r.tries }

// Refused returns the attempts refused so far this turn, in order.
func (r *Referee) Refused() []game.Move { return append([]game.Move(nil), r.refused...) }

// Attempt submits m for the side to move and returns the referee's answer.
func (r *Referee) Attempt(m game.Move) Answer {
	mover := r.pos.Turn()
	if r.result != nil {
		return Answer{Verdict: Finished, Move: m, Capture: game.NoSquare}
	}
	if r.rules.QueenOnly {
		if m.Promotion() == game.NoPieceType && r.isPromotion(m) {
			m = game.NewMove(m.From(), m.To(), game.Queen)
		} else if m.Promotion() != game.NoPieceType && m.Promotion() != game.Queen {
			return r.nonsense(m)
		}
	}
	pawnCap := r.isPawnCaptureAttempt(m)
	if pawnCap && r.asked && r.anyHas {
		r.pawnTry = true
	}
	if r.wasRefused(m) {
		switch r.rules.Repeat {
		case RepeatNonsense:
			return r.refuse(m, Nonsense)
		case RepeatRefused:
			return r.refuse(m, Repeated)
		}
		return r.refuse(m, Illegal)
	}
	if !r.possible(m, pawnCap) {
		return r.nonsense(m)
	}
	if !r.pos.IsLegal(m) {
		return r.refuse(m, Illegal)
	}
	return r.accept(m, mover)
}

// AttemptText reads an attempt as a player types it (see ParseAttempt) and submits it.
func (r *Referee) AttemptText(text string) (Answer, error) {
	m, err := ParseAttempt(text, &r.pos)
	if errors.Is(err, errPawnCapture) {
		if r.rules.Tries != TriesCount {
			return Answer{}, fmt.Errorf("referee: %q is only understood in Wild 16", text)
		}
		if r.tries.Count != 1 {
			return r.refuse(game.NoMove, Illegal), nil
		}
		var buf [4]game.Move
		m = r.pos.PawnCaptures(buf[:0])[0]
	} else if err != nil {
		return Answer{}, err
	}
	return r.Attempt(m), nil
}

// AskAny asks "Any?" for the side to move: are there pawn captures?
func (r *Referee) AskAny() Answer {
	mover := r.pos.Turn()
	if r.result != nil {
		return Answer{Verdict: Finished, Capture: game.NoSquare}
	}
	if r.rules.Any == AnyNone || r.asked {
		a := Answer{Verdict: Nonsense, Capture: game.NoSquare,
			Announcements: []Announcement{{Kind: KindNonsense, To: OnlyTo(mover), Side: mover}}}
		r.record(Entry{Mover: mover, AskedAny: true, Verdict: Nonsense, Said: a.Announcements})
		return a
	}
	r.asked, r.anyHas = true, r.tries.Has()
	a := Answer{Verdict: Answered, Any: r.anyHas, Capture: game.NoSquare,
		Announcements: []Announcement{{Kind: KindAnyAnswer, To: Everyone, Side: mover, Has: r.anyHas}}}
	r.record(Entry{Mover: mover, AskedAny: true, Verdict: Answered, Said: a.Announcements})
	return a
}

// Resign ends the game: c loses.
func (r *Referee) Resign(c game.Color) error {
	if r.result != nil {
		return ErrGameOver
	}
	r.result = &Result{Score: game.WinFor(c.Other()), Reason: ReasonResignation}
	r.record(Entry{Mover: c, Resigned: true, Verdict: Finished,
		Said: []Announcement{{Kind: KindGameOver, To: Everyone, Side: c, Result: *r.result}}})
	return nil
}

func (r *Referee) record(e Entry) {
	e.Ply = r.plies
	r.log = append(r.log, e)
}

func (r *Referee) wasRefused(m game.Move) bool {
	for _, x := range r.refused {
		if x == m {
			return true
		}
	}
	return false
}

func (r *Referee) refuse(m game.Move, v Verdict) Answer {
	mover := r.pos.Turn()
	to := OnlyTo(mover)
	kind := KindIllegal
	switch v {
	case Illegal:
		if r.rules.IllegalPublic {
			to = Everyone
		}
	case Nonsense:
		kind = KindNonsense
		if r.rules.Nonsense == NonsensePublic {
			to = Everyone
		}
	case Repeated:
		kind = KindRepeat
	}
	if v == Illegal && !r.wasRefused(m) {
		r.refused = append(r.refused, m)
	}
	a := Answer{Verdict: v, Move: m, Capture: game.NoSquare, Announcements: refusalSaid(kind, to, mover)}
	r.record(Entry{Mover: mover, Attempt: m, Verdict: v, Said: a.Announcements})
	return a
}

// refusals holds, for each refusal's words, its audience and its mover,
// the one announcement a refusal makes, shared by every refusal that says
// it: a game may log thousands of refusals (a server keeps every game's
// log in memory), and each had its own copy. Each slice's capacity is its
// length, so that a caller appending to an entry's words gets a copy.
var refusals = func() (t [3][3][2][]Announcement) {
	for k, kind := range [3]Kind{KindIllegal, KindNonsense, KindRepeat} {
		for to := Everyone; to <= BlackOnly; to++ {
			for _, c := range [2]game.Color{game.White, game.Black} {
				t[k][to][c] = []Announcement{{Kind: kind, To: to, Side: c}}
			}
		}
	}
	return t
}()

// refusalSaid returns what a refusal in kind's words says to to, of mover.
func refusalSaid(kind Kind, to Audience, mover game.Color) []Announcement {
	k := 0
	switch kind {
	case KindNonsense:
		k = 1
	case KindRepeat:
		k = 2
	}
	return refusals[k][to][mover]
}

// nonsense refuses an attempt the mover should know is impossible, in the
// ruleset's words for it.
func (r *Referee) nonsense(m game.Move) Answer {
	if r.rules.Nonsense == NonsenseAsIllegal {
		return r.refuse(m, Illegal)
	}
	return r.refuse(m, Nonsense)
}

func (r *Referee) isPromotion(m game.Move) bool {
	pc := r.pos.At(m.From())
	return pc.Type() == game.Pawn && pc.Color() == r.pos.Turn() && (m.To().Rank() == 0 || m.To().Rank() == 7)
}

// isPawnCaptureAttempt reports whether m moves one of the mover's pawns diagonally forward.
func (r *Referee) isPawnCaptureAttempt(m game.Move) bool { return r.pos.IsPawnCaptureAttempt(m) }

// possible reports whether the mover may attempt m knowing only their own men
// and what the referee has said this turn.
func (r *Referee) possible(m game.Move, pawnCap bool) bool {
	mover := r.pos.Turn()
	if pawnCap {
		if r.pos.ByColor(mover).Has(m.To()) || r.isPromotion(m) != (m.Promotion() != game.NoPieceType) {
			return false
		}
		if r.rules.PawnCaptureNeedsTry && !r.tryAllows(m) {
			return false
		}
	} else {
		own := r.pos.Only(mover)
		if !own.IsLegal(m) {
			return false
		}
	}
	if r.asked {
		switch {
		case !r.anyHas && pawnCap:
			return false
		case r.anyHas && !pawnCap && (r.rules.Any == AnyForce || !r.pawnTry):
			return false
		}
	}
	return true
}

// tryAllows reports whether the pawn-try announcement leaves room for pawn capture m.
func (r *Referee) tryAllows(m game.Move) bool { return r.tries.Allows(r.rules.Tries, m) }

func (r *Referee) accept(m game.Move, mover game.Color) Answer {
	a := Answer{Verdict: Accepted, Move: m, Capture: r.pos.CapturedSquare(m)}
	said := []Announcement{{Kind: KindMoved, To: Everyone, Side: mover}}
	if a.Capture != game.NoSquare {
		if r.rules.CaptureKind {
			a.Captured = CapturedPiece
			if r.pos.At(a.Capture).Type() == game.Pawn {
				a.Captured = CapturedPawn
			}
		}
		said = append(said, Announcement{Kind: KindCapture, To: Everyone, Side: mover, Square: a.Capture, Captured: a.Captured})
	}
	next := r.pos
	next.Apply(m)
	if checks := CheckKinds(&next, nil); len(checks) > 0 {
		if !r.rules.CheckDirection {
			checks = []CheckKind{CheckPlain}
		}
		a.Checks = checks
		for _, k := range checks {
			said = append(said, Announcement{Kind: KindCheck, To: Everyone, Side: next.Turn(), Check: k})
		}
	}
	if m.Promotion() != game.NoPieceType && r.rules.PromotionAnnounced {
		a.Promoted = true
		said = append(said, Announcement{Kind: KindPromotion, To: Everyone, Side: mover})
	}
	r.pos = next
	r.plies++
	r.moves = append(r.moves, m)
	r.refused, r.asked, r.anyHas, r.pawnTry = nil, false, false, false
	r.result = r.endOf(&r.pos, mover)
	r.tries = triesOf(&r.pos, r.rules.Tries)
	if r.result == nil && r.rules.Tries != TriesNone {
		t := r.tries
		a.Tries = &t
		said = append(said, Announcement{Kind: KindTries, To: Everyone, Side: next.Turn(), Tries: t})
	}
	if r.result != nil {
		a.Result = r.result
		said = append(said, Announcement{Kind: KindGameOver, To: Everyone, Side: mover, Result: *r.result})
	}
	a.Announcements = said
	r.log = append(r.log, Entry{Ply: r.plies - 1, Mover: mover, Attempt: m, Verdict: Accepted, Said: said})
	return a
}

// endOf decides whether the game is over in p, mover having just moved.
func (r *Referee) endOf(p *game.Position, mover game.Color) *Result {
	win := game.WinFor(mover)
	switch p.Status() {
	case game.Checkmate:
		return &Result{Score: win, Reason: ReasonCheckmate}
	case game.Stalemate:
		if r.rules.StalemateLoses {
			return &Result{Score: win, Reason: ReasonStalemate}
		}
		return &Result{Score: game.Draw, Reason: ReasonStalemate}
	}
	if p.InsufficientMaterial() {
		return &Result{Score: game.Draw, Reason: ReasonInsufficient}
	}
	if r.rules.PlyCap > 0 && r.plies >= r.rules.PlyCap {
		return &Result{Score: game.Draw, Reason: ReasonPlyCap}
	}
	return nil
}
