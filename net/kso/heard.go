package kso

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// View is one player's game as a state answer tells it, in the referee
// package's terms: the same entries a local referee would give that player
// (View.Heard), less what the site never shows (see HeardFrom).
type View struct {
	Side    game.Color
	Own     game.Position // our men only
	ToMove  game.Color
	Plies   int
	Heard   []referee.Entry
	Result  *referee.Result
	Site    *GameResult // the result as the site wrote it
	Clocks  net.Clocks
	State   string      // waiting, active, completed
	Allowed []game.Move // attempts the site will entertain now
	Any     bool        // Any? may be asked now
}

// ReadState turns a state answer into a View, reading at now.
func ReadState(rules referee.Ruleset, st GameState, now time.Time) (View, error) {
	v := View{State: st.State}
	var err error
	if v.Side, err = color(st.YourColor); err != nil {
		return v, err
	}
	if st.Turn != nil {
		if v.ToMove, err = color(*st.Turn); err != nil {
			return v, err
		}
	}
	var full *game.Position
	if st.State == "completed" {
		if p, err := game.ParseFEN(st.YourFEN); err == nil {
			full = &p
		}
	}
	if v.Own, err = ownBoard(st.YourFEN, v.Side); err != nil {
		return v, err
	}
	if v.Heard, v.Plies, err = HeardFrom(rules, v.Side, st.Scoresheet, full); err != nil {
		return v, err
	}
	if st.Result != nil {
		res, err := ResultOf(*st.Result)
		if err != nil {
			return v, err
		}
		v.Result, v.Site = &res, st.Result
		if res.Reason == referee.ReasonResignation {
			loser := game.White
			if w, ok := res.Winner(); ok && w == game.White {
				loser = game.Black
			}
			v.Heard = append(v.Heard, referee.Entry{Ply: v.Plies, Mover: loser, Resigned: true, Verdict: referee.Finished,
				Said: []referee.Announcement{{Kind: referee.KindGameOver, To: referee.Everyone, Side: loser, Result: res}}})
		}
	}
	v.Clocks = ClocksOf(st.Clock, st.State == "active", now)
	for _, u := range st.AllowedMoves {
		m, err := game.ParseMove(u)
		if err != nil {
			return v, fmt.Errorf("kso: allowed move %q: %w", clip(u), err)
		}
		v.Allowed = append(v.Allowed, m)
	}
	for _, a := range st.PossibleActions {
		v.Any = v.Any || a == "ask_any"
	}
	return v, nil
}

// ClocksOf reads the site's clocks (seconds) as of now.
func ClocksOf(c ClockState, active bool, now time.Time) net.Clocks {
	k := net.Clocks{White: seconds(c.WhiteRemaining), Black: seconds(c.BlackRemaining), Stamp: now}
	if c.ActiveColor != nil && active {
		if col, err := color(*c.ActiveColor); err == nil {
			k.Running, k.Ticking = col, true
		}
	}
	return k
}

func seconds(s float64) time.Duration {
	if s < 0 || s != s {
		return 0
	}
	return time.Duration(s * float64(time.Second))
}

// ResultOf reads the site's result.
func ResultOf(r GameResult) (referee.Result, error) {
	score := game.Draw
	if r.Winner != nil {
		switch *r.Winner {
		case "white":
			score = game.WhiteWins
		case "black":
			score = game.BlackWins
		default:
			return referee.Result{}, fmt.Errorf("kso: result with winner %q", clip(*r.Winner))
		}
	}
	reason := referee.ReasonOther
	switch r.Reason {
	case "checkmate":
		reason = referee.ReasonCheckmate
	case "stalemate":
		reason = referee.ReasonStalemate
	case "insufficient":
		reason = referee.ReasonInsufficient
	case "too_many_reversible_moves":
		reason = referee.ReasonFiftyMoves
	case "resignation":
		reason = referee.ReasonResignation
	case "timeout":
		reason = referee.ReasonTime
	}
	return referee.Result{Score: score, Reason: reason}, nil
}

func color(s string) (game.Color, error) {
	switch s {
	case "white":
		return game.White, nil
	case "black":
		return game.Black, nil
	}
	return game.White, fmt.Errorf("kso: %q is not a colour", clip(s))
}

// ownBoard reads the men of side from a FEN that may hold only them (the
// site hides the enemy while the game runs), with side's castling rights.
func ownBoard(fen string, side game.Color) (game.Position, error) {
	fields := strings.Fields(fen)
	if len(fields) < 2 {
		return game.Position{}, fmt.Errorf("kso: your_fen %q: too few fields", clip(fen))
	}
	p := game.Empty()
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return p, fmt.Errorf("kso: your_fen %q: want 8 ranks", clip(fen))
	}
	for i, row := range ranks {
		f := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				f += int(c - '0')
				continue
			}
			t, ok := game.PieceTypeFromLetter(c)
			if !ok || f > 7 {
				return p, fmt.Errorf("kso: your_fen %q: bad rank %d", clip(fen), 8-i)
			}
			col := game.White
			if c >= 'a' {
				col = game.Black
			}
			if col == side {
				p.Put(game.NewSquare(f, 7-i), game.NewPiece(col, t))
			}
			f++
		}
		if f != 8 {
			return p, fmt.Errorf("kso: your_fen %q: rank %d is not 8 squares", clip(fen), 8-i)
		}
	}
	switch fields[1] {
	case "w":
		p.SetTurn(game.White)
	case "b":
		p.SetTurn(game.Black)
	default:
		return p, fmt.Errorf("kso: your_fen %q: side to move %q", clip(fen), clip(fields[1]))
	}
	if len(fields) > 2 {
		var cr game.CastleRights
		for _, c := range fields[2] {
			switch {
			case c == 'K' && side == game.White:
				cr |= game.WhiteKingside
			case c == 'Q' && side == game.White:
				cr |= game.WhiteQueenside
			case c == 'k' && side == game.Black:
				cr |= game.BlackKingside
			case c == 'q' && side == game.Black:
				cr |= game.BlackQueenside
			}
		}
		p.SetCastling(cr)
	}
	return p, nil
}

// HeardFrom rebuilds the entries a player heard from their scoresheet, in
// order, and counts the accepted moves. final is the true position once the
// game is over (zero before): a mating move's checks, which the site folds
// into "Checkmate", are read from it.
//
// The site shows neither side's nonsense attempts (IMPOSSIBLE_TO_ASK,
// NONSENSE) on scoresheets; the Endpoint reports our own from the answer to
// the attempt. A resignation is not on the scoresheet either (ReadState adds it).
func HeardFrom(rules referee.Ruleset, side game.Color, sheet ViewerScoresheet, final *game.Position) ([]referee.Entry, int, error) {
	turns := append([]ScoresheetTurn(nil), sheet.Turns...)
	sort.SliceStable(turns, func(i, j int) bool { return turns[i].Turn < turns[j].Turn })
	var out []referee.Entry
	plies := 0
	lastAccepted := -1
	for _, t := range turns {
		for _, mover := range []game.Color{game.White, game.Black} {
			list := t.White
			if mover == game.Black {
				list = t.Black
			}
			for _, a := range list {
				if len(a.Messages) == 0 {
					return nil, 0, fmt.Errorf("kso: scoresheet turn %d: a %q line without messages", t.Turn, clip(a.Kind))
				}
				switch a.Kind {
				case "text":
					continue // free text, no announcement krieg can read
				case "status":
					if lastAccepted < 0 || lastAccepted != len(out)-1 {
						return nil, 0, fmt.Errorf("kso: scoresheet turn %d: pawn tries %q follow no move", t.Turn, clip(a.Messages[0]))
					}
					tries, err := parseTries(a.Messages[0])
					if err != nil {
						return nil, 0, fmt.Errorf("kso: scoresheet turn %d: %w", t.Turn, err)
					}
					e := &out[lastAccepted]
					if !saysGameOver(e.Said) {
						e.Said = append(e.Said, referee.Announcement{Kind: referee.KindTries, To: referee.Everyone, Side: mover, Tries: tries})
					}
					lastAccepted = -1
				case "ask_any":
					has := a.Messages[0] == "Has pawn captures"
					if !has && a.Messages[0] != "No pawn captures" {
						return nil, 0, fmt.Errorf("kso: scoresheet turn %d: Any? answered %q", t.Turn, clip(a.Messages[0]))
					}
					out = append(out, referee.Entry{Ply: plies, Mover: mover, AskedAny: true, Verdict: referee.Answered,
						Said: []referee.Announcement{{Kind: referee.KindAnyAnswer, To: referee.Everyone, Side: mover, Has: has}}})
				case "illegal_move":
					e := referee.Entry{Ply: plies, Mover: mover, Verdict: referee.Illegal,
						Said: []referee.Announcement{{Kind: referee.KindIllegal, To: IllegalAudience(rules, mover), Side: mover}}}
					if mover == side {
						m, err := ownMove(a)
						if err != nil {
							return nil, 0, fmt.Errorf("kso: scoresheet turn %d: %w", t.Turn, err)
						}
						e.Attempt = m
					}
					out = append(out, e)
				case "move", "capture":
					e := referee.Entry{Ply: plies, Mover: mover, Verdict: referee.Accepted}
					if mover == side {
						m, err := ownMove(a)
						if err != nil {
							return nil, 0, fmt.Errorf("kso: scoresheet turn %d: %w", t.Turn, err)
						}
						e.Attempt = m
					}
					said, err := parseMoveMessages(mover, a.Messages)
					if err != nil {
						return nil, 0, fmt.Errorf("kso: scoresheet turn %d: %w", t.Turn, err)
					}
					e.Said = said
					out = append(out, e)
					lastAccepted = len(out) - 1
					plies++
				default:
					return nil, 0, fmt.Errorf("kso: scoresheet turn %d: unknown line kind %q", t.Turn, clip(a.Kind))
				}
			}
		}
	}
	if final != nil && len(out) > 0 {
		mateChecks(&out[len(out)-1], final)
	}
	return out, plies, nil
}

// IllegalAudience is who hears mover's illegal attempt under rules.
func IllegalAudience(rules referee.Ruleset, mover game.Color) referee.Audience {
	if rules.IllegalPublic {
		return referee.Everyone
	}
	return referee.OnlyTo(mover)
}

// NonsenseAudience is who hears mover's nonsense attempt under rules, as
// the referee package says it (the site tells only the mover).
func NonsenseAudience(rules referee.Ruleset, mover game.Color) referee.Audience {
	if rules.Nonsense == referee.NonsensePublic {
		return referee.Everyone
	}
	return referee.OnlyTo(mover)
}

func ownMove(a AnnouncementEntry) (game.Move, error) {
	if a.MoveUCI == nil {
		return game.NoMove, fmt.Errorf("our %s line has no move", clip(a.Kind))
	}
	m, err := game.ParseMove(*a.MoveUCI)
	if err != nil {
		return game.NoMove, fmt.Errorf("our move %q: %w", clip(*a.MoveUCI), err)
	}
	return m, nil
}

func saysGameOver(said []referee.Announcement) bool {
	for _, a := range said {
		if a.Kind == referee.KindGameOver {
			return true
		}
	}
	return false
}

// mateChecks adds the checks of a mating move, which the site does not
// name, from the final position.
func mateChecks(e *referee.Entry, final *game.Position) {
	if e.Verdict != referee.Accepted || !saysGameOver(e.Said) || !final.InCheck() {
		return
	}
	for _, a := range e.Said {
		if a.Kind == referee.KindCheck {
			return
		}
	}
	var checks []referee.Announcement
	for _, k := range referee.CheckKinds(final, nil) {
		checks = append(checks, referee.Announcement{Kind: referee.KindCheck, To: referee.Everyone, Side: final.Turn(), Check: k})
	}
	// In the referee's order the checks come before a promotion and the end.
	at := 0
	for at < len(e.Said) && e.Said[at].Kind != referee.KindPromotion && e.Said[at].Kind != referee.KindGameOver {
		at++
	}
	e.Said = append(e.Said[:at], append(checks, e.Said[at:]...)...)
}

// The site's fixed texts (src/app/services/state_projection.py).
var checkTexts = map[string]referee.CheckKind{
	"Check on rank":           referee.CheckRank,
	"Check on file":           referee.CheckFile,
	"Check on long diagonal":  referee.CheckLong,
	"Check on short diagonal": referee.CheckShort,
	"Check by knight":         referee.CheckKnight,
}

var endTexts = map[string]referee.Result{
	"Checkmate — White wins":            {Score: game.WhiteWins, Reason: referee.ReasonCheckmate},
	"Checkmate — Black wins":            {Score: game.BlackWins, Reason: referee.ReasonCheckmate},
	"Stalemate — White wins":            {Score: game.WhiteWins, Reason: referee.ReasonStalemate},
	"Stalemate — Black wins":            {Score: game.BlackWins, Reason: referee.ReasonStalemate},
	"Draw by stalemate":                 {Score: game.Draw, Reason: referee.ReasonStalemate},
	"Draw by insufficient material":     {Score: game.Draw, Reason: referee.ReasonInsufficient},
	"Draw by too many reversible moves": {Score: game.Draw, Reason: referee.ReasonFiftyMoves},
}

// parseMoveMessages reads the texts of an accepted move into announcements,
// in the referee's order: moved, capture, checks, promotion, game over.
func parseMoveMessages(mover game.Color, msgs []string) ([]referee.Announcement, error) {
	said := []referee.Announcement{{Kind: referee.KindMoved, To: referee.Everyone, Side: mover}}
	var checks, promo, end []referee.Announcement
	for i, m := range msgs {
		if i == 0 {
			if m == "Move complete" {
				continue
			}
			sq, kind, err := parseCapture(m)
			if err != nil {
				return nil, err
			}
			said = append(said, referee.Announcement{Kind: referee.KindCapture, To: referee.Everyone, Side: mover, Square: sq, Captured: kind})
			continue
		}
		if k, ok := checkTexts[m]; ok {
			checks = append(checks, referee.Announcement{Kind: referee.KindCheck, To: referee.Everyone, Side: mover.Other(), Check: k})
			continue
		}
		if r, ok := endTexts[m]; ok {
			end = append(end, referee.Announcement{Kind: referee.KindGameOver, To: referee.Everyone, Side: mover, Result: r})
			continue
		}
		switch {
		case m == "Double check":
		case m == "Promotion":
			promo = append(promo, referee.Announcement{Kind: referee.KindPromotion, To: referee.Everyone, Side: mover})
		case strings.HasSuffix(m, " dropped"):
			return nil, fmt.Errorf("%q: CrazyKrieg drops are not played by krieg", clip(m))
		default:
			return nil, fmt.Errorf("unknown announcement %q", clip(m))
		}
	}
	said = append(said, checks...)
	said = append(said, promo...)
	return append(said, end...), nil
}

// parseCapture reads "Pawn captured at E4", "Piece captured at E4",
// "Capture done at E4" or "En passant capture at E4".
func parseCapture(m string) (game.Square, referee.CapturedKind, error) {
	head, sq, ok := strings.Cut(m, " at ")
	if !ok {
		return game.NoSquare, 0, fmt.Errorf("unknown announcement %q", clip(m))
	}
	s, err := game.ParseSquare(strings.ToLower(sq))
	if err != nil {
		return game.NoSquare, 0, fmt.Errorf("capture %q: %w", clip(m), err)
	}
	switch head {
	case "Capture done", "En passant capture":
		return s, referee.CapturedUnknown, nil
	case "Pawn captured":
		return s, referee.CapturedPawn, nil
	case "Piece captured", "Knight captured", "Bishop captured", "Rook captured", "Queen captured":
		return s, referee.CapturedPiece, nil
	}
	return game.NoSquare, 0, fmt.Errorf("unknown capture %q", clip(m))
}

// parseTries reads a pawn-try line: "No pawn captures", "1 pawn try",
// "3 pawn tries", "Has pawn capture", "Pawn try from E4", "Pawn tries from E4, C4".
func parseTries(m string) (referee.Tries, error) {
	switch {
	case m == "No pawn captures":
		return referee.Tries{}, nil
	case m == "Has pawn capture":
		return referee.Tries{Count: 1}, nil
	case m == "1 pawn try":
		return referee.Tries{Count: 1}, nil
	case strings.HasSuffix(m, " pawn tries"):
		n, err := strconv.Atoi(strings.TrimSuffix(m, " pawn tries"))
		if err != nil || n < 2 {
			return referee.Tries{}, fmt.Errorf("pawn tries %q", clip(m))
		}
		return referee.Tries{Count: n}, nil
	}
	list, ok := strings.CutPrefix(m, "Pawn try from ")
	if !ok {
		list, ok = strings.CutPrefix(m, "Pawn tries from ")
	}
	if !ok {
		return referee.Tries{}, fmt.Errorf("unknown pawn-try line %q", clip(m))
	}
	var t referee.Tries
	for _, f := range strings.Split(list, ", ") {
		s, err := game.ParseSquare(strings.ToLower(strings.TrimSpace(f)))
		if err != nil {
			return referee.Tries{}, fmt.Errorf("pawn try square in %q: %w", clip(m), err)
		}
		t.Squares = append(t.Squares, s)
	}
	t.Count = len(t.Squares)
	return t, nil
}

// AnswerEntry turns the site's answer to our own attempt m (or Any?, m =
// NoMove) into the entry a local referee would log for us; ok is false for
// answers that log nothing (INVALID_UCI). Accepted moves and illegal
// attempts come back from the scoresheet too; the Endpoint takes only the
// nonsense answers from here.
func AnswerEntry(rules referee.Ruleset, side game.Color, plies int, m game.Move, r MoveResponse) (referee.Entry, bool) {
	e := referee.Entry{Ply: plies, Mover: side, Attempt: m}
	switch r.Announcement {
	case "IMPOSSIBLE_TO_ASK", "NONSENSE":
		e.Verdict = referee.Nonsense
		e.Said = []referee.Announcement{{Kind: referee.KindNonsense, To: NonsenseAudience(rules, side), Side: side}}
	case "ILLEGAL_MOVE":
		e.Verdict = referee.Illegal
		e.Said = []referee.Announcement{{Kind: referee.KindIllegal, To: IllegalAudience(rules, side), Side: side}}
	case "HAS_ANY", "NO_ANY":
		e.Attempt, e.AskedAny, e.Verdict = game.NoMove, true, referee.Answered
		e.Said = []referee.Announcement{{Kind: referee.KindAnyAnswer, To: referee.Everyone, Side: side, Has: r.Announcement == "HAS_ANY"}}
	case "REGULAR_MOVE", "CAPTURE_DONE":
		e.Verdict = referee.Accepted
	default:
		return e, false
	}
	return e, true
}
