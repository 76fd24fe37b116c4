"""A game saved at any moment resumes: every state of random games, with options mixed at
random (bugs hide in combinations: a tie-break hand passing cards once saved a leader outside
the hand, and that save would not load), goes through JSON and back unchanged."""
from __future__ import annotations

import json
import random

import pytest

from game.registry import ENTRIES
from game.rules import RulesError, game_class

MAX_STEPS = 4000
GAMES = 6  # a player count: a few seconds for all sixteen games


def mixed_options(cls, players: int, rng: random.Random) -> dict:
    """Each option at a random value (the game's short setting for checks kept), retried
    until the game accepts the combination."""
    short = dict(cls.info.extra.get("contract_options", {}))
    for _ in range(50):
        options = {o.name: rng.choice(o.choices) for o in cls.info.options}
        options.update(short)
        try:
            cls.new(players, options, 0)
            return options
        except RulesError:
            continue
    return short


@pytest.mark.parametrize("game_id", [e.id for e in ENTRIES])
def test_every_state_of_random_games_loads_unchanged(game_id):
    cls = game_class(game_id)
    info = cls.info
    rng = random.Random(game_id)
    for players in [p for p in range(info.min_players, info.max_players + 1) for _ in range(GAMES)]:
        options = mixed_options(cls, players, rng)
        state = cls.new(players, options, rng.randrange(1000))
        for step in range(MAX_STEPS):
            data = json.loads(json.dumps(state.to_json()))
            again = cls.from_json(data)  # a refusal here is a save that would not resume
            assert again.to_json() == data, f"{game_id} x{players} {options}: step {step} loads changed"
            if state.finished:
                break
            state.apply(rng.choice(state.legal_moves()))
        else:
            pytest.fail(f"{game_id} x{players} {options}: no end in {MAX_STEPS} moves")
