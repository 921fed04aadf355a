package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/krieg/krieg/cmd/internal/launch"
)

// details holds what each subcommand does beyond its summary line, so that
// the README can stay short: `krieg help CMD` prints it with the flags.
var details = map[string]string{
	"window": `The board window (the program krieg-board, found beside krieg or on PATH).
With no server flag it opens a new-game screen preset from the flags and
plays against the computer on this machine; finished games are saved as
records in --save (default ~/.local/share/krieg/games).

  krieg                                   Wild 16 against the computer player
  krieg --side black --time 10+5 --rules berkeley
  krieg --connect host:port [--user NAME] an ICC-speaking server (kriegd, or ICC)
  krieg --icc [--user NAME]               the Internet Chess Club
  krieg --kso [--user NAME]               kriegspiel.org, starting at its lobby

A password is asked on the terminal without echo before the window opens,
and never stored; started without a terminal (a desktop launcher), the
window asks it for --connect and --icc on a sign-in screen. On a server, the typed-line box sends server commands
(seek 5 3 u w16, accept).`,

	"demo": `A show of the deduction, full screen, that runs by itself: the computer
plays itself game after game, or krieg demo FILE steps through a record.
Three boards side by side: what White believes, the true board, what Black
believes; each referee message appears as a caption in plain words with
what each assistant took from it, its squares outlined. Space pauses, the
arrows step, + and - change the pace, F11 leaves full screen, Escape quits.

  krieg demo
  krieg demo --step 3s game.pgn`,

	"play": `One game between two random attempters, printed move by move in the
terminal: the board after each move and every announcement as each player
heard it (a player's own attempts marked "you tried").

  krieg play --rules cincinnati --seed 7 --delay 100ms`,

	"perft": `Counts the leaves of the legal move tree to DEPTH (the standard check of
a move generator); --divide prints the count below each root move.

  krieg perft 5
  krieg perft --divide --fen "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1" 3`,

	"referee": `Umpires one game over standard input and output: one JSON object a line
in, exactly one JSON line out, flushed at once.

  {"attempt":"e2e4"}   (also e2-e4, e7e8q, f7g8=N, O-O, and px in Wild 16)
  {"any":true}         Any?, where the ruleset has it

A legal attempt answers {"legal":true,"capture":...,"checks":[...],
"tries":...,"toMove":"black","result":null}; a refused one {"legal":false}
(with "nonsense":true or "repeated":true where the ruleset says so); a bad
line {"error":"..."}, changing nothing. docs/protocols.md lists every field.`,

	"selfplay": `Plays N games between random attempters and writes one record per game
(game-0001.pgn, ...) to --out; the same seed gives the same games. --trace
writes each player's belief (the B1 sets) after every ply, one JSON line each.

  krieg selfplay --rules wild16 --games 100 --seed 1 --out games/`,

	"replay": `Steps through a record (extended PGN: a game krieg saved, or the
Darkboard game in testdata/games) in the board window, as one side saw it.
--text prints it instead: each move, the failed attempts before it, the
announcements and the board; with --side, only what that side saw (the
opponent's moves as ?, its own men alone). --check replays it through the referee, which
must make every recorded announcement and refuse every recorded failed
attempt; it exits 0, or 1 naming the first disagreement.

  krieg replay --side black game.pgn
  krieg replay --text --side white game.pgn
  krieg replay --check testdata/games/darkboard-liam-2023.pgn`,

	"match": `Plays games between two players and prints White's wins, draws, Black's
wins, how the games ended, mean plies and refused attempts per move.
Players: bot (the computer player, --movetime per move), random (the random
attempter), cheat (sees the true board and plays a 3-ply material search;
a test opponent), peer:random and peer:darkboard-mcts (outside bots, after
make peers). --out writes each game's record. --peek W is a measurement, not
play: the bot sees the true board at weight W beside its belief.

  krieg match --white bot --black random --games 200 --seed 1 --movetime 100ms`,

	"endgame": `Plays the computer player through N random endgame studies (kqk, krk,
kpk, kqpk, krpk, kbnk) in which it knows only its own men and that a lone
king stands somewhere; prints the mate rate within 150 plies, plies to mate,
how the games ended and promotions. kbnk studies are won ones in which the
lone king touches neither man at the start. The blocked studies
(kbbk-blocked, kbnk-blocked, krk-blocked) give the enemy one to three pawns
rammed head-on by pawns of ours, which the player knows; the enemy moves
only its king.

  krieg endgame krk --games 200 --seed 1 --defender cheat`,

	"render": `Draws one ply of a record, as one player saw it, to a PNG without a
window (the CPU drawer): the player's men, the guess tokens, and on request
the true board (--reveal), the zone of control (--zone) or one enemy class's
probabilities (--heat q).

  krieg render --pgn game.pgn --ply 40 --side black -o board.png --heat k`,

	"eval": `Measures the deduction engine over N self-play games with the truth known:
soundness (a real enemy man on a square its class's set excludes must never
happen), sharpness, calibration (Brier score, log loss) and honesty (false
zeros, credible regions, a reliability diagram), and B1's king squares
against the support of B2's boards. --scan-temper (with --scan-floor) also
scores other ways of showing the same boards, to fit the calibration on one
set of seeds and check it on another (1:0.6 is a power that follows the
enemy's play, from 1 against a blind enemy to 0.6 against a purposeful
one). --json prints the report as JSON. docs/deduction.md explains every
figure.

  krieg eval --games 200 --seed 1
  krieg eval --games 30 --seed 1 --scan-temper 1,0.9,1:0.6 --scan-floor 0.04,0.08`,

	"console": `A game in the terminal. With no server flag: Wild 16 against the computer
on this machine; type moves in coordinates (e2e4, e7e8q) or algebraic
notation (Nf3, exd5, O-O), px for any pawn capture, or resign, draw, abort,
flag; new starts another game once one has ended, help lists the words,
quit leaves. On an ICC-speaking server
(--connect, --icc) it logs in as a guest or as --user, prints the server's
text and every referee message, sends moves as attempts and any other line
as it is (match bob 5 3 u w16, accept); it reconnects when the connection
drops. On kriegspiel.org (--kso) it adds the site's lobby: games, open,
bots, resume CODE, join CODE, play BOT RULES COLOUR, create RULES COLOUR.

  krieg console --side black
  krieg console --connect localhost:5000 --user alice`,

	"bot": `Runs the computer player as a kriegspiel.org bot. Register once (the token
is written with mode 0600 and shown nowhere), then run the loop: it polls
its games, plays its turn in each, asks Any? where the ruleset has it,
and with --create keeps one open game, with --join-bots joins other bots'.

  krieg bot --kso --register NAME --email ADDR
  krieg bot --kso --rules wild16,berkeley-any --max-games 4`,

	"icc-dump": `Prints what the ICC parser reads from a capture of an ICC byte stream on
standard input: one JSON object a line for each level-1 unit (its datagrams
as [number, field, ...]), for text outside any unit, for an orphan datagram,
and for a malformed datagram or an overflow mark.

  krieg icc-dump < testdata/icc/real-2014.bin`,

	"help": `Lists the subcommands; krieg help CMD prints one command's details and flags.`,
}

// runHelp lists the subcommands, or prints one command's details and flags.
func runHelp(args []string, _ io.Reader, stdout, _ io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stdout, "krieg: Kriegspiel client, referee and assistant\n\nSubcommands:")
		for _, c := range commands {
			fmt.Fprintf(stdout, "  %-9s %s\n", c.name, c.summary)
		}
		fmt.Fprintln(stdout, "\nkrieg help CMD prints one command's details.")
		return nil
	}
	if len(args) > 1 {
		return fmt.Errorf("%w: unexpected argument %q (krieg help CMD takes one command)", errUsage, args[1])
	}
	for _, c := range commands {
		if c.name != args[0] {
			continue
		}
		fmt.Fprintf(stdout, "krieg %s: %s\n\n%s\n", c.name, c.summary, strings.TrimSpace(details[c.name]))
		switch c.name {
		case "help":
		case "window":
			fmt.Fprintln(stdout, "\nFlags:")
			windowFlags(stdout)
		default:
			fmt.Fprintln(stdout)
			_ = c.run([]string{"-h"}, strings.NewReader(""), stdout, stdout) // prints the flags and returns flag.ErrHelp
		}
		return nil
	}
	return fmt.Errorf("%w: no command %q (krieg help lists them)", errUsage, args[0])
}

// subcommandsLine names the subcommands after the window's flags, which are
// all that krieg --help would otherwise show.
func subcommandsLine(w io.Writer) {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	fmt.Fprintf(w, "\nThese are the board window's flags (krieg window). Subcommands: %s.\nkrieg help lists them with a line each; krieg help CMD prints one command's details.\n", strings.Join(names, ", "))
}

// windowFlags prints the board window's flags, which krieg passes on to
// krieg-board as they are: the window's own parser lists them.
func windowFlags(w io.Writer) {
	_, _ = launch.ParseBoard([]string{"-h"}, w) // prints the flags and returns flag.ErrHelp
}
