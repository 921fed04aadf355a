package icc

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
	"github.com/krieg/krieg/net/icc/dg"
)

// gameState is our game as we know it: our men (every man in an ordinary
// game), whose move it is, the clocks, and the move whose announcements
// are still arriving.
type gameState struct {
	spec   net.GameSpec
	own    game.Position
	toMove game.Color
	plies  int
	clocks net.Clocks
	result *referee.Result

	pending *referee.Entry // a move heard, its announcements maybe still coming
	early   []Heard        // announcements that came before their move's datagram
	sent    []game.Move    // our attempts still unanswered, oldest first (NoMove: "px")
	// refused is our refusal last reported (its ply and attempt): the
	// words and datagram 42 both tell of one, and it is reported once.
	refused struct {
		ply  int
		move game.Move
		told bool
	}
	// worded is a refusal heard in words with no attempt of ours waiting
	// (one typed at the console): datagram 42, which names the attempt,
	// follows, and reports it as the words said (kriegd's "Nonsense.",
	// which the datagram's code does not tell from "Illegal").
	worded *wordedRefusal
	double game.Square // where our pawn stands after a double step last move, else NoSquare
	// record is the finished game's record as kriegd sent it (datagram
	// 201), for a review; nil until then, and always on ICC.
	record *record.Record
}

func (g *gameState) kriegspiel() bool { return g != nil && g.spec.Kriegspiel && g.result == nil }

func (g *gameState) snapshot() net.Snapshot {
	if g == nil {
		return net.Snapshot{}
	}
	return net.Snapshot{Side: g.spec.Side, Own: g.own, ToMove: g.toMove, Plies: g.plies, Clocks: g.clocks,
		InGame: g.result == nil, Spec: g.spec, Result: g.result}
}

// field returns f[i] or an error naming it.
func field(f []string, i int) (string, error) {
	if i >= len(f) {
		return "", errFields
	}
	return f[i], nil
}

func intField(f []string, i int) (int, error) {
	v, err := field(f, i)
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("field %d: %w", i+1, err)
	}
	return n, nil
}

// gameDatagram handles the datagrams about our game; others' are ignored.
func (s *session) gameDatagram(d Datagram) error {
	switch d.Number {
	case dg.GameStarted, dg.MyGameChange:
		return s.started(d)
	}
	number, err := intField(d.Fields, 0)
	if err != nil {
		return err
	}
	g := s.g
	if g == nil || number != g.spec.Number {
		if d.Number == dg.GameRecord {
			return s.awayRecord(d.Fields)
		}
		return nil // another game (observed, or long gone)
	}
	f := d.Fields
	switch d.Number {
	case dg.PositionBegin:
		return g.position(f)
	case dg.SendMoves:
		mv, err := field(f, 1)
		if err != nil {
			return err
		}
		return g.move(s, mv)
	case dg.IllegalMove:
		reason, _ := intField(f, 2)
		named, _ := field(f, 1)
		g.illegal(s, reason, named)
	case dg.GameResult:
		code, err := field(f, 2)
		if err != nil {
			return err
		}
		score, _ := field(f, 3)
		res := resultOf(code, score)
		switch res.Reason {
		case referee.ReasonCheckmate, referee.ReasonStalemate, referee.ReasonInsufficient:
			g.flush(s, true) // the last move ended the game: no pawn tries follow it
		}
		g.end(s, res)
	case dg.MyRelation: // "X" means the game is gone
		if rel, _ := field(f, 1); rel == "X" && g.result == nil {
			g.flush(s, true)
			g.end(s, referee.Result{Score: "*", Reason: referee.ReasonOther})
		}
	case dg.GameRecord:
		if g.result == nil || g.record != nil {
			return nil // kriegd sends it once, after the result: another is not this game's
		}
		pgn, err := field(f, 1)
		if err != nil {
			return err
		}
		rec, err := record.Read(strings.NewReader(pgn))
		if err != nil {
			return fmt.Errorf("the game's record: %w", err)
		}
		if len(rec.Plies) != g.plies || rec.Result != g.result.Score {
			// Neither shown nor saved: what lasts must be this game.
			return fmt.Errorf("the server's record is of another game (%d plies, %s; this one %d plies, %s)", len(rec.Plies), rec.Result, g.plies, g.result.Score)
		}
		g.record, s.unsaved = rec, rec
	case dg.Offers: // wdraw bdraw wadj badj wabort babort ...
		g.offers(s, f)
	case dg.Msec, dg.SetClock, dg.MoreTime:
		return g.clock(s, d.Number, f)
	}
	return nil
}

// awayRecord reads the record kriegd sends after telling us of a game of
// ours that ended while we were away (it sends records to players only):
// kept for the Client to save, as a record sent at a game's end is.
func (s *session) awayRecord(f []string) error {
	pgn, err := field(f, 1)
	if err != nil {
		return err
	}
	rec, err := record.Read(strings.NewReader(pgn))
	if err != nil {
		return fmt.Errorf("the record of a game ended away: %w", err)
	}
	if !strings.EqualFold(rec.Tag("White"), s.me) && !strings.EqualFold(rec.Tag("Black"), s.me) {
		return nil // not a game of ours: nothing to keep
	}
	s.unsaved = rec
	return nil
}

// started reads datagram 15 (or 100): a new game of ours.
func (s *session) started(d Datagram) error {
	f := d.Fields
	number, err := intField(f, 0)
	if err != nil {
		return err
	}
	white, err1 := field(f, 1)
	black, err2 := field(f, 2)
	wild, err3 := intField(f, 3)
	rated, _ := field(f, 5)
	wmin, err4 := intField(f, 6)
	winc, err5 := intField(f, 7)
	bmin, _ := intField(f, 8)
	binc, _ := intField(f, 9)
	for _, e := range []error{err1, err2, err3, err4, err5} {
		if e != nil {
			return e
		}
	}
	if d.Number == dg.MyGameChange && s.g != nil && s.g.spec.Number == number {
		return nil // a change of a game we follow: our state stays
	}
	if s.g != nil {
		s.g.flush(s, true)
	}
	spec := net.GameSpec{Number: number, White: white, Black: black, Rated: rated == "1",
		Kriegspiel: wild == 16, Start: game.Start(), Rules: referee.Wild16, Side: game.White}
	if kind, _ := field(f, 4); wild == 16 {
		// kriegd names the ruleset in the rating-type field ("berkeley");
		// ICC sends "Wild" there, which is Wild 16.
		if r, err := referee.RulesetByName(strings.ToLower(kind)); err == nil {
			spec.Rules = r
		}
	}
	spec.Side, spec.Opponent = game.White, black
	if strings.EqualFold(black, s.me) && !strings.EqualFold(white, s.me) {
		spec.Side, spec.Opponent = game.Black, white
	}
	wbase, bbase := time.Duration(wmin)*time.Minute, time.Duration(bmin)*time.Minute
	spec.Base, spec.Increment = wbase, time.Duration(winc)*time.Second
	if spec.Side == game.Black {
		spec.Base, spec.Increment = bbase, time.Duration(binc)*time.Second
	}
	g := &gameState{spec: spec, toMove: game.White, double: game.NoSquare,
		clocks: net.Clocks{White: wbase, Black: bbase, Running: game.White, Stamp: s.now()}}
	g.setStart(game.Start())
	s.g = g
	s.emit(net.Event{Kind: net.KindStarted})
	return nil
}

// setStart takes the start position: our men only in Kriegspiel (never
// trust a hidden man the server might send).
func (g *gameState) setStart(p game.Position) {
	g.spec.Start, g.toMove = p, p.Turn()
	g.own = p
	if g.spec.Kriegspiel {
		g.own = p.Only(g.spec.Side)
	}
}

// position reads datagram 101: the game's start, when it is not the usual one.
func (g *gameState) position(f []string) error {
	fen, err := field(f, 1)
	if err != nil || fen == "" || g.plies > 0 {
		return err
	}
	p, err := game.ParseFEN(fen)
	if err != nil {
		return err
	}
	g.setStart(p)
	return nil
}

// move reads datagram 24: a move of either side, ours in full, the enemy's
// hidden in Kriegspiel.
func (g *gameState) move(s *session, text string) error {
	sm, err := parseSmith(text)
	if err != nil {
		return err
	}
	g.flush(s, false)
	mover := g.toMove
	us := g.spec.Side
	e := &referee.Entry{Ply: g.plies, Mover: mover, Attempt: game.NoMove, Verdict: referee.Accepted,
		Said: []referee.Announcement{{Kind: referee.KindMoved, To: referee.Everyone, Side: mover}}}
	capture, captured := game.NoSquare, referee.CapturedUnknown
	switch {
	case !g.spec.Kriegspiel:
		capture, captured = g.applyFull(sm)
		e.Attempt = sm.Move
	case mover == us && sm.Hidden:
		return fmt.Errorf("our own move came hidden (%q)", text)
	case mover == us:
		if !g.legalOwn(sm.Move) {
			return fmt.Errorf("move %s is not possible on our own board", sm.Move)
		}
		g.answered()
		e.Attempt = sm.Move
		capture, captured = g.applyOwn(sm)
	default:
		capture, captured = g.applyEnemy(s, sm)
	}
	if g.spec.Kriegspiel && !g.spec.Rules.CaptureKind {
		captured = referee.CapturedUnknown // the ruleset names only the square
	}
	if capture != game.NoSquare {
		e.Said = append(e.Said, referee.Announcement{Kind: referee.KindCapture, To: referee.Everyone,
			Side: mover, Square: capture, Captured: captured})
	}
	g.toMove = mover.Other()
	g.own.SetTurn(g.toMove)
	g.plies++
	g.runClock(s.now(), mover)
	g.pending = e
	early := g.early
	g.early = nil
	if len(early) > 0 {
		g.heard(s, early)
	}
	if !g.spec.Kriegspiel {
		g.flush(s, false)
	}
	return nil
}

// legalOwn reports whether m is a move our own board allows (an attempt we
// could have made).
func (g *gameState) legalOwn(m game.Move) bool {
	for _, c := range referee.Candidates(&g.own) {
		if c == m {
			return true
		}
	}
	return false
}

// applyOwn plays our confirmed move on our board.
func (g *gameState) applyOwn(sm smithMove) (game.Square, referee.CapturedKind) {
	m := sm.Move
	pc := g.own.At(m.From())
	g.own.SetEnPassant(game.NoSquare)
	g.own.Apply(m)
	g.own.SetEnPassant(game.NoSquare)
	g.double = game.NoSquare
	if pc.Type() == game.Pawn && (int(m.To())-int(m.From()) == 16 || int(m.From())-int(m.To()) == 16) {
		g.double = m.To()
	}
	if !sm.Capture {
		return game.NoSquare, referee.CapturedUnknown
	}
	at := m.To()
	if sm.EnPassant {
		at = game.NewSquare(m.To().File(), m.From().Rank())
	}
	return at, kindOf(sm.Captured)
}

func kindOf(t game.PieceType) referee.CapturedKind {
	switch t {
	case game.Pawn:
		return referee.CapturedPawn
	case game.NoPieceType:
		return referee.CapturedUnknown
	}
	return referee.CapturedPiece
}

// applyEnemy takes the enemy's hidden move: a capture removes our man.
func (g *gameState) applyEnemy(s *session, sm smithMove) (game.Square, referee.CapturedKind) {
	double := g.double
	g.double = game.NoSquare
	at := sm.At
	if !sm.Hidden {
		// The server showed the move: use only what a hidden one would tell.
		at = game.NoSquare
		if g.own.At(sm.Move.To()) != game.NoPiece {
			at = sm.Move.To()
		} else if sm.EnPassant {
			at = double
		}
	}
	if at == game.NoSquare {
		return game.NoSquare, referee.CapturedUnknown
	}
	pc := g.own.At(at)
	if pc == game.NoPiece && double != game.NoSquare && at == passedOver(double, g.spec.Side) {
		at, pc = double, g.own.At(double) // en passant: the move named the square passed over
	}
	if pc == game.NoPiece {
		s.problem(fmt.Errorf("icc: the enemy captured on %s, where we have no man", at))
		return at, referee.CapturedUnknown
	}
	g.own.Remove(at)
	return at, kindOf(pc.Type())
}

// passedOver returns the square a pawn of side skipped to reach at by a double step.
func passedOver(at game.Square, side game.Color) game.Square {
	if side == game.White {
		return at - 8
	}
	return at + 8
}

// applyFull plays a move of either side in an ordinary game, where every man is seen.
func (g *gameState) applyFull(sm smithMove) (game.Square, referee.CapturedKind) {
	at := g.own.CapturedSquare(sm.Move)
	var kind referee.CapturedKind
	if at != game.NoSquare {
		kind = kindOf(g.own.At(at).Type())
	}
	g.own.Apply(sm.Move)
	return at, kind
}

// answered drops our oldest unanswered attempt.
func (g *gameState) answered() (game.Move, bool) {
	if len(g.sent) == 0 {
		return game.NoMove, false
	}
	m := g.sent[0]
	g.sent = g.sent[1:]
	return m, true
}

// illegal takes the answer "illegal" (datagram 42, or the words) to our
// oldest unanswered attempt; a second report of the same answer is dropped.
// reason is datagram 42's code: 1 bad notation, 4 not our move (and other
// codes than 2 and 3) mean the attempt was not a real try. named is the
// attempt datagram 42 names ("" for the words): with none of ours
// waiting, it is a refusal told again to a player who returns to a game
// (kriegd replays the game's refusals with its moves).
func (g *gameState) illegal(s *session, reason int, named string) {
	verdict, kind := referee.Illegal, referee.KindIllegal
	if reason != 0 && reason != dg.IllegalRefused && reason != dg.IllegalInCheck {
		verdict, kind = referee.Nonsense, referee.KindNonsense
	}
	if w := g.worded; w != nil && named != "" {
		g.worded = nil
		if w.ply == g.plies {
			verdict, kind = w.verdict, w.kind
		}
	}
	g.refusal(s, named, verdict, kind)
}

// wordedRefusal is a refusal heard in words before the datagram that
// names its attempt.
type wordedRefusal struct {
	ply     int
	verdict referee.Verdict
	kind    referee.Kind
}

// refusal reports our oldest unanswered attempt refused with verdict, in
// words of kind (illegal for a datagram's refusal and the words "Illegal";
// kriegd's rulesets also say "Nonsense" and "Already tried"). named is as
// for illegal. An Any? is kriegd's answer to our "px" outside Wild 16.
func (g *gameState) refusal(s *session, named string, verdict referee.Verdict, kind referee.Kind) {
	m, ok := g.answered()
	if !ok {
		if named == "" {
			g.worded = &wordedRefusal{ply: g.plies, verdict: verdict, kind: kind}
			return
		}
		var err error
		if m, err = game.ParseMove(named); named == "px" {
			m, err = game.NoMove, nil
		}
		if err != nil || g.refused.told && g.refused.ply == g.plies && g.refused.move == m {
			return // not a move, or the one the words reported
		}
	}
	g.refused.ply, g.refused.move, g.refused.told = g.plies, m, true
	us := g.spec.Side
	e := referee.Entry{Ply: g.plies, Mover: us, Attempt: m, Verdict: verdict, AskedAny: m == game.NoMove && g.asksAny(),
		Said: []referee.Announcement{{Kind: kind, To: referee.OnlyTo(us), Side: us}}}
	s.emit(net.Event{Kind: net.KindHeard, Entry: e})
}

// asksAny reports whether our "px" is kriegd's Any? (a question) rather
// than Wild 16's px (an attempt at the one pawn capture).
func (g *gameState) asksAny() bool { return g.spec.Rules.Name != referee.Wild16.Name }

// theirRefusal reports the opponent's refused attempt, which rulesets with
// public refusals (Berkeley, Cincinnati, ...) let us hear: kind is
// KindIllegal, or KindNonsense where nonsense is public too.
func (g *gameState) theirRefusal(s *session, verdict referee.Verdict, kind referee.Kind) {
	them := g.spec.Side.Other()
	e := referee.Entry{Ply: g.plies, Mover: them, Attempt: game.NoMove, Verdict: verdict,
		Said: []referee.Announcement{{Kind: kind, To: referee.Everyone, Side: them}}}
	s.emit(net.Event{Kind: net.KindHeard, Entry: e})
}

// anyAnswer reports the answer to an Any? asked by the side to move, heard
// by both (kriegd's Berkeley + Any and English); ours was sent as "px".
func (g *gameState) anyAnswer(s *session, has bool) {
	asker := g.toMove
	if asker == g.spec.Side {
		g.answered()
	}
	e := referee.Entry{Ply: g.plies, Mover: asker, Attempt: game.NoMove, AskedAny: true, Verdict: referee.Answered,
		Said: []referee.Announcement{{Kind: referee.KindAnyAnswer, To: referee.Everyone, Side: asker, Has: has}}}
	s.emit(net.Event{Kind: net.KindHeard, Entry: e})
}

// heard adds announcements read from text to the pending move (or keeps
// them for the move datagram still to come).
func (g *gameState) heard(s *session, hs []Heard) {
	for _, h := range hs {
		switch {
		case h.Kind == "turn":
		case h.Kind == "illegal" && g.kriegspiel() && g.toMove != g.spec.Side:
			g.theirRefusal(s, referee.Illegal, referee.KindIllegal)
		case h.Kind == "illegal":
			g.illegal(s, 0, "")
		case h.Kind == "nonsense" && g.toMove != g.spec.Side:
			g.theirRefusal(s, referee.Nonsense, referee.KindNonsense)
		case h.Kind == "nonsense":
			g.refusal(s, "", referee.Nonsense, referee.KindNonsense)
		case h.Kind == "repeat":
			g.refusal(s, "", referee.Repeated, referee.KindRepeat)
		case h.Kind == "any-yes", h.Kind == "any-no":
			g.anyAnswer(s, h.Kind == "any-yes")
		case g.pending == nil:
			g.early = append(g.early, h)
		default:
			g.announce(h)
		}
	}
}

// announce adds one announcement to the pending move.
func (g *gameState) announce(h Heard) {
	e := g.pending
	mover := e.Mover
	switch h.Kind {
	case "capture-pawn", "capture-piece", "capture":
		kind := map[string]referee.CapturedKind{"capture-pawn": referee.CapturedPawn, "capture-piece": referee.CapturedPiece}[h.Kind]
		for i := range e.Said {
			if e.Said[i].Kind == referee.KindCapture {
				if kind != referee.CapturedUnknown {
					e.Said[i].Captured = kind
				}
				return
			}
		}
		e.Said = append(e.Said, referee.Announcement{Kind: referee.KindCapture, To: referee.Everyone, Side: mover, Square: h.Square, Captured: kind})
		if mover != g.spec.Side && g.own.At(h.Square) != game.NoPiece {
			g.own.Remove(h.Square) // told only in words: still our man gone
		}
	case "tries":
		t := referee.Tries{Count: h.Count}
		if h.Tries != nil {
			t = *h.Tries
		}
		e.Said = append(e.Said, referee.Announcement{Kind: referee.KindTries, To: referee.Everyone, Side: mover.Other(), Tries: t})
	case "promoted":
		e.Said = append(e.Said, referee.Announcement{Kind: referee.KindPromotion, To: referee.Everyone, Side: mover})
	default:
		if k, ok := checkKinds[h.Kind]; ok {
			e.Said = append(e.Said, referee.Announcement{Kind: referee.KindCheck, To: referee.Everyone, Side: mover.Other(), Check: k})
		}
	}
}

// flush reports the pending move with what was heard about it, in the
// referee's order (moved, capture, checks, promotion, tries). ICC says nothing when
// there are no pawn tries, so silence is read as "0 pawn tries" unless the
// game is ending.
func (g *gameState) flush(s *session, ending bool) {
	e := g.pending
	if e == nil {
		return
	}
	g.pending = nil
	var moved, capture, checks, promoted, tries []referee.Announcement
	for _, a := range e.Said {
		switch a.Kind {
		case referee.KindMoved:
			moved = append(moved, a)
		case referee.KindCapture:
			capture = append(capture, a)
		case referee.KindCheck:
			checks = append(checks, a)
		case referee.KindPromotion:
			promoted = append(promoted, a)
		case referee.KindTries:
			tries = append(tries, a)
		}
	}
	// Every ruleset that announces tries says nothing when there are none
	// (Wild 16's "0 pawn tries", Cincinnati's "no pawn capture").
	if len(tries) == 0 && !ending && g.spec.Kriegspiel && g.spec.Rules.Tries != referee.TriesNone {
		tries = append(tries, referee.Announcement{Kind: referee.KindTries, To: referee.Everyone, Side: e.Mover.Other()})
	}
	e.Said = append(append(append(append(moved, capture...), checks...), promoted...), tries...)
	s.emit(net.Event{Kind: net.KindHeard, Entry: *e})
}

// end records the result and reports it.
func (g *gameState) end(s *session, res referee.Result) {
	if g.result != nil {
		return
	}
	// The entry belongs to the loser (who resigned, flagged or left), or
	// to the side to move when nobody lost.
	who := g.toMove
	if winner, ok := res.Winner(); ok && res.Reason != referee.ReasonCheckmate && res.Reason != referee.ReasonStalemate {
		who = winner.Other()
	}
	g.flush(s, false) // the last move is reported while the game still runs
	g.result = &res
	// The running clock stops at what it shows now, not at what the server
	// last said of it: a resignation after a long think kept the think.
	k := &g.clocks
	now := s.now()
	k.White, k.Black, k.Stamp = k.Remaining(game.White, now), k.Remaining(game.Black, now), now
	k.Ticking = false
	g.sent = nil
	s.emit(net.Event{Kind: net.KindHeard, Entry: referee.Entry{Ply: g.plies, Mover: who, Verdict: referee.Finished,
		Resigned: res.Reason == referee.ReasonResignation,
		Said:     []referee.Announcement{{Kind: referee.KindGameOver, To: referee.Everyone, Side: who, Result: res}}}})
	s.emit(net.Event{Kind: net.KindEnded})
}

// offers reads datagram 21 and reports the opponent's standing offers.
func (g *gameState) offers(s *session, f []string) {
	base := 1 // wdraw bdraw wadj badj wabort babort: the opponent's flag is at base+their colour
	them := int(g.spec.Side.Other())
	for i, what := range []string{"draw", "adjourn", "abort"} {
		if v, _ := field(f, base+2*i+them); v == "1" {
			s.emit(net.Event{Kind: net.KindOffer, Text: what})
		}
	}
}

// runClock stops mover's clock at what it shows now, adds the increment
// as the server does, and starts the other's, if the clocks were running:
// the server says when they start (datagram 56), and kriegd starts them
// only once both sides have made their first move. The server's own
// figures (datagram 56) follow the move; until they come, a clock shown
// at once (the console's "your move") already holds the increment.
func (g *gameState) runClock(now time.Time, mover game.Color) {
	if g.clocks.Ticking {
		*g.clocks.Of(mover) = g.clocks.Remaining(mover, now) + g.spec.Increment
	}
	g.clocks.Running, g.clocks.Stamp = mover.Other(), now
}

// clock reads datagrams 56 (MSEC), 38 (SET_CLOCK) and 61 (MORETIME).
func (g *gameState) clock(s *session, number int, f []string) error {
	k := &g.clocks
	now := s.now()
	// Bring both clocks up to now, so the stamp can move.
	k.White, k.Black, k.Stamp = k.Remaining(game.White, now), k.Remaining(game.Black, now), now
	switch number {
	case dg.Msec:
		c, err := colorField(f, 1)
		if err != nil {
			return err
		}
		ms, err := intField(f, 2)
		if err != nil {
			return err
		}
		*k.Of(c) = time.Duration(ms) * time.Millisecond
		if d := time.Duration(ms) * time.Millisecond; g.plies == 0 && d > g.spec.Base && d < g.spec.Base+time.Minute {
			// The clocks before the first move are the game's time: kriegd
			// allows fractions of a minute (0.1 0, 1.5 0.5), which datagram
			// 15's whole minutes cut (to 0 0, "no clock").
			g.spec.Base = d
		}
		switch running, _ := field(f, 3); {
		case running == "1":
			k.Running, k.Ticking = c, true
		case k.Running == c:
			k.Ticking = false
		}
	case dg.SetClock:
		w, err1 := intField(f, 1)
		b, err2 := intField(f, 2)
		if err1 != nil || err2 != nil {
			return errFields
		}
		k.White, k.Black = time.Duration(w)*time.Second, time.Duration(b)*time.Second
	case dg.MoreTime:
		c, err := colorField(f, 1)
		if err != nil {
			return err
		}
		sec, err := intField(f, 2)
		if err != nil {
			return err
		}
		*k.Of(c) += time.Duration(sec) * time.Second
	}
	s.emit(net.Event{Kind: net.KindClock})
	return nil
}

// colorField reads a colour field: W or B.
func colorField(f []string, i int) (game.Color, error) {
	v, err := field(f, i)
	if err != nil {
		return game.White, err
	}
	switch strings.ToUpper(v) {
	case "W", "WHITE":
		return game.White, nil
	case "B", "BLACK":
		return game.Black, nil
	}
	return game.White, fmt.Errorf("field %d: colour %q", i+1, v)
}
