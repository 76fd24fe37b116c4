"""The soak (python main.py soak): a small run in CI, across every registered game."""
import subprocess
import sys
from pathlib import Path

from game.registry import ENTRIES
from game.soak import Job, jobs, run_job, soak

ROOT = Path(__file__).resolve().parent.parent


def test_a_small_soak_covers_every_game_and_both_players_in_two_processes_without_exception():
    plan = jobs(4 * len(ENTRIES), seed=100)
    assert {j.game for j in plan} == {e.id for e in ENTRIES}
    assert {j.level for j in plan} >= {"random"}
    rep = soak(plan, workers=2, progress=False)
    assert rep.games == len(plan) and rep.moves > 0 and rep.rounds > 0
    assert rep.failures == [], rep.lines()


def test_a_failing_game_is_reported_with_the_command_that_replays_it():
    moves, rounds, failure = run_job(Job("orlan", 3, {"teams": True}, "random", 7))
    assert failure is not None and "teams" in failure["error"]
    assert failure["command"] == (
        "python main.py soak --game orlan --players 3 --options '{\"teams\": true}' --level random --seed 7 --games 1"
    )
    again = jobs(1, 7, "orlan", 3, {"teams": True}, "random")
    assert again == [Job("orlan", 3, {"teams": True}, "random", 7)]


def test_the_command_line_prints_the_count_time_and_exceptions():
    out = subprocess.run(
        [sys.executable, "main.py", "soak", "--games", "3", "--workers", "1", "--game", "aluette", "--no-progress"],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, out.stderr
    assert "3 games (aluette 3)" in out.stdout and "0 exception(s)" in out.stdout


def test_a_journaled_run_cut_short_resumes_to_the_same_figures_and_refuses_another_plan(tmp_path):
    import json

    import pytest

    from game.journal import JournalMismatch

    plan = jobs(2 * len(ENTRIES), seed=300)
    whole = soak(plan, workers=1, progress=False)
    journal = tmp_path / "soak.jsonl"
    soak(plan, workers=1, progress=False, journal=journal)
    lines = journal.read_text().splitlines()
    chunks = [json.loads(line) for line in lines if '"chunk": ' in line and '"games": ' in line and "soak_journal" not in line]
    assert sum(c["games"] for c in chunks) == len(plan) and len(chunks) > 2
    # as if killed after two chunks, in the middle of writing the third line
    journal.write_text("\n".join(lines[:4]) + "\n" + lines[4][: len(lines[4]) // 2])
    resumed = soak(plan, workers=1, progress=False, journal=journal)
    assert resumed.sittings == 2
    assert soak(plan, workers=1, progress=False, journal=journal).sittings == 3  # nothing left to play
    assert (resumed.games, resumed.moves, resumed.rounds, resumed.per_game) == (
        whole.games, whole.moves, whole.rounds, whole.per_game)
    with pytest.raises(JournalMismatch, match="another run"):
        soak(jobs(2 * len(ENTRIES), seed=301), workers=1, progress=False, journal=journal)
