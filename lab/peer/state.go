package peer

import (
	"fmt"
	"sort"
	"strings"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// SiteState is the state kriegspiel.org serves a player on
// GET /game/{id}/state while the game runs (see
// shared/docs/KRIEGSPIEL-ORG.md §6): the player's own men, the attempts on
// offer, the public material count, the player's scoresheet and the public
// referee log. It holds nothing else; in particular no enemy man.
type SiteState struct {
	GameID          string                 `json:"game_id"`
	State           string                 `json:"state"`
	Turn            string                 `json:"turn"`
	MoveNumber      int                    `json:"move_number"`
	RuleVariant     string                 `json:"rule_variant"`
	YourColor       string                 `json:"your_color"`
	YourFEN         string                 `json:"your_fen"`
	AllowedMoves    []string               `json:"allowed_moves"`
	PossibleActions []string               `json:"possible_actions"`
	MaterialSummary map[string]SideSummary `json:"material_summary"`
	Scoresheet      Scoresheet             `json:"scoresheet"`
	RefereeLog      []LogItem              `json:"referee_log"`
	RefereeTurns    []SheetTurn            `json:"referee_turns"`
	Result          any                    `json:"result"`
}

// SideSummary is one side's public material.
type SideSummary struct {
	PiecesRemaining int  `json:"pieces_remaining"`
	PawnsCaptured   *int `json:"pawns_captured"` // null where captures are not typed
}

// Scoresheet is the viewer's scoresheet.
type Scoresheet struct {
	ViewerColor    string      `json:"viewer_color"`
	LastMoveNumber int         `json:"last_move_number"`
	Turns          []SheetTurn `json:"turns"`
}

// SheetTurn is one move number of a scoresheet.
type SheetTurn struct {
	Turn  int          `json:"turn"`
	White []SheetEntry `json:"white"`
	Black []SheetEntry `json:"black"`
}

// SheetEntry is one line of a scoresheet.
type SheetEntry struct {
	Kind         string   `json:"kind"`
	Actor        string   `json:"actor"`
	Prompt       *string  `json:"prompt"`
	Message      string   `json:"message"`
	Messages     []string `json:"messages"`
	MoveUCI      *string  `json:"move_uci"`
	QuestionType *string  `json:"question_type"`
}

// LogItem is one line of the public referee log.
type LogItem struct {
	Ply                 int     `json:"ply"`
	Announcement        string  `json:"announcement"`
	SpecialAnnouncement *string `json:"special_announcement"`
	CaptureSquare       *string `json:"capture_square"`
	Timestamp           *string `json:"timestamp"`
}

// heard is one entry of a view in the site's terms.
type heard struct {
	main     string // REGULAR_MOVE, CAPTURE_DONE, ILLEGAL_MOVE, HAS_ANY, NO_ANY, IMPOSSIBLE_TO_ASK
	specials []string
	capture  string
	captured string // PAWN, PIECE or ""
	tries    *int
	public   bool
	any      bool
}

var checkCodes = map[referee.CheckKind]string{referee.CheckRank: "CHECK_RANK", referee.CheckFile: "CHECK_FILE",
	referee.CheckLong: "CHECK_LONG_DIAGONAL", referee.CheckShort: "CHECK_SHORT_DIAGONAL", referee.CheckKnight: "CHECK_KNIGHT"}

var texts = map[string]string{"ILLEGAL_MOVE": "Illegal move", "REGULAR_MOVE": "Move complete", "CAPTURE_DONE": "Capture done",
	"HAS_ANY": "Has pawn captures", "NO_ANY": "No pawn captures", "DRAW_STALEMATE": "Draw by stalemate",
	"DRAW_INSUFFICIENT": "Draw by insufficient material", "CHECKMATE_WHITE_WINS": "Checkmate — White wins",
	"CHECKMATE_BLACK_WINS": "Checkmate — Black wins", "CHECK_RANK": "Check on rank", "CHECK_FILE": "Check on file",
	"CHECK_LONG_DIAGONAL": "Check on long diagonal", "CHECK_SHORT_DIAGONAL": "Check on short diagonal",
	"CHECK_KNIGHT": "Check by knight", "CHECK_DOUBLE": "Double check"}

// translate reads one heard entry the way the site records it.
func translate(e referee.Entry) heard {
	h := heard{any: e.AskedAny}
	var checks []string
	for _, a := range e.Said {
		if a.To == referee.Everyone {
			h.public = true
		}
		switch a.Kind {
		case referee.KindMoved:
			if h.main == "" {
				h.main = "REGULAR_MOVE"
			}
		case referee.KindCapture:
			h.main, h.capture = "CAPTURE_DONE", a.Square.String()
			h.captured = strings.ToUpper(a.Captured.String())
		case referee.KindCheck:
			checks = append(checks, checkCodes[a.Check])
		case referee.KindTries:
			n := a.Tries.Count
			h.tries = &n
		case referee.KindIllegal:
			h.main = "ILLEGAL_MOVE"
		case referee.KindNonsense, referee.KindRepeat:
			h.main = "IMPOSSIBLE_TO_ASK"
		case referee.KindAnyAnswer:
			h.main = map[bool]string{true: "HAS_ANY", false: "NO_ANY"}[a.Has]
		case referee.KindGameOver:
			h.specials = []string{endCode(a.Result)}
		}
	}
	if h.specials == nil {
		switch len(checks) {
		case 0:
		case 1:
			h.specials = checks
		default:
			h.specials = append([]string{"CHECK_DOUBLE"}, checks...)
		}
	}
	return h
}

func endCode(r referee.Result) string {
	switch {
	case r.Reason == referee.ReasonCheckmate && r.Score == "1-0":
		return "CHECKMATE_WHITE_WINS"
	case r.Reason == referee.ReasonCheckmate:
		return "CHECKMATE_BLACK_WINS"
	case r.Reason == referee.ReasonStalemate:
		return "DRAW_STALEMATE"
	case r.Reason == referee.ReasonInsufficient:
		return "DRAW_INSUFFICIENT"
	}
	return "DRAW_TOOMANYREVERSIBLEMOVES"
}

// messages are the site's texts for h.
func (h heard) messages() []string {
	var out []string
	if t := texts[h.main]; t != "" {
		if h.main == "CAPTURE_DONE" {
			label := map[string]string{"PAWN": "Pawn", "PIECE": "Piece"}[h.captured]
			if label == "" {
				label = "Capture done"
				t = label + " at " + strings.ToUpper(h.capture)
			} else {
				t = label + " captured at " + strings.ToUpper(h.capture)
			}
		}
		out = append(out, t)
	}
	for _, s := range h.specials {
		out = append(out, texts[s])
	}
	return out
}

// triesMessage is the site's next-turn text for a pawn-try count.
func triesMessage(n *int) string {
	switch {
	case n == nil:
		return ""
	case *n <= 0:
		return "No pawn captures"
	case *n == 1:
		return "1 pawn try"
	}
	return fmt.Sprintf("%d pawn tries", *n)
}

func colorName(c game.Color) string {
	if c == game.White {
		return "white"
	}
	return "black"
}

func strp(s string) *string { return &s }

// State builds what the site serves v.Side now, given the attempts the
// referee offers (offered, any) when it is that side's turn.
func State(v referee.View, rules referee.Ruleset, offered []game.Move, askAny bool) SiteState {
	s := SiteState{GameID: "krieg-local", State: "active", Turn: colorName(v.ToMove), MoveNumber: v.Plies + 1,
		RuleVariant: siteRules[rules.Name], YourColor: colorName(v.Side), YourFEN: v.Own.FEN(),
		AllowedMoves: []string{}, PossibleActions: []string{}, RefereeLog: []LogItem{}}
	if v.ToMove == v.Side && v.Result == nil {
		s.AllowedMoves = ucis(offered)
		sort.Strings(s.AllowedMoves)
		if len(s.AllowedMoves) > 0 {
			s.PossibleActions = append(s.PossibleActions, "move")
		}
		if askAny && rules.Any != referee.AnyNone {
			s.PossibleActions = append(s.PossibleActions, "ask_any")
		}
	}
	m := v.Material(rules)
	s.MaterialSummary = map[string]SideSummary{}
	for _, c := range [2]game.Color{game.White, game.Black} {
		sum := SideSummary{PiecesRemaining: m.Remaining[c]}
		if m.Typed {
			n := m.PawnsLost[c]
			sum.PawnsCaptured = &n
		}
		s.MaterialSummary[colorName(c)] = sum
	}
	s.Scoresheet, s.RefereeLog = sheet(v)
	s.RefereeTurns = s.Scoresheet.Turns
	return s
}

// sheet builds the viewer's scoresheet and the public referee log.
func sheet(v referee.View) (Scoresheet, []LogItem) {
	sc := Scoresheet{ViewerColor: colorName(v.Side), LastMoveNumber: v.Plies/2 + 1}
	turns := map[int]*SheetTurn{}
	at := func(n int) *SheetTurn {
		if turns[n] == nil {
			turns[n] = &SheetTurn{Turn: n, White: []SheetEntry{}, Black: []SheetEntry{}}
		}
		return turns[n]
	}
	add := func(n int, c game.Color, e SheetEntry) {
		t := at(n)
		if c == game.White {
			t.White = append(t.White, e)
		} else {
			t.Black = append(t.Black, e)
		}
	}
	log := []LogItem{}
	for _, e := range v.Heard {
		h := translate(e)
		if h.main == "" || h.main == "IMPOSSIBLE_TO_ASK" {
			continue
		}
		turn := e.Ply/2 + 1
		own := e.Mover == v.Side
		actor, prompt, qt := "opponent", "Opponent move", "COMMON"
		if h.any {
			prompt, qt = "Opponent asked any pawn captures", "ASK_ANY"
		}
		if own {
			actor, prompt = "self", "Move attempt"
			if h.any {
				prompt = "Ask any pawn captures"
			}
		}
		msgs := h.messages()
		entry := SheetEntry{Kind: kindOf(h), Actor: actor, Prompt: strp(prompt), Message: prompt + " — " + strings.Join(msgs, " · "),
			Messages: msgs, QuestionType: strp(qt)}
		if own && !h.any {
			entry.MoveUCI = strp(e.Attempt.String())
		}
		add(turn, e.Mover, entry)
		if t := triesMessage(h.tries); t != "" {
			next, side := turn, e.Mover.Other()
			if e.Mover == game.Black {
				next++
			}
			a := "opponent"
			if side == v.Side {
				a = "self"
			}
			add(next, side, SheetEntry{Kind: "status", Actor: a, Message: t, Messages: []string{t}})
		}
		if !h.public {
			continue
		}
		ply := e.Ply + 1
		item := LogItem{Ply: ply, Announcement: h.main}
		if h.capture != "" {
			item.CaptureSquare = strp(h.capture)
		}
		log = append(log, item)
		if t := triesMessage(h.tries); t != "" {
			log = append(log, LogItem{Ply: ply + 1, Announcement: t})
		}
		for _, code := range h.specials {
			log = append(log, LogItem{Ply: ply, Announcement: code, SpecialAnnouncement: strp(code)})
		}
	}
	keys := make([]int, 0, len(turns))
	for k := range turns {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		sc.Turns = append(sc.Turns, *turns[k])
	}
	if sc.Turns == nil {
		sc.Turns = []SheetTurn{}
	}
	return sc, log
}

func kindOf(h heard) string {
	switch {
	case h.any:
		return "ask_any"
	case h.main == "ILLEGAL_MOVE":
		return "illegal_move"
	case h.main == "CAPTURE_DONE":
		return "capture"
	}
	return "move"
}
