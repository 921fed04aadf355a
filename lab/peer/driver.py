"""driver.py: runs outside Kriegspiel bots and ks-game's referee for krieg.

krieg's Go side (package lab/peer) starts this script and
talks to it in JSON lines on stdin/stdout. It never opens a socket: a bot's
decision function is imported and called with the state the site
(kriegspiel.org) would have served it, and ks-game's referee is run on every
attempt of both players so that its verdicts can be checked against krieg's.

Requests (one JSON object a line) and their replies:
  {"op":"new","rules":R,"fen":F,"seed":S,"movetime":seconds|null,
   "bots":{"white":B|null,"black":B|null}}
      -> {"ok":true}   (each named bot is a fresh player for this game;
                        movetime is the bots' budget per move, null for
                        each bot's own default)
  {"op":"offered","moves":[uci...],"any":bool}
      -> {"ok":true} or {"ok":false,"disagree":"..."} (ks-game offers otherwise)
  {"op":"attempt","uci":U,"any":bool,"verdict":V,"capture":sq,"captured":k,
   "checks":[...],"tries":n|null,"result":"1-0 checkmate"|""}
      -> {"ok":true} or {"ok":false,"disagree":"..."} (ks-game answers otherwise)
      When a bot plays the side that attempted, it then hears the answer as
      the site's move response (POST /game/{id}/move), built from ks-game's;
      after a refused attempt the reply's "bot_seconds" is the time the bot
      took over it: the player's own time (its clock runs until a move is
      accepted), not the check's.
  {"op":"turn","side":"white"|"black","state":{...}}
      -> {"actions":["e2e4", ..., "ask_any"]} in the order the bot submits them
Any failure answers {"error":"..."}.
"""

import json
import os
import random
import sys
import time

CACHE = os.environ.get("KRIEG_PEERS", "")
for sub in ("python-chess", "ks-game", "bot-darkboard-mcts/src", "bot-random"):
    sys.path.insert(0, os.path.join(CACHE, sub))

import chess  # noqa: E402
import kriegspiel  # noqa: E402
from kriegspiel import KriegspielGame, KriegspielMove, MainAnnouncement as MA  # noqa: E402
from kriegspiel import QuestionAnnouncement as QA, SpecialCaseAnnouncement as SCA  # noqa: E402

RULESETS = {"wild16": "wild16", "berkeley": "berkeley", "berkeley-any": "berkeley_any"}
CHECKS = {
    SCA.CHECK_RANK: "rank",
    SCA.CHECK_FILE: "file",
    SCA.CHECK_LONG_DIAGONAL: "long-diagonal",
    SCA.CHECK_SHORT_DIAGONAL: "short-diagonal",
    SCA.CHECK_KNIGHT: "knight",
}
ENDS = {
    SCA.CHECKMATE_WHITE_WINS: "1-0 checkmate",
    SCA.CHECKMATE_BLACK_WINS: "0-1 checkmate",
    SCA.DRAW_STALEMATE: "1/2-1/2 stalemate",
    SCA.DRAW_INSUFFICIENT: "1/2-1/2 insufficient-material",
    SCA.DRAW_TOOMANYREVERSIBLEMOVES: "1/2-1/2 too-many-reversible-moves",
}


class RandomPeer:
    """Kriegspiel/bot-random: a shuffle of the allowed moves, then Any? if offered."""

    def __init__(self, movetime):
        import bot  # Kriegspiel/bot-random

        self.bot = bot

    def turn(self, state):
        actions = []
        possible = state.get("possible_actions", [])
        if "move" in possible:
            actions = self.bot.choose_random_moves(state.get("allowed_moves", []))
        if "ask_any" in possible:
            actions.append("ask_any")
        return actions

    def heard(self, uci, response):
        pass


class DarkboardPeer:
    """Kriegspiel/bot-darkboard-mcts as its runtime (darkboard_mcts.api) plays a turn.

    api.maybe_play_game builds a belief from the state, restores the game's
    saved belief snapshot into it, saves it, ranks the attempts by
    search.ranked_actions (bounded MCTS, MCTSConfig.from_env), and after each
    attempt folds the site's move response into the belief and saves it.
    Here the snapshot lives in this object (one per side and game) instead of
    .bot-state.json; the MCTS budget is DARKBOARD_MCTS_TIME_BUDGET_SECONDS,
    set from the harness's movetime. The bot declares only wild16 and its
    belief refuses any other name; elsewhere it plays as if the game were
    Wild 16.
    """

    def __init__(self, movetime):
        from darkboard_mcts import api, evidence, search
        from darkboard_mcts.belief import BeliefState, WILD16_RULESET

        self.api, self.evidence, self.search = api, evidence, search
        self.belief_state, self.ruleset = BeliefState, WILD16_RULESET
        self.movetime = movetime
        self.snapshot = None
        self.belief = None

    def turn(self, state):
        if "move" not in (state.get("possible_actions") or []):
            return []
        belief = self.belief_state.from_api_state(state, ruleset=self.ruleset)
        self.remember(self.evidence.restore_belief_snapshot(belief, self.snapshot))
        with budget(self.movetime):
            return list(self.search.ranked_actions(self.belief))

    def heard(self, uci, response):
        if self.belief is not None:
            self.remember(self.evidence.apply_move_result_evidence(self.belief, uci=uci, result=response))

    def remember(self, belief):
        self.belief = belief
        self.snapshot = self.api.serialize_belief(belief)


BUDGET_ENV = "DARKBOARD_MCTS_TIME_BUDGET_SECONDS"


class budget:
    """Sets the bot's MCTS time budget (seconds) while it decides; None keeps its default."""

    def __init__(self, seconds):
        self.seconds = seconds

    def __enter__(self):
        self.saved = os.environ.get(BUDGET_ENV)
        if self.seconds is not None:
            os.environ[BUDGET_ENV] = repr(float(self.seconds))

    def __exit__(self, *exc):
        if self.saved is None:
            os.environ.pop(BUDGET_ENV, None)
        else:
            os.environ[BUDGET_ENV] = self.saved


BOTS = {"random": RandomPeer, "darkboard-mcts": DarkboardPeer}
OPS = ("new", "offered", "attempt", "turn")


class Session:
    def __init__(self):
        self.game = None
        self.bots = {}

    def new(self, req):
        rules = req.get("rules", "")
        if rules not in RULESETS:
            raise ValueError(f"ks-game has no ruleset for {rules!r}")
        game = KriegspielGame(ruleset=RULESETS[rules])
        fen = req.get("fen") or chess.STARTING_FEN
        if fen != chess.STARTING_FEN:
            game._board = chess.Board(fen)
            game._generate_possible_to_ask_list()
        self.game = game
        random.seed(req.get("seed", 0))
        self.bots = {}
        for side, name in (req.get("bots") or {}).items():
            if not name:
                continue
            if name not in BOTS:
                raise ValueError(f"unknown peer {name!r} (known: {', '.join(sorted(BOTS))})")
            self.bots[side] = BOTS[name](req.get("movetime"))
        self.rules = rules
        return {"ok": True}

    def offered(self, req):
        theirs = sorted(m.chess_move.uci() for m in self.game.possible_to_ask
                        if m.question_type == QA.COMMON and m.chess_move is not None)
        ours = sorted(req.get("moves", []))
        errors = []
        if theirs != ours:
            only_theirs = sorted(set(theirs) - set(ours))
            only_ours = sorted(set(ours) - set(theirs))
            errors.append(f"allowed moves differ: only ks-game {only_theirs}, only krieg {only_ours}")
        their_any = any(m.question_type == QA.ASK_ANY for m in self.game.possible_to_ask)
        if their_any != bool(req.get("any")):
            errors.append(f"Any? offered: ks-game {their_any}, krieg {bool(req.get('any'))}")
        return verdict(errors, self.game._board.fen())

    def attempt(self, req):
        fen = self.game._board.fen()
        mover = "white" if self.game.turn == chess.WHITE else "black"
        if req.get("any"):
            ans = self.game.ask_for(KriegspielMove(QA.ASK_ANY))
        else:
            ans = self.game.ask_for(KriegspielMove(QA.COMMON, chess.Move.from_uci(req["uci"])))
        errors = compare(req, ans, self.rules)
        reply = verdict(errors, fen)
        bot = self.bots.get(mover)
        if bot is not None and not errors and not req.get("any"):
            t0 = time.monotonic()
            bot.heard(req["uci"], move_response(ans, self.game))
            if not ans.move_done:  # after a refusal the bot's clock still runs
                reply["bot_seconds"] = time.monotonic() - t0
        return reply

    def turn(self, req):
        side = req.get("side")
        bot = self.bots.get(side)
        if bot is None:
            raise ValueError(f"no peer plays {side}")
        return {"actions": list(bot.turn(req.get("state") or {}))}


def move_response(ans, game):
    """The site's answer to POST /game/{id}/move (its MoveResponse) for ks-game's answer ans.

    Built as ks-backend builds it (engine_adapter._answer_payload, then
    game_service's move reply), without the clock, which krieg does not keep.
    """
    special = ans.special_announcement
    checks = [c.name for c in (ans.check_1, ans.check_2) if isinstance(c, SCA)]
    captured = ans.captured_piece_announcement
    dropped = ans.dropped_piece_announcement
    tries = ans.next_turn_pawn_try_squares
    return {
        "move_done": bool(ans.move_done),
        "announcement": ans.main_announcement.name,
        "special_announcement": None if special in (None, SCA.NONE) else special.name,
        "checks": checks,
        "capture_square": chess.square_name(ans.capture_at_square) if ans.capture_at_square is not None else None,
        "captured_piece_announcement": captured.name if captured is not None else None,
        "dropped_piece_announcement": dropped.name if dropped is not None else None,
        "en_passant_announced": True if ans.en_passant_announced else None,
        "promotion_announced": True if ans.promotion_announced else None,
        "next_turn_pawn_tries": ans.next_turn_pawn_tries,
        "next_turn_has_pawn_capture": ans.next_turn_has_pawn_capture,
        "next_turn_pawn_try_squares": [chess.square_name(q) for q in tries] if tries is not None else None,
        "turn": "white" if game.turn == chess.WHITE else "black",
        "game_over": bool(game.game_over),
    }


def verdict(errors, fen):
    if errors:
        return {"ok": False, "disagree": "; ".join(errors) + f" (ks-game board before: {fen})"}
    return {"ok": True}


def compare(req, ans, rules):
    """Lists where ks-game's answer ans differs from krieg's answer req."""
    main = ans.main_announcement
    ours = req.get("verdict")
    what = "Any?" if req.get("any") else req.get("uci")
    errs = []
    if ours == "answered":
        want = MA.HAS_ANY if req.get("has") else MA.NO_ANY
        if main != want:
            errs.append(f"{what}: ks-game {main.name}, krieg {'HAS_ANY' if req.get('has') else 'NO_ANY'}")
        return errs
    expected = {"illegal": {MA.ILLEGAL_MOVE}, "nonsense": {MA.IMPOSSIBLE_TO_ASK, MA.NONSENSE},
                "repeated": {MA.IMPOSSIBLE_TO_ASK, MA.NONSENSE, MA.ILLEGAL_MOVE},
                "accepted": {MA.REGULAR_MOVE, MA.CAPTURE_DONE}}.get(ours, set())
    if main not in expected:
        errs.append(f"{what}: ks-game {main.name}, krieg {ours}")
        return errs
    if ours != "accepted":
        return errs
    cap = chess.square_name(ans.capture_at_square) if ans.capture_at_square is not None else ""
    if cap != req.get("capture", ""):
        errs.append(f"{what}: capture square ks-game {cap!r}, krieg {req.get('capture', '')!r}")
    if rules == "wild16" and cap:
        kind = ans.captured_piece_announcement
        kind = kind.name.lower() if kind is not None else ""
        if kind != req.get("captured", ""):
            errs.append(f"{what}: captured ks-game {kind!r}, krieg {req.get('captured', '')!r}")
    special = ans.special_announcement
    end = ENDS.get(special, "")
    if not end and req.get("result", "").endswith(" ply-cap"):
        # krieg's harness cap on a game's length (referee.DefaultPlyCap), no
        # rule of any referee: ks-game plays on, and the game is a draw.
        return errs
    if end != req.get("result", ""):
        errs.append(f"{what}: end ks-game {end or 'none'!r}, krieg {req.get('result') or 'none'!r}")
    if not end:
        if special == SCA.CHECK_DOUBLE:
            checks = sorted(CHECKS[c] for c in (ans.check_1, ans.check_2))
        elif special in CHECKS:
            checks = [CHECKS[special]]
        else:
            checks = []
        if checks != sorted(req.get("checks") or []):
            errs.append(f"{what}: checks ks-game {checks}, krieg {sorted(req.get('checks') or [])}")
        if rules == "wild16":
            tries = ans.next_turn_pawn_tries
            if tries != req.get("tries"):
                errs.append(f"{what}: pawn tries ks-game {tries}, krieg {req.get('tries')}")
    return errs


def main():
    session = Session()
    out = sys.stdout
    out.write(json.dumps({"ready": True, "chess": chess.__version__, "kriegspiel": kriegspiel.__version__}) + "\n")
    out.flush()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
            op = req.get("op")
            if op not in OPS:
                raise ValueError(f"unknown op {op!r}")
            reply = getattr(session, op)(req)
        except Exception as exc:  # every failure goes back to krieg as text
            reply = {"error": f"{type(exc).__name__}: {exc}"}
        out.write(json.dumps(reply) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
