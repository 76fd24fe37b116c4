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


def test_simulate_plays_the_trick_games_and_sums_their_totals():
    olsen = simulate("olsen", 4, 3, seed=1, options={"deals": 2}, bots=["simple"] * 4, progress=False)
    assert olsen.games == 3 and sum(olsen.wins) >= 3  # the lowest total wins (ties share)
    assert olsen.rounds >= 6  # two hands a game, more after a tie
    # each counted hand gives out 26 penalty points (0 + 3 x 26 when one player takes them all)
    assert sum(olsen.points) in range(26 * 6, 78 * 6 + 1)  # tie-break hands do not count
    aluette = simulate("aluette", 4, 2, seed=1, bots=["simple"] * 4, progress=False)
    assert aluette.rounds == 10  # five deals a match
    assert aluette.points[0] == aluette.points[2] and aluette.points[1] == aluette.points[3]  # partners


def test_cli_simulate_olsen(capsys):
    assert main(["simulate", "--game", "olsen", "--players", "4", "--bots", "simple", "--games", "2", "--no-progress",
                 "--options", '{"deals": 1}']) == 0
    assert "throughput" in capsys.readouterr().out
