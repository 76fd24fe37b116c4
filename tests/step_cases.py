"""The table's steps with buttons and the round summary, found by playing: for every registered
game at its most seats, the steps of your turn that show buttons (a rummy's meld, lay-off and
discard, a Bezique declaration, a tarot skart, Olsen's pass, a draw...), each at the state
that offers the most kinds of move; and the summary of a first round and of a game's last.
Found once per process with seeded random moves; a case replays its moves into a new Match."""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from game.registry import BY_ID, ENTRIES
from game.scenes.match import Match, Seat

NAMES = ["You", "Amira", "Bashir", "Ceren", "Dara", "Elif", "Farid", "Gül", "Hana", "Idris"]
SEEDS = range(4)


@dataclass(frozen=True)
class Case:
    game_id: str
    players: int
    options: tuple  # ((name, value), ...)
    seed: int
    moves: tuple  # the moves (JSON) from the deal to the state
    step: str  # what the state is: the phase and its kinds of move, or "summary"

    def play(self) -> tuple[Match, list[dict]]:
        """A new match brought to the state, and the events of its last move."""
        seats = [Seat("human" if i == 0 else "simple", NAMES[i]) for i in range(self.players)]
        match = Match(self.game_id, seats, dict(self.options), seed=self.seed)
        events: list[dict] = []
        for move in self.moves:
            events = match.play(move)
        return match, events


def option_sets(game_id: str) -> list[dict]:
    """The defaults, and each option off by default turned on (Olsen's pass is one)."""
    info = BY_ID[game_id].info
    return [{}] + [{o.name: True} for o in info.options if set(o.choices) == {False, True} and o.default is False]


def _moves(game_id: str, players: int, options: dict, seed: int, limit: int = 1500):
    """(match, moves so far, events of the last move) after each move of a seeded random game."""
    seats = [Seat("human" if i == 0 else "simple", NAMES[i]) for i in range(players)]
    match = Match(game_id, seats, options, seed=seed)
    rng = random.Random(seed)
    moves: list[dict] = []
    for _ in range(limit):
        seat = match.current()
        if seat is None:
            return
        move = rng.choice(match.observation(seat)["legal"])
        events = match.play(move)
        moves.append(move)
        yield match, moves, events


@lru_cache(maxsize=None)
def step_cases(game_id: str) -> list[Case]:
    """Your turn's steps with buttons in ``game_id`` at its most seats: a chooser, a move
    without cards (draw, pass, knock), or cards chosen together then a button. One case per
    phase, the state with the most kinds of move."""
    from game.scenes.table_picture import BareTable

    info = BY_ID[game_id].info
    players = info.max_players
    best: dict[str, tuple[int, Case]] = {}
    for options in option_sets(game_id):
        for seed in SEEDS:
            view = None
            for match, moves, _ in _moves(game_id, players, options, seed):
                if match.current() != 0 or match.finished:
                    continue
                if view is None:
                    view = BareTable(_APP[0], match).view
                obs = match.observation(0)
                phase = view.phase(obs)
                legal = obs["legal"]
                kinds = sorted({view.move_kind(m) for m in legal})
                buttons = view.choices(phase, legal) is not None or view.select_count(phase) > 0 or any(not view.move_cards(m) for m in legal)
                if not buttons:
                    continue
                score = len(kinds)
                if phase not in best or score > best[phase][0]:
                    best[phase] = (score, Case(game_id, players, tuple(sorted(options.items())), seed, tuple(moves), f"{phase}: {' '.join(kinds)}"))
            if len(best) and seed >= 1:
                break  # two deals were enough to meet the game's steps
    return [case for _, case in best.values()]


@lru_cache(maxsize=None)
def summary_cases(game_id: str) -> list[Case]:
    """The summary of the first round of ``game_id`` at its most seats, and of its last
    (the game over one) when the game is short enough to play out here."""
    players = BY_ID[game_id].info.max_players
    from game.samples import short_options

    options = short_options(game_id)
    out = []
    for match, moves, events in _moves(game_id, players, options, 1, limit=4000):
        if any("summary" in e for e in events):
            if not out or match.finished:
                out.append(Case(game_id, players, tuple(sorted(options.items())), 1, tuple(moves), "summary" + (" (game over)" if match.finished else "")))
            if match.finished:
                break
    return out


# A headless app lends the views their table while the cases are found (set by the tests).
_APP: list = [None]


def all_step_cases(app) -> list[Case]:
    _APP[0] = app
    return [c for e in ENTRIES for c in step_cases(e.id)]


def all_summary_cases() -> list[Case]:
    return [c for e in ENTRIES for c in summary_cases(e.id)]
