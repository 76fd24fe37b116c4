"""The tarot family's statistics count what the engine's events and summaries say."""
from __future__ import annotations

import random

import pytest

from game.rules import new_game
from game.stats import GameTally

SEATS = [{"name": "Ana", "kind": "human"}, {"name": "Bo", "kind": "human"}, {"name": "Cy", "kind": "human"}]


def play(game_id: str, seed: int, options=None):
    rng = random.Random(seed)
    state = new_game(game_id, 3, options or {}, seed=seed)
    tally = GameTally.new(game_id, SEATS)
    events = []
    while state.current_player() is not None:
        evs = state.apply(rng.choice(state.legal_moves()))
        tally.record(evs)
        events += evs
    return state, tally, events


def summed(tally, seat, counter):
    return sum(r[seat].get(counter, 0) for r in tally.rounds)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_leipzig_declarations_pagat_and_par(seed):
    state, tally, events = play("leipzig_taroc", seed)
    for seat in range(3):
        declares = [e for e in events if e["type"] == "declare" and e["seat"] == seat]
        assert summed(tally, seat, "declarations") == len(declares)
        paid = sum(2 * e["points"] for e in declares if e["paid"])
        late = sum(2 * r["declarations_paid_late"][seat] for r in state.rounds)
        assert summed(tally, seat, "declared_points") == paid + late
        pagat = [e for e in events if e["type"] == "pagat" and e["seat"] == seat]
        assert summed(tally, seat, "pagat_won") == sum(1 for e in pagat if e["points"] > 0)
        assert summed(tally, seat, "pagat_lost") == sum(1 for e in pagat if e["points"] < 0)
        # "above 26 scores the excess": a deal above par is one whose card score is positive.
        assert summed(tally, seat, "above_par") == sum(1 for r in state.rounds if r["card_score"][seat] > 0)
        assert summed(tally, seat, "tricks") == sum(r["tricks_won"][seat] for r in state.rounds)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_triomphe_forcee_pots_deaths_and_declared_chips(seed):
    state, tally, events = play("triomphe_forcee", seed)
    for seat in range(3):
        assert summed(tally, seat, "deaths") == sum(1 for r in state.rounds if r.get("death") == seat)
        assert summed(tally, seat, "pots") == sum(1 for r in state.rounds if r.get("pot_winner") == seat and r.get("death") is None)
        chips = sum(e["chips"] for e in events if e["type"] == "declare" and e["seat"] == seat)
        assert summed(tally, seat, "declared_chips") == chips
    # The chips won and lost per deal make the balance.
    assert [sum(r[s]["points"] for r in tally.rounds) for s in range(3)] == state.result()["totals"]


def test_maison_troggen_deals_top_and_top_trumps():
    state, tally, events = play("maison_troggen", 4)
    tops = 0
    for r in state.rounds:
        best = max(r["points"])
        tops += r["points"].count(best) == 1
    assert sum(summed(tally, s, "deals_top") for s in range(3)) == tops
    # †1 and †21 are taken in tricks (a skart holds trumps only when the dealer has fewer
    # than three other cards to discard, not in this game): two per deal in all.
    assert sum(summed(tally, s, "top_trumps") for s in range(3)) == 2 * len(state.rounds)
