package kso

import (
	"sort"
	"strconv"
	"strings"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// This file writes krieg's referee log the way the site projects its
// engine's answers for a player (answers, scoresheets, the referee log), so
// that the fake site and the outside-bot harness serve exactly what the
// real one would, and heard.go reads it back. See docs/protocols.md,
// "kriegspiel.org".

// checkCodes are the engine's names for check directions.
var checkCodes = map[referee.CheckKind]string{
	referee.CheckRank: "CHECK_RANK", referee.CheckFile: "CHECK_FILE", referee.CheckLong: "CHECK_LONG_DIAGONAL",
	referee.CheckShort: "CHECK_SHORT_DIAGONAL", referee.CheckKnight: "CHECK_KNIGHT",
}

// codeTexts are the site's words for the special announcements
// (testdata/backend-texts.txt holds the backend's table they are checked against).
var codeTexts = map[string]string{
	"CHECK_RANK": "Check on rank", "CHECK_FILE": "Check on file", "CHECK_LONG_DIAGONAL": "Check on long diagonal",
	"CHECK_SHORT_DIAGONAL": "Check on short diagonal", "CHECK_KNIGHT": "Check by knight", "CHECK_DOUBLE": "Double check",
	"CHECKMATE_WHITE_WINS": "Checkmate — White wins", "CHECKMATE_BLACK_WINS": "Checkmate — Black wins",
	"STALEMATE_WHITE_WINS": "Stalemate — White wins", "STALEMATE_BLACK_WINS": "Stalemate — Black wins",
	"DRAW_STALEMATE": "Draw by stalemate", "DRAW_INSUFFICIENT": "Draw by insufficient material",
	"DRAW_TOOMANYREVERSIBLEMOVES": "Draw by too many reversible moves",
}

// CodeText returns the site's words for a special announcement code, or "".
func CodeText(code string) string { return codeTexts[code] }

// ColorName is the site's name of a side.
func ColorName(c game.Color) string {
	if c == game.Black {
		return "black"
	}
	return "white"
}

// EndCode is the engine's special announcement for a game's end. A
// stalemate that is not a draw (RAND, where the stalemated side loses) is
// the stalemating side's win, STALEMATE_WHITE_WINS or STALEMATE_BLACK_WINS;
// the referee's ply cap stands for the engine's reversible-move cap.
func EndCode(r referee.Result) string {
	w, won := r.Winner()
	switch {
	case r.Reason == referee.ReasonCheckmate && won && w == game.White:
		return "CHECKMATE_WHITE_WINS"
	case r.Reason == referee.ReasonCheckmate:
		return "CHECKMATE_BLACK_WINS"
	case r.Reason == referee.ReasonStalemate && won && w == game.White:
		return "STALEMATE_WHITE_WINS"
	case r.Reason == referee.ReasonStalemate && won:
		return "STALEMATE_BLACK_WINS"
	case r.Reason == referee.ReasonStalemate:
		return "DRAW_STALEMATE"
	case r.Reason == referee.ReasonInsufficient:
		return "DRAW_INSUFFICIENT"
	}
	return "DRAW_TOOMANYREVERSIBLEMOVES"
}

func ptr[T any](v T) *T { return &v }

// AnswerOf writes the referee's answer as the site's move response: main
// announcement, one special announcement (a game's end outranks a check),
// a double check's two directions, the capture, and the next turn's pawn
// tries in the ruleset's form. Turn, GameOver and Clock are the caller's.
func AnswerOf(rules referee.Ruleset, a referee.Answer) MoveResponse {
	r := MoveResponse{Checks: []string{}}
	var checks []referee.CheckKind
	var tries *referee.Tries
	var end *referee.Result
	for _, x := range a.Announcements {
		switch x.Kind {
		case referee.KindCapture:
			r.CaptureSquare = ptr(x.Square.String())
			switch x.Captured {
			case referee.CapturedPawn:
				r.CapturedPieceAnnouncement = ptr("PAWN")
			case referee.CapturedPiece:
				r.CapturedPieceAnnouncement = ptr("PIECE")
			}
		case referee.KindCheck:
			checks = append(checks, x.Check)
		case referee.KindTries:
			t := x.Tries
			tries = &t
		case referee.KindPromotion:
			r.PromotionAnnounced = ptr(true)
		case referee.KindGameOver:
			res := x.Result
			end = &res
		}
	}
	r.Announcement = mainCode(rules, a)
	r.MoveDone = a.Verdict == referee.Accepted
	switch {
	case end != nil:
		r.SpecialAnnouncement = ptr(EndCode(*end))
	case len(checks) == 1:
		r.SpecialAnnouncement = ptr(checkCodes[checks[0]])
	case len(checks) >= 2:
		r.SpecialAnnouncement = ptr("CHECK_DOUBLE")
		for _, k := range checks[:2] {
			r.Checks = append(r.Checks, checkCodes[k])
		}
	}
	if tries != nil {
		setTries(&r, rules, *tries)
	}
	return r
}

// mainCode is the engine's main announcement for an answer.
func mainCode(rules referee.Ruleset, a referee.Answer) string {
	switch a.Verdict {
	case referee.Accepted:
		for _, x := range a.Announcements {
			if x.Kind == referee.KindCapture {
				return "CAPTURE_DONE"
			}
		}
		return "REGULAR_MOVE"
	case referee.Illegal:
		return "ILLEGAL_MOVE"
	case referee.Answered:
		for _, x := range a.Announcements {
			if x.Kind == referee.KindAnyAnswer && x.Has {
				return "HAS_ANY"
			}
		}
		return "NO_ANY"
	}
	if rules.Nonsense == referee.NonsensePublic {
		return "NONSENSE"
	}
	return "IMPOSSIBLE_TO_ASK"
}

// setTries writes the next turn's pawn tries in the ruleset's form.
func setTries(r *MoveResponse, rules referee.Ruleset, t referee.Tries) {
	switch rules.Tries {
	case referee.TriesCount:
		r.NextTurnPawnTries = ptr(t.Count)
	case referee.TriesYesNo:
		r.NextTurnHasPawnCapture = ptr(t.Has())
	case referee.TriesSquares:
		sq := []string{}
		for _, s := range t.Squares {
			sq = append(sq, s.String())
		}
		r.NextTurnPawnTrySquares = sq
	}
}

// captureText is the site's capture line.
func captureText(r MoveResponse) string {
	sq := strings.ToUpper(*r.CaptureSquare)
	if r.CapturedPieceAnnouncement != nil {
		label := map[string]string{"PAWN": "Pawn", "PIECE": "Piece"}[*r.CapturedPieceAnnouncement]
		return label + " captured at " + sq
	}
	return "Capture done at " + sq
}

// Messages are the texts a scoresheet line shows for an answer; none for
// the answers the site never puts on a scoresheet (nonsense).
func Messages(r MoveResponse) []string {
	var out []string
	switch r.Announcement {
	case "REGULAR_MOVE":
		out = append(out, "Move complete")
	case "CAPTURE_DONE":
		out = append(out, captureText(r))
	case "ILLEGAL_MOVE":
		out = append(out, "Illegal move")
	case "HAS_ANY":
		out = append(out, "Has pawn captures")
	case "NO_ANY":
		out = append(out, "No pawn captures")
	default:
		return nil
	}
	if r.SpecialAnnouncement != nil {
		out = append(out, codeTexts[*r.SpecialAnnouncement])
		if *r.SpecialAnnouncement == "CHECK_DOUBLE" {
			for _, c := range r.Checks {
				out = append(out, codeTexts[c])
			}
		}
	}
	if r.PromotionAnnounced != nil && *r.PromotionAnnounced {
		out = append(out, "Promotion")
	}
	return out
}

// NextTurnText is the pawn-try line an answer gives the next side, or "".
func NextTurnText(r MoveResponse) string {
	switch {
	case r.NextTurnPawnTrySquares != nil:
		switch len(r.NextTurnPawnTrySquares) {
		case 0:
			return "No pawn captures"
		case 1:
			return "Pawn try from " + strings.ToUpper(r.NextTurnPawnTrySquares[0])
		}
		up := make([]string, len(r.NextTurnPawnTrySquares))
		for i, s := range r.NextTurnPawnTrySquares {
			up[i] = strings.ToUpper(s)
		}
		return "Pawn tries from " + strings.Join(up, ", ")
	case r.NextTurnPawnTries != nil:
		switch n := *r.NextTurnPawnTries; {
		case n <= 0:
			return "No pawn captures"
		case n == 1:
			return "1 pawn try"
		default:
			return strconv.Itoa(n) + " pawn tries"
		}
	case r.NextTurnHasPawnCapture != nil && *r.NextTurnHasPawnCapture:
		return "Has pawn capture"
	case r.NextTurnHasPawnCapture != nil:
		return "No pawn captures"
	}
	return ""
}

// sheetLine is the scoresheet line of one entry the viewer heard.
func sheetLine(rules referee.Ruleset, e referee.Entry, own bool) (AnnouncementEntry, MoveResponse) {
	r := AnswerOf(rules, referee.Answer{Verdict: e.Verdict, Capture: game.NoSquare, Announcements: e.Said})
	msgs := Messages(r)
	qt, prompt := "COMMON", "Move attempt"
	switch {
	case e.AskedAny && own:
		qt, prompt = "ASK_ANY", "Ask any pawn captures"
	case e.AskedAny:
		qt, prompt = "ASK_ANY", "Opponent asked any pawn captures"
	case !own:
		prompt = "Opponent move"
	}
	kind := "move"
	switch {
	case e.AskedAny:
		kind = "ask_any"
	case r.Announcement == "ILLEGAL_MOVE":
		kind = "illegal_move"
	case r.Announcement == "CAPTURE_DONE":
		kind = "capture"
	}
	line := AnnouncementEntry{Kind: kind, Actor: ptr(actor(own)), Prompt: &prompt,
		Message: prompt + " — " + strings.Join(msgs, " · "), Messages: msgs, QuestionType: &qt}
	if own && !e.AskedAny {
		line.MoveUCI = ptr(e.Attempt.String())
	}
	return line, r
}

func actor(own bool) string {
	if own {
		return "self"
	}
	return "opponent"
}

// Scoresheet is the viewer's scoresheet of the entries they heard (a
// referee.View's Heard): each side's lines under their move number, a
// move's pawn-try line first in the next side's list; nonsense and
// resignations are not shown.
func Scoresheet(rules referee.Ruleset, viewer game.Color, heard []referee.Entry) ViewerScoresheet {
	sheet := ViewerScoresheet{ViewerColor: ColorName(viewer), Turns: []ScoresheetTurn{}}
	turns := map[int]*ScoresheetTurn{}
	var order []int
	add := func(turn int, c game.Color, e AnnouncementEntry) {
		t := turns[turn]
		if t == nil {
			t = &ScoresheetTurn{Turn: turn, White: []AnnouncementEntry{}, Black: []AnnouncementEntry{}}
			turns[turn] = t
			order = append(order, turn)
		}
		if c == game.White {
			t.White = append(t.White, e)
		} else {
			t.Black = append(t.Black, e)
		}
	}
	for _, e := range heard {
		if e.Resigned || e.Verdict == referee.Nonsense || e.Verdict == referee.Repeated || e.Verdict == referee.Finished {
			continue
		}
		turn := e.Ply/2 + 1
		sheet.LastMoveNumber = max(sheet.LastMoveNumber, turn)
		line, r := sheetLine(rules, e, e.Mover == viewer)
		add(turn, e.Mover, line)
		if text := NextTurnText(r); text != "" {
			next, nc := turn, game.Black
			if e.Mover == game.Black {
				next, nc = turn+1, game.White
			}
			add(next, nc, AnnouncementEntry{Kind: "status", Actor: ptr(actor(nc == viewer)), Message: text, Messages: []string{text}})
		}
	}
	sort.Ints(order)
	for _, t := range order {
		sheet.Turns = append(sheet.Turns, *turns[t])
	}
	return sheet
}

// RefereeLog is the referee log the site derives from a scoresheet: each
// line's message under the ply its side played.
func RefereeLog(sheet ViewerScoresheet) []RefereeLogItem {
	log := []RefereeLogItem{}
	for _, t := range sheet.Turns {
		for c, list := range [2][]AnnouncementEntry{t.White, t.Black} {
			ply := (t.Turn-1)*2 + 1 + c
			for _, e := range list {
				log = append(log, RefereeLogItem{Ply: ptr(ply), Announcement: e.Message})
			}
		}
	}
	return log
}

// MaterialOf is the public material summary: men left counted from 16 by
// the captures announced, and pawns captured where the ruleset types
// captures (a silent promotion changes neither).
func MaterialOf(rules referee.Ruleset, v referee.View) MaterialSummary {
	m := v.Material(rules)
	side := func(c game.Color) MaterialSide {
		s := MaterialSide{PiecesRemaining: m.Remaining[c]}
		if m.Typed {
			s.PawnsCaptured = ptr(m.PawnsLost[c])
		}
		return s
	}
	return MaterialSummary{White: side(game.White), Black: side(game.Black)}
}

// StateOf is the state the site serves the viewer of v while the game runs:
// their own men, the attempts on offer when it is their turn (offered, and
// Any? when askAny and the ruleset has it), the public material, their
// scoresheet and the referee log. GameID, Result and Clock are the caller's.
func StateOf(rules referee.Ruleset, v referee.View, offered []game.Move, askAny bool) GameState {
	st := GameState{State: "active", Turn: ptr(ColorName(v.ToMove)), MoveNumber: v.Plies + 1, YourColor: ColorName(v.Side),
		YourFEN: v.Own.FEN(), AllowedMoves: []string{}, PossibleActions: []string{}, MaterialSummary: MaterialOf(rules, v)}
	if v.ToMove == v.Side && v.Result == nil {
		for _, m := range offered {
			st.AllowedMoves = append(st.AllowedMoves, m.String())
		}
		sort.Strings(st.AllowedMoves)
		st.PossibleActions = append(st.PossibleActions, "move")
		if askAny && rules.Any != referee.AnyNone {
			st.PossibleActions = append(st.PossibleActions, "ask_any")
		}
	}
	st.Scoresheet = Scoresheet(rules, v.Side, v.Heard)
	st.RefereeTurns = st.Scoresheet.Turns
	st.RefereeLog = RefereeLog(st.Scoresheet)
	return st
}
