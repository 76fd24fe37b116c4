"""A damaged state (a save edited by hand, a protocol client's mistake) is refused with a
RulesError naming what is wrong, or, when the damage still makes a position that holds
together, it plays on to the end without another kind of error. Each case changes one field
of a state reached by random play: a value replaced by one of another type or out of range,
a key removed, a number shifted, an item dropped from a list. Fixed seeds, so that a failure
is reproducible (``_damaged(game, seed)``)."""
from __future__ import annotations

import json
import random

import pytest

from game.rules import GAMES, RulesError, load_state, new_game

VALUES = [None, True, -1, 0, 1, 2, 7, 99, 3.5, "", "x", "AS", [], [0], [[]], {}, {"a": 1}, [-1, 5], ["AS", "AS"]]
CASES = 150


def _paths(x, path=()):
    if isinstance(x, dict):
        for k, v in x.items():
            yield path + (k,)
            yield from _paths(v, path + (k,))
    elif isinstance(x, list):
        for i, v in enumerate(x):
            yield path + (i,)
            yield from _paths(v, path + (i,))


def _damaged(game: str, seed: int):
    rng = random.Random(seed)
    cls = GAMES[game]
    n = rng.randint(cls.info.min_players, min(cls.info.max_players, 5))
    s = new_game(game, n, {}, seed=rng.randrange(10**6))
    for _ in range(rng.randrange(60)):
        if s.current_player() is None:
            break
        s.apply(rng.choice(s.legal_moves()))
    d = json.loads(json.dumps(s.to_json()))
    paths = [p for p in _paths(d) if p[0] != "game"]
    path = rng.choice(paths)
    parent = d
    for k in path[:-1]:
        parent = parent[k]
    k = path[-1]
    r = rng.random()
    if r < 0.15 and isinstance(parent, dict):
        del parent[k]
    elif r < 0.3 and type(parent[k]) is int:
        parent[k] += rng.choice([-1, 1, 5, -5])
    elif r < 0.4 and isinstance(parent[k], list) and parent[k]:
        parent[k].pop(rng.randrange(len(parent[k])))
    else:
        parent[k] = rng.choice(VALUES)
    return d, path, rng


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_damaged_state_is_refused_with_a_message_or_plays_on(game):
    refused = 0
    for seed in range(CASES):
        data, path, rng = _damaged(game, seed)
        try:
            s = load_state(data)
        except RulesError as e:
            assert str(e), (seed, path)
            refused += 1
            continue
        for _ in range(400):  # long enough for a deal of any game here
            seat = s.current_player()
            if seat is None:
                break
            s.observation(seat)
            s.result()
            s.apply(rng.choice(s.legal_moves()))
        s.to_json()
    assert refused  # the damage is not all harmless: some of it is caught
