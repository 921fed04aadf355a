package kso

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
)

// APIError is an answer the site refused: its HTTP status and the code and
// message of its error envelope ({"error":{"code","message"}}) or, for the
// framework's own errors, its {"detail": ...}.
type APIError struct {
	Op      string // what was asked: "POST /game/{ref}/move"
	Status  int
	Code    string // NOT_YOUR_TURN, GAME_NOT_ACTIVE, ... ("" for a bare detail)
	Message string
}

// Error says what was asked and how the site refused it.
func (e *APIError) Error() string {
	code := e.Code
	if code == "" {
		code = http.StatusText(e.Status)
	}
	return fmt.Sprintf("kso: %s: %d %s: %s", e.Op, e.Status, code, e.Message)
}

// Is matches the sentinels below by code (or, for ErrSession, by status 401).
func (e *APIError) Is(target error) bool {
	switch target {
	case ErrSession:
		return e.Status == http.StatusUnauthorized
	case ErrServer:
		return e.Status >= 500
	}
	if c, ok := target.(codeError); ok {
		return e.Code == string(c)
	}
	return false
}

// codeError is a sentinel matched by an APIError's code.
type codeError string

func (c codeError) Error() string { return "kso: " + string(c) }

// The errors callers branch on; errors.Is matches an *APIError against them.
var (
	// ErrSession: no valid session or token (401): the login expired or was refused.
	ErrSession = errors.New("kso: not logged in or the session expired")
	// ErrServer: the site failed (5xx) even after retries.
	ErrServer = errors.New("kso: the site failed")

	ErrNotYourTurn        error = codeError("NOT_YOUR_TURN")
	ErrGameNotActive      error = codeError("GAME_NOT_ACTIVE")
	ErrActionNotAvailable error = codeError("ACTION_NOT_AVAILABLE")
	ErrForbidden          error = codeError("FORBIDDEN")
	ErrGameNotFound       error = codeError("GAME_NOT_FOUND")
	ErrGameFull           error = codeError("GAME_FULL")
	ErrJoinCooldown       error = codeError("BOT_JOIN_COOLDOWN")
	ErrAlreadyOpen        error = codeError("BOT_ALREADY_HAS_OPEN_GAME")
	ErrUsernameTaken      error = codeError("USERNAME_TAKEN")
)

// apiError reads an error answer's body into an APIError.
func apiError(op string, status int, body []byte) *APIError {
	e := &APIError{Op: op, Status: status}
	var env ErrorBody
	if json.Unmarshal(body, &env) == nil && env.Error.Code != "" {
		e.Code, e.Message = env.Error.Code, env.Error.Message
		return e
	}
	var fa struct {
		Detail json.RawMessage `json:"detail"`
	}
	if json.Unmarshal(body, &fa) == nil && len(fa.Detail) > 0 {
		var s string
		var obj struct{ Code, Message string }
		switch {
		case json.Unmarshal(fa.Detail, &s) == nil:
			e.Message = s
		case json.Unmarshal(fa.Detail, &obj) == nil && obj.Code != "":
			e.Code, e.Message = obj.Code, obj.Message
		default:
			e.Message = clip(string(fa.Detail))
		}
		return e
	}
	e.Message = clip(string(body))
	return e
}

// clip shortens a body quoted in an error.
func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}
