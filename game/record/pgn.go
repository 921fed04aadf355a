package record

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/krieg/krieg/game"
)

// maxRecordBytes bounds what Read accepts; a real game is a few kilobytes.
const maxRecordBytes = 4 << 20

// Read reads one game in extended PGN. A malformed or truncated record (no
// result token at the end) is an error wrapping ErrSyntax that names the line.
func Read(r io.Reader) (*Record, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxRecordBytes+1))
	if err != nil {
		return nil, fmt.Errorf("record: reading: %w", err)
	}
	if len(data) > maxRecordBytes {
		return nil, fmt.Errorf("%w: the file is larger than %d MiB, more than any game's record (one game a file)", ErrSyntax, maxRecordBytes>>20)
	}
	if strings.TrimSpace(string(data)) == "" {
		return nil, fmt.Errorf("%w: the record is empty (no tags, moves or result)", ErrSyntax)
	}
	s := &scanner{text: string(data), line: 1}
	rec := &Record{}
	if err := s.tags(rec); err != nil {
		return nil, err
	}
	if err := s.movetext(rec); err != nil {
		return nil, err
	}
	return rec, nil
}

type scanner struct {
	text string
	pos  int
	line int
}

func (s *scanner) errorf(format string, args ...any) error {
	return fmt.Errorf("%w: line %d: %s", ErrSyntax, s.line, fmt.Sprintf(format, args...))
}

func (s *scanner) skipSpace() {
	for s.pos < len(s.text) {
		switch s.text[s.pos] {
		case '\n':
			s.line++
		case ' ', '\t', '\r':
		default:
			return
		}
		s.pos++
	}
}

func (s *scanner) tags(rec *Record) error {
	for {
		s.skipSpace()
		if s.pos >= len(s.text) || s.text[s.pos] != '[' {
			return nil
		}
		end := strings.IndexByte(s.text[s.pos:], '\n')
		if end < 0 {
			end = len(s.text) - s.pos
		}
		line := strings.TrimSpace(s.text[s.pos : s.pos+end])
		if !strings.HasSuffix(line, "]") {
			return s.errorf("tag %q does not end with ]", line)
		}
		body := strings.TrimSpace(line[1 : len(line)-1])
		sp := strings.IndexByte(body, ' ')
		if sp <= 0 {
			return s.errorf("tag %q has no value", line)
		}
		key, val := body[:sp], strings.TrimSpace(body[sp+1:])
		if len(val) < 2 || val[0] != '"' || val[len(val)-1] != '"' {
			return s.errorf("tag %s value %s is not quoted", key, val)
		}
		val = strings.ReplaceAll(strings.ReplaceAll(val[1:len(val)-1], `\"`, `"`), `\\`, `\`)
		rec.Tags = append(rec.Tags, Tag{key, val})
		s.pos += end
	}
}

func (s *scanner) movetext(rec *Record) error {
	var last *Ply
	for {
		s.skipSpace()
		if s.pos >= len(s.text) {
			return s.errorf("the game has no result token (1-0, 0-1, 1/2-1/2 or *): truncated? (a game left unfinished ends with *)")
		}
		switch c := s.text[s.pos]; c {
		case '{':
			end := strings.IndexByte(s.text[s.pos:], '}')
			if end < 0 {
				return s.errorf("comment never closed")
			}
			body := strings.TrimSpace(s.text[s.pos+1 : s.pos+end])
			start := s.line
			s.line += strings.Count(s.text[s.pos:s.pos+end], "\n")
			s.pos += end + 1
			if err := attachComment(last, body); err != nil {
				return fmt.Errorf("%w: line %d: %v", ErrSyntax, start, err)
			}
		case ';':
			for s.pos < len(s.text) && s.text[s.pos] != '\n' {
				s.pos++
			}
		case '(', ')':
			return s.errorf("variations are not supported")
		case '}':
			return s.errorf("'}' without an opening '{'")
		case '[':
			return s.errorf("tag after the moves began")
		default:
			end := s.pos
			for end < len(s.text) && !strings.ContainsRune(" \t\r\n{};()[", rune(s.text[end])) {
				end++
			}
			if end == s.pos {
				return s.errorf("unexpected %q", s.text[s.pos])
			}
			tok := s.text[s.pos:end]
			s.pos = end
			if score, err := game.ParseScore(tok); err == nil {
				rec.Result = score
				s.skipSpace()
				if s.pos < len(s.text) {
					return s.errorf("text after the result token (a record holds one game)")
				}
				return nil
			}
			tok = strings.TrimLeft(tok, "0123456789")
			tok = strings.TrimLeft(tok, ".")
			if tok == "" {
				continue // a move number
			}
			if !validSANShape(tok) {
				return s.errorf("%q is not a move", tok)
			}
			rec.Plies = append(rec.Plies, Ply{SAN: tok, Capture: game.NoSquare, Line: s.line})
			last = &rec.Plies[len(rec.Plies)-1]
		}
	}
}

// validSANShape accepts the characters SAN is made of; the replay decides legality.
func validSANShape(tok string) bool {
	if len(tok) < 2 || len(tok) > 10 {
		return false
	}
	for _, c := range tok {
		if !strings.ContainsRune("abcdefgh12345678KQRBNxO-=+#!?", c) {
			return false
		}
	}
	return true
}

// attachComment reads a comment after ply p: Darkboard's "(...:...)" or ours "krieg: ...".
func attachComment(p *Ply, body string) error {
	switch {
	case strings.HasPrefix(body, "(") && strings.HasSuffix(body, ")") && strings.Contains(body, ":"):
		if p == nil {
			return fmt.Errorf("referee comment before the first move")
		}
		return parseUmpireComment(p, body)
	case strings.HasPrefix(body, "krieg:"):
		if p == nil {
			return fmt.Errorf("krieg comment before the first move")
		}
		p.Extra = strings.Fields(strings.TrimPrefix(body, "krieg:"))
	}
	return nil
}

// Write writes rec in extended PGN, laid out as Darkboard does: tags, a blank
// line, one line per ply, the result.
func Write(w io.Writer, rec *Record) error {
	bw := bufio.NewWriter(w)
	for _, t := range rec.Tags {
		v := strings.ReplaceAll(strings.ReplaceAll(t.Value, `\`, `\\`), `"`, `\"`)
		fmt.Fprintf(bw, "[%s \"%s\"]\n", t.Key, v)
	}
	bw.WriteString("\n")
	start, err := rec.Start()
	if err != nil {
		return fmt.Errorf("record: writing: %w", err)
	}
	number, black := start.FullmoveNumber(), start.Turn() == game.Black
	for i := range rec.Plies {
		p := &rec.Plies[i]
		switch {
		case !black:
			fmt.Fprintf(bw, "%d.   ", number)
		case i == 0:
			fmt.Fprintf(bw, "%d...   ", number)
		default:
			bw.WriteString("     ")
		}
		fmt.Fprintf(bw, "%s {%s}", p.SAN, umpireComment(p))
		if len(p.Extra) > 0 {
			fmt.Fprintf(bw, " {krieg: %s}", strings.Join(p.Extra, " "))
		}
		bw.WriteString("\n")
		if black {
			number++
		}
		black = !black
	}
	result := rec.Result
	if result == "" {
		result = game.Unfinished
	}
	bw.WriteString(string(result) + "\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("record: writing: %w", err)
	}
	return nil
}
