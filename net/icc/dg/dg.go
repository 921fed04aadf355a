// Package dg names the level-2 datagram numbers of ICC's protocol that
// krieg's ICC driver (net/icc) reads and kriegd (server) sends, so that the
// two agree by name, and the shape of the lobby kriegd sends in its own
// datagram 202 (lobby.go); docs/protocols.md describes each datagram's fields.
package dg

// ICC's datagram numbers.
const (
	WhoAmI         = 0   // the handle logged in as, its titles
	GameStarted    = 15  // MY_GAME_STARTED: a game of ours begins
	GameResult     = 16  // MY_GAME_RESULT: a game ends, with its result code
	StartedObs     = 18  // STARTED_OBSERVING: as GameStarted, for a game watched
	Offers         = 21  // OFFERS_IN_MY_GAME: draw, adjourn, abort, takeback offers
	SendMoves      = 24  // SEND_MOVES: a move (a mystery ? or ?x<sq> for the opponent's in Kriegspiel)
	Kibitz         = 26  // KIBITZ: chat about a game
	Match          = 29  // MATCH: a challenge to us
	MatchRemoved   = 30  // MATCH_REMOVED: a challenge withdrawn
	Tell           = 31  // TELL: a private message
	MoveSmith      = 34  // MOVE_SMITH: SEND_MOVES carries the move in smith form
	SetClock       = 38  // SET_CLOCK: both clocks, in seconds
	IllegalMove    = 42  // ILLEGAL_MOVE: an attempt refused, with the reason
	MyRelation     = 43  // MY_RELATION_TO_GAME: playing, observing, or forget the game
	Msec           = 56  // MSEC: one clock in milliseconds
	MoreTime       = 61  // MORETIME: time added to a clock
	LoginFailed    = 69  // LOGIN_FAILED: why a login is refused (ICC's codes below)
	Dummy          = 81  // DUMMY_RESPONSE: the answer to "set-2 81 1", a barrier
	MyGameChange   = 100 // MY_GAME_CHANGE: as GameStarted, for a game already ours
	PositionBegin  = 101 // POSITION_BEGIN: a game's start position
	Set2           = 124 // SET2: "set-2" acknowledged
	ReconnectToken = 200 // kriegd's own: the token that reclaims an unregistered player's seat
	GameRecord     = 201 // kriegd's own: a finished game's record (game number, PGN), sent to its players
	Lobby          = 202 // kriegd's own: the lobby (open seeks, players, games) as JSON, the answer to "lobby"
	MaxKnown       = 202 // the highest number named here
)

// ILLEGAL_MOVE's reasons.
const (
	IllegalNotation = 1 // the move does not parse
	IllegalRefused  = 2 // the referee refused it
	IllegalInCheck  = 3 // it leaves the king in check
	IllegalNotYours = 4 // not your move
)

// LOGIN_FAILED's codes.
const (
	LoginPassword  = 5  // a registered name: send its password
	LoginBad       = 11 // the password is wrong
	LoginTwice     = 14 // the name is logged in already
	LoginName      = 20 // kriegd's own: not a name one may log in with
	LoginWait      = 21 // kriegd's own: too many wrong passwords, wait
	LoginHeld      = 22 // kriegd's own: the name's player is away from a game and only its token reclaims it
	LoginNoAccount = 23 // kriegd's own: a password came with a name that has no account
)
