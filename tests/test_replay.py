"""Replays: every game rebuilt move by move through the rules, kept, exported, reviewed."""
from __future__ import annotations

import json
import random

import pytest

from game.bots import make_bot
from game.protocol import Session
from game.registry import ENTRIES
from game.replay import KEPT_PER_PROFILE, Replay, RecentGames, ReplayError
from game.review import Review, analyse, summarise
from game.rules import game_class
from game.storage import MemoryStorage


def _play(game_id: str, seed: int = 3, human: bool = True, max_moves: int | None = None) -> tuple[Replay, list[dict]]:
    """A game played by simple bots, recorded as the app records it; with the state JSON
    after every move, to compare with what the replay rebuilds."""
    cls = game_class(game_id)
    players = cls.info.min_players
    seats = [{"name": "Ana" if human and i == 0 else f"Bot {i}", "kind": "human" if human and i == 0 else "ai",
              "level": None if human and i == 0 else "simple"} for i in range(players)]
    rep = Replay.new(game_id, {}, seed, seats)
    state = rep.start_state()
    bots = [make_bot("simple", game_id, seed=i) for i in range(players)]
    states = [json.loads(json.dumps(state.to_json()))]
    while not state.finished and (max_moves is None or len(rep.moves) < max_moves):
        seat = state.current_player()
        move = bots[seat].choose(state.observation(seat))
        rep.record(state.move_to_json(move))
        state.apply(move)
        states.append(json.loads(json.dumps(state.to_json())))
    if state.finished:
        rep.finish(state)
    return rep, states


@pytest.mark.parametrize("game_id", [e.id for e in ENTRIES])
def test_a_replay_rebuilds_every_position_of_the_game(game_id):
    rep, states = _play(game_id, max_moves=400)
    for k in (0, 1, len(rep.moves) // 2, len(rep.moves)):
        assert rep.state_at(k).to_json() == states[k]
    again = Replay.from_json(json.loads(json.dumps(rep.to_json())))
    assert again.final_state().to_json() == states[-1]


def test_a_finished_replay_knows_its_result():
    rep, _ = _play("orlan")
    assert rep.finished and rep.result["winners"]
    assert rep.final_state().result()["winners"] == rep.result["winners"]


def test_a_move_that_does_not_play_is_named():
    rep, _ = _play("orlan", max_moves=6)
    rep.moves[4] = {"card": "QS", "capture": ["QH"]}
    with pytest.raises(ReplayError, match="move 5"):
        rep.check()


@pytest.mark.parametrize(
    "doc,words",
    [([], "JSON object"), ({"format": "x"}, "not a replay"), ({"format": "orlan-replay", "version": 99}, "newer"),
     ({"format": "orlan-replay", "version": 1, "game": "chess"}, "unknown game")],
)
def test_a_bad_replay_gets_a_clear_message(doc, words):
    with pytest.raises(ReplayError, match=words):
        Replay.from_json(doc)


def test_export_and_open_a_file(tmp_path):
    rep, states = _play("olsen", max_moves=60)
    path = tmp_path / "game.json"
    rep.export(path)
    back = Replay.open(path)
    assert back.moves == rep.moves and back.final_state().to_json() == states[-1]
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ReplayError, match="not JSON"):
        Replay.open(path)
    with pytest.raises(ReplayError, match="cannot read"):
        Replay.open(tmp_path / "missing.json")


def test_the_last_games_of_each_profile_are_kept_and_survive_a_restart():
    storage = MemoryStorage()
    shelf = RecentGames.load(storage)
    first, _ = _play("orlan", seed=1, max_moves=8)
    shelf.add(first)
    kept = []
    for i in range(KEPT_PER_PROFILE):
        rep = Replay.new("orlan", {}, seed=100 + i, seats=first.seats)
        assert shelf.add(rep) is None
        kept.append(rep.id)
    again = RecentGames.load(storage)  # a restart: read back from storage
    assert again.ids("Ana") == kept[::-1]
    assert first.id not in again.ids("Ana")
    assert again.get(first.id)[0] is None  # the oldest was dropped from storage too
    rep, msg = again.get(kept[-1])
    assert msg is None and rep.seed == 100 + KEPT_PER_PROFILE - 1


def test_a_damaged_replay_is_set_aside_with_a_message():
    storage = MemoryStorage()
    shelf = RecentGames.load(storage)
    rep, _ = _play("orlan", max_moves=4)
    shelf.add(rep)
    storage.put(f"replay.{rep.id}", {"format": "orlan-replay", "version": 1, "game": 5})
    got, msg = shelf.get(rep.id)
    assert got is None and msg.key == "replay.corrupt" and msg.params["backup"]
    assert any(name.startswith(f"replay.{rep.id}.bad") for name in storage.names())


def test_a_game_without_human_players_is_not_kept():
    storage = MemoryStorage()
    rep, _ = _play("orlan", human=False, max_moves=4)
    RecentGames.load(storage).add(rep)
    assert RecentGames.load(storage).index == {}


# ------------------------------------------------------------------ the review
def _position(game_id: str, seed: int, skip: int):
    rep, _ = _play(game_id, seed=seed, max_moves=skip + 40)
    for k, state, move in rep.positions():
        obs = state.observation(state.current_player())
        if k >= skip and len(obs["legal"]) > 2:
            return state.clone(), obs, move
    raise AssertionError("no position with a choice")


@pytest.mark.parametrize("game_id", ["orlan", "olsen"])
def test_the_move_the_expert_prefers_costs_nothing(game_id):
    state, obs, _ = _position(game_id, seed=4, skip=3)
    first = analyse(type(state), obs, obs["legal"][0], iterations=12, seed=1)
    best = analyse(type(state), obs, first.best, iterations=12, seed=1)
    assert best.cost == 0.0 and best.agrees
    assert first.cost >= 0.0
    assert {json.dumps(m, sort_keys=True) for m, _ in first.values} == {json.dumps(m, sort_keys=True) for m in obs["legal"]}


def test_the_review_uses_only_what_the_seat_could_see():
    state, obs, move = _position("orlan", seed=6, skip=5)
    other = type(state).sample(obs, random.Random(9))  # other hidden cards, same view for the seat
    assert other.to_json() != state.to_json()
    assert other.observation(obs["seat"]) == obs
    a = analyse(type(state), state.observation(obs["seat"]), move, iterations=10, seed=2)
    b = analyse(type(other), other.observation(obs["seat"]), move, iterations=10, seed=2)
    assert a.to_json() == b.to_json()


def test_a_review_is_reproducible_and_slicing_changes_nothing():
    rep, _ = _play("orlan", seed=8, max_moves=30)
    one = Review(Replay.from_json(rep.to_json()), seat=0, iterations=6, seed=3).run()
    sliced = Review(Replay.from_json(rep.to_json()), seat=0, iterations=6, seed=3)
    while not sliced.step(0.5):
        pass
    assert [e.to_json() for e in one] == [e.to_json() for e in sliced.sorted_entries()]
    assert all(e.seat == 0 for e in one) and len(one) == sum(1 for _, s, _ in rep.positions() if s.current_player() == 0)


def test_a_stopped_review_resumes_from_its_cache():
    rep, _ = _play("orlan", seed=2, max_moves=30)
    job = Review(rep, seat=1, iterations=5)
    while len(job.entries) < 3:
        job.step(5)
    cached = Replay.from_json(json.loads(json.dumps(rep.to_json())))  # saved and read back
    resumed = Review(cached, seat=1, iterations=5)
    assert len(resumed.entries) >= 3 and resumed.progress > 0
    full = resumed.run()
    assert [e.to_json() for e in full] == [e.to_json() for e in Review(_fresh(rep), seat=1, iterations=5).run()]


def _fresh(rep: Replay) -> Replay:
    fresh = Replay.from_json(rep.to_json())
    fresh.analysis.clear()
    return fresh


def test_summaries_add_up():
    rep, _ = _play("orlan", seed=5, max_moves=40)
    entries = Review(rep, seat=0, iterations=5).run()
    s = summarise(entries)
    assert s.moves == sum(1 for e in entries if not e.forced)
    assert s.cost == pytest.approx(sum(e.cost for e in entries))
    assert 0 <= s.agreed <= s.moves


# ------------------------------------------------------------------ protocol and command line
def test_the_protocol_keeps_the_replay_and_reviews_it():
    session = Session()
    assert session.handle({"cmd": "new", "game": "orlan", "players": 2, "seed": 4, "options": {"target": 11}})["ok"]
    for _ in range(10):
        assert session.handle({"cmd": "bot", "level": "simple", "play": True})["ok"]
    rep = session.handle({"cmd": "replay"})["replay"]
    assert len(rep["moves"]) == 10
    other = Session()
    loaded = other.handle({"cmd": "replay", "replay": rep, "moves": 6})
    assert loaded["ok"] and loaded["moves"] == 6
    assert loaded["state"] == Replay.from_json(rep).state_at(6).to_json()
    answer = other.handle({"cmd": "review", "replay": rep, "seat": 0, "iterations": 4})
    assert answer["ok"] and len(answer["moves"]) == 5 and answer["summary"]["moves"] <= 5
    bad = other.handle({"cmd": "review", "replay": {"format": "orlan-replay"}, "seat": 0})
    assert not bad["ok"] and "version" in bad["error"]
    assert not other.handle({"cmd": "review", "replay": rep, "seat": 7})["ok"]


def test_the_review_command_prints_every_move(tmp_path, capsys):
    from game.cli import main

    rep, _ = _play("orlan", seed=7, max_moves=20)
    path = tmp_path / "r.json"
    rep.export(path)
    assert main(["review", str(path), "--seat", "0", "--iterations", "4", "--no-progress", "--save"]) == 0
    out = capsys.readouterr().out
    assert "agreement with the expert" in out and "sampled deals" in out
    assert len([line for line in out.splitlines() if line.strip()[:1].isdigit()]) == 10
    assert Replay.open(path).analysis  # kept in the file
    assert main(["review", str(tmp_path / "nope.json")]) == 2


def test_simulate_writes_replays(tmp_path):
    from game.simulate import simulate

    simulate("orlan", 2, 2, seed=1, options={"target": 11}, bots=["simple", "simple"], progress=False, replays=str(tmp_path))
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    assert all(Replay.open(f).finished for f in files)
