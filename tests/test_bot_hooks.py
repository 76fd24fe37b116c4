"""Every game of the registry has its bot hooks, registered from its entry: the simple level,
the play-outs' policy and the expert's search hooks (a family's bot module registers them
for each game the registry gives it, reading what differs from the game's declared data)."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.bots import ROLLOUT_POLICIES, SEARCH_HOOKS, SIMPLE_POLICIES
from game.bots.expert import SearchHooks
from game.registry import ENTRIES
from game.rules.base import GameInfo


def position(cls, seed: int):
    """A position of the game with a choice, a few random moves in."""
    options = dict(cls.info.extra.get("contract_options") or {})
    for s in range(seed, seed + 50):
        state = cls.new(cls.info.min_players, options, seed=s)
        rng = random.Random(s)
        for _ in range(rng.randrange(1, 30)):
            if state.current_player() is None or len(state.legal_moves()) > 1 and rng.random() < 0.2:
                break
            state.apply(rng.choice(state.legal_moves()))
        if state.current_player() is not None and len(state.legal_moves()) > 1:
            return state
    raise AssertionError(f"no position with a choice in {cls.info.id}")


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.id for e in ENTRIES])
def test_every_registry_entry_has_its_simple_playout_and_search_hooks(entry):
    cls = entry.load("rules")
    assert {entry.id} <= set(SIMPLE_POLICIES) & set(ROLLOUT_POLICIES) & set(SEARCH_HOOKS)
    hooks = SEARCH_HOOKS[entry.id]
    assert isinstance(hooks, SearchHooks) and hooks.round_marker is not None, "a game's own end of a play-out"
    state = position(cls, 3)
    obs = state.observation(state.current_player())
    legal = [cls.move_from_json(m) for m in obs["legal"]]
    assert SIMPLE_POLICIES[entry.id](obs, legal, random.Random(0)) in legal
    world = cls.sample(obs, random.Random(1))
    moves = world.legal_moves()
    assert ROLLOUT_POLICIES[entry.id](world, moves, random.Random(2)) in moves


def test_a_new_variant_of_a_family_gets_its_hooks_from_its_declared_data():
    """A variant is its class: the family's bot module registers it (no table keyed by id
    to extend), and its declared data is what its bots read (here a rummy variant whose
    expert holds its melds back, as Basic Rummy's)."""
    from game.bots import rummy_policy
    from game.bots.rummy_simple import mind_for
    from game.rules.classic_rummy import ClassicRummyState
    from game.rules.rummy import Style

    class HoldingRummyState(ClassicRummyState):
        VARIANT = replace(ClassicRummyState.VARIANT, style=Style(hold_until=3))
        info = GameInfo(**{**ClassicRummyState.info.__dict__, "id": "holding_rummy", "name": "Holding Rummy"})

    saved = [(d, dict(d)) for d in (SIMPLE_POLICIES, ROLLOUT_POLICIES, SEARCH_HOOKS)]
    try:
        rummy_policy.register(HoldingRummyState)
        assert "holding_rummy" in SIMPLE_POLICIES and "holding_rummy" in SEARCH_HOOKS
        assert mind_for(HoldingRummyState, {}).style.hold_until == 3
        assert mind_for(ClassicRummyState, {}).style.hold_until is None
        state = position(HoldingRummyState, 5)
        obs = state.observation(state.current_player())
        legal = [HoldingRummyState.move_from_json(m) for m in obs["legal"]]
        assert SIMPLE_POLICIES["holding_rummy"](obs, legal, random.Random(0)) in legal
    finally:
        for d, before in saved:
            d.clear()
            d.update(before)
