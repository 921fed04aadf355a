package kso

import "encoding/json"

// The site's request and response bodies, field for field as the backend
// declares them (Kriegspiel/ks-backend at commit
// 7d566bcee3c28ffa9652cf807cc41cfed4f139bf):
//
//   - src/app/models/auth.py: LoginRequest, LoginResponse, BotRegisterRequest, BotRegisterResponse
//   - src/app/models/game.py: CreateGameRequest/Response, JoinGameResponse, MoveRequest,
//     MoveResponse, AskAnyResponse, ClockState, GameStateResponse, ViewerScoresheet,
//     ScoresheetTurn, AnnouncementEntry, OpenGameItem, GameMetadataResponse, PublicPlayer,
//     GameTranscriptResponse, TranscriptMoveItem, TranscriptAnswer
//   - src/app/routers/game.py: MyGamesResponse, the error envelope (_error_response), SSE frames (_sse_frame)
//   - src/app/services/game_service.py: _game_event_payload (the SSE data), result dicts
//   - src/app/routers/bot.py, src/app/models/bot.py: GET /bots
//
// The fake server (ksotest) encodes the same types, so a field renamed here
// is renamed for both. TestWireMatchesBackend checks every type's JSON
// fields against the backend's, listed in testdata/backend-fields.txt.

// LoginRequest is POST /auth/login's body.
type LoginRequest struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// LoginResponse is POST /auth/login's answer; the session travels in the
// session_id cookie.
type LoginResponse struct {
	UserID   string `json:"user_id"`
	Username string `json:"username"`
}

// BotRegisterRequest is POST /auth/bots/register's body.
type BotRegisterRequest struct {
	Username              string   `json:"username"`
	DisplayName           string   `json:"display_name"`
	OwnerEmail            string   `json:"owner_email"`
	Description           string   `json:"description"`
	Listed                *bool    `json:"listed,omitempty"`
	SupportedRuleVariants []string `json:"supported_rule_variants,omitempty"`
}

// BotRegisterResponse is its answer (201), holding the token shown once.
type BotRegisterResponse struct {
	BotID       string `json:"bot_id"`
	Username    string `json:"username"`
	DisplayName string `json:"display_name"`
	OwnerEmail  string `json:"owner_email"`
	APIToken    string `json:"api_token"`
	Message     string `json:"message"`
}

// CreateGameRequest is POST /game/create's body.
type CreateGameRequest struct {
	RuleVariant  string  `json:"rule_variant"`
	PlayAs       string  `json:"play_as"`
	TimeControl  string  `json:"time_control"`
	OpponentType string  `json:"opponent_type"`
	BotID        *string `json:"bot_id,omitempty"`
}

// CreateGameResponse is its answer (201).
type CreateGameResponse struct {
	GameID       string            `json:"game_id"`
	GameCode     string            `json:"game_code"`
	PlayAs       string            `json:"play_as"`
	RuleVariant  string            `json:"rule_variant"`
	State        string            `json:"state"`
	JoinURL      string            `json:"join_url"`
	GameURL      *string           `json:"game_url"`
	OpponentType string            `json:"opponent_type"`
	Bot          map[string]string `json:"bot"`
}

// JoinGameResponse is POST /game/join/{code}'s answer.
type JoinGameResponse struct {
	GameID      string `json:"game_id"`
	GameCode    string `json:"game_code"`
	PlayAs      string `json:"play_as"`
	RuleVariant string `json:"rule_variant"`
	State       string `json:"state"`
	GameURL     string `json:"game_url"`
}

// MoveRequest is POST /game/{ref}/move's body.
type MoveRequest struct {
	UCI string `json:"uci"`
}

// ClockState is the clocks as the site reports them, in seconds.
type ClockState struct {
	WhiteRemaining float64 `json:"white_remaining"`
	BlackRemaining float64 `json:"black_remaining"`
	ActiveColor    *string `json:"active_color"`
}

// MoveResponse is the answer to a move (and, with HasAny, to Any?).
type MoveResponse struct {
	MoveDone                  bool       `json:"move_done"`
	Announcement              string     `json:"announcement"`
	SpecialAnnouncement       *string    `json:"special_announcement"`
	Checks                    []string   `json:"checks"`
	CaptureSquare             *string    `json:"capture_square"`
	CapturedPieceAnnouncement *string    `json:"captured_piece_announcement"`
	DroppedPieceAnnouncement  *string    `json:"dropped_piece_announcement"`
	EnPassantAnnounced        *bool      `json:"en_passant_announced"`
	PromotionAnnounced        *bool      `json:"promotion_announced"`
	NextTurnPawnTries         *int       `json:"next_turn_pawn_tries"`
	NextTurnHasPawnCapture    *bool      `json:"next_turn_has_pawn_capture"`
	NextTurnPawnTrySquares    []string   `json:"next_turn_pawn_try_squares"`
	Turn                      *string    `json:"turn"`
	GameOver                  bool       `json:"game_over"`
	Clock                     ClockState `json:"clock"`
	HasAny                    *bool      `json:"has_any,omitempty"` // AskAnyResponse only
}

// AnnouncementEntry is one line of a player's scoresheet.
type AnnouncementEntry struct {
	Kind         string   `json:"kind"` // move, ask_any, illegal_move, capture, status
	Actor        *string  `json:"actor"`
	Prompt       *string  `json:"prompt"`
	Message      string   `json:"message"`
	Messages     []string `json:"messages"`
	MoveUCI      *string  `json:"move_uci"`
	QuestionType *string  `json:"question_type"`
}

// UnmarshalJSON reads a line, which the backend's model also allows to be
// a bare string (a line of text with no kind: Kind "text").
func (a *AnnouncementEntry) UnmarshalJSON(b []byte) error {
	var text string
	if json.Unmarshal(b, &text) == nil {
		*a = AnnouncementEntry{Kind: "text", Message: text, Messages: []string{text}}
		return nil
	}
	type plain AnnouncementEntry
	return json.Unmarshal(b, (*plain)(a))
}

// ScoresheetTurn is one move number's lines, each side's in order.
type ScoresheetTurn struct {
	Turn  int                 `json:"turn"`
	White []AnnouncementEntry `json:"white"`
	Black []AnnouncementEntry `json:"black"`
}

// ViewerScoresheet is the scoresheet as one player may see it.
type ViewerScoresheet struct {
	ViewerColor    string           `json:"viewer_color"`
	LastMoveNumber int              `json:"last_move_number"`
	Turns          []ScoresheetTurn `json:"turns"`
}

// MaterialSide is one side's material count.
type MaterialSide struct {
	PiecesRemaining int  `json:"pieces_remaining"`
	PawnsCaptured   *int `json:"pawns_captured"`
}

// MaterialSummary is both sides' material.
type MaterialSummary struct {
	White MaterialSide `json:"white"`
	Black MaterialSide `json:"black"`
}

// ReserveSide is one side's CrazyKrieg pocket.
type ReserveSide struct {
	Pawns   int `json:"pawns"`
	Knights int `json:"knights"`
	Bishops int `json:"bishops"`
	Rooks   int `json:"rooks"`
	Queens  int `json:"queens"`
}

// ReserveSummary is both pockets.
type ReserveSummary struct {
	White ReserveSide `json:"white"`
	Black ReserveSide `json:"black"`
}

// ReplayFEN is a position after one ply: the whole board and each side's men.
type ReplayFEN struct {
	Full  string `json:"full"`
	White string `json:"white"`
	Black string `json:"black"`
}

// RefereeLogItem is one line of the referee log.
type RefereeLogItem struct {
	Ply                 *int       `json:"ply"`
	Announcement        string     `json:"announcement"`
	SpecialAnnouncement *string    `json:"special_announcement"`
	CaptureSquare       *string    `json:"capture_square"`
	Timestamp           *string    `json:"timestamp"`
	ReplayFEN           *ReplayFEN `json:"replay_fen"`
}

// GameResult is a finished game's result: winner white, black or null
// (a draw); reason checkmate, stalemate, insufficient,
// too_many_reversible_moves, resignation or timeout.
type GameResult struct {
	Winner *string `json:"winner"`
	Reason string  `json:"reason"`
}

// GameState is GET /game/{ref}/state's answer.
type GameState struct {
	GameID          string           `json:"game_id"`
	State           string           `json:"state"`
	Turn            *string          `json:"turn"`
	MoveNumber      int              `json:"move_number"`
	YourColor       string           `json:"your_color"`
	YourFEN         string           `json:"your_fen"`
	AllowedMoves    []string         `json:"allowed_moves"`
	MaterialSummary MaterialSummary  `json:"material_summary"`
	ReserveSummary  ReserveSummary   `json:"reserve_summary"`
	Scoresheet      ViewerScoresheet `json:"scoresheet"`
	RefereeLog      []RefereeLogItem `json:"referee_log"`
	RefereeTurns    []ScoresheetTurn `json:"referee_turns"`
	PossibleActions []string         `json:"possible_actions"`
	Result          *GameResult      `json:"result"`
	Clock           ClockState       `json:"clock"`
}

// OpenGame is one waiting game in GET /game/open.
type OpenGame struct {
	GameCode       string `json:"game_code"`
	RuleVariant    string `json:"rule_variant"`
	CreatedBy      string `json:"created_by"`
	CreatedAt      string `json:"created_at"`
	AvailableColor string `json:"available_color"`
}

// OpenGames is GET /game/open's answer.
type OpenGames struct {
	Games []OpenGame `json:"games"`
}

// PublicPlayer is a player as game metadata shows them.
type PublicPlayer struct {
	Username  string                    `json:"username"`
	Connected bool                      `json:"connected"`
	Role      string                    `json:"role"`
	Elo       int                       `json:"elo"`
	Ratings   map[string]map[string]int `json:"ratings"`
}

// GameMetadata is one game in GET /game/mine/active and GET /game/{ref}.
type GameMetadata struct {
	GameID         string         `json:"game_id"`
	GameCode       string         `json:"game_code"`
	RuleVariant    string         `json:"rule_variant"`
	State          string         `json:"state"`
	OpponentType   string         `json:"opponent_type"`
	White          *PublicPlayer  `json:"white"`
	Black          *PublicPlayer  `json:"black"`
	Turn           *string        `json:"turn"`
	MoveNumber     int            `json:"move_number"`
	CreatedAt      string         `json:"created_at"`
	UpdatedAt      string         `json:"updated_at"`
	Result         *GameResult    `json:"result"`
	RatingSnapshot map[string]any `json:"rating_snapshot"`
}

// MyGames is GET /game/mine/active's answer.
type MyGames struct {
	Games []GameMetadata `json:"games"`
}

// BotListing is one bot in GET /bots.
type BotListing struct {
	BotID                 string                    `json:"bot_id"`
	Username              string                    `json:"username"`
	DisplayName           string                    `json:"display_name"`
	Description           string                    `json:"description"`
	Elo                   int                       `json:"elo"`
	Ratings               map[string]map[string]int `json:"ratings"`
	SupportedRuleVariants []string                  `json:"supported_rule_variants"`
}

// BotList is GET /bots's answer.
type BotList struct {
	Bots []BotListing `json:"bots"`
}

// TranscriptAnswer is the referee's answer in a transcript.
type TranscriptAnswer struct {
	Main                      string   `json:"main"`
	CaptureSquare             *string  `json:"capture_square"`
	CapturedPieceAnnouncement *string  `json:"captured_piece_announcement"`
	DroppedPieceAnnouncement  *string  `json:"dropped_piece_announcement"`
	EnPassantAnnounced        *bool    `json:"en_passant_announced"`
	PromotionAnnounced        *bool    `json:"promotion_announced"`
	Special                   *string  `json:"special"`
	Checks                    []string `json:"checks"`
	NextTurnPawnTries         *int     `json:"next_turn_pawn_tries"`
	NextTurnHasPawnCapture    *bool    `json:"next_turn_has_pawn_capture"`
	NextTurnPawnTrySquares    []string `json:"next_turn_pawn_try_squares"`
}

// TranscriptMove is one ply of a transcript (an attempt or Any?).
type TranscriptMove struct {
	Ply          int              `json:"ply"`
	Color        string           `json:"color"`
	QuestionType string           `json:"question_type"`
	UCI          *string          `json:"uci"`
	Answer       TranscriptAnswer `json:"answer"`
	MoveDone     bool             `json:"move_done"`
	Timestamp    *string          `json:"timestamp"`
	ReplayFEN    *ReplayFEN       `json:"replay_fen"`
}

// Transcript is GET /game/{ref}/moves's answer.
type Transcript struct {
	GameID      string           `json:"game_id"`
	RuleVariant string           `json:"rule_variant"`
	ViewerColor *string          `json:"viewer_color"`
	Moves       []TranscriptMove `json:"moves"`
}

// GameEvent is the data of one SSE frame of GET /game/{ref}/events.
type GameEvent struct {
	Type       string  `json:"type"` // connected, game_changed, shutdown
	GameID     string  `json:"game_id"`
	GameCode   string  `json:"game_code"`
	State      string  `json:"state"`
	Turn       *string `json:"turn"`
	MoveNumber int     `json:"move_number"`
	UpdatedAt  string  `json:"updated_at"`
}

// ErrorBody is the site's error envelope for game errors.
type ErrorBody struct {
	Error struct {
		Code    string         `json:"code"`
		Message string         `json:"message"`
		Details map[string]any `json:"details"`
	} `json:"error"`
}
