package game

// Legal move generation. The side to move's pins and checks are found once
// (restrictions), so every generated move is legal without playing it: a
// pinned man moves only along its pin line, in single check a non-king move
// must capture the checker or block, and a king move is tried against the
// enemy's attacks with the king lifted off the board. Only en passant, which
// removes two men from a line at once, is tested by looking at the board after.

// MaxMoves bounds the number of legal moves in any position (218 is the known maximum).
const MaxMoves = 256

// moveList fills a fixed array of moves, which it does not own (so that no
// generation zeroes one of its own). Indexing it with a uint8 lets the
// compiler drop the bounds check that an append would pay.
type moveList struct {
	n     int
	moves *[MaxMoves]Move
}

func (l *moveList) add(m Move) {
	l.moves[uint8(l.n)] = m
	l.n++
}

// addEach adds a move from from to each square of to. It counts in a local
// variable: through l the compiler would reload and store l.n at every move.
func (l *moveList) addEach(from Square, to Bitboard) {
	n, m := l.n, NewMove(from, 0, NoPieceType)
	for ; to != 0; n++ {
		l.moves[uint8(n)] = m | Move(to.PopFirst())<<6
	}
	l.n = n
}

// addPawn adds a pawn's moves, or four promotions (queen, rook, bishop,
// knight) for each when it moves to the last rank.
func (l *moveList) addPawn(from Square, to Bitboard, promotes bool) {
	if !promotes {
		l.addEach(from, to)
		return
	}
	for to != 0 {
		s := to.PopFirst()
		for _, t := range [4]PieceType{Queen, Rook, Bishop, Knight} {
			l.add(NewMove(from, s, t))
		}
	}
}

// restrictions is what legal generation needs to know about the side to move.
type restrictions struct {
	us, them   Color
	own, enemy Bitboard
	occ        Bitboard
	ksq        Square   // the king's square, or NoSquare when the side has none
	target     Bitboard // where a non-king move may land: not on own men; in single check, on the checker or between it and the king
	pinned     Bitboard // own men pinned to the king
	check      bool     // the king is in check
	double     bool     // the king is in double check: only king moves are legal
}

// restrictions finds the checks and pins on the side to move.
func (p *Position) restrictions() restrictions {
	us := p.turn
	them := us.Other()
	r := restrictions{us: us, them: them, own: p.colors[us&1], enemy: p.colors[them&1], ksq: NoSquare}
	r.occ = r.own | r.enemy
	r.target = ^r.own
	kings := r.own & p.types[King]
	if kings == 0 {
		return r
	}
	ksq := kings.First()
	r.ksq = ksq
	checkers := r.enemy & (knightAttacks[ksq]&p.types[Knight] | pawnAttacks[us&1][ksq]&p.types[Pawn] | kingAttacks[ksq]&p.types[King])
	// Enemy sliders that would attack the king on a board of their own men
	// only: with nothing between they check, with one own man between they
	// pin it. The rays of an empty board spare the lookups when none is in line.
	var snipers Bitboard
	if rq := r.enemy & (p.types[Rook] | p.types[Queen]); rq&rookRays[ksq] != 0 {
		snipers = RookAttacks(ksq, r.enemy) & rq
	}
	if bq := r.enemy & (p.types[Bishop] | p.types[Queen]); bq&bishopRays[ksq] != 0 {
		snipers |= BishopAttacks(ksq, r.enemy) & bq
	}
	for snipers != 0 {
		s := snipers.PopFirst()
		b := between[ksq][s] & r.occ
		if b == 0 {
			checkers |= bit(s)
		} else if b&(b-1) == 0 && b&r.own != 0 {
			r.pinned |= b
		}
	}
	switch {
	case checkers == 0:
	case checkers&(checkers-1) == 0:
		c := checkers.First()
		r.target = between[ksq][c] | bit(c)
		r.check = true
	default:
		r.target = 0
		r.check, r.double = true, true
	}
	return r
}

// attacked reports whether a man of colour by attacks s given occupancy occ.
func (p *Position) attacked(s Square, by Color, occ Bitboard) bool {
	them := p.colors[by&1]
	if them&(knightAttacks[s]&p.types[Knight]|kingAttacks[s]&p.types[King]|pawnAttacks[by.Other()&1][s]&p.types[Pawn]) != 0 {
		return true
	}
	if bq := them & (p.types[Bishop] | p.types[Queen]); bq&bishopRays[s] != 0 && BishopAttacks(s, occ)&bq != 0 {
		return true
	}
	rq := them & (p.types[Rook] | p.types[Queen])
	return rq&rookRays[s] != 0 && RookAttacks(s, occ)&rq != 0
}

// kingTargets returns the squares the king may step to (castling aside).
func (p *Position) kingTargets(r *restrictions) Bitboard {
	var out Bitboard
	occ := r.occ ^ bit(r.ksq)
	for b := kingAttacks[r.ksq] &^ r.own; b != 0; {
		to := b.PopFirst()
		if !p.attacked(to, r.them, occ) {
			out |= bit(to)
		}
	}
	return out
}

// castleSide describes one castling move.
type castleSide struct {
	right          CastleRights
	king, rook, to Square
	path           Bitboard // squares the king crosses or lands on, which must not be attacked
}

var castleSides = [2][2]castleSide{
	White: {{WhiteKingside, E1, H1, G1, bit(F1) | bit(G1)}, {WhiteQueenside, E1, A1, C1, bit(D1) | bit(C1)}},
	Black: {{BlackKingside, E8, H8, G8, bit(F8) | bit(G8)}, {BlackQueenside, E8, A8, C8, bit(D8) | bit(C8)}},
}

// canCastle reports whether the side to move, not in check, may castle on side s.
func (p *Position) canCastle(r *restrictions, s *castleSide) bool {
	if p.castling&s.right == 0 || r.ksq != s.king || p.board[s.rook] != NewPiece(r.us, Rook) || between[s.king][s.rook]&r.occ != 0 {
		return false
	}
	for path := s.path; path != 0; {
		if p.attacked(path.PopFirst(), r.them, r.occ) {
			return false
		}
	}
	return true
}

// pieceTargets returns where the knight, bishop, rook or queen on from may move.
func (p *Position) pieceTargets(r *restrictions, from Square) Bitboard {
	var a Bitboard
	switch p.board[from].Type() {
	case Knight:
		a = knightAttacks[from]
	case Bishop:
		a = BishopAttacks(from, r.occ)
	case Rook:
		a = RookAttacks(from, r.occ)
	case Queen:
		a = BishopAttacks(from, r.occ) | RookAttacks(from, r.occ)
	}
	return r.alongPin(from, a&r.target)
}

// alongPin returns the targets a of the man on from, cut down to the line it
// is pinned along if it is pinned.
func (r *restrictions) alongPin(from Square, a Bitboard) Bitboard {
	if r.pinned&bit(from) != 0 {
		a &= line[r.ksq][from]
	}
	return a
}

// Unexported rank masks for the pawns.
const (
	rank3 Bitboard = Rank1 << 16
	rank6 Bitboard = Rank1 << 40
)

// pawnPush1[c][s] holds the square in front of a pawn of colour c on s;
// pawnPush2[c][s] the square two in front of it when s is on its start rank.
var pawnPush1, pawnPush2 = func() (one, two [2][64]Bitboard) {
	for s := Square(8); s < 56; s++ {
		one[White][s], one[Black][s] = bit(s+8), bit(s-8)
	}
	for s := A2; s <= H2; s++ {
		two[White][s], two[Black][s+40] = bit(s+16), bit(s+24)
	}
	return one, two
}()

// pawnPushes returns the squares pawns of the side to move reach by one step
// and by a double step.
func (r *restrictions) pawnPushes(pawns Bitboard) (one, two Bitboard) {
	empty := ^r.occ
	if r.us == White {
		one = pawns << 8 & empty
		return one, (one & rank3) << 8 & empty
	}
	one = pawns >> 8 & empty
	return one, (one & rank6) >> 8 & empty
}

// pawnCaptures returns the squares pawns of the side to move capture on
// towards the a-file and towards the h-file (en passant aside).
func (r *restrictions) pawnCaptures(pawns Bitboard) (west, east Bitboard) {
	if r.us == White {
		return (pawns &^ FileA) << 7 & r.enemy, (pawns &^ FileH) << 9 & r.enemy
	}
	return (pawns &^ FileA) >> 9 & r.enemy, (pawns &^ FileH) >> 7 & r.enemy
}

// lastRank returns the rank the side to move promotes on.
func (r *restrictions) lastRank() Bitboard {
	if r.us == White {
		return Rank8
	}
	return Rank1
}

// pawnTargets returns where the pawn on from may move (en passant aside),
// given the pushes of pawnPushes over a set holding it.
func (p *Position) pawnTargets(r *restrictions, from Square, one, two Bitboard) Bitboard {
	return r.alongPin(from, (pawnAttacks[r.us&1][from]&r.enemy|one&pawnPush1[r.us&1][from]|two&pawnPush2[r.us&1][from])&r.target)
}

// enPassantCaptors returns the pawns that may legally capture en passant.
func (p *Position) enPassantCaptors(r *restrictions) Bitboard {
	if p.ep == NoSquare {
		return 0
	}
	captured := p.ep + 8
	if r.us == White {
		captured = p.ep - 8
	}
	var out Bitboard
	for b := pawnAttacks[r.them&1][p.ep] & r.own & p.types[Pawn]; b != 0; {
		from := b.PopFirst()
		if r.ksq != NoSquare {
			// Remove both pawns, add ours on the target, and ask whether any enemy still attacks the king.
			occ := r.occ ^ bit(from) ^ bit(captured) | bit(p.ep)
			if p.AttackersTo(r.ksq, r.them, occ)&^bit(captured) != 0 {
				continue
			}
		}
		out |= bit(from)
	}
	return out
}

// LegalMoves appends every legal move of the side to move to out and returns
// it. Pass a slice with capacity MaxMoves to avoid allocation. Castling is the
// king's two-square move; a promotion yields four moves, one per piece. The
// order is fixed, since seeded players pick moves by index: king steps, then
// castling (king's side first), then the other pieces and then the pawns, each
// by origin square and then destination square (a promotion's four moves as
// queen, rook, bishop, knight), then en passant captures.
func (p *Position) LegalMoves(out []Move) []Move {
	n := len(out)
	if cap(out)-n >= MaxMoves { // generate in place
		l := moveList{moves: (*[MaxMoves]Move)(out[n : n+MaxMoves])}
		p.generate(&l)
		return out[:n+l.n]
	}
	var buf [MaxMoves]Move
	l := moveList{moves: &buf}
	p.generate(&l)
	return append(out, buf[:l.n]...)
}

// generate fills l with the legal moves, in LegalMoves' order.
func (p *Position) generate(l *moveList) {
	r := p.restrictions()
	if r.ksq != NoSquare {
		l.addEach(r.ksq, p.kingTargets(&r))
		if r.double {
			return
		}
		if !r.check {
			for i := range castleSides[r.us&1] {
				if s := &castleSides[r.us&1][i]; p.canCastle(&r, s) {
					l.add(NewMove(r.ksq, s.to, NoPieceType))
				}
			}
		}
	}
	for b := r.own &^ p.types[Pawn] &^ p.types[King]; b != 0; {
		from := b.PopFirst()
		l.addEach(from, p.pieceTargets(&r, from))
	}
	pawns := r.own & p.types[Pawn]
	one, two := r.pawnPushes(pawns)
	promoting := Rank7
	if r.us == Black {
		promoting = Rank2
	}
	for b := pawns; b != 0; {
		from := b.PopFirst()
		l.addPawn(from, p.pawnTargets(&r, from, one, two), promoting&bit(from) != 0)
	}
	for b := p.enPassantCaptors(&r); b != 0; {
		l.add(NewMove(b.PopFirst(), p.ep, NoPieceType))
	}
}

// countLegal returns the number of legal moves, len(LegalMoves), without
// listing them: perft's count at its last ply.
func (p *Position) countLegal() int {
	r := p.restrictions()
	n := 0
	if r.ksq != NoSquare {
		n = p.kingTargets(&r).Count()
		if r.double {
			return n
		}
		if !r.check {
			for i := range castleSides[r.us&1] {
				if p.canCastle(&r, &castleSides[r.us&1][i]) {
					n++
				}
			}
		}
	}
	// A pinned knight never moves; a pinned slider moves along its pin line.
	for b := r.own & p.types[Knight] &^ r.pinned; b != 0; {
		n += (knightAttacks[b.PopFirst()] & r.target).Count()
	}
	for b := r.own & (p.types[Bishop] | p.types[Queen]); b != 0; {
		from := b.PopFirst()
		n += r.alongPin(from, BishopAttacks(from, r.occ)&r.target).Count()
	}
	for b := r.own & (p.types[Rook] | p.types[Queen]); b != 0; {
		from := b.PopFirst()
		n += r.alongPin(from, RookAttacks(from, r.occ)&r.target).Count()
	}
	// Unpinned pawns all at once; a move to the last rank counts as four.
	pawns := r.own & p.types[Pawn]
	free := pawns &^ r.pinned
	one, two := r.pawnPushes(free)
	west, east := r.pawnCaptures(free)
	last := r.lastRank()
	for _, a := range [4]Bitboard{one & r.target, two & r.target, west & r.target, east & r.target} {
		n += a.Count() + 3*(a&last).Count()
	}
	if pinned := pawns & r.pinned; pinned != 0 {
		one, two := r.pawnPushes(pinned)
		for b := pinned; b != 0; {
			a := p.pawnTargets(&r, b.PopFirst(), one, two)
			n += a.Count() + 3*(a&last).Count()
		}
	}
	return n + p.enPassantCaptors(&r).Count()
}
