package referee

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// maxLine bounds one input line of the stdio protocol.
const maxLine = 64 << 10

// request is one input line of the stdio protocol.
type request struct {
	Attempt *string `json:"attempt"`
	Any     bool    `json:"any"`
}

// capture is the "capture" field of a reply.
type capture struct {
	Square string `json:"square"`
	Kind   string `json:"kind,omitempty"`
}

// reply is the output line for an accepted move (refusals and Any? answers
// are small maps). Fields a ruleset does not announce are left out (Tries,
// Promoted); Capture and Result are null when there is nothing.
type reply struct {
	Legal    bool     `json:"legal"`
	Capture  *capture `json:"capture"`
	Checks   []string `json:"checks"`
	Tries    any      `json:"tries,omitempty"`
	Promoted *bool    `json:"promoted,omitempty"`
	ToMove   string   `json:"toMove"`
	Result   *Result  `json:"result"`
}

// Serve runs the stdio referee protocol: one JSON object per input line,
// exactly one JSON line per input, flushed at once. Input {"attempt":"e2e4"}
// submits an attempt (any text ParseAttempt reads, and "px" in Wild 16);
// {"any":true} asks Any?. A malformed line gets {"error":...} and changes
// nothing. Serve returns at end of input or on a write error.
func Serve(r *Referee, in io.Reader, out io.Writer) error {
	br := bufio.NewReaderSize(in, 4096)
	bw := bufio.NewWriter(out)
	enc := json.NewEncoder(bw)
	for {
		line, raw, tooLong, err := readLine(br)
		if raw == 0 && errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("referee: reading input: %w", err)
		}
		var rep any
		if tooLong {
			rep = errorReply(fmt.Sprintf("line longer than %d bytes", maxLine))
		} else {
			rep = handle(r, line)
		}
		if err := enc.Encode(rep); err != nil {
			return fmt.Errorf("referee: writing reply: %w", err)
		}
		if err := bw.Flush(); err != nil {
			return fmt.Errorf("referee: writing reply: %w", err)
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
	}
}

// readLine reads one line without its line ending; raw counts the bytes
// consumed. A line over maxLine is skipped whole and reported as tooLong.
func readLine(br *bufio.Reader) (line []byte, raw int, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		raw += len(chunk)
		if len(line)+len(chunk) > maxLine {
			tooLong = true
		} else {
			line = append(line, chunk...)
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return bytes.TrimRight(line, "\r\n"), raw, tooLong, err
		}
	}
}

func errorReply(msg string) map[string]string { return map[string]string{"error": msg} }

// malformed says in words what is wrong with a line that is no request
// (the JSON decoder's own words name Go's types and fields).
func malformed(err error) string {
	var typ *json.UnmarshalTypeError
	var syn *json.SyntaxError
	switch {
	case errors.Is(err, io.EOF):
		return `an empty line is no request: want {"attempt":"e2e4"} or {"any":true}`
	case errors.As(err, &typ) && typ.Field == "attempt":
		return `malformed request: "attempt" must be a string, such as {"attempt":"e2e4"}`
	case errors.As(err, &typ) && typ.Field == "any":
		return `malformed request: "any" must be true or false, such as {"any":true}`
	case errors.As(err, &typ):
		return `malformed request: want an object, {"attempt":"e2e4"} or {"any":true}`
	case errors.As(err, &syn):
		return fmt.Sprintf(`malformed request: not JSON (at byte %d): want {"attempt":"e2e4"} or {"any":true}`, syn.Offset)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return "malformed request: " + strings.TrimPrefix(err.Error(), "json: ") + `: want {"attempt":"e2e4"} or {"any":true}`
	}
	return "malformed request: " + strings.TrimPrefix(err.Error(), "json: ")
}

func handle(r *Referee, line []byte) any {
	var req request
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return errorReply(malformed(err))
	}
	if dec.More() {
		return errorReply("malformed request: more than one JSON value on the line")
	}
	switch {
	case req.Attempt != nil && req.Any:
		return errorReply(`a request is either {"attempt":...} or {"any":true}`)
	case req.Any:
		return replyFor(r, r.AskAny())
	case req.Attempt != nil:
		a, err := r.AttemptText(*req.Attempt)
		if err != nil {
			return errorReply(err.Error())
		}
		return replyFor(r, a)
	}
	return errorReply(`want {"attempt":"e2e4"} or {"any":true}`)
}

func replyFor(r *Referee, a Answer) any {
	switch a.Verdict {
	case Finished:
		return errorReply(ErrGameOver.Error())
	case Illegal:
		return map[string]bool{"legal": false}
	case Nonsense:
		return map[string]bool{"legal": false, "nonsense": true}
	case Repeated:
		return map[string]bool{"legal": false, "repeated": true}
	case Answered:
		return map[string]bool{"any": a.Any}
	}
	pos := r.Position()
	rep := reply{Legal: true, Checks: []string{}, ToMove: pos.Turn().String(), Result: a.Result}
	if a.Capture.Valid() {
		rep.Capture = &capture{Square: a.Capture.String(), Kind: a.Captured.String()}
	}
	for _, k := range a.Checks {
		rep.Checks = append(rep.Checks, k.String())
	}
	if a.Tries != nil {
		switch r.rules.Tries {
		case TriesCount:
			rep.Tries = a.Tries.Count
		case TriesYesNo:
			rep.Tries = a.Tries.Has()
		case TriesSquares:
			rep.Tries = stringsOf(a.Tries.Squares)
		case TriesMoves:
			rep.Tries = stringsOf(a.Tries.Moves)
		}
	}
	if r.rules.PromotionAnnounced {
		promoted := a.Promoted
		rep.Promoted = &promoted
	}
	return rep
}

func stringsOf[T fmt.Stringer](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = x.String()
	}
	return out
}
