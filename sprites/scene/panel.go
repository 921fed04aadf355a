package scene

import (
	"fmt"
	"image/color"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/krieg/krieg/assets"
	"github.com/krieg/krieg/controller"
	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/referee"
	"github.com/krieg/krieg/net"
)

// LowTime is when a clock turns red.
const LowTime = 20 * time.Second

// column lays panel rows out from the top down.
type column struct {
	s             *Scene
	r             Rectangle      // what is left
	unit          float64        // text size
	confirmResign bool           // Resign waits for its confirmation
	confirmLeft   time.Duration  // until the question lapses
	heat          game.PieceType // the heat map's class (NoPieceType: off)
}

// row takes a strip of height h from the top.
func (c *column) row(h float64) Rectangle {
	r := Rectangle{c.r.X, c.r.Y, c.r.W, h}
	c.r.Y += h
	c.r.H -= h
	return r
}

// bottom takes a strip of height h from the bottom.
func (c *column) bottom(h float64) Rectangle {
	c.r.H -= h
	return Rectangle{c.r.X, c.r.Y + c.r.H, c.r.W, h}
}

// line adds a line of text, wrapped over as many rows as it needs.
func (c *column) line(str string, f assets.Font, col color.RGBA) {
	for _, l := range Wrap(str, f, c.unit, c.r.W, "  ") {
		c.s.text(c.row(c.unit*1.45), l, f, c.unit, col, Left)
	}
}

// fitLine is line, but keeps only the rows that fit in the column: what
// does not fit is left out, not drawn over the panel's edge.
func (c *column) fitLine(str string, f assets.Font, col color.RGBA) {
	for _, l := range Wrap(str, f, c.unit, c.r.W, "  ") {
		if c.r.H < c.unit*1.45 {
			return
		}
		c.s.text(c.row(c.unit*1.45), l, f, c.unit, col, Left)
	}
}

// buttons adds a row of buttons of equal width; on says which are lit.
// Resign asking to be confirmed reads so, in red.
func (c *column) buttons(bs []Button, on func(Button) bool) {
	r := c.row(c.unit * 2.2)
	gap := 6.0
	w := (r.W - gap*float64(len(bs)-1)) / float64(len(bs))
	for i, b := range bs {
		br := Rectangle{r.X + float64(i)*(w+gap), r.Y + 2, w, r.H - 6}
		if b == Resign && c.confirmResign {
			c.s.rect(br, clockLow, 1)
			c.s.text(br, ConfirmLabel(c.confirmLeft), assets.Bold, c.unit, textMain, Center)
			c.s.Hits = append(c.s.Hits, Hit{R: br, Button: b})
			continue
		}
		label := b.label()
		if b == CycleHeat {
			label = heatLabel(c.heat, c.unit, br.W-6)
		}
		c.s.button(br, b, label, on != nil && on(b), c.unit)
	}
}

// ConfirmLabel is the armed Resign button's caption: the question and the
// whole seconds left to answer it, counting down.
func ConfirmLabel(left time.Duration) string {
	return fmt.Sprintf("Confirm resign? %ds", int((left+time.Second-1)/time.Second))
}

// heatLabel is the Heat button's caption, saying what it shows: "Heat off"
// or the class ("Heat: rook"), the class by its letter ("Heat R") when the
// button is too narrow for the word.
func heatLabel(t game.PieceType, size, w float64) string {
	if t == game.NoPieceType {
		return "Heat off"
	}
	if l := "Heat: " + t.String(); Measure(l, assets.Regular, size) <= w {
		return l
	}
	return "Heat " + t.Letter()
}

// button adds one button and its hit region.
func (s *Scene) button(r Rectangle, b Button, label string, lit bool, size float64) {
	bg := buttonBG
	switch {
	case lit:
		bg = buttonOn
	case s.pointer.on && r.Contains(s.pointer.x, s.pointer.y):
		bg = buttonUnder // as a browser's buttons answer the pointer
	}
	s.rect(r, bg, 1)
	s.text(r, label, assets.Regular, size, textMain, Center)
	s.Hits = append(s.Hits, Hit{R: r, Button: b})
}

// clock adds one player's name and clock.
func (c *column) clock(f *Frame, side game.Color, r Rectangle) {
	p := f.Panel
	left := p.Clocks[side]
	running := p.Ticking && p.Running == side
	bg := clockBG
	fg := textDim
	if running {
		bg, fg = clockRun, rgb(0x20, 0x20, 0x20)
	}
	if left < LowTime && running || left <= 0 && p.GameOver { // a flag falling, or fallen
		bg, fg = clockLow, textMain
	}
	cw := min(r.W*0.45, c.unit*8)
	box := Rectangle{r.X + r.W - cw, r.Y, cw, r.H}
	shown := net.FormatClock(left)
	if p.Untimed {
		bg, fg, shown = clockBG, textDim, "—"
	}
	c.s.rect(box, bg, 1)
	c.s.text(box.inset(4), shown, assets.Bold, r.H*0.55, fg, Center)
	name := p.Names[side]
	if name == "" {
		name = side.Title()
	}
	if f.View.ToMove == side && !p.GameOver {
		name = "● " + name
	}
	c.s.text(Rectangle{r.X, r.Y, r.W - cw - 8, r.H}, name, assets.Bold, c.unit*1.1, textMain, Left)
}

// playPanel lays out the panel of a game in progress.
// playPanel lays out the play screen's panel. Its size is fitted without
// the notes that come and go (the clock's, the queue, offers, our pawn
// tries, the notice), so that one appearing shrinks and moves no button:
// the notes take the log's room instead.
func (s *Scene) playPanel(f *Frame) {
	bare := *f
	bare.Panel.ClockNote, bare.Panel.Offer, bare.Panel.OfferNews, bare.Panel.Notice, bare.Panel.Question = "", "", "", "", ""
	bare.Queue, bare.View.OwnTries = nil, ""
	p := f.Panel
	notes := p.ClockNote != "" || p.Offer != "" || p.OfferNews != "" || p.Notice != "" || p.Question != "" || len(f.Queue) > 0 || f.View.OwnTries != ""
	if !notes {
		s.fitPanel(logRows, func(c *column) { s.playColumn(c, f) }) // the usual frame: one fit
		return
	}
	from := s.mark()
	unit := s.fitPanel(logRows, func(c *column) { s.playColumn(c, &bare) })
	s.fillPanel(from, unit, func(c *column) { s.playColumn(c, f) })
}

// playColumn fills the play panel's column.
func (s *Scene) playColumn(c *column, f *Frame) {
	c.confirmResign, c.confirmLeft = f.Panel.ConfirmResign, f.Panel.ConfirmLeft
	me := f.View.Side
	clockH := c.unit * 2.6
	c.clock(f, me.Other(), c.row(clockH))
	c.clock(f, me, c.bottom(clockH))
	c.bottom(c.unit * 0.4)
	if f.Panel.PromptLabel != "" {
		c.prompt(f.Panel.PromptLabel, f.Panel.Prompt, f.Panel.PromptSelected)
	} else if f.Panel.ShowInput {
		in := c.bottom(c.unit * 1.9)
		s.rect(in, clockBG, 1)
		typed := "type e2e4 or px, then Enter"
		if f.Panel.NoPx {
			typed = "type e2e4, then Enter"
		}
		col := textDim
		if f.Panel.Typed != "" {
			typed, col = tail(Masked(f.Panel.Typed)+"_", assets.Mono, c.unit*0.95, in.W-8), textMain
		}
		if f.Panel.TypedSelected {
			s.selected(in.inset(4), typed, c.unit*0.95)
		}
		s.text(in.inset(4), typed, assets.Mono, c.unit*0.95, col, Left)
	}
	c.row(c.unit * 0.4)
	c.line(f.Panel.Title, assets.Regular, textDim)
	c.line(f.Panel.Status, assets.Bold, textMain)
	actions := BannerActions(f.Panel)
	next := actions[len(actions)-1]
	switch {
	case f.Panel.Reviewable:
		c.buttons([]Button{Review, CopyPGN, SaveAs, next}, func(b Button) bool { return b == Review })
	case f.Panel.ConfirmResign:
		// Armed, the row holds only the question and its way out.
		c.buttons([]Button{Resign, CancelResign}, nil)
	case f.Panel.NoGame:
		// With no game to resign, offer a draw in or abort, the row holds
		// only the way to the next game.
		c.buttons([]Button{next}, nil)
	default:
		play := []Button{Resign, OfferDraw, Abort, next}
		if f.Panel.NoAbort {
			play = []Button{Resign, OfferDraw, next}
		}
		c.buttons(play, nil)
	}
	c.buttons([]Button{Flip, Fullscreen, Mute, Legend}, func(b Button) bool {
		return (b == Fullscreen && f.Panel.Full) || (b == Mute && !f.Panel.Muted && f.Panel.Silent == "")
	})
	// The notes that come and go stand under the buttons and the
	// toggles, so that no button moves under the pointer when one appears.
	c.toggles(f)
	playNotes(c, f)
	c.facts(f)
	// The table keeps its latest rows before the log keeps any: the
	// notes take the log's room, never the table's.
	s.moveTable(c, f.Panel.Table, 0, false, max(c.r.H*0.4, min(c.r.H, lastRowsHeight(c, f.Panel.Table, tableRows))))
	s.logLines(c, f.View.Log, f.Panel.Console)
}

// playNotes adds the game's passing notes: why the clocks stand, the
// queued moves, an offer and what became of ours.
func playNotes(c *column, f *Frame) {
	if f.Panel.ClockNote != "" {
		c.line(f.Panel.ClockNote, assets.Bold, hintAmber)
	}
	if len(f.Queue) > 0 {
		q := "Queued:"
		for i, m := range f.Queue {
			q += fmt.Sprintf(" %d. %s", i+1, m)
		}
		c.line(q+" (Esc or right-click clears)", assets.Regular, textOwn)
	}
	if f.Panel.Offer != "" {
		c.line("The opponent offers: "+f.Panel.Offer+" (click "+offerButton(f.Panel.Offer)+" to accept)", assets.Bold, textOwn)
	}
	if f.Panel.OfferNews != "" {
		c.line(f.Panel.OfferNews, assets.Bold, hintAmber)
	}
}

// offerButton names the button that answers an offer of what.
func offerButton(what string) string {
	switch what {
	case "draw":
		return OfferDraw.label()
	case "abort":
		return Abort.label()
	}
	return what
}

// prompt adds, at the bottom, the line being typed for a question after
// its label; the label always shows whole, the line its end.
func (c *column) prompt(label, text string, selected bool) {
	in := c.bottom(c.unit * 1.9)
	c.s.rect(in, clockBG, 1)
	size := c.unit * 0.95
	lw := 0.0
	if label != "" {
		lw = Measure(label+" ", assets.Bold, size)
		c.s.text(Rectangle{in.X + 4, in.Y + 4, lw, in.H - 8}, label, assets.Bold, size, textMain, Left)
	}
	box := Rectangle{in.X + 4 + lw, in.Y + 4, in.W - 8 - lw, in.H - 8}
	shown := tail(text+"_", assets.Mono, size, box.W)
	if selected && text != "" {
		c.s.selected(box, shown, size)
	}
	c.s.text(box, shown, assets.Mono, size, textOwn, Left)
}

// selected draws the selection's colour under shown, a typed line selected
// whole (Ctrl+A) in box, so that it reads as what is typed next replaces.
func (s *Scene) selected(box Rectangle, shown string, size float64) {
	w := min(Measure(strings.TrimSuffix(shown, "_"), assets.Mono, size), box.W)
	s.rect(Rectangle{box.X, box.Y, w, box.H}, selection, 1)
}

// Masked is a typed line as the screen shows it: the passwords of
// "register PASSWORD" and "password OLD NEW" (kriegd's commands) as stars,
// so that they are never shown to whoever sees the screen.
func Masked(line string) string {
	for _, verb := range []string{"register ", "password "} {
		if len(line) > len(verb) && strings.EqualFold(line[:len(verb)], verb) {
			return line[:len(verb)] + strings.Repeat("*", utf8.RuneCountInString(line[len(verb):]))
		}
	}
	return line
}

// tail returns the end of str that fits in w, marked with "…" when cut:
// a text field showing its latest characters.
func tail(str string, f assets.Font, size, w float64) string {
	if Measure(str, f, size) <= w {
		return str
	}
	r := []rune(str)
	// The shortest cut (fewest runes dropped) whose rest fits: widths
	// shrink as runes are dropped, so search.
	lo, hi := 1, len(r)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if Measure("…"+string(r[mid:]), f, size) <= w {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return "…" + string(r[lo:])
}

// toggles adds the dark side's layer toggles.
func (c *column) toggles(f *Frame) {
	c.heat = f.Show.Heat
	c.buttons([]Button{TogglePieces, ToggleChecks, ToggleKings, ToggleZone, CycleHeat}, func(b Button) bool {
		switch b {
		case TogglePieces:
			return f.Show.Pieces
		case ToggleChecks:
			return f.Show.Checks
		case ToggleKings:
			return f.Show.Kings
		case ToggleZone:
			return f.Show.Zone
		case CycleHeat:
			return f.Show.Heat != game.NoPieceType
		}
		return false
	})
}

// facts adds the counters and what the belief holds.
func (c *column) facts(f *Frame) {
	v := &f.View
	c.line(fmt.Sprintf("You took %s, %s%s · lost %s, %s", plural(v.Captured.Pawns, "pawn"), plural(v.Captured.Pieces, "piece"), unknown(v.Captured.Unknown),
		plural(v.Lost.Pawns, "pawn"), plural(v.Lost.Pieces, "piece")), assets.Regular, textMain)
	tries := v.EnemyTries
	if tries == "" {
		tries = "none announced"
		if f.Panel.NoTries {
			tries = "not announced under these rules"
		}
	}
	c.line("Enemy pawn tries: "+tries, assets.Regular, textMain)
	if v.OwnTries != "" {
		c.line("Your pawn tries: "+v.OwnTries, assets.Bold, hintAmber)
	}
	heat := ""
	if t := f.Show.Heat; t != game.NoPieceType {
		heat = " · heat: enemy " + t.String()
	}
	belief := fmt.Sprintf("Belief: %s%s", plural(v.Boards, "sampled board"), heat)
	if v.FromB1 {
		belief = "Belief: per-class sets (B1)" + heat
	}
	if f.Settling() {
		// The count would be ahead of the tokens on show (the newest
		// message's, or the view model the tokens still fade to): it makes
		// way for the mark, so that line and tokens never disagree, and the
		// line keeps its length so the panel below does not jump.
		belief = "Belief: updating…" + heat
	}
	if f.Assist == AssistFull {
		c.line(belief, assets.Regular, textDim)
	}
	if f.Panel.Question != "" {
		c.line(f.Panel.Question, assets.Bold, toneColours[HintTone])
	}
	if f.Panel.Notice != "" {
		c.line(f.Panel.Notice, assets.Bold, toneColours[f.Panel.Tone])
	}
	if f.Panel.Silent != "" {
		c.line(f.Panel.Silent, assets.Regular, textDim)
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func unknown(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", %d unknown", n)
}

// logLine is the height of a log row, in panel units.
const logLine = 0.9 * 1.35

// logLines fills what is left of the column with the referee's log, newest
// last, our own attempts marked, then the server's console lines.
func (s *Scene) logLines(c *column, log []controller.LogLine, console []ConsoleLine) {
	c.row(4)
	s.rect(c.r, panelLine, 1)
	size := c.unit * 0.9
	lh := c.unit * logLine
	area := c.r.inset(6)
	type line struct {
		text string
		col  color.RGBA
	}
	// Lines are formatted newest first and only as many as fit: a long
	// game's log holds hundreds, and the panel is built on every change.
	n := max(0, int(area.H/lh))
	var rows []line
	add := func(text string, col color.RGBA) {
		var wrapped []line
		for _, w := range Wrap(text, assets.Mono, size, area.W, "        ") {
			wrapped = append(wrapped, line{w, col})
		}
		rows = append(wrapped, rows...)
	}
	// A console line comes just before the first log line numbered at or
	// after its After; those after the whole log come last.
	k := 0
	for k < len(console) && console[k].After <= len(log) {
		k++
	}
	for i := len(log); i >= 0 && len(rows) < n; i-- {
		if i < len(log) {
			l := log[i]
			mark, col := "  ", textMain
			if l.Own {
				mark, col = "› ", textOwn
			}
			who := "W"
			if l.Side == game.Black {
				who = "B"
			}
			add(fmt.Sprintf("%s%3d %s %s", mark, l.Ply/2+1, who, l.Text), col)
		}
		for k > 0 && len(rows) < n && (i == 0 || console[k-1].After > i-1) {
			k--
			add("  "+console[k].Text, textDim)
		}
	}
	if len(rows) > n {
		rows = rows[len(rows)-n:]
	}
	for i, l := range rows {
		s.text(Rectangle{area.X, area.Y + float64(i)*lh, area.W, lh}, l.text, assets.Mono, size, l.col, Left)
	}
}

// logRows is how many rows of the log a panel keeps at the least; its
// text shrinks until they fit.
const logRows = 5

// fitPanel draws the panel's background and fills its column with fill,
// at a text size that scales with the panel; when the content does not
// fit (keeping room for minRows lines of log), it starts again smaller. It
// returns the text size it kept.
func (s *Scene) fitPanel(minRows int, fill func(c *column)) float64 {
	return s.fitPanelUntil(fill, func(c column) bool { return c.r.H >= float64(minRows)*c.unit*logLine })
}

// fitPanelUntil is fitPanel with its own test of a fit: fits is given the
// column as fill left it.
func (s *Scene) fitPanelUntil(fill func(c *column), fits func(c column) bool) float64 {
	l := s.Layout
	unit := max(9, min(l.Panel.W/26, l.Panel.H/36))
	from := s.mark()
	for {
		c := s.fillPanel(from, unit, fill)
		if fits(c) || unit <= 7 {
			return unit
		}
		unit *= 0.9
	}
}

// mark is how many sprites and hits the scene holds: where a panel drawn
// again starts over.
func (s *Scene) mark() [2]int { return [2]int{len(s.Sprites), len(s.Hits)} }

// fillPanel drops what was drawn since from, draws the panel's background
// and fills its column with fill at text size unit; it returns the column
// with what is left of it.
func (s *Scene) fillPanel(from [2]int, unit float64, fill func(c *column)) column {
	s.Sprites, s.Hits = s.Sprites[:from[0]], s.Hits[:from[1]]
	s.rect(s.Layout.Panel, panelBG, 1)
	c := column{s: s, r: s.Layout.Panel.inset(10), unit: unit}
	fill(&c)
	return c
}

// replayPanel lays out the replay screen's panel.
func (s *Scene) replayPanel(f *Frame) {
	s.fitPanel(logRows, func(c *column) { s.replayColumn(c, f) })
	s.slider(f)
}

// replayColumn fills the replay panel's column.
func (s *Scene) replayColumn(c *column, f *Frame) {
	r := f.Replay
	if f.Panel.PromptLabel != "" {
		c.prompt(f.Panel.PromptLabel, f.Panel.Prompt, f.Panel.PromptSelected)
	}
	c.line(f.Panel.Title, assets.Regular, textDim)
	c.line(fmt.Sprintf("Ply %d of %d   %s", r.Ply, r.total(), r.Move), assets.Bold, textMain)
	c.line(f.Panel.Status, assets.Regular, textMain)
	c.buttons([]Button{FirstPly, PrevPly, NextPly, LastPly}, nil)
	c.buttons([]Button{SwapSide, Reveal, Flip, Fullscreen}, func(b Button) bool {
		return (b == Reveal && f.Truth != nil) || (b == Fullscreen && f.Panel.Full)
	})
	switch {
	case r.Review && f.Panel.Lobby:
		c.buttons([]Button{CopyPGN, SaveAs, ToLobby}, nil)
	case r.Review:
		c.buttons([]Button{CopyPGN, SaveAs, NewGame}, nil)
	default:
		c.buttons([]Button{CopyPGN, SaveAs}, nil)
	}
	c.toggles(f)
	c.facts(f)
	// As in play, room for the latest rows whatever lines follow (an outside
	// tester saw 4 rows in a review, the lines heard taking the rest).
	s.moveTable(c, r.Table, r.Ply, true, max(c.r.H*0.45, min(c.r.H, lastRowsHeight(c, r.Table, tableRows))))
	for _, h := range r.Heard {
		c.line(h, assets.Regular, textOwn)
	}
	s.logLines(c, f.View.Log, nil)
}

// slider adds the replay's slider under the board.
func (s *Scene) slider(f *Frame) {
	t := s.Layout.Slider()
	s.rect(Rectangle{t.X, t.Y + t.H/2 - 2, t.W, 4}, buttonBG, 1)
	s.Hits = append(s.Hits, Hit{R: t, Button: Slider})
	total := f.Replay.total()
	if total == 0 {
		return
	}
	// The knob stands where the ply stands in the whole record, as "Ply N
	// of M" says, not at the end of what was followed so far.
	x := t.X + t.W*float64(min(f.Replay.Ply, total))/float64(total)
	s.rect(Rectangle{t.X, t.Y + t.H/2 - 2, x - t.X, 4}, buttonOn, 1)
	s.add(Sprite{Kind: Disc, X: x - t.H/2, Y: t.Y, W: t.H, H: t.H, Color: textMain, Alpha: 1})
}

// SliderPly maps a pointer's x on the slider (total plies long) to a ply,
// at most plies (those that can be shown).
func (l Layout) SliderPly(x float64, total, plies int) int {
	t := l.Slider()
	p := int((x-t.X)/t.W*float64(total) + 0.5)
	return max(0, min(plies, p))
}

// total is the record's plies, the slider's length.
func (r ReplayInfo) total() int {
	if r.Total == 0 {
		return r.Plies
	}
	return r.Total
}

// newGamePanel lays out the new-game screen's choices. Their size is fitted
// with the help lines under Play and without the notes, so that a note
// ("Saved to …") does not shrink and move the buttons: the notes come first
// there and the help lines take what room is left.
func (s *Scene) newGamePanel(f *Frame) {
	bare := *f
	bare.Panel.Notice, bare.Panel.Silent = "", ""
	from := s.mark()
	unit := s.fitPanel(0, func(c *column) { s.newGameColumn(c, &bare, c.line) })
	s.fillPanel(from, unit, func(c *column) { s.newGameColumn(c, f, c.fitLine) })
}

// newGameColumn fills the new-game panel's column, putting the lines under
// Play with put: c.line to measure what they need, c.fitLine to keep them
// on the panel.
func (s *Scene) newGameColumn(c *column, f *Frame, put func(string, assets.Font, color.RGBA)) {
	c.line("New Kriegspiel game", assets.Bold, textMain)
	c.row(c.unit * 0.6)
	if f.Panel.Resume != "" {
		// The game kept from the last run comes first: Enter resumes it,
		// Play starts a new one in its place.
		c.line("Your game against the computer was kept: "+f.Panel.Resume, assets.Regular, textMain)
		r := c.row(c.unit * 2.6)
		s.button(Rectangle{r.X, r.Y + 2, r.W, r.H - 4}, ResumeGame, "Resume your game (Enter)", true, c.unit*1.1)
		c.row(c.unit * 0.6)
		c.line("Or start a new game:", assets.Bold, textMain)
		c.row(c.unit * 0.3)
	}
	ch := f.NewGame
	// group lays a group's buttons out in rows of at most perRow.
	group := func(title string, g int, opts []string, pick, perRow int) {
		c.line(title, assets.Bold, textMain)
		n := min(len(opts), perRow)
		gap := 6.0
		var r Rectangle
		var w float64
		for i, o := range opts {
			if i%n == 0 {
				r = c.row(c.unit * 2.3)
				w = (r.W - gap*float64(n-1)) / float64(n)
			}
			s.button(Rectangle{r.X + float64(i%n)*(w+gap), r.Y + 2, w, r.H - 6}, Choice(g, i), o, i == pick, c.unit)
		}
		c.row(c.unit * 0.5)
	}
	rules := slices.Index(referee.Rulesets, ch.Ruleset())
	group("Rules", RulesGroup, RuleChoices(), rules, 4)
	group("You play", SideGroup, Sides, ch.Side, 3)
	group("Time control (minutes + seconds per move)", TimeGroup, TimeControls, ch.Time, len(TimeControls))
	group("Opponent", OpponentGroup, Opponents, ch.Opponent, len(Opponents))
	group("Board", ThemeGroup, Themes, int(f.Theme), len(Themes))
	group("Assistant", AssistGroup, Assists, int(f.Assist), len(Assists))
	motion := 0
	if f.ReduceMotion {
		motion = 1
	}
	group("Motion", MotionGroup, Motions, motion, len(Motions))
	c.row(c.unit * 0.5)
	r := c.row(c.unit * 3)
	s.button(Rectangle{r.X, r.Y, r.W, r.H}, Start, "Play", f.Panel.Resume == "", c.unit*1.2)
	if f.Panel.Lobby {
		// The lobby behind the screen is shown a way back to, besides
		// Escape, which nobody sees.
		c.row(c.unit * 0.4)
		r := c.row(c.unit * 2.2)
		s.button(Rectangle{r.X, r.Y, r.W, r.H}, ToLobby, "Back to the lobby (Esc)", false, c.unit)
	}
	c.row(c.unit * 0.7)
	if f.Panel.Notice != "" {
		put(f.Panel.Notice, assets.Bold, toneColours[f.Panel.Tone])
	}
	if f.Panel.Silent != "" {
		put(f.Panel.Silent, assets.Regular, textDim)
	}
	for _, h := range strings.Split(help, "\n") {
		put(h, assets.Regular, textDim)
	}
}

// help is the new-game screen's reminder of the controls.
const help = `Drag or click a man, or type e2e4 and Enter (px: pawn captures?).
Right-click a square: a ghost enemy man (Delete clears them).
F1 legend · F3 flip · ` + layerKeys + ` tokens, zone, heat · F11 full screen.`
