"""A game being played in the app: who sits where (human / simple AI / expert AI), the
rules State, the bots, and the undo snapshots. Talks to the game only through the State
interface (legal_moves, apply, observation, result, to_json / move_to_json).
"""
from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from typing import Any

from game.rules import load_state, new_game
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

    @property
    def human(self) -> bool:
        return self.kind == "human"

    def saved(self) -> SavedSeat:
        return SavedSeat(self.name, "human") if self.human else SavedSeat(self.name, "ai", self.kind)

    @classmethod
    def from_saved(cls, seat: SavedSeat) -> "Seat":
        return cls("human" if seat.kind == "human" else (seat.level or "simple"), seat.name)


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
    ):
        self.game_id = game_id
        # Seconds per human turn (0: none). Belongs to the game, so a resumed game keeps it.
        self.timer = timer
        self.seats = seats
        self.options = dict(options)
        self.seed = random.randrange(1 << 30) if seed is None else seed
        self.state = state if state is not None else new_game(game_id, len(seats), self.options, self.seed)
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
            self.undo_stack.append((self.state.to_json(), self.tally.to_json()))
        events = self.state.apply(move)
        self.tally.record(events)
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
        state, tally = self.undo_stack.pop()
        self.state = load_state(state)
        self.tally = GameTally.from_json(tally)
        return True

    # ------------------------------------------------------------ saving
    def saved(self) -> SavedGame:
        return SavedGame(self.state, [s.saved() for s in self.seats], self.timer, self.tally.to_json(), {"seed": self.seed})

    @classmethod
    def from_saved(cls, saved: SavedGame) -> "Match":
        state = saved.state
        options = dict(state.to_json().get("options") or {})
        seats = [Seat.from_saved(s) for s in saved.seats]
        tally = GameTally.from_json(saved.tally) if saved.tally else None
        seed = int(saved.extra.get("seed", 0)) if isinstance(saved.extra.get("seed", 0), int) else 0
        return cls(state.info.id, seats, options, seed, state=state, tally=tally, timer=saved.timer)
