package icc

import (
	"bufio"
	_ "embed"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
)

//go:embed announcements.txt
var defaultPatterns string

// Heard is one announcement read from a text line, before it is tied to a
// move: its kind word from the table and what the line named.
type Heard struct {
	Kind   string // a kind of the pattern table: "capture-pawn", "check-long", "tries", ...
	Square game.Square
	Count  int // tries: the number of pawn tries
	// Tries is the tries in full when the words name them (RAND's squares,
	// open tries' moves: kriegd's rulesets, read by kriegdWords).
	Tries *referee.Tries
}

// pattern is one row of the table.
type pattern struct {
	kind string
	re   *regexp.Regexp
}

// Patterns is the table that recognises the referee's words in ICC text
// lines. It is data: the default table is announcements.txt, and a user may
// add rows from a file without changing code.
type Patterns struct {
	rows []pattern
}

// kinds are the kind words a table row may use.
var kinds = map[string]bool{
	"turn": true, "capture-pawn": true, "capture-piece": true, "capture": true,
	"check-rank": true, "check-file": true, "check-long": true, "check-short": true,
	"check-knight": true, "check": true, "tries": true, "illegal": true, "ignore": true,
}

// DefaultPatterns returns the built-in table (an error only if the embedded
// file is broken, which every test would show).
func DefaultPatterns() (*Patterns, error) {
	p := &Patterns{}
	if err := p.Load(strings.NewReader(defaultPatterns), "announcements.txt"); err != nil {
		return nil, err
	}
	return p, nil
}

// Load adds the rows read from r (named name in errors): one "kind regexp"
// per line, '#' comments and blank lines skipped. On an error nothing is added.
func (p *Patterns) Load(r io.Reader, name string) error {
	var rows []pattern
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		kind, expr, ok := strings.Cut(line, " ")
		expr = strings.TrimSpace(expr)
		if !ok || expr == "" {
			return fmt.Errorf("icc: %s:%d: want \"kind regexp\", got %q", name, n, line)
		}
		if !kinds[kind] {
			return fmt.Errorf("icc: %s:%d: unknown kind %q", name, n, kind)
		}
		re, err := regexp.Compile(expr)
		if err != nil {
			return fmt.Errorf("icc: %s:%d: %w", name, n, err)
		}
		rows = append(rows, pattern{kind: kind, re: re})
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("icc: reading %s: %w", name, err)
	}
	p.rows = append(p.rows, rows...)
	return nil
}

// filler is what may remain of an announcement line once the patterns'
// matches are cut out.
var filler = regexp.MustCompile(`^[\s.,;:!?()\[\]{}*"'-]*$`)

// Read returns the announcements of one text line in the order they stand,
// and whether the line is an announcement line at all (the table covers it
// but for spaces and punctuation). "ignore" rows cover without announcing.
func (p *Patterns) Read(line string) ([]Heard, bool) {
	type hit struct {
		start, end int
		heard      Heard
		skip       bool
	}
	var hits []hit
	covered := make([]bool, len(line))
	for _, row := range p.rows {
		for _, m := range row.re.FindAllStringSubmatchIndex(line, -1) {
			if m[1] == m[0] || overlaps(covered, m[0], m[1]) {
				continue
			}
			h := hit{start: m[0], end: m[1], heard: Heard{Kind: row.kind, Square: game.NoSquare}, skip: row.kind == "ignore"}
			if !fill(&h.heard, row.re, line, m) {
				continue
			}
			for i := m[0]; i < m[1]; i++ {
				covered[i] = true
			}
			hits = append(hits, h)
		}
	}
	var rest strings.Builder
	for i := range line {
		if !covered[i] {
			rest.WriteByte(line[i])
		}
	}
	if !filler.MatchString(rest.String()) {
		return nil, false
	}
	sort.Slice(hits, func(i, j int) bool { return hits[i].start < hits[j].start })
	var out []Heard
	for _, h := range hits {
		if !h.skip {
			out = append(out, h.heard)
		}
	}
	return out, len(out) > 0
}

func overlaps(covered []bool, from, to int) bool {
	for i := from; i < to; i++ {
		if covered[i] {
			return true
		}
	}
	return false
}

// fill reads a match's named groups into h; false when a group does not parse.
func fill(h *Heard, re *regexp.Regexp, line string, m []int) bool {
	for i, name := range re.SubexpNames() {
		if name == "" || m[2*i] < 0 {
			continue
		}
		v := strings.ToLower(line[m[2*i]:m[2*i+1]])
		switch name {
		case "sq":
			sq, err := game.ParseSquare(v)
			if err != nil {
				return false
			}
			h.Square = sq
		case "n":
			switch v {
			case "no":
				h.Count = 0
			case "one":
				h.Count = 1
			default:
				n, err := strconv.Atoi(v)
				if err != nil || n > 64 {
					return false
				}
				h.Count = n
			}
		}
	}
	return true
}

// checkKinds maps a check row's kind word to the referee's check kind.
var checkKinds = map[string]referee.CheckKind{
	"check-rank": referee.CheckRank, "check-file": referee.CheckFile, "check-long": referee.CheckLong,
	"check-short": referee.CheckShort, "check-knight": referee.CheckKnight, "check": referee.CheckPlain,
}
