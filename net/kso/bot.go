package kso

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/krieg/krieg/game"
	"github.com/krieg/krieg/game/record"
	"github.com/krieg/krieg/game/referee"
)

// Player plays our side's turns through an Umpire: the computer player
// (controller/player.Bot) is one.
type Player interface {
	Turn(u referee.Umpire) []referee.Answer
}

// Starter is a Player that wants to hear of each new game first.
type Starter interface {
	NewGame(side game.Color, rules referee.Ruleset, start game.Position)
}

// BotOptions tune a BotLoop.
type BotOptions struct {
	// Variants are the rulesets played (every one krieg plays when nil).
	Variants []string
	// MaxGames caps our active games: no game is created or joined at the cap (4 when zero).
	MaxGames int
	// Poll is the interval between rounds (3 s when zero); failed rounds back off with jitter.
	Poll time.Duration
	// CreateOpen keeps one open lobby game of ours waiting, in
	// CreateVariant (the first of Variants when empty) as CreateColour (random when empty).
	CreateOpen                  bool
	CreateVariant, CreateColour string
	// JoinBots joins other bots' open games, at most one per JoinCooldown (60 s when zero).
	JoinBots     bool
	JoinCooldown time.Duration
	// AskAny asks Any? at the start of a turn where the ruleset has it and
	// one of our pawns could capture.
	AskAny bool
	// NewPlayer makes the player of one game.
	NewPlayer func() Player
	// Log receives one line per thing done; it never holds the token.
	Log func(line string)
	// SaveDir, when set, receives each finished game's record.
	SaveDir string
	// OnEnd, when set, hears of each finished game with its last seat.
	OnEnd func(s *Seat)
}

// BotLoop is the site's documented bot loop: poll our active games, play
// our turn in each, optionally keep an open game or join other bots'.
type BotLoop struct {
	c        *Client
	opt      BotOptions
	seats    map[string]*botSeat
	lastJoin time.Time
}

type botSeat struct {
	seat   *Seat
	player Player
	ready  bool
}

// NewBotLoop returns a loop over c (which holds the bot's token).
func NewBotLoop(c *Client, opt BotOptions) *BotLoop {
	if opt.Variants == nil {
		opt.Variants = Variants()
	}
	if opt.MaxGames <= 0 {
		opt.MaxGames = 4
	}
	if opt.Poll <= 0 {
		opt.Poll = 3 * time.Second
	}
	if opt.JoinCooldown <= 0 {
		opt.JoinCooldown = time.Minute
	}
	if opt.CreateVariant == "" && len(opt.Variants) > 0 {
		opt.CreateVariant = opt.Variants[0]
	}
	if opt.CreateColour == "" {
		opt.CreateColour = "random"
	}
	if opt.Log == nil {
		opt.Log = func(string) {}
	}
	return &BotLoop{c: c, opt: opt, seats: map[string]*botSeat{}}
}

// Run plays rounds until ctx ends or the token is refused.
func (b *BotLoop) Run(ctx context.Context) error {
	back := Backoff{Base: b.opt.Poll, Max: 2 * time.Minute}
	for {
		wait := b.opt.Poll
		if err := b.Round(ctx); err != nil {
			if errors.Is(err, ErrSession) || ctx.Err() != nil {
				return err
			}
			wait = back.Next()
			b.opt.Log(fmt.Sprintf("round failed (%v); next in %v", err, wait.Round(time.Millisecond)))
		} else {
			back.Reset()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
}

// Round is one pass of the loop: our games, our turns, then the lobby.
func (b *BotLoop) Round(ctx context.Context) error {
	games, err := b.c.ActiveGames(ctx)
	if err != nil {
		return err
	}
	active, waiting := 0, 0
	seen := map[string]bool{}
	for _, g := range games {
		seen[g.GameID] = true
		switch g.State {
		case "waiting":
			waiting++
		case "active":
			active++
			if err := b.play(ctx, g); err != nil {
				if errors.Is(err, ErrSession) {
					return err
				}
				b.opt.Log(fmt.Sprintf("game %s: %v", g.GameCode, err))
			}
		}
	}
	for id, bs := range b.seats {
		if !seen[id] {
			b.finish(bs)
			delete(b.seats, id)
		}
	}
	if active+waiting < b.opt.MaxGames && b.opt.CreateOpen && waiting == 0 {
		b.create(ctx)
		waiting++
	}
	if active+waiting < b.opt.MaxGames && b.opt.JoinBots && time.Since(b.lastJoin) >= b.opt.JoinCooldown {
		b.join(ctx)
	}
	return nil
}

// play plays our turn in g, if it is ours.
func (b *BotLoop) play(ctx context.Context, g GameMetadata) error {
	if !slices.Contains(b.opt.Variants, g.RuleVariant) {
		return nil
	}
	bs := b.seats[g.GameID]
	if bs == nil {
		rules, err := RulesFor(g.RuleVariant)
		if err != nil {
			return err
		}
		bs = &botSeat{seat: NewSeat(ctx, b.c, g.GameID, rules), player: b.opt.NewPlayer()}
		bs.seat.Strict = true
		b.seats[g.GameID] = bs
	}
	bs.seat.ctx = ctx
	if bs.ready && g.Turn != nil && *g.Turn != ColorName(bs.seat.view.Side) {
		return nil // not our turn: no state read needed
	}
	if err := bs.seat.Refresh(); err != nil {
		return err
	}
	v := bs.seat.Current()
	if !bs.ready {
		bs.ready = true
		if st, ok := bs.player.(Starter); ok {
			st.NewGame(v.Side, bs.seat.rules, game.Start())
		}
		b.opt.Log(fmt.Sprintf("game %s: playing %s in %s", g.GameCode, v.Side, g.RuleVariant))
	}
	if v.State != "active" || v.ToMove != v.Side {
		return nil
	}
	if b.opt.AskAny && v.Any && pawnMayCapture(&v.Own, v.Side) {
		bs.seat.AskAny()
		if bs.seat.Err != nil {
			return bs.seat.Err
		}
	}
	before := bs.seat.Current().Plies
	bs.player.Turn(bs.seat)
	if bs.seat.Err != nil {
		return bs.seat.Err
	}
	if bs.seat.Current().Plies == before && bs.seat.Current().Result == nil {
		return fmt.Errorf("no move was accepted this round (%d attempts heard)", len(bs.seat.Heard()))
	}
	return nil
}

// pawnMayCapture reports whether one of side's pawns has a diagonal square
// free of our own men.
func pawnMayCapture(own *game.Position, side game.Color) bool {
	for p := own.Pieces(side, game.Pawn); p != 0; {
		if game.PawnAttacks(side, p.PopFirst())&^own.ByColor(side) != 0 {
			return true
		}
	}
	return false
}

// finish reads a game that left our active list once more and reports its end.
func (b *BotLoop) finish(bs *botSeat) {
	if err := bs.seat.Refresh(); err != nil {
		b.opt.Log(fmt.Sprintf("game %s: the last state read failed: %v", bs.seat.Ref, err))
		return
	}
	v := bs.seat.Current()
	if v.Result == nil {
		return
	}
	b.opt.Log(fmt.Sprintf("game %s: over, %s (%s)", bs.seat.Ref, v.Result.Score, v.Result.Reason))
	if b.opt.SaveDir != "" && v.Site != nil && v.Plies > 0 {
		if err := b.save(bs.seat); err != nil {
			b.opt.Log(fmt.Sprintf("game %s: %v", bs.seat.Ref, err))
		}
	}
	if b.opt.OnEnd != nil {
		b.opt.OnEnd(bs.seat)
	}
}

func (b *BotLoop) save(s *Seat) error {
	tr, err := b.c.Transcript(s.ctx, s.Ref)
	if err != nil {
		return fmt.Errorf("saving: %w", err)
	}
	now := time.Now()
	rec, err := Record(tr, *s.view.Site, []record.Tag{{Key: "Date", Value: now.Format("2006.01.02")}})
	if err != nil {
		return fmt.Errorf("saving: %w", err)
	}
	_, err = record.SaveNew(b.opt.SaveDir, "kso-"+s.Ref+"-"+now.Format("2006-01-02-150405"), rec)
	return err
}

func (b *BotLoop) create(ctx context.Context) {
	g, err := Lobby{C: b.c}.Create(ctx, b.opt.CreateVariant, b.opt.CreateColour, "")
	if err != nil {
		b.opt.Log(fmt.Sprintf("creating an open game: %v", err))
		return
	}
	b.opt.Log(fmt.Sprintf("created open %s game %s", g.Variant, g.Code))
}

// join joins the newest open game of another bot in a ruleset we play.
func (b *BotLoop) join(ctx context.Context) {
	open, err := b.c.OpenGames(ctx)
	if err != nil {
		b.opt.Log(fmt.Sprintf("listing open games: %v", err))
		return
	}
	bots, err := b.c.Bots(ctx)
	if err != nil {
		b.opt.Log(fmt.Sprintf("listing bots: %v", err))
		return
	}
	for _, g := range open {
		isBot := slices.ContainsFunc(bots, func(x BotListing) bool { return strings.EqualFold(x.Username, g.CreatedBy) })
		if !isBot || !slices.Contains(b.opt.Variants, g.RuleVariant) {
			continue
		}
		_, err := b.c.Join(ctx, g.GameCode)
		switch {
		case errors.Is(err, ErrJoinCooldown):
			b.lastJoin = time.Now()
			return
		case err != nil:
			b.opt.Log(fmt.Sprintf("joining %s: %v", g.GameCode, err))
			continue
		}
		b.lastJoin = time.Now()
		b.opt.Log(fmt.Sprintf("joined %s's %s game %s", g.CreatedBy, g.RuleVariant, g.GameCode))
		return
	}
}

// Register registers a bot and writes its token to path with mode 0600
// (refusing to overwrite a file). It returns the registration without the token.
func Register(ctx context.Context, c *Client, req BotRegisterRequest, path string) (BotRegisterResponse, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return BotRegisterResponse{}, fmt.Errorf("kso: the token file's folder: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return BotRegisterResponse{}, fmt.Errorf("kso: the token file: %w", err)
	}
	r, err := c.RegisterBot(ctx, req)
	if err != nil {
		f.Close()
		os.Remove(path)
		return BotRegisterResponse{}, err
	}
	_, werr := fmt.Fprintln(f, r.APIToken)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		os.Remove(path)
		return BotRegisterResponse{}, fmt.Errorf("kso: writing the token file: %w", werr)
	}
	r.APIToken = ""
	return r, nil
}

// ReadToken reads a token file, refusing one others may read.
func ReadToken(path string) (string, error) {
	st, err := os.Stat(path)
	if err != nil {
		return "", fmt.Errorf("kso: the token file: %w", err)
	}
	if st.Mode().Perm()&0o077 != 0 {
		return "", fmt.Errorf("kso: the token file %s may be read by others (mode %v); chmod 600 it", path, st.Mode().Perm())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("kso: the token file: %w", err)
	}
	tok := strings.TrimSpace(string(data))
	if tok == "" || strings.ContainsAny(tok, " \t\n") {
		return "", fmt.Errorf("kso: the token file %s does not hold one token", path)
	}
	return tok, nil
}
