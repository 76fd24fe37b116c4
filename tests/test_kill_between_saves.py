"""Never lose a game in progress: the real app, in its own process, plays two games against
the AIs and one hot-seat game, starts new ones (one replacing a game in progress, after the
question), and is killed with SIGKILL at random moments between and during its saves. After
every kill each game in progress is there, exactly as last acknowledged (or one move further,
when the kill came after a write and before its acknowledgement), and resumes with its full
record (tests/in_progress_driver.py drives the app)."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from game.saves import load_games
from game.scenes.match import Match, replay_of_save
from game.storage import FileStorage
from tests.in_progress_driver import state_hash

ROOT = Path(__file__).resolve().parents[1]

# Orlan against two simple AIs, Bezique against one, Olsen between three people (hot seat);
# then a new Orlan game (two players) that replaces the first one, after the question.
ORLAN, BEZIQUE, OLSEN = ({"game": "orlan", "humans": 1, "players": 3}, {"game": "bezique", "humans": 1, "players": 2},
                         {"game": "olsen", "humans": 3, "players": 3})


def step(game: dict, new: bool, moves: int, **changes) -> dict:
    # A game to continue that a kill stopped before it began is started by the driver.
    return {**game, **changes, "new": new, "moves": moves}


RUNS = [
    [step(ORLAN, True, 14), step(BEZIQUE, True, 12)],
    [step(OLSEN, True, 16), step(ORLAN, False, 8)],
    [step(BEZIQUE, False, 10), step(OLSEN, False, 10)],
    [step(ORLAN, True, 8, players=2), step(BEZIQUE, False, 8)],
    [step(OLSEN, False, 12), step(ORLAN, False, 8), step(BEZIQUE, False, 6)],
]


def start(data: Path, plan: list[dict], seed: int) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.Popen([sys.executable, "-m", "tests.in_progress_driver", str(data), json.dumps(plan), str(seed)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def check_on_disk(data: Path, acked: dict[str, tuple[int, str]]) -> dict[str, int]:
    """Every acknowledged game is in its slot, as acknowledged or one move on, and resumes
    with a record that plays through to exactly its position. Returns moves per game."""
    found = load_games(FileStorage(data))
    assert found.messages == [], found.messages
    assert set(found.games) == set(acked), (sorted(found.games), sorted(acked))
    out = {}
    for game_id, (moves, digest) in acked.items():
        saved = found.games[game_id]
        record = saved.extra["replay"]["moves"]
        assert len(record) in (moves, moves + 1), (game_id, len(record), moves)
        if len(record) == moves:
            assert state_hash(saved.state) == digest, game_id
        assert replay_of_save(saved) is not None, game_id  # the full record is intact
        assert Match.from_saved(saved).state.to_json() == saved.state.to_json()
        out[game_id] = len(record)
    assert not list(data.glob("*.bad-*")), "a save was found damaged"
    return out


def test_every_game_in_progress_survives_kill_9_between_saves(tmp_path):
    data = tmp_path / "orlan-data"
    rng = random.Random(int(os.environ.get("ORLAN_KILL_SEED", "35")))
    acked: dict[str, tuple[int, str]] = {}
    kills = 0
    replaced = False
    for i, plan in enumerate(RUNS):
        proc = start(data, plan, seed=i)
        ready = json.loads(proc.stdout.readline())["ready"]
        assert sorted(ready) == sorted(acked)  # every game in progress came back at the start
        # Killed after a random number of acknowledged saves (a little after, sometimes
        # during the next write), or left to finish its plan.
        kill_after = rng.randrange(2, sum(s["moves"] for s in plan))
        seen = 0

        def heard(line: str) -> None:
            nonlocal seen, replaced
            event = json.loads(line)
            if "moves" in event and "state" in event:
                acked[event["game"]] = (event["moves"], event["state"])
                seen += 1
            replaced = replaced or bool(event.get("asked"))

        for line in proc.stdout:
            heard(line)
            if seen >= kill_after:
                time.sleep(rng.uniform(0, 0.03))
                proc.send_signal(signal.SIGKILL)
                kills += 1
                break
        for line in proc.stdout.read().splitlines():  # what it said before it died
            heard(line)
        err = proc.stderr.read()
        proc.wait()
        proc.stdout.close()
        proc.stderr.close()
        assert proc.returncode in (0, -signal.SIGKILL), err[-3000:]
        moves = check_on_disk(data, acked)
        # An acknowledgement lost to the kill: the game is one move on, and that is what counts now.
        for game_id, n in moves.items():
            if n != acked[game_id][0]:
                saved = load_games(FileStorage(data)).games[game_id]
                acked[game_id] = (n, state_hash(saved.state))
    print(f"kill -9 between saves: {kills} kills over {len(RUNS)} runs; moves kept: {({g: m for g, (m, _) in sorted(acked.items())})}; replace question met: {replaced}")
    assert kills >= 3, kills
    assert set(acked) == {"orlan", "bezique", "olsen"}
    # The last start finds all three, each resumable at the table.
    proc = start(data, [], seed=99)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err[-3000:]
    assert sorted(json.loads(out.splitlines()[0])["ready"]) == ["bezique", "olsen", "orlan"]
    check_on_disk(data, acked)
