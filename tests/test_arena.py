"""Arena: duplicate deals with rotated seats, fair statistics, the CLI command."""
from __future__ import annotations

import math

from game.arena import ArenaConfig, GameRecord, Side, percentile, play_deal, summarize
from game.cli import main


def test_seatings_rotate_side_a_through_every_seat():
    assert ArenaConfig(players=2).seatings() == [["a", "b"], ["b", "a"]]
    three = ArenaConfig(players=3).seatings()
    assert sorted(s.index("a") for s in three) == [0, 1, 2]
    assert all(s.count("a") == 1 for s in three)
    teams = ArenaConfig(players=4, options={"teams": True}).seatings()
    assert teams == [["a", "b", "a", "b"], ["b", "a", "b", "a"]]


def test_a_deal_is_played_once_per_seating_on_the_same_cards():
    cfg = ArenaConfig(players=2, options={"target": 11}, a=Side("simple"), b=Side("random"), games=2, seed=3)
    recs = play_deal(cfg, deal=0)
    assert len(recs) == 2
    for r in recs:
        assert r.a_won in (0.0, 1.0)
        assert r.rounds >= 1
        # both sides moved about equally often (alternating turns)
        assert abs(len(r.a_ms) - len(r.b_ms)) <= 1
        assert max(r.a_points, r.b_points) >= 11


def test_team_games_credit_the_whole_team():
    cfg = ArenaConfig(players=4, options={"target": 11, "teams": True}, a=Side("simple"), b=Side("random"), seed=5)
    recs = play_deal(cfg, deal=1)
    assert len(recs) == 2
    assert all(r.a_won in (0.0, 1.0) for r in recs)


def rec(deal: int, won: float) -> GameRecord:
    return GameRecord(deal=deal, a_won=won, a_points=11 if won else 5, b_points=5 if won else 11, rounds=3, a_ms=[1.0, 3.0], b_ms=[2.0])


def test_confidence_interval_comes_from_the_spread_of_deals():
    cfg = ArenaConfig(players=2)
    # every deal split 1-1: the rate is exactly known to be 50%, no spread at all
    split = [rec(d, w) for d in range(10) for w in (1.0, 0.0)]
    s = summarize(cfg, split)
    assert s["a_win_rate"] == 0.5 and s["ci95"] == (0.5, 0.5)
    # deals won 2-0 or lost 0-2: same rate, wide interval
    swing = [rec(d, float(d % 2)) for d in range(10) for _ in (0, 1)]
    s = summarize(cfg, swing)
    lo, hi = s["ci95"]
    half = 1.96 * 0.5270462766947299 / math.sqrt(10)  # stdev of 0,1,0,1,... over 10 deals
    assert math.isclose(hi - 0.5, half) and math.isclose(0.5 - lo, half)
    assert s["a_ms_median"] == 2.0 and s["b_ms_median"] == 2.0


def test_percentile_is_a_value_of_the_sample():
    values = list(range(1, 101))
    assert percentile(values, 95) == 95
    assert percentile(values, 50) == 50
    assert percentile([], 95) == 0.0


def test_cli_arena_prints_the_report(capsys):
    code = main(
        ["arena", "--a", "simple", "--b", "random", "--games", "2", "--workers", "1", "--no-progress", "--options", '{"target": 11}']
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "A win rate" in out and "95% CI" in out and "median" in out and "p95" in out


def test_cli_arena_rejects_bad_options(capsys):
    assert main(["arena", "--players", "3", "--teams", "--games", "1", "--no-progress"]) == 2
    assert "teams" in capsys.readouterr().err


def _outcomes(records):
    return [(r.deal, r.a_won, r.a_points, r.b_points, r.rounds, len(r.a_ms), len(r.b_ms)) for r in records]


def test_a_journaled_arena_cut_short_resumes_to_the_same_games_and_refuses_another_run(tmp_path):
    import json

    import pytest

    from game.arena import run_arena
    from game.journal import JournalMismatch

    cfg = ArenaConfig(game="orlan", players=2, a=Side("simple"), b=Side("random"), games=10, seed=4, workers=1)
    whole = run_arena(cfg, progress=False)
    journal = tmp_path / "arena.jsonl"
    run_arena(cfg, progress=False, journal=journal)
    lines = journal.read_text().splitlines()
    deals = [json.loads(line) for line in lines[2:]]
    assert sorted(d["deal"] for d in deals) == [0, 1, 2, 3, 4]
    # as if killed after two deals, in the middle of writing the third line
    journal.write_text("\n".join(lines[:4]) + "\n" + lines[4][: len(lines[4]) // 2])
    resumed = run_arena(cfg, progress=False, journal=journal)
    assert _outcomes(resumed) == _outcomes(whole)
    rows = [json.loads(line) for line in journal.read_text().splitlines() if line.startswith('{"deal"') and line.endswith("}")]
    assert sorted(r["deal"] for r in rows if r["sitting"] == 1) == [2, 3, 4]  # only the deals it lacked
    # more games later: the same journal takes the run further, deal by deal
    longer = run_arena(ArenaConfig(**{**cfg.__dict__, "games": 14}), progress=False, journal=journal)
    assert _outcomes(longer)[:10] == _outcomes(whole) and len(longer) == 14
    # the whole run reported again from its journal: nothing played, the file left as it was
    finished = journal.read_text()
    assert _outcomes(run_arena(ArenaConfig(**{**cfg.__dict__, "games": 14}), progress=False, journal=journal)) == _outcomes(longer)
    assert journal.read_text() == finished
    # another configuration is refused, and the journal is left as it was
    before = journal.read_text()
    with pytest.raises(JournalMismatch, match="another run.*seed"):
        run_arena(ArenaConfig(**{**cfg.__dict__, "seed": 5}), progress=False, journal=journal)
    assert journal.read_text() == before


def test_cli_arena_refuses_a_file_that_is_not_its_journal(tmp_path, capsys):
    bad = tmp_path / "notes.txt"
    bad.write_text("my notes\n")
    assert main(["arena", "--game", "orlan", "--a", "simple", "--b", "random", "--games", "2", "--journal", str(bad), "--no-progress"]) == 2
    assert "is not an arena journal" in capsys.readouterr().err
    assert bad.read_text() == "my notes\n"


def test_a_damaged_line_of_an_arena_journal_is_played_again(tmp_path):
    import json

    from game.arena import run_arena

    cfg = ArenaConfig(game="orlan", players=2, a=Side("simple"), b=Side("random"), games=6, seed=4, workers=1)
    journal = tmp_path / "arena.jsonl"
    whole = run_arena(cfg, progress=False, journal=journal)
    lines = journal.read_text().splitlines()
    row = json.loads(lines[3])
    del row["games"][0]["a_ms"]  # readable JSON, but not a deal's record
    journal.write_text("\n".join(lines[:3] + [json.dumps(row), '{"deal": "one"}'] + lines[4:]) + "\n")
    again = run_arena(cfg, progress=False, journal=journal)
    assert _outcomes(again) == _outcomes(whole)
    replayed = [json.loads(line) for line in journal.read_text().splitlines()[len(lines) + 1:]]
    assert replayed[0] == {"sitting": 1} and [r["deal"] for r in replayed[1:]] == [row["deal"]]


def test_a_journal_digest_ignores_comments_and_docstrings_but_not_code():
    """Rewording the code a run depends on keeps its journal; changing what it does not."""
    from game.journal import code_of

    base = 'def f(x):\n    """Twice x."""\n    return 2 * x  # doubled\n'
    reworded = '"""A module."""\n\n\ndef f(x):\n    """Two times x, said otherwise."""\n    # a comment\n    return 2 * x\n'
    changed = 'def f(x):\n    """Twice x."""\n    return 3 * x  # doubled\n'
    assert code_of(base) == code_of(reworded)
    assert code_of(base) != code_of(changed)
