"""The simulator plays whole games and its report adds up; the CLI prints it."""
from game.cli import main
from game.simulate import simulate


def test_simulate_report_adds_up():
    rep = simulate("orlan", 3, 6, seed=2, options={"target": 11}, progress=False)
    assert rep.games == 6
    assert sum(rep.wins) == 6  # exactly one winner per 3-player game
    assert rep.rounds >= 6 * 3  # at most 5 points a round: 11 needs 3 rounds or more
    assert sum(rep.points) <= 5 * rep.rounds


def test_teams_share_wins():
    rep = simulate("orlan", 4, 4, seed=3, options={"teams": True, "target": 11}, progress=False)
    assert rep.wins[0] == rep.wins[2] and rep.wins[1] == rep.wins[3]
    assert rep.wins[0] + rep.wins[1] == 4


def test_cli_simulate_prints_summary(capsys):
    assert main(["simulate", "--players", "2", "--games", "3", "--no-progress", "--options", '{"target": 11}']) == 0
    out = capsys.readouterr().out
    assert "rounds per game" in out and "throughput" in out and "seat 1" in out


def test_cli_rejects_bad_options(capsys):
    assert main(["simulate", "--players", "2", "--games", "1", "--options", '{"target": 12}']) == 2
    assert "target" in capsys.readouterr().err
