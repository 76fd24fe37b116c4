"""Every registered game keeps the common contract (game/contract.py), for every player
count and every option value: random games to the end with every card accounted for at
every step, legal moves until the end, moves with a kind, observations with a phase and
without another seat's hidden cards, sampled worlds consistent with the observation, the
common round summary, and a JSON round trip that plays on identically.

A game added to game/registry.py is checked here the moment it registers.
"""
import pytest

from game.contract import bot_chooser, configs, play_checked
from game.registry import ENTRIES

CASES = [
    pytest.param(entry, players, options, id=f"{entry.id}-{players}-{'-'.join(f'{k}={v}' for k, v in options.items()) or 'defaults'}")
    for entry in ENTRIES
    for players, options in configs(entry.load("rules"))
]


@pytest.mark.parametrize("entry,players,options", CASES)
def test_random_games_keep_the_contract(entry, players, options):
    cls = entry.load("rules")
    for seed in (1, 2) if not options else (1,):
        run = play_checked(cls, players, options, seed)
        assert run.moves > 0 and run.rounds > 0


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.id for e in ENTRIES])
def test_simple_bot_games_keep_the_contract(entry):
    cls = entry.load("rules")
    for players in range(cls.info.min_players, cls.info.max_players + 1):
        play_checked(cls, players, {}, seed=3, chooser=bot_chooser("simple", entry.id, 3))


def test_every_game_is_checked_with_every_option_value():
    for entry in ENTRIES:
        info = entry.load("rules").info
        seen = {(o.name, v) for _, options in configs(entry.load("rules")) for o in info.options
                for v in [options.get(o.name, o.default)]}
        assert seen == {(o.name, v) for o in info.options for v in o.choices}, entry.id


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.id for e in ENTRIES])
def test_a_finished_games_state_with_a_card_twice_is_refused(entry):
    # A state is checked for every card in exactly one place whether or not the game is over.
    import random

    from game.rules import RulesError

    cls = entry.load("rules")
    options = {"hands": 1} if any(o.name == "hands" for o in cls.info.options) else {}
    state = cls.new(cls.info.min_players, options, seed=5)
    rng = random.Random(5)
    while state.current_player() is not None:
        state.apply(rng.choice(state.legal_moves()))
    data = state.to_json()
    assert cls.from_json(data).to_json() == data
    bad = dict(data, hands=[list(data["hands"][0]) + [cls.info.deck.codes[0]], *data["hands"][1:]])
    if cls.info.deck.codes[0] in data["hands"][0]:
        bad["hands"][0] = list(data["hands"][0]) + [cls.info.deck.codes[1]]
    with pytest.raises(RulesError):
        cls.from_json(bad)
