"""The table's test cases: every registered game at every player count it allows, with the
largest hand a seat of it holds (found by playing the start of a few deals), and the window
sizes of the layout tests."""
from __future__ import annotations

import random
from functools import lru_cache

from game.registry import BY_ID, ENTRIES
from game.rules import new_game
from game.rules.base import RulesError

# (logical width, height, density): phones upright and on their side, 800x480, a tablet, a desktop, a 3x phone.
SIZES = [(360, 640, 1), (390, 844, 1), (640, 360, 1), (844, 390, 1), (800, 480, 1), (1280, 800, 1), (1920, 1080, 1), (390, 844, 3)]


@lru_cache(maxsize=None)
def largest_hand(game_id: str, players: int) -> int:
    """The most cards any seat holds in the first moves of a few deals (every hand-size option)."""
    info = BY_ID[game_id].info
    option_sets = [{}] + [{o.name: c} for o in info.options if o.name == "hand_size" for c in o.choices]
    best = 0
    for options in option_sets:
        for seed in (1, 2):
            try:
                state = new_game(game_id, players, options, seed=seed)
            except (RulesError, ValueError):
                continue
            rng = random.Random(seed)
            for _ in range(30):
                best = max(best, max(len(state.observation(s).get("hand", [])) for s in range(players)))
                if state.current_player() is None:
                    break
                state.apply(rng.choice(state.legal_moves()))
    return best


def cases() -> list[tuple[str, int]]:
    """(game id, players) for every registered game and player count."""
    return [(e.id, n) for e in ENTRIES for n in range(e.info.min_players, e.info.max_players + 1)]


def most_seats() -> list[tuple[str, int]]:
    """(game id, players): each game at its most seats, and at the count that deals the largest hand."""
    out = []
    for e in ENTRIES:
        counts = range(e.info.min_players, e.info.max_players + 1)
        most = e.info.max_players
        biggest = max(counts, key=lambda n: (largest_hand(e.id, n), n))
        out += [(e.id, most)] + ([(e.id, biggest)] if biggest != most else [])
    return out
