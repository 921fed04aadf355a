"""driver.py: runs outside Kriegspiel bots and ks-game's referee for krieg.

krieg's Go side (package controller/evaluation/peer) starts this script and
talks to it in JSON lines on stdin/stdout. It never opens a socket: a bot's
decision function is imported and called with the state the site
(kriegspiel.org) would have served it, and ks-game's referee is run on every
attempt of both players so that its verdicts can be checked against krieg's.

Requests (one JSON object a line) and their replies:
  {"op":"new","rules":R,"fen":F,"seed":S,"bots":{"white":B|null,"black":B|null}}
      -> {"ok":true}
  {"op":"offered","moves":[uci...],"any":bool}
      -> {"ok":true} or {"ok":false,"disagree":"..."} (ks-game offers otherwise)
  {"op":"attempt","uci":U,"any":bool,"verdict":V,"capture":sq,"captured":k,
   "checks":[...],"tries":n|null,"result":"1-0 checkmate"|""}
      -> {"ok":true} or {"ok":false,"disagree":"..."} (ks-game answers otherwise)
  {"op":"turn","side":"white"|"black","state":{...}}
      -> {"actions":["e2e4", ..., "ask_any"]} in the order the bot submits them
Any failure answers {"error":"..."}.
"""

import json
import os
import random
import sys

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


def random_bot():
    import bot  # Kriegspiel/bot-random

    def decide(state, ruleset):
        actions = []
        possible = state.get("possible_actions", [])
        if "move" in possible:
            actions = bot.choose_random_moves(state.get("allowed_moves", []))
        if "ask_any" in possible:
            actions.append("ask_any")
        return actions

    return decide


def darkboard_bot():
    from darkboard_mcts.belief import BeliefState, WILD16_RULESET
    from darkboard_mcts.search import ranked_actions

    def decide(state, ruleset):
        # The bot declares only wild16 and its belief refuses any other name;
        # elsewhere it plays on the same state as if the game were Wild 16.
        belief = BeliefState.from_api_state(state, ruleset=WILD16_RULESET)
        return list(ranked_actions(belief))

    return decide


BOTS = {"random": random_bot, "darkboard-mcts": darkboard_bot}
OPS = ("new", "offered", "attempt", "turn")


class Session:
    def __init__(self):
        self.game = None
        self.bots = {}
        self.built = {}

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
            if name not in self.built:
                self.built[name] = BOTS[name]()
            self.bots[side] = self.built[name]
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
        if req.get("any"):
            ans = self.game.ask_for(KriegspielMove(QA.ASK_ANY))
        else:
            ans = self.game.ask_for(KriegspielMove(QA.COMMON, chess.Move.from_uci(req["uci"])))
        return verdict(compare(req, ans, self.rules), fen)

    def turn(self, req):
        side = req.get("side")
        decide = self.bots.get(side)
        if decide is None:
            raise ValueError(f"no peer plays {side}")
        return {"actions": list(decide(req.get("state") or {}, self.rules))}


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
