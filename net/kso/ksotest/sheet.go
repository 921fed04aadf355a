package ksotest

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net/kso"
)

func compactJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// The engine's names for check directions (ks-game SpecialCaseAnnouncement).
var checkCodes = map[referee.CheckKind]string{
	referee.CheckRank: "CHECK_RANK", referee.CheckFile: "CHECK_FILE", referee.CheckLong: "CHECK_LONG_DIAGONAL",
	referee.CheckShort: "CHECK_SHORT_DIAGONAL", referee.CheckKnight: "CHECK_KNIGHT",
}

// The site's texts for them (state_projection._PUBLIC_ANNOUNCEMENT_TEXT).
var codeTexts = map[string]string{
	"CHECK_RANK": "Check on rank", "CHECK_FILE": "Check on file", "CHECK_LONG_DIAGONAL": "Check on long diagonal",
	"CHECK_SHORT_DIAGONAL": "Check on short diagonal", "CHECK_KNIGHT": "Check by knight", "CHECK_DOUBLE": "Double check",
	"CHECKMATE_WHITE_WINS": "Checkmate — White wins", "CHECKMATE_BLACK_WINS": "Checkmate — Black wins",
	"STALEMATE_WHITE_WINS": "Stalemate — White wins", "STALEMATE_BLACK_WINS": "Stalemate — Black wins",
	"DRAW_STALEMATE": "Draw by stalemate", "DRAW_INSUFFICIENT": "Draw by insufficient material",
	"DRAW_TOOMANYREVERSIBLEMOVES": "Draw by too many reversible moves",
}

func endCode(r referee.Result) string {
	switch {
	case r.Reason == referee.ReasonCheckmate && r.Score == "1-0":
		return "CHECKMATE_WHITE_WINS"
	case r.Reason == referee.ReasonCheckmate:
		return "CHECKMATE_BLACK_WINS"
	case r.Reason == referee.ReasonStalemate && r.Score == "1-0":
		return "STALEMATE_WHITE_WINS"
	case r.Reason == referee.ReasonStalemate && r.Score == "0-1":
		return "STALEMATE_BLACK_WINS"
	case r.Reason == referee.ReasonStalemate:
		return "DRAW_STALEMATE"
	case r.Reason == referee.ReasonInsufficient:
		return "DRAW_INSUFFICIENT"
	}
	return "DRAW_TOOMANYREVERSIBLEMOVES"
}

func ptr[T any](v T) *T { return &v }

// answerOf writes a referee answer as the engine adapter does
// (engine_adapter._answer_payload): main announcement, one special
// announcement (a game end outranks a check), the double check's two names,
// the capture, and the next turn's pawn tries in the ruleset's form.
func answerOf(rules referee.Ruleset, a referee.Answer) kso.MoveResponse {
	r := kso.MoveResponse{Checks: []string{}}
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
	switch a.Verdict {
	case referee.Accepted:
		r.MoveDone = true
		r.Announcement = "REGULAR_MOVE"
		if r.CaptureSquare != nil {
			r.Announcement = "CAPTURE_DONE"
		}
	case referee.Illegal:
		r.Announcement = "ILLEGAL_MOVE"
	case referee.Answered:
		r.Announcement = "NO_ANY"
		for _, x := range a.Announcements {
			if x.Kind == referee.KindAnyAnswer && x.Has {
				r.Announcement = "HAS_ANY"
			}
		}
	default:
		r.Announcement = "IMPOSSIBLE_TO_ASK"
		if rules.Nonsense == referee.NonsensePublic {
			r.Announcement = "NONSENSE"
		}
	}
	switch {
	case end != nil:
		r.SpecialAnnouncement = ptr(endCode(*end))
	case len(checks) == 1:
		r.SpecialAnnouncement = ptr(checkCodes[checks[0]])
	case len(checks) >= 2:
		r.SpecialAnnouncement = ptr("CHECK_DOUBLE")
		for _, k := range checks[:2] {
			r.Checks = append(r.Checks, checkCodes[k])
		}
	}
	if tries != nil {
		switch rules.Tries {
		case referee.TriesCount:
			r.NextTurnPawnTries = ptr(tries.Count)
		case referee.TriesYesNo:
			r.NextTurnHasPawnCapture = ptr(tries.Has())
		case referee.TriesSquares:
			sq := []string{}
			for _, s := range tries.Squares {
				sq = append(sq, s.String())
			}
			r.NextTurnPawnTrySquares = sq
		}
	}
	return r
}

// captureText is the site's capture line (_format_public_announcement).
func captureText(r kso.MoveResponse) string {
	sq := strings.ToUpper(*r.CaptureSquare)
	if r.CapturedPieceAnnouncement != nil {
		label := map[string]string{"PAWN": "Pawn", "PIECE": "Piece"}[*r.CapturedPieceAnnouncement]
		return label + " captured at " + sq
	}
	return "Capture done at " + sq
}

// messages are an answer's texts (state_projection._scoresheet_answer_texts).
func messages(r kso.MoveResponse) []string {
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

// nextTurnText is the pawn-try line (state_projection._next_turn_message).
func nextTurnText(r kso.MoveResponse) string {
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
			return itoa(n) + " pawn tries"
		}
	case r.NextTurnHasPawnCapture != nil && *r.NextTurnHasPawnCapture:
		return "Has pawn capture"
	case r.NextTurnHasPawnCapture != nil:
		return "No pawn captures"
	}
	return ""
}

func itoa(n int) string { return compactJSON(n) }

// scoresheet builds viewer's scoresheet from the referee's log as the
// backend does from the engine's two scoresheets (build_viewer_scoresheet):
// each side's lines under their move number, a move's pawn-try line first
// in the next side's list; nonsense, resignations and (Wild 16) the
// opponent's illegal attempts are not shown.
func scoresheet(g *fakeGame, viewer game.Color) kso.ViewerScoresheet {
	sheet := kso.ViewerScoresheet{ViewerColor: colorName(viewer), Turns: []kso.ScoresheetTurn{}}
	if g.ref == nil {
		return sheet
	}
	turns := map[int]*kso.ScoresheetTurn{}
	var order []int
	add := func(turn int, c game.Color, e kso.AnnouncementEntry) {
		t := turns[turn]
		if t == nil {
			t = &kso.ScoresheetTurn{Turn: turn, White: []kso.AnnouncementEntry{}, Black: []kso.AnnouncementEntry{}}
			turns[turn] = t
			order = append(order, turn)
		}
		if c == game.White {
			t.White = append(t.White, e)
		} else {
			t.Black = append(t.Black, e)
		}
	}
	last := 0
	for _, e := range g.ref.Log() {
		if e.Resigned || e.Verdict == referee.Nonsense || e.Verdict == referee.Repeated || e.Verdict == referee.Finished {
			continue
		}
		if _, heard := e.HeardBy(viewer); !heard {
			continue
		}
		turn := e.Ply/2 + 1
		last = max(last, turn)
		own := e.Mover == viewer
		r := answerOf(g.rules, referee.Answer{Verdict: e.Verdict, Capture: game.NoSquare, Announcements: e.Said})
		msgs := messages(r)
		qt := "COMMON"
		prompt := "Move attempt"
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
		line := kso.AnnouncementEntry{Kind: kind, Actor: ptr(map[bool]string{true: "self", false: "opponent"}[own]), Prompt: &prompt,
			Message: prompt + " — " + strings.Join(msgs, " · "), Messages: msgs, QuestionType: &qt}
		if own && !e.AskedAny {
			line.MoveUCI = ptr(e.Attempt.String())
		}
		add(turn, e.Mover, line)
		if text := nextTurnText(r); text != "" {
			next, nc := turn, game.Black
			if e.Mover == game.Black {
				next, nc = turn+1, game.White
			}
			actor := map[bool]string{true: "self", false: "opponent"}[nc == viewer]
			add(next, nc, kso.AnnouncementEntry{Kind: "status", Actor: &actor, Message: text, Messages: []string{text}})
		}
	}
	sheet.LastMoveNumber = last
	for _, t := range order {
		sheet.Turns = append(sheet.Turns, *turns[t])
	}
	return sheet
}

// gameState answers GET /game/{ref}/state for viewer.
func (s *Server) gameState(g *fakeGame, viewer game.Color, now time.Time) kso.GameState {
	st := kso.GameState{GameID: g.id, State: g.state, Turn: g.turn(), MoveNumber: g.moveNumber(), YourColor: colorName(viewer),
		AllowedMoves: []string{}, PossibleActions: []string{}, Result: g.result, Clock: g.clock(now), RefereeLog: []kso.RefereeLogItem{},
		MaterialSummary: kso.MaterialSummary{}, ReserveSummary: kso.ReserveSummary{}}
	pos := game.Start()
	if g.ref != nil {
		pos = g.ref.Position()
	}
	if g.state == "completed" {
		st.YourFEN = pos.FEN()
	} else {
		own := pos.Only(viewer)
		st.YourFEN = own.FEN()
	}
	if g.state == "active" && g.ref.ToMove() == viewer {
		st.AllowedMoves = sortedUCI(g.ref.Offered())
		st.PossibleActions = append(st.PossibleActions, "move")
		if anyAllowed(g) {
			st.PossibleActions = append(st.PossibleActions, "ask_any")
		}
	}
	for c := game.White; c <= game.Black; c++ {
		side := kso.MaterialSide{PiecesRemaining: pos.ByColor(c).Count()}
		if g.rules.CaptureKind {
			side.PawnsCaptured = ptr(8 - pos.Pieces(c, game.Pawn).Count())
		}
		if c == game.White {
			st.MaterialSummary.White = side
		} else {
			st.MaterialSummary.Black = side
		}
	}
	st.Scoresheet = scoresheet(g, viewer)
	st.RefereeTurns = st.Scoresheet.Turns
	for _, t := range st.Scoresheet.Turns {
		for _, c := range []game.Color{game.White, game.Black} {
			list := t.White
			if c == game.Black {
				list = t.Black
			}
			ply := (t.Turn-1)*2 + 1 + int(c)
			for _, e := range list {
				st.RefereeLog = append(st.RefereeLog, kso.RefereeLogItem{Ply: ptr(ply), Announcement: e.Message})
			}
		}
	}
	return st
}
