"""Every registered game's statistics plug-in: its figures add up to the game's own
result, survive a save, and its texts and chart fit what it counts."""
from __future__ import annotations

import json
import random

import pytest

from game import i18n, registry
from game.rules import GAMES, new_game
from game.stats import GameStats, GameTally, Stats, game_stats

IDS = [e.id for e in registry.ENTRIES]
NAMES = ["Ana", "Bo", "Cy", "Dee", "Eve"]


def seats_for(n: int) -> list[dict]:
    # Humans and bots alternate, so every seat's figures reach a profile in one game or another.
    return [{"name": NAMES[i % len(NAMES)] + ("" if i < len(NAMES) else str(i)), "kind": "human"} if i % 2 == 0 else {"name": f"Bot {i}", "kind": "ai", "level": "simple"} for i in range(n)]


def play(game_id: str, players: int, seed: int, resume_at: int | None = None):
    """A game of random legal moves with its tally (saved and loaded at ``resume_at``)."""
    rng = random.Random(seed)
    state = new_game(game_id, players, dict(registry.BY_ID[game_id].demo), seed=seed)
    tally = GameTally.new(game_id, seats_for(players))
    moves = 0
    while state.current_player() is not None:
        tally.record(state.apply(rng.choice(state.legal_moves())))
        moves += 1
        if moves == resume_at:
            tally = GameTally.from_json(json.loads(json.dumps(tally.to_json())))
    return state, tally


CASES = [(gid, n) for gid in IDS for n in sorted({GAMES[gid].info.min_players, GAMES[gid].info.max_players})]


@pytest.mark.parametrize("game_id,players", CASES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_figures_add_up_to_the_games_result(game_id, players, seed):
    state, tally = play(game_id, players, seed)
    result = state.result()
    assert tally.finished and sorted(tally.winners) == sorted(result["winners"])
    assert len(tally.rounds) == len(result["rounds"])
    plugin = game_stats(game_id)
    for seat in range(players):
        counted = [r[seat] for r in tally.rounds if r[seat].get("counted", 1)]
        # The rounds that count make the seat's total (its side's), as in the rules.
        assert sum(r["points"] for r in counted) == tally.seat_total(seat) == result["totals"][seat]
        assert all(r[seat].get(c, 0) >= 0 for r in tally.rounds for c in plugin.counters)
    # The profile of each human seat adds the same figures.
    stats = Stats()
    assert stats.record_game(tally)
    for seat, who in enumerate(tally.seats):
        if who["kind"] != "human":
            continue
        rec = stats.record(who["name"], game_id)
        counted = [r[seat] for r in tally.rounds if r[seat].get("counted", 1)]
        assert rec["games"] == 1 and rec["wins"] == int(seat in tally.winners)
        assert rec["rounds"] == len(counted) and rec["points"] == sum(r["points"] for r in counted)
        for c in plugin.counters:
            if c in plugin.maxima:  # the highest of any round (a biggest declaration)
                assert rec[c] == max([0] + [r.get(c, 0) for r in counted]), c
            else:
                assert rec[c] == sum(r.get(c, 0) for r in counted), c
        # The chart's scale holds every round this game can give.
        assert all(abs(r["points"]) <= plugin.chart_top for r in counted)


@pytest.mark.parametrize("game_id", IDS)
def test_a_saved_tally_counts_like_an_uninterrupted_one(game_id):
    players = GAMES[game_id].info.min_players
    _, whole = play(game_id, players, 5)
    _, resumed = play(game_id, players, 5, resume_at=17)
    assert resumed.rounds == whole.rounds and resumed.totals == whole.totals and resumed.winners == whole.winners


@pytest.mark.parametrize("game_id", IDS)
def test_the_details_and_labels_exist(game_id):
    plugin = game_stats(game_id)
    assert isinstance(plugin, GameStats)
    stats = Stats()
    _, tally = play(game_id, GAMES[game_id].info.min_players, 3)
    stats.record_game(tally)
    summary = stats.summary(tally.seats[0]["name"], game_id)
    for label, field in plugin.details:
        assert field in summary, (label, field)
    keys = [label for label, _ in plugin.details] + [plugin.points_label, plugin.best_label, plugin.chart_heading]
    for lang in i18n.LANGUAGES:
        for k in keys:
            assert isinstance(i18n.lookup(k, lang), str), (k, lang)
        # A game's own statistics texts live in its own file.
    assert all(k.startswith(("stats.", f"{game_id}.")) for k in keys)


def test_the_common_round_summary_needs_no_code():
    """A new game that emits the common summary counts rounds and points with the base."""
    base = GameStats()
    side_of, ends = base.round_end({"round": 1, "sides": [[0, 2], [1, 3]], "points": [3, 1], "totals": [3, 1]}, 4, lambda *a: None)
    assert side_of == [0, 1, 0, 1]
    assert [e["points"] for e in ends] == [3, 1, 3, 1] and all(e["counted"] for e in ends)
    # A seat on no side sat the round out: it does not count for that seat.
    _, ends = base.round_end({"round": 2, "sides": [[0], [2]], "points": [5, 0], "totals": [5, 0]}, 3, lambda *a: None)
    assert [e["counted"] for e in ends] == [1, 0, 1]


def test_a_round_announced_under_two_names_counts_once():
    """While the games move to the common events, a round_end beside an older name for the
    same summary is not counted twice."""
    game_id = IDS[0]
    state = new_game(game_id, 2, dict(registry.BY_ID[game_id].demo), seed=4)
    rng = random.Random(4)
    once, twice = GameTally.new(game_id, seats_for(2)), GameTally.new(game_id, seats_for(2))
    while state.current_player() is not None:
        events = state.apply(rng.choice(state.legal_moves()))
        once.record(events)
        doubled = []
        for ev in events:
            doubled.append(ev)
            if ev["type"] == "round_end":
                doubled.append({**ev, "type": "hand_end"})
        twice.record(doubled)
    assert once.rounds == twice.rounds and once.totals == twice.totals


@pytest.mark.parametrize("game_id", IDS)
def test_each_plugin_reads_the_common_summary_shape(game_id):
    """The same rounds written in the common shape ({"round", "sides", "points", "totals",
    ...details}) give the same figures, so the games can move to it one by one."""
    state, tally = play(game_id, GAMES[game_id].info.max_players, 6)
    plugin = game_stats(game_id)
    n = len(tally.seats)
    for summary in state.result()["rounds"]:
        old = plugin.round_end(summary, n, lambda *a: None)
        new = plugin.round_end(common_shape(summary, n), n, lambda *a: None)
        assert new == old


def common_shape(summary: dict, n: int) -> dict:
    out = dict(summary)
    sides = summary.get("sides")
    if sides and isinstance(sides[0], list) and "points" in summary:  # already the common shape
        return out
    if sides and isinstance(sides[0], dict):  # {"seats", "points"} per side
        out["sides"] = [line["seats"] for line in sides]
        out["points"] = [line["points"] for line in sides]
    elif "seats" in summary:  # one seat per side
        out["sides"] = [[s] for s in summary["seats"]]
    else:  # partnerships of seats opposite
        out["sides"] = [[s for s in range(n) if s % 2 == side] for side in (0, 1)]
    return out
