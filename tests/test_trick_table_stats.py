"""Statistics (game.stats) fed with the events of whole Olsen and Aluette games."""
from __future__ import annotations

import random

import pytest

from game.rules import new_game
from game.stats import GameTally, Stats


def play_out(game_id: str, players: int, options: dict, seed: int):
    state = new_game(game_id, players, options, seed=seed)
    seats = [{"name": "Ana", "kind": "human", "level": None}] + [
        {"name": f"Bot {i}", "kind": "ai", "level": "simple"} for i in range(1, players)
    ]
    tally = GameTally.new(game_id, seats)
    rng = random.Random(seed)
    tricks = [0] * players
    while state.current_player() is not None:
        events = state.apply(rng.choice(state.legal_moves()))
        for e in events:
            if e["type"] == "trick_end" and e.get("winner") is not None:
                tricks[e["winner"]] += 1
        tally.record(events)
    return state, tally, tricks


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_olsen_tally_matches_the_result(players, seed):
    state, tally, tricks = play_out("olsen", players, {"deals": 3}, seed)
    res = state.result()
    assert tally.finished and tally.winners == res["winners"] and len(tally.winners) == 1
    assert len(tally.rounds) == len(res["rounds"])
    assert tally.totals == res["totals"]
    # Points per seat over the counted (non tie-break) hands add up to the totals.
    for seat in range(players):
        counted = sum(r[seat]["points"] for r, s in zip(tally.rounds, res["rounds"]) if not s["tiebreak"])
        assert counted == res["totals"][seat]
        assert sum(r[seat]["tricks"] for r in tally.rounds) == tricks[seat]
    stats = Stats()
    assert stats.record_game(tally, when=0)
    p = stats.profile("Ana")
    won = 0 in res["winners"]
    assert p["games"] == 1 and p["wins"] == won and p["by_game"]["olsen"] == {"games": 1, "wins": won}
    others = [t for i, t in enumerate(res["totals"]) if i != 0]
    assert p["best"]["margin"] == min(others) - res["totals"][0]  # lower penalties are better
    assert not stats.record_game(tally)  # counted once


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_aluette_tally_matches_the_result(seed):
    state, tally, tricks = play_out("aluette", 4, {}, seed)
    res = state.result()
    assert tally.finished and tally.winners == res["winners"]
    assert len(tally.rounds) == 5 and tally.side_of == [0, 1, 0, 1]
    assert tally.totals == res["team_totals"]
    for seat in range(4):
        assert sum(r[seat]["points"] for r in tally.rounds) == res["team_totals"][seat % 2]
        assert sum(r[seat]["tricks"] for r in tally.rounds) == tricks[seat]
    stats = Stats()
    stats.record_game(tally, when=0)
    p = stats.profile("Ana")
    assert p["games"] == 1 and p["wins"] == (0 in res["winners"]) and p["rounds"] == 5
    assert tally.seat_total(0) == res["team_totals"][0]
