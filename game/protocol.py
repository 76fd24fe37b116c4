"""The engine protocol: JSON lines on stdin, one JSON line answered per request.

Run with ``python -m game.protocol`` (or ``python main.py protocol``). Every game of the
registry is playable through it; see ``docs/protocol.md`` for the full reference. A
request is an object with a ``cmd`` and its arguments; an optional ``id`` is echoed back.
Every answer has ``ok``; a failure answers ``{"ok": false, "error": "..."}`` and changes
nothing. The process never dies on input: it ends at end of input or on ``quit``.
"""
from __future__ import annotations

import json
import sys
from typing import Any, Callable, TextIO

from game.registry import default_game
from game.rules import GAMES, RulesError, State, game_class, load_state

PROTOCOL_VERSION = 2  # 2: moves with a kind, the common events and round summaries
APP_NAME = "orlan"  # the engine's name in the hello answer (the launcher's name)


class ProtocolError(Exception):
    pass


class Session:
    """One protocol conversation: the game in play and the command handlers."""

    def __init__(self) -> None:
        self.state: State | None = None
        self.guarded = False  # the state came from the client (load): a copy is kept while a move is applied
        self.replay = None  # the moves since "new" (game.replay.Replay); None after "load"
        self.handlers: dict[str, Callable[[dict], dict]] = {
            "hello": self.hello,
            "games": self.games,
            "new": self.new,
            "state": self.get_state,
            "load": self.load,
            "legal": self.legal,
            "play": self.play,
            "observe": self.observe,
            "bot": self.bot,
            "result": self.result,
            "replay": self.replay_cmd,
            "review": self.review,
            "melds": self.melds,
            "quit": lambda req: {"bye": True},
        }

    # -- plumbing
    def handle_line(self, line: str) -> dict | None:
        line = line.strip()
        if not line:
            return None
        try:
            req = json.loads(line)
        except json.JSONDecodeError as e:
            return {"ok": False, "error": f"malformed JSON: {e.msg} at column {e.colno}"}
        return self.handle(req)

    def handle(self, req: Any) -> dict:
        if not isinstance(req, dict):
            return {"ok": False, "error": 'a request is a JSON object such as {"cmd": "games"}'}
        cmd = req.get("cmd", req.get("command"))
        answer: dict
        handler = self.handlers.get(cmd) if isinstance(cmd, str) else None
        if handler is None:
            answer = {"ok": False, "error": f"unknown command {cmd!r}; commands are {sorted(self.handlers)}"}
        else:
            try:
                answer = {"ok": True, **handler(req)}
            except (ProtocolError, RulesError) as e:
                answer = {"ok": False, "error": str(e)}
            except Exception as e:  # the process never dies on input
                answer = {"ok": False, "error": f"internal error: {type(e).__name__}: {e}"}
        if "id" in req:
            answer["id"] = req["id"]
        return answer

    def _game(self) -> State:
        if self.state is None:
            raise ProtocolError("no game yet: send new or load first")
        return self.state

    # -- commands
    def hello(self, req: dict) -> dict:
        return {"protocol": PROTOCOL_VERSION, "engine": APP_NAME}

    def games(self, req: dict) -> dict:
        return {"games": [cls.info.describe() for cls in GAMES.values()]}

    def new(self, req: dict) -> dict:
        game_id = req.get("game", default_game())
        cls = game_class(game_id)
        players = req.get("players", cls.info.min_players)
        seed = req.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ProtocolError(f"seed must be an integer, not {seed!r}")
        deck = req.get("deck", req.get("deck_order"))
        self.state = cls.new(players, req.get("options"), seed, deck)
        self.guarded = False
        from game.replay import Replay

        self.replay = Replay.new(game_id, req.get("options"), seed, players=players, deck_order=deck)
        return {"state": self.state.to_json()}

    def get_state(self, req: dict) -> dict:
        return {"state": self._game().to_json()}

    def load(self, req: dict) -> dict:
        data = req.get("state")
        if not isinstance(data, dict):
            raise ProtocolError("load needs a state object: {\"cmd\": \"load\", \"state\": {...}}")
        self.state = load_state(data)
        self.guarded = True
        self.replay = None  # a state carries no history
        return {"state": self.state.to_json()}

    def legal(self, req: dict) -> dict:
        st = self._game()
        return {"to_move": st.current_player(), "moves": [st.move_to_json(m) for m in st.legal_moves()]}

    def play(self, req: dict) -> dict:
        st = self._game()
        if st.current_player() is None:
            raise ProtocolError("the game is over")
        if "move" not in req:
            raise ProtocolError('play needs a move: {"cmd": "play", "move": {...}}')
        move = st.move_from_json(req["move"])
        if move not in st.legal_moves():
            raise ProtocolError(st.why_illegal(move))
        events = self._apply(st, move)
        self._record(st, move)
        return {"events": events, "to_move": st.current_player(), "finished": st.current_player() is None}

    def observe(self, req: dict) -> dict:
        st = self._game()
        seat = req.get("seat", st.current_player())
        if seat is None:
            raise ProtocolError("observe needs a seat once the game is over")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ProtocolError(f"seat must be a seat number, not {json.dumps(seat)}")
        return {"observation": st.observation(seat)}

    def bot(self, req: dict) -> dict:
        from game.bots import make_bot

        st = self._game()
        seat = st.current_player()
        if seat is None:
            raise ProtocolError("the game is over")
        level = req.get("level", "simple")
        ms = req.get("ms", 100)
        seed = req.get("seed", 0)
        iterations = req.get("iterations")
        if not isinstance(ms, (int, float)) or isinstance(ms, bool) or not 0 < ms <= 60_000:
            raise ProtocolError("ms must be a number of milliseconds from 1 to 60000")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ProtocolError("seed must be an integer")
        if iterations is not None and (not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1):
            raise ProtocolError("iterations must be a positive integer")
        try:
            bot = make_bot(level, st.info.id, seed=seed, ms=float(ms), iterations=iterations)
        except ValueError as e:
            raise ProtocolError(str(e)) from None
        move = bot.choose(st.observation(seat))
        answer: dict = {"seat": seat, "move": st.move_to_json(move)}
        if req.get("play"):
            answer["events"] = self._apply(st, move)
            self._record(st, move)
            answer["to_move"] = st.current_player()
        return answer

    def result(self, req: dict) -> dict:
        return {"result": self._game().result()}

    def _apply(self, st: State, move) -> list:
        """Apply a legal move; if the game fails on the way (a loaded state it could not play
        on), the state is put back as it was, so an error answer never changes the game.
        Only a state sent by the client is guarded: one begun by ``new`` is the engine's own
        (the copy would triple the cost of a move)."""
        if not self.guarded:
            return st.apply(move)
        before = st.to_json()
        try:
            return st.apply(move)
        except Exception:
            self.state = type(st).from_json(before)
            raise

    def _record(self, st: State, move) -> None:
        if self.replay is not None:
            self.replay.record(st.move_to_json(move))
            if st.finished:
                self.replay.finish(st)

    def _replay_from(self, req: dict):
        from game.replay import Replay, ReplayError

        doc = req.get("replay")
        if doc is None:
            if self.replay is None:
                raise ProtocolError("no replay: start a game with new, or send one: {\"replay\": {...}}")
            return self.replay
        try:
            rep = Replay.from_json(doc)
            rep.check()
        except ReplayError as e:
            raise ProtocolError(str(e)) from None
        return rep

    def replay_cmd(self, req: dict) -> dict:
        """Without a replay: the current game's replay. With one: load it (the position after
        ``moves`` moves, all by default)."""
        from game.replay import ReplayError

        if "replay" not in req:
            rep = self._replay_from(req)
            return {"replay": rep.to_json()}
        rep = self._replay_from(req)
        k = req.get("moves", len(rep.moves))
        if not isinstance(k, int) or isinstance(k, bool):
            raise ProtocolError("moves must be an integer")
        try:
            state = rep.state_at(k)
        except ReplayError as e:
            raise ProtocolError(str(e)) from None
        rep.undo(len(rep.moves) - k)
        self.state, self.replay = state, rep
        self.guarded = False
        return {"state": state.to_json(), "moves": k}

    def review(self, req: dict) -> dict:
        """The expert's opinion of every move of one seat: preferred move and cost."""
        from game.review import DEFAULT_MS, Review, summarise

        rep = self._replay_from(req)
        seat, seed, iterations = req.get("seat", 0), req.get("seed", 0), req.get("iterations")
        ms = req.get("ms", DEFAULT_MS)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < rep.players:
            raise ProtocolError(f"seat must be a seat of the replay, 0 to {rep.players - 1}")
        if not isinstance(ms, (int, float)) or isinstance(ms, bool) or not 0 < ms <= 60_000:
            raise ProtocolError("ms must be a number of milliseconds from 1 to 60000")
        if iterations is not None and (not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1):
            raise ProtocolError("iterations must be a positive integer")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ProtocolError("seed must be an integer")
        job = Review(rep, seat, ms=float(ms), iterations=iterations, seed=seed)
        entries = job.run()
        s = summarise(entries)
        return {
            "seat": seat,
            "moves": [e.to_json() for e in entries],
            "summary": {"moves": s.moves, "agreed": s.agreed, "agreement": round(s.agreement, 4),
                        "cost": round(s.cost, 4), "costly": s.costly},
        }

    def melds(self, req: dict) -> dict:
        """The meld finder (game/rules/melds.py) on a hand of a rummy game: the best
        arrangement into melds and deadwood under the game's rule for these options."""
        from game.rules.melds import best_arrangement

        game_id = req.get("game")
        if not isinstance(game_id, str):
            raise ProtocolError('melds needs a game: {"cmd": "melds", "game": "jersey_gin", "hand": [...]}')
        cls = game_class(game_id)
        meld_rule = getattr(cls, "meld_rule", None)
        if meld_rule is None:
            raise ProtocolError(f"{game_id} has no melds (the melds command is for the rummy family)")
        rule = meld_rule(req.get("options"))
        hand = req.get("hand")
        if not isinstance(hand, list):
            raise ProtocolError('hand must be a list of card codes, such as ["7H", "8H", "9H"]')
        deck = cls.info.deck
        cards: list[int] = []
        for code in hand:
            if not isinstance(code, str):
                raise ProtocolError(f"hand: {json.dumps(code)} is not a card code")
            try:
                card = deck.card(code)
            except ValueError as e:
                raise ProtocolError(f"hand: {e}") from None
            if card in cards:
                raise ProtocolError(f"hand: {deck.code(card)} is there twice")
            cards.append(card)
        if len(cards) > MAX_MELD_HAND:
            raise ProtocolError(f"hand: at most {MAX_MELD_HAND} cards, not {len(cards)}")
        a = best_arrangement(deck, cards, rule)
        return {
            "melds": [[deck.code(c) for c in meld] for meld in a.melds],
            "deadwood": [deck.code(c) for c in a.deadwood],
            "points": a.points,
        }


MAX_MELD_HAND = 30  # no rummy hand comes near it; the search stays well under a second


def serve(inp: TextIO = sys.stdin, out: TextIO = sys.stdout) -> None:
    session = Session()
    for line in inp:
        answer = session.handle_line(line)
        if answer is None:
            continue
        out.write(json.dumps(answer, separators=(",", ":")) + "\n")
        out.flush()
        if answer.get("bye"):
            return


def main() -> int:
    # Line-buffered text streams: every answer is flushed before the next request is read.
    try:
        sys.stdin.reconfigure(encoding="utf-8", errors="replace")  # type: ignore[attr-defined]
    except AttributeError:
        pass
    serve(sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
