"""What bench/tarot.py and bench/rummy.py share: random rounds of our games and random games
of an OpenSpiel game, each timed as runs and decisions per second in the same run, and the
main that prints them with their ratios."""
from __future__ import annotations

import argparse
import random
import time

from game.rules import game_class


def rate(run_once, seconds: float) -> tuple[float, float]:
    """(runs per second, decisions per second) of ``run_once`` (returns its decisions)."""
    run_once()  # warm-up (the rummy meld finder builds its tables once per rule)
    n = decisions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        decisions += run_once()
        n += 1
    dt = time.perf_counter() - t0
    return n / dt, decisions / dt


def random_rounds(game: str, players: int, options: dict, rng: random.Random):
    """One round of ``game`` per call, every move drawn uniformly from ``legal_moves()`` and
    played with ``apply_unchecked`` where the game has it (as the expert's rollouts do)."""
    cls = game_class(game)
    seed = [0]

    def run() -> int:
        seed[0] += 1
        st = cls.new(players, options, seed=seed[0])
        play = getattr(st, "apply_unchecked", None) or st.apply
        n = 0
        while not st.rounds:
            moves = st.legal_moves()
            play(moves[rng.randrange(len(moves))])
            n += 1
        return n

    return run


def openspiel_random_games(name: str, rng: random.Random):
    """One random game of OpenSpiel's ``name`` per call: chance outcomes drawn by their
    probabilities, random legal actions; returns the decisions. ImportError without pyspiel."""
    import pyspiel

    game = pyspiel.load_game(name)

    def run() -> int:
        st = game.new_initial_state()
        n = 0
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                x = rng.random()
                for action, p in outcomes:
                    x -= p
                    if x <= 0:
                        break
                st.apply_action(action)
            else:
                actions = st.legal_actions()
                st.apply_action(actions[rng.randrange(len(actions))])
                n += 1
        return n

    return run


def compare_with_openspiel(description: str, openspiel_game: str, cases, line: str, ratio: str) -> int:
    """A bench's main (``--seconds``, 3 by default): OpenSpiel's ``openspiel_game`` timed as the
    baseline, then each of ``cases`` (game, players, options) timed and printed with ``line``,
    followed by ``ratio`` (ours / the baseline's) when OpenSpiel is installed. ``line`` is a
    format string over ``game``, ``players``, ``runs`` and ``decisions`` (per second);
    ``ratio`` over ``runs`` and ``decisions`` (the ratios)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    rng = random.Random(1)
    try:
        base, base_dec = rate(openspiel_random_games(openspiel_game, rng), args.seconds)
    except ImportError:
        base = base_dec = None
    if base is None:
        print(f"OpenSpiel {openspiel_game}: not installed (pip install open_spiel); no ratio")
    else:
        print(f"OpenSpiel {openspiel_game} (C++, from Python): {base:8.1f} random games/s, {base_dec:9.0f} decisions/s")
    for game, players, options in cases:
        ours, ours_dec = rate(random_rounds(game, players, options, rng), args.seconds)
        text = line.format(game=game, players=players, runs=ours, decisions=ours_dec)
        if base:
            text += ratio.format(runs=ours / base, decisions=ours_dec / base_dec)
        print(text)
    return 0
