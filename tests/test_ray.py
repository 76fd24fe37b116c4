"""arena and soak on a Ray cluster (``--ray``, game/parallel.py): a local Ray of two CPUs,
started for this module in a process of its own, plays a small arena and a small soak; the
figures are those of local worker processes on the same seeds. And Ray stays out of the
app and of the plain commands.

The cluster listens on the loopback only (RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0), with a
token of its own and no usage report; it is stopped when the module's tests end, passed or
failed, and no process of it may be left behind."""
from __future__ import annotations

import dataclasses
import importlib.util
import inspect
import json
import operator
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from game.arena import ArenaConfig, Side, run_arena, summarize
from game.registry import ENTRIES
from game.journal import code_version
from game.soak import jobs, soak

ROOT = Path(__file__).resolve().parent.parent

# Started as a child of the test, in a session of its own: ray.init() with CPUs starts a
# cluster (GCS, raylet, workers) and ray.shutdown() stops it, which it does when the test
# closes its stdin (or dies, which closes the pipe too).
HEAD = r"""
import sys, ray
ctx = ray.init(num_cpus=2, include_dashboard=False, _temp_dir=sys.argv[1])
print(ctx.address_info["gcs_address"], flush=True)
sys.stdin.read()
ray.shutdown()
"""

RAY_ENV = {
    "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",  # every Ray address on 127.0.0.1
    "RAY_USAGE_STATS_ENABLED": "0",
    "RAY_AUTH_MODE": "token",
    "RAY_AUTH_TOKEN": secrets.token_hex(16),  # none written to ~/.ray
}


def _session(sid: int) -> list[int]:
    """The live processes of a session (the head and everything it started)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            out.append(int(stat.parent.name))
    return out


@pytest.fixture(scope="module")
def ray_cluster():
    # Skipped only outside CI, where Ray may not be installed; never imported before the
    # environment below is set (Ray reads it on import).
    if not os.environ.get("CI") and importlib.util.find_spec("ray") is None:
        pytest.skip('Ray is the extra pip install -e ".[cluster]" (in ".[test]" too)')
    with pytest.MonkeyPatch.context() as mp:
        for k, v in RAY_ENV.items():  # before ray is imported here: it reads them then
            mp.setenv(k, v)
        from ray._private.services import get_node_ip_address

        # else a driver here would look for the cluster at the machine's address, for minutes
        assert get_node_ip_address() == "127.0.0.1", "ray was imported before the test set its environment"
        temp = tempfile.mkdtemp(prefix="ray")  # short: Ray's socket paths must fit 107 bytes
        head = subprocess.Popen([sys.executable, "-c", HEAD, temp], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                text=True, start_new_session=True)
        left: list[int] = []
        try:
            address = head.stdout.readline().strip()
            assert address.startswith("127.0.0.1:"), f"the head did not start: {address!r}"
            yield address
        finally:
            import ray

            if ray.is_initialized():  # a test stopped inside a run: its connection too
                ray.shutdown()
            head.stdin.close()
            try:
                head.wait(60)
            except subprocess.TimeoutExpired:
                head.kill()
            for _ in range(40):  # the raylet's workers end a moment after the head
                left = _session(head.pid)
                if not left:
                    break
                time.sleep(0.25)
            for pid in left:
                os.kill(pid, signal.SIGKILL)
            shutil.rmtree(temp, ignore_errors=True)
    assert not left, f"Ray processes left after the cluster stopped: {left}"


def test_an_arena_on_ray_plays_the_games_of_local_workers(ray_cluster):
    # the expert on an iteration budget: its moves depend on the seeds only, not on time
    cfg = ArenaConfig(game="orlan", players=2, options={"target": 11}, a=Side("expert", iterations=3),
                      b=Side("simple"), games=6, seed=2, workers=2)
    local = run_arena(cfg, progress=False)
    on_ray = run_arena(dataclasses.replace(cfg, ray=ray_cluster), progress=False)

    def games(records):
        return [(r.deal, r.a_won, r.a_points, r.b_points, r.rounds, len(r.a_ms), len(r.b_ms)) for r in records]

    assert len(on_ray) == 6 and games(on_ray) == games(local)
    timed = {"a_ms_median", "a_ms_p95", "b_ms_median", "b_ms_p95"}
    s_local, s_ray = summarize(cfg, local), summarize(cfg, on_ray)
    assert {k: v for k, v in s_ray.items() if k not in timed} == {k: v for k, v in s_local.items() if k not in timed}


def test_a_soak_on_ray_gives_each_chunk_the_local_figures_and_its_journal_resumes_locally(ray_cluster, tmp_path):
    plan = jobs(2 * len(ENTRIES), seed=400)
    journal = tmp_path / "soak.jsonl"
    on_ray = soak(plan, progress=False, journal=journal, ray=ray_cluster)
    assert on_ray.games == len(plan) and on_ray.failures == [], on_ray.lines()
    assert set(on_ray.per_game) == {e.id for e in ENTRIES}
    lines = journal.read_text().splitlines()
    assert json.loads(lines[0])["chunk"] == 4  # 32 games over 2 CPUs: the chunks of --workers 2
    rows = {r["chunk"]: r for r in map(json.loads, lines[2:])}
    # cut after two chunks, mid-line, as a killed run leaves it; two local processes finish it
    journal.write_text("\n".join(lines[:4]) + "\n" + lines[4][: len(lines[4]) // 2])
    resumed = soak(plan, workers=2, progress=False, journal=journal)
    assert resumed.sittings == 2
    assert (resumed.games, resumed.moves, resumed.rounds, resumed.per_game) == (
        on_ray.games, on_ray.moves, on_ray.rounds, on_ray.per_game)
    local_rows = [json.loads(line) for line in journal.read_text().splitlines() if '"sitting": 1, "games"' in line]
    assert len(local_rows) == len(rows) - 2
    for row in local_rows:  # chunk by chunk, the local processes played what Ray's tasks played
        ray_row = rows[row["chunk"]]
        assert [row[k] for k in ("games", "moves", "rounds", "per_game")] == [
            ray_row[k] for k in ("games", "moves", "rounds", "per_game")]


def test_ray_tasks_run_the_drivers_code(ray_cluster):
    from game.parallel import runner

    # the game package is shipped with the job: a task imports it from Ray's copy, whose
    # sources have the digest of this process's
    with runner(ray=ray_cluster) as run:
        assert run.parallelism == 2
        [where] = run.map_unordered(inspect.getsourcefile, [code_version])
        assert where != inspect.getsourcefile(code_version) and "runtime_resources" in where
        assert list(run.map_unordered(operator.methodcaller("__call__"), [code_version])) == [code_version()]


def test_the_command_line_with_ray_auto_finds_the_cluster_of_ray_address(ray_cluster):
    env = dict(os.environ, **RAY_ENV, RAY_ADDRESS=ray_cluster)
    out = subprocess.run(
        [sys.executable, "main.py", "arena", "--a", "simple", "--b", "random", "--games", "4", "--seed", "3",
         "--ray", "auto", "--no-progress", "--options", '{"target": 11}'],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert "Ray cluster at auto: 2 CPUs" in out.stderr
    assert "4 games (2 duplicate deals" in out.stdout and "A win rate" in out.stdout


def test_the_olsen_bench_on_ray_gives_the_figures_of_local_workers(ray_cluster):
    """bench/olsen_vs_ismcts.py --ray: the time-scaling figure of Olsen past one machine, deal
    for deal the figures of local processes (the expert on an iteration budget)."""
    def run(*extra):
        out = subprocess.run(
            [sys.executable, "bench/olsen_vs_ismcts.py", "--deals", "6", "--iterations", "4", "--others", "simple",
             "--seed", "5", *extra], cwd=ROOT, env=dict(os.environ, **RAY_ENV), capture_output=True, text=True, timeout=300)
        assert out.returncode == 0, out.stderr[-3000:]
        last = out.stdout.strip().splitlines()[-1]
        assert last.startswith("6 deals:"), out.stdout[-2000:]
        return last.split(" A ms/move")[0], out

    local, _ = run("--workers", "2")
    on_ray, out = run("--ray", ray_cluster)
    assert "Ray cluster at" in out.stderr and f"Ray at {ray_cluster}" in out.stdout
    assert on_ray == local


WITHOUT_RAY = r'''
import sys
sys.modules["ray"] = None  # as if Ray were not installed
import game.app, game.cli, game.arena, game.soak, game.parallel
from game.cli import main
assert main(["arena", "--a", "simple", "--b", "random", "--games", "2", "--workers", "1", "--no-progress",
             "--options", '{"target": 11}']) == 0
assert main(["soak", "--games", "3", "--game", "aluette", "--workers", "1", "--no-progress"]) == 0
assert sys.modules["ray"] is None and not [m for m in sys.modules if m.startswith("ray.")]
print("plain ok")
assert main(["soak", "--games", "3", "--ray", "auto", "--no-progress"]) == 2
assert main(["arena", "--games", "2", "--ray", "127.0.0.1:6379", "--no-progress"]) == 2
'''


def test_the_app_and_the_plain_commands_never_import_ray_and_ray_missing_is_said_clearly():
    out = subprocess.run([sys.executable, "-c", WITHOUT_RAY], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert out.returncode == 0, out.stderr[-3000:]
    assert "plain ok" in out.stdout
    errors = [line for line in out.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 2 and all('pip install -e ".[cluster]"' in e for e in errors), out.stderr[-2000:]
