"""The rummy family's statistics plug-in: what each hand's summary says becomes hands won,
rummies (Classic), gins, knocks and undercuts (Jersey Gin), the average deadwood a player was
caught with, points per hand; a void hand counts as a hand nobody won; and on real games
the figures are those of the round summaries."""
from __future__ import annotations

import random

import pytest

from game.rules import new_game
from game.stats import GameTally, Stats, game_stats

SEATS = [{"name": "Ana", "kind": "human"}, {"name": "Bo", "kind": "human"}, {"name": "Cy", "kind": "human"}]


def hand(deadwood_points: int, deadwood=()) -> dict:
    return {"melds": [], "laid_off": [], "deadwood": list(deadwood), "deadwood_points": deadwood_points}


def summary(rnd: int, points: list[int], totals: list[int], out, dead: list[int], **flags) -> dict:
    n = len(points)
    return {"round": rnd, "sides": [[s] for s in range(n)], "points": points, "totals": totals, "out": out,
            "void": flags.pop("void", False), "gin": False, "rummy": False, "undercut": False, "knock": False,
            **flags, "hands": [hand(d) for d in dead]}


def tally_of(gid: str, summaries: list[dict], winners: list[int]) -> GameTally:
    n = len(summaries[0]["points"])
    tally = GameTally.new(gid, SEATS[:n])
    for s in summaries:
        tally.record([{"type": "round_end", "summary": s}])
    tally.record([{"type": "game_end", "winners": winners, "totals": summaries[-1]["totals"]}])
    return tally


def test_jersey_gin_counts_gins_knocks_undercuts_and_the_deadwood_caught():
    hands = [
        summary(0, [74, 0, 0], [74, 0, 0], 0, [0, 12, 12], gin=True),           # Ana gin: 50 + 24
        summary(1, [0, 0, 0], [74, 0, 0], None, [30, 20, 10], void=True),         # void: nobody
        summary(2, [0, 15, 0], [74, 15, 0], 1, [9, 4, 10], knock=True),          # Bo knocks 4 v 9 + 10
        summary(3, [-20, 0, 0], [54, 15, 0], 0, [8, 8, 20], knock=True, undercut=True),  # Ana undercut by Bo
    ]
    stats = Stats()
    assert stats.record_game(tally_of("jersey_gin", hands, [0]))
    ana, bo, cy = (stats.summary(n, "jersey_gin") for n in ("Ana", "Bo", "Cy"))
    assert (ana["won"], ana["gins"], ana["knocks"], ana["undercuts"]) == (1, 1, 1, 1)  # the undercut knock is a knock
    assert (bo["won"], bo["gins"], bo["knocks"], bo["undercuts"]) == (1, 0, 1, 0)
    assert cy["won"] == 0 and ana["rounds"] == 4
    # Caught: when another went out (the void hand does not count): Ana once (9), Cy three times.
    assert ana["caught"] == 1 and ana["deadwood_when_caught"] == 9
    assert cy["caught"] == 3 and cy["deadwood_when_caught"] == pytest.approx((12 + 10 + 20) / 3)
    assert bo["deadwood_when_caught"] == pytest.approx((12 + 8) / 2)
    assert ana["points_per_round"] == pytest.approx(54 / 4) and ana["won_per_round"] == pytest.approx(1 / 4)


def test_classic_rummy_counts_rummies_and_basic_only_hands_won():
    hands = [summary(0, [84, 0], [84, 0], 0, [0, 42], rummy=True), summary(1, [0, 30], [84, 30], 1, [30, 0])]
    stats = Stats()
    stats.record_game(tally_of("classic_rummy", hands, [0]))
    ana = stats.summary("Ana", "classic_rummy")
    assert (ana["won"], ana["rummys"], ana["caught"], ana["deadwood_when_caught"]) == (1, 1, 1, 30)
    plugin = game_stats("basic_rummy")
    assert "rummys" not in plugin.counters and "gins" not in plugin.counters
    assert "rummys" in game_stats("classic_rummy").counters and "gins" in game_stats("jersey_gin").counters


@pytest.mark.parametrize("gid,players", [("basic_rummy", 3), ("classic_rummy", 2), ("boathouse_rummy", 2), ("jersey_gin", 3)])
def test_real_games_count_what_their_summaries_say(gid, players):
    outs = 0
    for seed in range(1, 9):
        rng = random.Random(seed)
        state = new_game(gid, players, {"hands": 1}, seed=seed)
        tally = GameTally.new(gid, SEATS[:players])
        while state.current_player() is not None:
            tally.record(state.apply(rng.choice(state.legal_moves())))
        rounds = state.result()["rounds"]
        assert tally.finished and len(tally.rounds) == len(rounds) == 1
        r, figures = rounds[0], tally.rounds[0]
        assert sum(f["won"] for f in figures) == (0 if r["void"] or r.get("undercut") else 1)
        for seat in range(players):
            won = not r["void"] and r["out"] == seat and not r.get("undercut")
            assert figures[seat]["won"] == int(won)
            caught = not r["void"] and r["out"] is not None and r["out"] != seat
            assert figures[seat]["caught"] == int(caught)
            assert figures[seat]["deadwood_caught"] == (r["hands"][seat]["deadwood_points"] if caught else 0)
        outs += not r["void"]
    # Random play goes out now and then in Basic and Classic Rummy (in Boathouse and Jersey
    # Gin it may never: void hands, nobody won, nobody caught).
    assert outs or gid in ("boathouse_rummy", "jersey_gin")
