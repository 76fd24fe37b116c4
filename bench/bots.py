"""Bot speed: the expert's playouts per second in every game, beside OpenSpiel ISMCTS.

    python bench/bots.py [--positions 12] [--worlds 60] [--sims 1000] [--games orlan,olsen]

For every game on the shelf (``game.registry.ENTRIES``; a table size of 4 where the game
allows it, else its largest, and Orlan also at 2), the expert searches positions taken a
few random moves into a game, with an iteration budget; a playout is one root move played
out to the end of the search's rollout (a round, or Orlan's 12-ply horizon), the unit
OpenSpiel's ISMCTS calls a simulation (one walk down its tree and one random rollout to
the end of the hand). The baseline, measured in the same run: OpenSpiel's C++ ISMCTS
(``pyspiel.ISMCTSBot``, random rollouts) on Hearts positions, simulations per second.
Both are timed with the process's CPU time, so the ratio holds on a busy machine.
Also printed: worlds per second (a world is one deal of the hidden cards, one playout per
candidate move) and, in games that infer, how many candidate worlds each world was drawn
from.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.bots import SEARCH_HOOKS, make_bot  # noqa: E402
from game.registry import ENTRIES  # noqa: E402
from game.rules import game_class  # noqa: E402


def tables(game_id: str) -> list[tuple[int, dict]]:
    info = game_class(game_id).info
    players = max(info.min_players, min(4, info.max_players))
    out = [(players, {})]
    if game_id == "orlan":
        out = [(2, {"target": 11}), (4, {"target": 11, "teams": True})]
    return out


def positions(game_id: str, players: int, options: dict, count: int) -> list[dict]:
    """Observations of the seat to move, a few random moves into games of several seeds."""
    cls = game_class(game_id)
    out = []
    seed = 0
    while len(out) < count and seed < 20 * count:
        rng = random.Random(seed)
        state = cls.new(players, options, seed=seed)
        for _ in range(rng.randrange(0, 3 * players + 1)):
            if state.current_player() is None:
                break
            state.apply(rng.choice(state.legal_moves()))
        seed += 1
        seat = state.current_player()
        if seat is None or len(state.legal_moves()) < 2:
            continue
        out.append(state.observation(seat))
    return out


def expert_rate(game_id: str, observations: list[dict], worlds: int) -> tuple[float, float, int]:
    """(playouts per CPU second, worlds per CPU second, candidate worlds per world)."""
    playouts = done = 0
    cpu = 0.0
    for i, obs in enumerate(observations):
        bot = make_bot("expert", game_id, seed=i, iterations=worlds)
        t0 = time.process_time()
        bot.choose(obs)
        cpu += time.process_time() - t0
        playouts += bot._rollouts
        done += bot.worlds
    hooks = SEARCH_HOOKS.get(game_id)
    pool = hooks.infer_pool if hooks is not None and hooks.likelihood_for is not None else 1
    return playouts / cpu, done / cpu, pool


def ismcts_rate(sims: int, moves: int) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts", {"pass_cards": False, "qs_breaks_hearts": False})
    total = 0
    cpu = 0.0
    for seed in range(moves):
        rng = random.Random(seed)
        state = game.new_initial_state()
        state.apply_action(0)
        deck = list(range(52))
        rng.shuffle(deck)
        for card in deck:
            state.apply_action(card)
        for _ in range(rng.randrange(0, 13)):
            state.apply_action(rng.choice(state.legal_actions()))
        bot = pyspiel.ISMCTSBot(seed, pyspiel.RandomRolloutEvaluator(1, seed), 2.0, sims, -1,
                                pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT, False, False)
        t0 = time.process_time()
        bot.step(state)
        cpu += time.process_time() - t0
        total += sims
    return total / cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--worlds", type=int, default=60)
    ap.add_argument("--sims", type=int, default=1000)
    ap.add_argument("--games", default="", help="comma-separated game ids (default: every game on the shelf)")
    args = ap.parse_args()
    base = ismcts_rate(args.sims, args.positions)
    if base is None:
        print("OpenSpiel not importable (pip install open_spiel): no ISMCTS baseline")
    else:
        print(f"OpenSpiel ISMCTS({args.sims}) on Hearts (C++): {base:10,.0f} simulations/s (baseline)")
    wanted = set(filter(None, args.games.split(",")))
    for entry in ENTRIES:
        if wanted and entry.id not in wanted:
            continue
        for players, options in tables(entry.id):
            obs = positions(entry.id, players, options, args.positions)
            if not obs:
                continue
            rate, worlds, pool = expert_rate(entry.id, obs, args.worlds)
            ratio = f" = {rate / base:.3f} x ISMCTS" if base else ""
            teams = " teams" if options.get("teams") else ""
            infer = f", each drawn from {pool} candidates" if pool > 1 else ""
            print(f"expert {entry.id} {players}p{teams}: {rate:10,.0f} playouts/s{ratio}; "
                  f"{worlds:,.0f} worlds/s{infer}")


if __name__ == "__main__":
    main()
