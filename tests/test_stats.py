"""Statistics: the tally agrees with the rules' own round scoring; profiles add up."""
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from game.rules import new_game
from game.saves import Seat
from game.stats import STATS_NAME, STATS_VERSION, GameTally, Stats
from game.storage import FileStorage, MemoryStorage
from tests.orlan_helpers import side_lines

HUMAN, SIMPLE, EXPERT = Seat("Ana").to_json(), Seat("Bot", "ai", "simple").to_json(), Seat("Max", "ai", "expert").to_json()


def play(seed, seats, options=None, interrupt_at=None):
    """A random game with a tally; optionally the tally goes through JSON mid-game (resume)."""
    rng = random.Random(seed)
    state = new_game("orlan", len(seats), options or {"target": 11}, seed=seed)
    tally = GameTally.new("orlan", seats)
    events_seen = []
    n = 0
    while not state.finished:
        ev = state.apply(rng.choice(state.legal_moves()))
        events_seen += ev
        tally.record(ev)
        n += 1
        if n == interrupt_at:
            tally = GameTally.from_json(json.loads(json.dumps(tally.to_json())))
    return state, tally, events_seen


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), teams=st.booleans())
def test_tally_agrees_with_the_round_scoring(seed, players, teams):
    teams = teams and players == 4
    seats = [HUMAN, SIMPLE, Seat("Bo").to_json(), EXPERT][:players]
    state, tally, events = play(seed, seats, {"target": 11, "teams": teams})
    res = state.result()
    assert len(tally.rounds) == len(res["rounds"])
    for rnd, per_seat in zip(res["rounds"], tally.rounds):
        for side in side_lines(rnd):
            mine = [per_seat[s] for s in side["seats"]]
            assert sum(m["cards"] for m in mine) == side["cards"]
            assert sum(m["clubs"] for m in mine) == side["clubs"]
            assert sum(m["two_clubs"] for m in mine) == side["breakdown"]["two_clubs"]
            assert sum(m["ten_diamonds"] for m in mine) == side["breakdown"]["ten_diamonds"]
            assert all(m["points"] == side["points"] for m in mine)
    sweeps = sum(1 for e in events if e.get("sweep"))
    bi_qahwa = sum(1 for e in events if e.get("bi_qahwa"))
    assert sum(r[s]["sweeps"] for r in tally.rounds for s in range(players)) == sweeps
    assert sum(r[s]["bi_qahwa"] for r in tally.rounds for s in range(players)) == bi_qahwa
    assert tally.finished and tally.winners == res["winners"]
    assert [tally.seat_total(s) for s in range(players)] == res["totals"]


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), cut=st.integers(1, 300))
def test_a_resumed_tally_counts_like_an_uninterrupted_one(seed, cut):
    _, whole, _ = play(seed, [HUMAN, SIMPLE, EXPERT])
    _, resumed, _ = play(seed, [HUMAN, SIMPLE, EXPERT], interrupt_at=cut)
    a, b = whole.to_json(), resumed.to_json()
    a.pop("uid"), b.pop("uid")
    assert a == b


def test_profile_sums_and_views():
    stats = Stats()
    tallies = [play(seed, [HUMAN, SIMPLE, EXPERT])[1] for seed in range(4)]
    for t in tallies:
        assert stats.record_game(t)
        assert not stats.record_game(t)  # the same game is never counted twice
    p = stats.record("Ana", "orlan")
    wins = sum(0 in t.winners for t in tallies)
    assert (p["games"], p["wins"]) == (4, wins)
    rounds = [r[0] for t in tallies for r in t.rounds]
    assert p["rounds"] == len(rounds)
    assert p["points"] == sum(r["points"] for r in rounds)
    assert p["cards"] == sum(r["cards"] for r in rounds)
    assert p["sweeps"] == sum(r["sweeps"] for r in rounds)
    assert p["by_level"] == {"simple": {"games": 4, "wins": wins}, "expert": {"games": 4, "wins": wins}}
    assert set(stats.profiles) == {"Ana"}  # AI seats have no profile
    summary = stats.summary("Ana")
    assert summary["points_per_round"] == pytest.approx(p["points"] / p["rounds"])
    series = stats.points_per_round_series("Ana")
    assert len(series) == 4
    assert series[0] == pytest.approx(sum(r[0]["points"] for r in tallies[0].rounds) / len(tallies[0].rounds), abs=1e-3)
    assert stats.win_rate_by_level("Ana")["expert"]["rate"] == pytest.approx(wins / 4)
    best = summary["best"]
    assert best["margin"] == max(g["margin"] for g in p["recent"] if g["won"] == best["won"])


def test_teams_partner_is_not_an_opponent_and_both_humans_get_the_result():
    seats = [Seat("Ana").to_json(), EXPERT, Seat("Bo").to_json(), SIMPLE]
    _, tally, _ = play(3, seats, {"target": 11, "teams": True})
    stats = Stats()
    stats.record_game(tally)
    for name, seat in (("Ana", 0), ("Bo", 2)):
        p = stats.record(name)
        assert p["wins"] == (seat in tally.winners)
        assert set(p["by_level"]) == {"expert", "simple"}


def test_human_opponent_is_its_own_level_and_unfinished_games_do_not_count():
    seats = [HUMAN, Seat("Bo").to_json()]
    state = new_game("orlan", 2, {"target": 11}, seed=1)
    tally = GameTally.new("orlan", seats)
    tally.record(state.apply(state.legal_moves()[0]))
    stats = Stats()
    assert not stats.record_game(tally)
    _, tally, _ = play(1, seats)
    stats.record_game(tally)
    assert set(stats.win_rate_by_level("Ana")) == {"human"}
    assert stats.record("Ana")["wins"] + stats.record("Bo")["wins"] == 1
    rows = stats.rows()
    assert [r["name"] for r in rows] == sorted(["Ana", "Bo"], key=lambda n: -stats.record(n)["wins"])
    assert [r["games"] for r in rows] == [1, 1]
    stats.remember_name("Cy")  # no game yet: not in the table
    assert "Cy" not in [r["name"] for r in stats.rows()]


def test_names_are_remembered_most_recent_first_and_reset_keeps_them(tmp_path):
    store = FileStorage(tmp_path)
    stats, msg = Stats.load(store)
    assert msg is None
    for n in ["Ana", "Bo", "Ana", " Cy "]:
        stats.remember_name(n)
    stats.record_game(play(2, [HUMAN, SIMPLE])[1])
    assert stats.names == ["Ana", "Cy", "Bo"]
    assert stats.save() is None
    again, _ = Stats.load(FileStorage(tmp_path))
    assert again.names == ["Ana", "Cy", "Bo"] and again.record("Ana")["games"] == 1
    again.reset("Ana")
    assert again.games_played("Ana") == 0 and "Ana" in again.names
    again.record_game(play(5, [HUMAN, SIMPLE])[1])
    again.reset()
    assert all(again.games_played(n) == 0 for n in again.profiles)


@pytest.mark.parametrize("content", [b"", b"{\"profiles\":", b"42", b"\x00\xff"])
def test_corrupt_stats_file_starts_empty_with_message_and_backup(tmp_path, content):
    (tmp_path / f"{STATS_NAME}.json").write_bytes(content)
    stats, msg = Stats.load(FileStorage(tmp_path))
    assert stats.profiles == {} and msg.key == "stats.corrupt"
    assert (tmp_path / f"{msg.params['backup']}.json").read_bytes() == content


def test_too_new_and_odd_stats_documents():
    store = MemoryStorage()
    store.put(STATS_NAME, {"version": 99, "profiles": {}})
    stats, msg = Stats.load(store)
    assert msg.key == "stats.too_new" and store.get(msg.params["backup"])["version"] == 99
    store.put(STATS_NAME, {"version": 1, "profiles": {"Ana": {"games": 3}, "bad": 5}, "names": ["Ana", 7]})
    stats, msg = Stats.load(store)
    assert msg is None and stats.record("Ana")["games"] == 3 and stats.record("Ana")["wins"] == 0
    assert stats.names == ["Ana"] and "bad" not in stats.profiles


def test_damaged_fields_in_a_profile_are_reset_and_recording_still_works():
    store = MemoryStorage()
    store.put(STATS_NAME, {"version": 1, "profiles": {"Ana": {
        "games": "many", "wins": -3, "points": 12, "by_level": {"expert": "x"}, "recent": [1, 2], "best": 7,
        "future": {"kept": True}}}})
    stats, msg = Stats.load(store)
    p = stats.record("Ana")
    assert msg is None
    assert (p["games"], p["wins"], p["points"], p["by_level"], p["recent"], p["best"]) == (0, 0, 12, {}, [], None)
    assert stats.profile("Ana")["future"] == {"kept": True}
    assert stats.record_game(play(4, [HUMAN, EXPERT])[1])
    assert stats.record("Ana")["games"] == 1


# ------------------------------------------------------------------ version 1 documents
def v1_profile(tallies, seat=0):
    """The profile version 1 kept for ``seat``: one set of figures, every game mixed."""
    p = {"games": 0, "wins": 0, "by_level": {}, "by_game": {}, "rounds": 0, "points": 0,
         **dict.fromkeys(("cards", "clubs", "two_clubs", "ten_diamonds", "sweeps", "bi_qahwa", "tricks"), 0),
         "best": None, "recent": []}
    for t in tallies:
        won = seat in t.winners
        p["games"] += 1
        p["wins"] += won
        levels = sorted({o["level"] or "ai" if o["kind"] == "ai" else "human"
                         for i, o in enumerate(t.seats) if t.side_of[i] != t.side_of[seat]})
        for lvl in levels:
            b = p["by_level"].setdefault(lvl, {"games": 0, "wins": 0})
            b["games"] += 1
            b["wins"] += won
        rounds = [r[seat] for r in t.rounds]
        p["rounds"] += len(rounds)
        p["points"] += sum(r["points"] for r in rounds)
        for k in ("cards", "clubs", "two_clubs", "ten_diamonds", "sweeps", "bi_qahwa", "tricks"):
            p[k] += sum(r.get(k, 0) for r in rounds)
        g = p["by_game"].setdefault(t.game_id, {"games": 0, "wins": 0})
        g["games"] += 1
        g["wins"] += won
        score = t.seat_total(seat)
        others = [x for i, x in enumerate(t.totals) if i != t.side_of[seat]]
        margin = min(others) - score if t.game_id == "olsen" else score - max(others)
        game = {"date": "2026-01-01", "game": t.game_id, "won": won, "score": score, "margin": margin,
                "rounds": len(rounds), "points_per_round": round(sum(r["points"] for r in rounds) / len(rounds), 3),
                "opponents": levels}
        if p["best"] is None or (won, margin, score) > (p["best"]["won"], p["best"]["margin"], p["best"]["score"]):
            p["best"] = game
        p["recent"].append(game)
    return p


def olsen_tally(seed):
    rng = random.Random(seed)
    state = new_game("olsen", 3, {"deals": 2}, seed=seed)
    tally = GameTally.new("olsen", [HUMAN, SIMPLE, EXPERT])
    while state.current_player() is not None:
        tally.record(state.apply(rng.choice(state.legal_moves())))
    assert not any(s["tiebreak"] for s in state.rounds)  # version 1 counted tie-break hands
    return tally


CORE = ("date", "game", "won", "score", "margin", "rounds", "points_per_round", "opponents")


def test_a_version_1_document_of_orlan_games_loads_with_its_figures():
    orlan = [play(seed, [HUMAN, SIMPLE, EXPERT])[1] for seed in (11, 12, 13)]
    old = v1_profile(orlan)
    del old["by_game"], old["tricks"]  # the first version-1 documents had neither
    for g in old["recent"]:
        del g["game"]
    store = MemoryStorage()
    store.put(STATS_NAME, {"version": 1, "profiles": {"Ana": old}, "names": ["Ana"], "recorded": ["x1"]})
    stats, msg = Stats.load(store)
    assert msg is None and stats.names == ["Ana"] and stats.recorded == ["x1"]
    rec = stats.record("Ana", "orlan")
    for key in ("games", "wins", "by_level", "rounds", "points", "cards", "clubs", "two_clubs", "ten_diamonds", "sweeps", "bi_qahwa", "best", "recent"):
        assert rec[key] == old[key], key
    assert set(stats.profile("Ana")["by_game"]) == {"orlan"}
    assert stats.summary("Ana", "orlan")["cards_per_round"] == pytest.approx(old["cards"] / old["rounds"])
    # Saved again, it is a current (version-3) document that loads to the same figures.
    assert stats.save() is None and store.get(STATS_NAME)["version"] == STATS_VERSION == 3
    again, _ = Stats.load(store)
    assert again.profiles == stats.profiles


def test_a_version_1_document_with_mixed_games_is_split_per_game():
    orlan = [play(seed, [HUMAN, SIMPLE, EXPERT])[1] for seed in (21, 22)]
    olsen = [olsen_tally(seed) for seed in (1, 3)]
    mixed = [orlan[0], olsen[0], orlan[1], olsen[1]]
    store = MemoryStorage()
    store.put(STATS_NAME, {"version": 1, "profiles": {"Ana": v1_profile(mixed)}, "names": ["Ana"]})
    migrated, msg = Stats.load(store)
    assert msg is None
    fresh = Stats()  # the same games recorded by this version
    for t in mixed:
        fresh.record_game(t, when=1767225600)  # 2026-01-01
    for game in ("orlan", "olsen"):
        a, b = migrated.record("Ana", game), fresh.record("Ana", game)
        keys = ["games", "wins", "by_level", "rounds", "points"] + (
            ["cards", "clubs", "two_clubs", "ten_diamonds", "sweeps", "bi_qahwa"] if game == "orlan" else ["tricks"])
        for key in keys:
            assert a[key] == b[key], (game, key)
        assert [{k: g[k] for k in CORE} for g in a["recent"]] == [{k: g[k] for k in CORE} for g in b["recent"]]
        assert {k: a["best"][k] for k in CORE} == {k: b["best"][k] for k in CORE}
    assert migrated.record("Ana", "olsen")["hearts"] == 0  # not known to version 1


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([2, 5, 26, 65, 420, 900, 2000, 8000]), st.data())
def test_the_chart_scale_holds_the_figures_in_round_numbers_close_above_them(chart_top, data):
    from game.stats import chart_scale

    series = data.draw(st.lists(st.floats(-chart_top, chart_top, allow_nan=False), max_size=20))
    low, high = chart_scale(series, chart_top)
    assert low <= min([0.0, *series]) and high >= max([0.0, *series])  # every bar fits
    assert -chart_top <= low <= 0 < high <= chart_top or (chart_top < 1 and high == 1)
    floor = max(1.0, chart_top / 20)
    assert high <= 2.5 * max([floor, *series]) or high == chart_top  # follows the figures
    assert high == chart_top or f"{high:g}".lstrip("-")[0] in "125"  # 1, 2, 5, 10, 20, 50...
