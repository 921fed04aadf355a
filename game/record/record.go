// Package record reads and writes Kriegspiel game records in Darkboard's
// extended PGN: after every move one comment {(X<sq>,C<letters>,P<n>:failed
// attempts)} holding what the referee announced and the illegal attempts the
// mover made first (docs/protocols.md, "Game records"). Information other
// rulesets announce travels in a second comment, {krieg: ...}, and a Rules
// tag; readers of the plain format skip both.
package record

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

// ErrSyntax is wrapped by every error about a malformed record; the message names the line.
var ErrSyntax = errors.New("record: malformed PGN")

// Tag is one PGN tag pair.
type Tag struct{ Key, Value string }

// Ply is one accepted move with what the referee said about it.
type Ply struct {
	SAN     string    // the accepted move as written (Standard Algebraic Notation)
	Move    game.Move // the accepted move, resolved when the record is replayed or built
	Capture game.Square
	Checks  []referee.CheckKind
	Tries   int      // the P item: pawn tries of the side now to move (0 when left out)
	Failed  []string // the mover's illegal attempts this turn, own-board SAN, in order
	// Extra holds the items of the {krieg: ...} comment: "cap=pawn", "tries=e4,c4", ...
	Extra []string
	Line  int // the line the move stands on, when read from a file
}

// Record is one game.
type Record struct {
	Tags   []Tag
	Plies  []Ply
	Result game.Score
}

// RefusedAtEnd is the tag holding the attempts the side to move had
// refused after the last move, in a game that ended before it moved again
// (on time, by resignation): own-board SAN, comma-separated.
const RefusedAtEnd = "RefusedAtEnd"

// AnyAtEnd is the tag holding the Any? asked in that last turn, as the
// {krieg: any=...} item says it without its "any=": "no", or "yes@2" when
// asked after two of the RefusedAtEnd attempts.
const AnyAtEnd = "AnyAtEnd"

// TrailingAny returns the AnyAtEnd tag's answer ("yes" or "no", "" when
// none was asked) and how many of the Trailing attempts came before it; ok
// is false for a malformed tag.
func (r *Record) TrailingAny() (answer string, after int, ok bool) {
	t := r.Tag(AnyAtEnd)
	if t == "" {
		return "", 0, true
	}
	return ParseAnyItem("any=" + t)
}

// Trailing returns the attempts of the RefusedAtEnd tag.
func (r *Record) Trailing() []string {
	if t := r.Tag(RefusedAtEnd); t != "" {
		return strings.Split(t, ",")
	}
	return nil
}

// Tag returns the value of tag key, or "".
func (r *Record) Tag(key string) string {
	for _, t := range r.Tags {
		if t.Key == key {
			return t.Value
		}
	}
	return ""
}

// SetTag sets tag key, appending it when absent.
func (r *Record) SetTag(key, value string) {
	for i, t := range r.Tags {
		if t.Key == key {
			r.Tags[i].Value = value
			return
		}
	}
	r.Tags = append(r.Tags, Tag{key, value})
}

// sevenTags are PGN's Seven Tag Roster, in its order: Result comes
// after the other six and before any other tag.
var sevenTags = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// placeResult puts a Result tag ("*" until the game ends) where PGN's
// Seven Tag Roster has it, after the last of the other six present, so
// that every record has it in one place whatever sets it later (SetTag
// changes it where it stands): records ended by the referee had Result
// after Termination, records ended by the clock before it.
func (r *Record) placeResult() {
	if r.Tag("Result") != "" {
		return
	}
	at := 0
	for i, t := range r.Tags {
		if slices.Contains(sevenTags[:6], t.Key) {
			at = i + 1
		}
	}
	r.Tags = slices.Insert(r.Tags, at, Tag{"Result", string(r.Result)})
}

// Start returns the starting position: the FEN tag, or the standard start.
func (r *Record) Start() (game.Position, error) {
	if fen := r.Tag("FEN"); fen != "" {
		return game.ParseFEN(fen)
	}
	return game.Start(), nil
}

// Rules returns the record's ruleset: the Rules tag, or Wild 16 (Darkboard's
// records carry none and are Wild 16 games), with the ply cap of its PlyCap
// tag when it has one.
func (r *Record) Rules() (referee.Ruleset, error) {
	rules := referee.Wild16
	if name := r.Tag("Rules"); name != "" {
		var err error
		if rules, err = referee.RulesetByName(name); err != nil {
			return rules, err
		}
	}
	if t := strings.TrimSpace(r.Tag(PlyCapTag)); t != "" {
		n, err := strconv.Atoi(t)
		if err != nil || n < 0 {
			return rules, fmt.Errorf("record: PlyCap tag %q: want a number of plies, 0 for no cap", t)
		}
		rules.PlyCap = n
	}
	return rules, nil
}

// PlyCapTag is the tag holding the game's ply cap (0: none) when it is not
// its ruleset's own (krieg selfplay --ply-cap 40): a replay draws the game
// where the game itself was drawn.
const PlyCapTag = "PlyCap"
