"""Save and resume: identical state and continuation, crash safety, bad files, migration."""
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from game.rules import GAMES, new_game
from game.saves import (
    SAVE_VERSION,
    SavedGame,
    Seat,
    discard_game,
    has_saved_game,
    load_game,
    migrate,
    save_game,
    slot_name,
)
from game.stats import GameTally
from game.storage import FileStorage, MemoryStorage

ROOT = Path(__file__).resolve().parents[1]
SAVE_NAME = slot_name("orlan")  # the slot of Orlan's game in progress
SEATS = [Seat("Ana"), Seat("Bot 1", "ai", "simple"), Seat("Bo", "human"), Seat("Bot 3", "ai", "expert")]


def play_to_end(state, rng):
    while not state.finished:
        state.apply(rng.choice(state.legal_moves()))
    return state


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4), teams=st.booleans(), timer=st.sampled_from([0, 10, 60]))
def test_save_at_every_move_resumes_identically(seed, players, teams, timer, tmp_path_factory):
    teams = teams and players == 4
    store = MemoryStorage()  # the file path is covered below; this test is about the content
    rng = random.Random(seed)
    state = new_game("orlan", players, {"target": 11, "teams": teams}, seed=seed)
    seats = SEATS[:players]
    tally = GameTally.new("orlan", [s.to_json() for s in seats])
    moves = 0
    while True:
        assert save_game(SavedGame(state, seats, timer, tally.to_json(), {"moves": moves}), store) is None
        res = load_game(store)
        assert res.message is None
        g = res.game
        assert g.state.to_json() == state.to_json()
        assert g.state.legal_moves() == state.legal_moves()
        assert g.state.current_player() == state.current_player()
        assert (g.seats, g.timer, g.tally, g.extra) == (seats, timer, tally.to_json(), {"moves": moves})
        if state.finished:
            break
        # The resumed game must go on exactly like the original: same moves, same deals of
        # the later rounds (drawn from the seed), same events.
        probe = random.Random(moves)
        a, b = state.clone(), g.state
        for _ in range(60 if moves % 25 else 10**6):  # now and then all the way to the end
            if a.finished:
                break
            m = probe.choice(a.legal_moves())
            assert a.apply(m) == b.apply(m)
        assert a.to_json() == b.to_json()
        tally.record(state.apply(rng.choice(state.legal_moves())))
        moves += 1
    assert tally.finished and moves > 20


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_resumes_identically_from_any_move(game_id):
    """Any game of the registry: save after each move, load, compare, continue the same."""
    info = GAMES[game_id].info
    players = info.min_players
    seats = [Seat(f"P{i}", "human" if i == 0 else "ai", None if i == 0 else "simple") for i in range(players)]
    store = MemoryStorage()
    rng = random.Random(3)
    state = new_game(game_id, players, seed=3)
    moves = 0
    while not state.finished and moves < 400:
        assert save_game(SavedGame(state, seats, 10), store) is None
        g = load_game(store).game
        assert g.game_id == game_id and g.state.to_json() == state.to_json()
        if moves % 20 == 0:
            a, b = state.clone(), g.state
            probe = random.Random(moves)
            for _ in range(80):
                if a.finished:
                    break
                m = probe.choice(a.legal_moves())
                assert a.apply(m) == b.apply(m)
            assert a.to_json() == b.to_json()
        state.apply(rng.choice(state.legal_moves()))
        moves += 1
    assert moves > 10


def test_resume_restores_the_stock_order_and_the_game_goes_on_to_the_same_result(tmp_path):
    store = FileStorage(tmp_path)
    state = new_game("orlan", 3, seed=42)
    rng = random.Random(1)
    for _ in range(17):
        state.apply(rng.choice(state.legal_moves()))
    save_game(SavedGame(state, SEATS[:3], 30), store)
    # A new process would start from nothing but the file on disk.
    loaded = load_game(FileStorage(tmp_path)).game
    assert loaded.state.to_json()["stock"] == state.to_json()["stock"]
    assert loaded.timer == 30
    r1, r2 = random.Random(9), random.Random(9)
    assert play_to_end(state, r1).result() == play_to_end(loaded.state, r2).result()


def test_no_save_means_no_game_and_no_message(tmp_path):
    res = load_game(FileStorage(tmp_path))
    assert res.game is None and res.message is None
    assert not has_saved_game(FileStorage(tmp_path))


def test_discard(tmp_path):
    store = FileStorage(tmp_path)
    save_game(SavedGame(new_game("orlan", 2), SEATS[:2]), store)
    assert has_saved_game(store)
    discard_game("orlan", store)
    assert not has_saved_game(store) and load_game(store).game is None


def test_write_failure_is_a_message_not_a_crash(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    msg = save_game(SavedGame(new_game("orlan", 2), SEATS[:2]), FileStorage(blocker / "sub"))
    assert msg.key == "save.write_failed"


# ------------------------------------------------------------------ kill -9
WRITER = r"""
import random, sys
from game.rules import GAMES, new_game
from game.saves import SavedGame, Seat, save_game
from game.storage import FileStorage
store = FileStorage(sys.argv[1])
seats = [Seat("Ana"), Seat("Bot", "ai", "simple")]
rng = random.Random(int(sys.argv[2]))
n = 0
while True:
    state = new_game("orlan", 2, seed=n)
    while not state.finished:
        # The padding makes each write long enough for kills to land in the middle of it.
        pad = "x" * rng.randrange(1, 400_000)
        save_game(SavedGame(state, seats, 10, {}, {"n": n, "pad": pad, "len": len(pad)}), store)
        print(n, flush=True)
        n += 1
        state.apply(rng.choice(state.legal_moves()))
"""


def test_kill_9_while_saving_leaves_the_old_or_the_new_save(tmp_path):
    iterations = int(os.environ.get("ORLAN_KILL_ITERATIONS", "12"))
    store_dir = tmp_path / "data"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    rng = random.Random(5)
    last_seen = -1
    mid_write = 0  # kills that left a temp file: they landed between mkstemp and rename
    for i in range(iterations):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(store_dir), str(i)], stdout=subprocess.PIPE, env=env, cwd=ROOT
        )
        acked = int(proc.stdout.readline())  # one save is complete before we start killing
        time.sleep(rng.uniform(0.0, 0.15))
        proc.send_signal(signal.SIGKILL)
        rest = proc.stdout.read().split()
        proc.wait()
        proc.stdout.close()
        assert proc.returncode == -signal.SIGKILL
        if rest:
            acked = int(rest[-1])
        res = load_game(FileStorage(store_dir))
        assert res.message is None, (i, res.message)
        extra = res.game.extra
        assert len(extra["pad"]) == extra["len"]
        # Either the last acknowledged save or the one being written when killed.
        assert extra["n"] in (acked, acked + 1), (extra["n"], acked)
        last_seen = extra["n"]
        temps = list(store_dir.glob(".*.tmp"))
        mid_write += bool(temps)
        for t in temps:
            t.unlink()
    assert last_seen >= 0
    print(f"kill -9: {iterations} kills, {mid_write} in the middle of a write")
    # Killed writers may leave a temporary file, never a damaged or extra save.
    assert [p.name for p in store_dir.glob("*.json")] == [f"{SAVE_NAME}.json"]


# ------------------------------------------------------------------ damage
def _valid_save_bytes():
    state = new_game("orlan", 2, seed=7)
    state.apply(state.legal_moves()[0])
    store = MemoryStorage()
    save_game(SavedGame(state, SEATS[:2], 20), store)
    return store.texts[SAVE_NAME].encode()


def _damaged(kind):
    good = _valid_save_bytes()
    doc = json.loads(good)
    if kind == "empty":
        return b""
    if kind == "truncated":
        return good[: len(good) // 2]
    if kind == "binary":
        return bytes(range(256)) * 4
    if kind == "not_object":
        return b"[1, 2, 3]"
    if kind == "other_json":
        return json.dumps({"hello": "world"}).encode()
    if kind == "duplicated_card":
        doc["state"]["table"].append(doc["state"]["hands"][0][0])
        return json.dumps(doc).encode()
    if kind == "missing_state":
        del doc["state"]
        return json.dumps(doc).encode()
    if kind == "seat_count":
        doc["seats"] = doc["seats"][:1]
        return json.dumps(doc).encode()
    if kind == "bad_timer":
        doc["timer"] = "soon"
        return json.dumps(doc).encode()
    if kind == "unknown_game":
        doc["state"]["game"] = doc["game"] = "chess"
        return json.dumps(doc).encode()
    if kind == "bad_version":
        doc["version"] = "one"
        return json.dumps(doc).encode()
    raise AssertionError(kind)


KINDS = ["empty", "truncated", "binary", "not_object", "other_json", "duplicated_card", "missing_state",
         "seat_count", "bad_timer", "unknown_game", "bad_version"]


@pytest.mark.parametrize("kind", KINDS)
def test_damaged_save_gives_message_keeps_backup_and_allows_new_game(tmp_path, kind):
    content = _damaged(kind)
    (tmp_path / f"{SAVE_NAME}.json").write_bytes(content)
    store = FileStorage(tmp_path)
    res = load_game(store)
    assert res.game is None
    assert res.message.key == "save.corrupt"
    backup = res.message.params["backup"]
    assert (tmp_path / f"{backup}.json").read_bytes() == content
    # The app can start a new game and save it.
    assert not has_saved_game(store)
    assert save_game(SavedGame(new_game("orlan", 2), SEATS[:2]), store) is None
    assert load_game(store).game is not None
    assert (tmp_path / f"{backup}.json").exists()


@settings(max_examples=40, deadline=None)
@given(cut=st.integers(0, 10**6))
def test_save_truncated_anywhere_is_reported(cut, tmp_path_factory):
    good = _valid_save_bytes()
    cut %= len(good)
    d = tmp_path_factory.mktemp("cut")
    (d / f"{SAVE_NAME}.json").write_bytes(good[:cut])
    res = load_game(FileStorage(d))
    assert res.game is None and res.message.key == "save.corrupt"
    assert (d / f"{res.message.params['backup']}.json").read_bytes() == good[:cut]


def test_damaged_statistics_tally_loses_only_the_statistics(tmp_path):
    doc = json.loads(_valid_save_bytes())
    doc["tally"] = {"game": "orlan", "seats": "nobody", "round": 5}
    (tmp_path / f"{SAVE_NAME}.json").write_text(json.dumps(doc))
    res = load_game(FileStorage(tmp_path))
    assert res.message is None and res.game.tally == {}
    assert res.game.state.to_json() == doc["state"]


def test_too_new_save_is_kept_aside_with_its_own_message(tmp_path):
    doc = json.loads(_valid_save_bytes())
    doc["version"] = SAVE_VERSION + 1
    (tmp_path / f"{SAVE_NAME}.json").write_text(json.dumps(doc))
    res = load_game(FileStorage(tmp_path))
    assert res.game is None
    assert res.message.key == "save.too_new"
    assert res.message.params["version"] == SAVE_VERSION + 1
    assert json.loads((tmp_path / f"{res.message.params['backup']}.json").read_text()) == doc


def test_unreadable_save_is_reported(tmp_path):
    (tmp_path / f"{SAVE_NAME}.json").mkdir()
    res = load_game(FileStorage(tmp_path))
    assert res.game is None and res.message.key == "save.corrupt"


# ------------------------------------------------------------------ migration
def _version0_doc(state):
    """The pre-release layout: no version field, names and AI levels as parallel lists."""
    return {"game": "orlan", "state": state.to_json(), "names": ["Ana", "Bot"], "ai": [None, "expert"], "timer": "30s"}


def test_version_0_save_is_migrated_and_rewritten(tmp_path):
    state = new_game("orlan", 2, seed=11)
    for m in range(5):
        state.apply(state.legal_moves()[0])
    (tmp_path / f"{SAVE_NAME}.json").write_text(json.dumps(_version0_doc(state)))
    store = FileStorage(tmp_path)
    res = _read_slot(store, "orlan")
    assert res.message is None and res.migrated_from == 0
    g = res.game
    assert g.state.to_json() == state.to_json()
    assert g.seats == [Seat("Ana", "human", None), Seat("Bot", "ai", "expert")]
    assert g.timer == 30
    assert load_game(store).game.state.to_json() == state.to_json()  # loading rewrites it...
    on_disk = json.loads((tmp_path / f"{SAVE_NAME}.json").read_text())
    assert on_disk["version"] == SAVE_VERSION  # ...in the current layout
    assert _read_slot(store, "orlan").migrated_from is None


def _read_slot(store, game_id):
    from game.saves import _read

    return _read(store, slot_name(game_id), game_id, repair=False)


def test_version_0_timer_off_and_migrate_is_stepwise():
    state = new_game("orlan", 2)
    doc = _version0_doc(state)
    doc["timer"] = "off"
    out = migrate(doc)
    assert out["version"] == SAVE_VERSION and out["timer"] == 0
    assert SavedGame.from_json(out).state.to_json() == state.to_json()


def test_broken_version_0_save_is_corrupt_not_a_crash(tmp_path):
    doc = _version0_doc(new_game("orlan", 2))
    doc["ai"] = [None]  # lists of different lengths
    (tmp_path / f"{SAVE_NAME}.json").write_text(json.dumps(doc))
    res = load_game(FileStorage(tmp_path))
    assert res.game is None and res.message.key == "save.corrupt"
