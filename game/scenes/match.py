"""A game being played in the app: who sits where (human / simple AI / expert AI), the
rules State, the bots, and the undo snapshots. Talks to the game only through the State
interface (legal_moves, apply, observation, result, to_json / move_to_json).
"""
from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any

from game.replay import Replay, ReplayError
from game.rules import RulesError, load_state, new_game
from game.saves import SavedGame
from game.saves import Seat as SavedSeat
from game.stats import GameTally

KINDS = ("human", "simple", "expert")
THINK_MS = {"simple": 150.0, "expert": 900.0}


def make_player_bot(level: str, game_id: str, seed: int, ms: float | None = None, iterations: int | None = None):
    """The one place where an AI level becomes a bot; an unknown level (an old save naming
    a level that no longer exists) falls back to random rather than refusing the game."""
    from game.bots import make_bot

    ms = THINK_MS.get(level, 100.0) if ms is None else ms
    try:
        return make_bot(level, game_id, seed=seed, ms=ms, iterations=iterations)
    except ValueError:
        return make_bot("random", game_id, seed=seed, ms=ms, iterations=iterations)


def release_caches(game_id: str) -> None:
    """Let a game's rules and bots drop the memo tables they fill as they play.

    The hook: a module named by the game's registry entry (its rules module, its bots
    module) may define ``release_caches()``; it is called after every round. A game whose
    caches are bounded on their own defines none.
    """
    from game.registry import BY_ID

    entry = BY_ID.get(game_id)
    if entry is None:
        return
    for part in ("rules", "bots"):
        module = importlib.import_module(getattr(entry, part).partition(":")[0])
        hook = getattr(module, "release_caches", None)
        if callable(hook):
            hook()


@dataclass
class Seat:
    kind: str
    name: str
    player: str | None = None  # a human seat's player id in the statistics (game.stats.Stats)

    @property
    def human(self) -> bool:
        return self.kind == "human"

    def saved(self) -> SavedSeat:
        return SavedSeat(self.name, "human", None, self.player) if self.human else SavedSeat(self.name, "ai", self.kind)

    @classmethod
    def from_saved(cls, seat: SavedSeat) -> "Seat":
        return cls("human" if seat.kind == "human" else (seat.level or "simple"), seat.name, seat.player)


class Match:
    def __init__(
        self,
        game_id: str,
        seats: list[Seat],
        options: dict[str, Any],
        seed: int | None = None,
        state=None,
        tally: GameTally | None = None,
        timer: int = 0,
        deck_order: list[str] | None = None,
        replay: Replay | None = None,
    ):
        self.game_id = game_id
        # Seconds per human turn (0: none). Belongs to the game, so a resumed game keeps it.
        self.timer = timer
        self.seats = seats
        self.options = dict(options)
        self.seed = random.randrange(1 << 30) if seed is None else seed
        fresh = state is None
        self.state = state if state is not None else new_game(game_id, len(seats), self.options, self.seed, deck_order)
        # The record of this game's moves (None: it cannot be rebuilt from its start).
        self.replay: Replay | None = replay if replay is not None else self._new_replay(deck_order, fresh)
        self.bots = {i: make_player_bot(s.kind, game_id, self.seed * 7 + i) for i, s in enumerate(seats) if not s.human}
        self.undo_stack: list[tuple[dict, dict]] = []
        self.recorded = False  # statistics written for this game
        # Statistics follow the game from its events (game.stats), saved with it.
        self.tally = tally or GameTally.new(game_id, [s.saved().to_json() for s in seats])

    # ------------------------------------------------------------ who plays
    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    @property
    def teams(self) -> bool:
        return bool(self.options.get("teams"))

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.teams else seat

    def side_seats(self, side: int) -> list[int]:
        return [s for s in range(self.players) if self.side_of(s) == side]

    def current(self) -> int | None:
        return self.state.current_player()

    def is_human_turn(self) -> bool:
        cur = self.current()
        return cur is not None and self.seats[cur].human

    @property
    def finished(self) -> bool:
        return self.state.current_player() is None

    # ------------------------------------------------------------ moves
    def observation(self, seat: int) -> dict:
        return self.state.observation(seat)

    def legal_json(self) -> list[dict]:
        """Legal moves of the player to move, as JSON."""
        return [self.state.move_to_json(m) for m in self.state.legal_moves()]

    def play(self, move) -> list[dict]:
        """Play a move (native, or its JSON form); returns the events (cards as codes)."""
        if isinstance(move, dict):
            move = self.state.move_from_json(move)
        if move not in self.state.legal_moves():
            raise ValueError(f"illegal move {self.state.move_to_json(move)}")
        if self.undo_allowed():
            self.undo_stack.append((self.state.to_json(), self.tally.to_json(), self.replay_length()))
        move_json = self.state.move_to_json(move)
        events = self.state.apply(move)
        self.tally.record(events)
        if self.replay is not None:
            self.replay.record(move_json)
            if self.finished:
                self.replay.finish(self.state)
        if any("summary" in e for e in events):  # a round was scored (round_end)
            self.undo_stack.clear()  # no undo across a round's scoring
            release_caches(self.game_id)
        return events

    def undo_allowed(self) -> bool:
        """Undo is for games against AIs only, never between humans."""
        return len(self.humans) == 1 and self.is_human_turn()

    def can_undo(self) -> bool:
        return len(self.humans) == 1 and bool(self.undo_stack)

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        state, tally, moves = self.undo_stack.pop()
        self.state = load_state(state)
        self.tally = GameTally.from_json(tally)
        if self.replay is not None and moves is not None:
            self.replay.undo(len(self.replay.moves) - moves)
        return True

    def name_players(self, stats) -> None:
        """Each human seat under its player's name now (a player renamed since the game was
        saved), and with its player's id (a save from before ids: matched by name)."""
        for i, seat in enumerate(self.seats):
            if not seat.human:
                continue
            pid = seat.player if stats.name_of(seat.player) is not None else stats.find(seat.name)
            if pid is None:
                continue
            seat.player, seat.name = pid, stats.name_of(pid)
            if i < len(self.tally.seats):
                self.tally.seats[i] = {**self.tally.seats[i], "name": seat.name, "player": pid}
            if self.replay is not None and i < len(self.replay.seats):
                self.replay.seats[i] = {**self.replay.seats[i], "name": seat.name, "player": pid}

    # ------------------------------------------------------------ the replay
    def saved_seats(self) -> list[dict]:
        return [s.saved().to_json() for s in self.seats]

    def _new_replay(self, deck_order: list[str] | None, fresh: bool) -> Replay | None:
        """A replay from the start; for a given state only if the seed deals exactly it."""
        try:
            rep = Replay.new(self.game_id, self.options, self.seed, self.saved_seats(), len(self.seats), deck_order)
            if not fresh and rep.start_state().to_json() != self.state.to_json():
                return None
        except (ReplayError, RulesError, ValueError):
            return None
        return rep

    def replay_length(self) -> int | None:
        return None if self.replay is None else len(self.replay.moves)

    @property
    def reviewable(self) -> bool:
        """Is there a full record of this game (from its first deal)?"""
        return self.replay is not None

    # ------------------------------------------------------------ saving
    def saved(self) -> SavedGame:
        extra: dict[str, Any] = {"seed": self.seed}
        if self.replay is not None:
            doc = self.replay.to_json()
            doc["analysis"] = {}  # a cache: the review keeps it with the finished game
            extra["replay"] = doc
        return SavedGame(self.state, [s.saved() for s in self.seats], self.timer, self.tally.to_json(), extra)

    @classmethod
    def from_saved(cls, saved: SavedGame) -> "Match":
        state = saved.state
        options = dict(state.to_json().get("options") or {})
        seats = [Seat.from_saved(s) for s in saved.seats]
        tally = GameTally.from_json(saved.tally) if saved.tally else None
        seed = int(saved.extra.get("seed", 0)) if isinstance(saved.extra.get("seed", 0), int) else 0
        replay = replay_of_save(saved)
        # Without a replay that plays through to the saved position, the match makes one only
        # if the position is its seed's first deal: never a partial record.
        return cls(state.info.id, seats, options, seed, state=state, tally=tally, timer=saved.timer, replay=replay)


def replay_of_save(saved: SavedGame) -> Replay | None:
    """The replay a save carries, if it plays through to exactly the saved position."""
    doc = saved.extra.get("replay")
    if not isinstance(doc, dict):
        return None
    try:
        rep = Replay.from_json(doc)
        if rep.game != saved.game_id or rep.final_state().to_json() != saved.state.to_json():
            return None
    except (ReplayError, RulesError, ValueError, KeyError, TypeError):
        return None
    rep.seats = [s.to_json() for s in saved.seats]
    return rep
