"""The expert in positions where its seat can know every card: is its move of optimal value?

    python bench/endgames.py [--positions 500] [--games bezique,orlan,...] [--ms 900] [--seed 1]

For each game, positions are drawn from games played by the simple level (one move in ten
at random, so that positions vary), at a decision of a seat that can know every card once
it counts what it has seen, with at least two legal moves:

* the Bezique family once the stock is drawn (the other hand is every card not yet seen);
* two-player Orlan in the last deal (the stock is out);
* the last tricks of the trick games where only one deal of the unseen cards fits what the
  seat has seen (hand sizes, the suits a player has shown out of): Olsen at 3, 4 and 5
  players; Maison Troggen and Leipzig Taroc for the dealer, who knows the skart. (Aluette,
  La Rigueur and Triomphe Forcée leave cards undealt: no seat there ever knows every card.)

Each position is given to the expert (``--ms``, the app's budget by default) as its seat's
observation, and its move is checked against a brute-force search written separately from
the expert's solver (``tests/endgame_reference.py``: every legal move played through the
rules engine to the end of the deal, minimax of the deal's points, no pruning). Printed per
game: positions, how many of them the expert's move is optimal in (the target is all), in
how many the move mattered (not every legal move of equal value), the points lost where it
was not optimal, the expert's time per position (median, 95th percentile, max) and the
solver's (its exact search alone, every legal move) beside the brute force's time. Times
are read on the bots' clock: wall-clock, or CPU time with ``ORLAN_BOT_CLOCK=cpu`` (the
expert's budget too), for a measurement on a shared machine.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from itertools import combinations

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from tests.endgame_reference import BEZIQUE_IGNORE, BruteForce, bezique_decisive, bezique_extra_key, bezique_twin  # noqa: E402

from game.arena import percentile  # noqa: E402
from game.bots import SEARCH_HOOKS, make_bot  # noqa: E402
from game.bots.base import clock  # noqa: E402
from game.bots.solver import Solver  # noqa: E402
from game.rules import game_class, new_game  # noqa: E402

BEZIQUE = ("bezique", "marjolet", "binage", "fildinski", "rubicon")
# A game won, in points of the deal (the expert's evaluation: 3 units of its scale).
BEZIQUE_WIN = {"bezique": 300.0, "marjolet": 150.0, "binage": 150.0, "fildinski": 300.0, "rubicon": 600.0}
GAMES = BEZIQUE + ("orlan", "olsen", "maison_troggen", "leipzig_taroc")
NEVER_KNOWN = {
    "aluette": "12 cards are never dealt",
    "la_rigueur": "cards are left undealt",
    "triomphe_forcee": "cards are left undealt",
}


# ---------------------------------------------------------------- where every card is known
def consistent_deals(state, seat: int, limit: int = 2) -> int:
    """How many deals of the cards the seat has not seen fit its observation (up to
    ``limit``): hand sizes, and no card of a suit for a player who showed out of it. Written
    from the state's public record, not from the expert's samplers."""
    cls = type(state)
    obs = state.observation(seat)
    hidden_seats = [s for s in range(state.players) if s != seat and state.hands[s]]
    if not hidden_seats:
        return 1
    unseen = 0
    for s in hidden_seats:
        unseen |= state.hands[s]
    unseen |= _set_aside_unseen(state, seat)
    counts = [state.hands[s].bit_count() for s in hidden_seats]
    allowed = [_allowed(state, obs, s) for s in hidden_seats]
    cards = [c for c in range(cls.info.deck.size) if unseen >> c & 1]
    found = 0

    def deal(i: int, rest: list[int]) -> None:
        nonlocal found
        if found >= limit:
            return
        if i == len(hidden_seats):
            if not rest:
                found += 1
            return
        for chosen in combinations(rest, counts[i]):
            if all(allowed[i] >> c & 1 for c in chosen):
                left = [c for c in rest if c not in chosen]
                deal(i + 1, left)
                if found >= limit:
                    return

    deal(0, cards)
    return found


def _set_aside_unseen(state, seat: int) -> int:
    """Cards out of play that the seat has not seen (a tarot skart it did not make)."""
    skart = getattr(state, "skart", 0) or 0
    if skart and getattr(state, "dealer", None) != seat:
        return skart
    return 0


def _allowed(state, obs: dict, s: int) -> int:
    """The cards seat ``s`` may hold, from the suits it showed out of."""
    deck = type(state).info.deck
    full = deck.full_mask
    if "voids" in obs and state.info.id == "olsen":
        from game.rules.olsen import SUIT_MASKS

        for suit in obs["voids"][s]:
            full &= ~SUIT_MASKS[suit]
        return full
    if hasattr(state, "hidden_constraints"):
        # Tarot: the rules' own reading of the play (groups a player could not follow, trumps
        # it could not play, the Excuse where it was forced) and the cards it declared.
        allowed, known = state.hidden_constraints(obs["seat"])
        full = allowed[s]
        for x, m in known.items():
            full = full & ~m | (m if x == s else 0)
    return full


def known_position(game: str, state, seat: int) -> bool:
    if game in BEZIQUE:
        return state.stage == 2 and state.phase in ("play", "declare")
    if game == "orlan":
        return state.players == 2 and not state.stock
    if game == "olsen":
        return state.phase == "play" and not state.tiebreak and not any(state.passed) \
            and max(h.bit_count() for h in state.hands) <= 3 and consistent_deals(state, seat) == 1
    if game in ("maison_troggen", "leipzig_taroc"):
        return state.phase == "play" and state.dealer == seat and max(h.bit_count() for h in state.hands) <= 3 \
            and consistent_deals(state, seat) == 1
    return False


# ---------------------------------------------------------------- positions
def tables(game: str, rng: random.Random) -> tuple[int, dict]:
    if game == "orlan":
        return 2, {"target": rng.choice((11, 21))}
    if game == "olsen":
        return rng.choice((3, 4, 5)), {"jack_diamonds": rng.random() < 0.3, "deals": 1}
    cls = game_class(game)
    return cls.info.min_players, {}


def positions(game: str, count: int, seed: int):
    """(state, seat) pairs: known positions with at least two legal moves, from simple play."""
    rng = random.Random(seed)
    out = []
    deal_seed = seed * 100_000
    while len(out) < count:
        deal_seed += 1
        players, options = tables(game, rng)
        state = new_game(game, players, options, seed=deal_seed)
        bots = [make_bot("simple", game, seed=deal_seed * 10 + i) for i in range(players)]
        taken = 0
        start_round = len(state.result()["rounds"])
        while (p := state.current_player()) is not None and len(out) < count:
            if len(state.result()["rounds"]) > start_round + 1:
                break
            legal = state.legal_moves()
            if len(legal) > 1 and taken < 3 and rng.random() < 0.35 and known_position(game, state, p):
                out.append((state.clone(), p))
                taken += 1
            move = rng.choice(legal) if rng.random() < 0.1 else bots[p].choose(state.observation(p))
            state.apply(move)
    return out


# ---------------------------------------------------------------- the check
def reference(game: str, state, seat: int) -> BruteForce:
    if game in BEZIQUE:
        return BruteForce(state, seat, BEZIQUE_WIN[game], bezique_decisive, bezique_extra_key, bezique_twin,
                          BEZIQUE_IGNORE)
    if game == "orlan":
        return BruteForce(state, seat, 3.0)
    return BruteForce(state, seat, 0.0)


def solver_time(game: str, state, seat: int) -> float:
    """The expert's exact search alone: every legal move of the position, in seconds."""
    obs = state.observation(seat)
    plan = SEARCH_HOOKS[game].endgame_for(obs, None)
    if plan is None or not plan.known:
        return float("nan")
    t0 = clock()
    family, root = plan.start(state)
    solver = Solver(family)
    for m in state.legal_moves():
        solver.move_value(root, plan.move(m), plan.depth)
    return clock() - t0


def run(game: str, count: int, seed: int, ms: float) -> None:
    t0 = time.perf_counter()
    found = positions(game, count, seed)
    gen = time.perf_counter() - t0
    optimal = mattered = 0
    lost = []
    think, solve, brute = [], [], []
    for i, (state, seat) in enumerate(found):
        obs = state.observation(seat)
        bot = make_bot("expert", game, seed=seed * 7919 + i, ms=ms)
        t = clock()
        move = bot.choose(obs)
        think.append(clock() - t)
        solve.append(solver_time(game, state, seat))
        t = clock()
        values = reference(game, state, seat).move_values()
        brute.append(clock() - t)
        best = max(values.values())
        if max(values.values()) - min(values.values()) > 1e-9:
            mattered += 1
        if values[move] >= best - 1e-9:
            optimal += 1
        else:
            lost.append(best - values[move])
    n = len(found)
    ms_of = [1000 * x for x in think]
    solve_ms = [1000 * x for x in solve if x == x]
    print(f"{game:16} {n:4} positions: expert optimal in {optimal} ({100 * optimal / max(1, n):.1f}%), "
          f"the move mattered in {mattered}; points lost where not optimal: "
          f"{statistics.fmean(lost) if lost else 0:.2f} a position ({len(lost)})", flush=True)
    print(f"{'':16} expert ms a position median {statistics.median(ms_of):.1f}, p95 {percentile(ms_of, 95):.1f}, "
          f"max {max(ms_of):.1f}; solver (every legal move) median {statistics.median(solve_ms) if solve_ms else 0:.1f} ms, "
          f"max {max(solve_ms) if solve_ms else 0:.1f} ms; brute force median {1000 * statistics.median(brute):.0f} ms; "
          f"positions found in {gen:.0f} s", flush=True)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=500)
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--ms", type=float, default=900.0, help="the expert's time per move (the app's: 900)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    print(f"known-card positions, {args.positions} per game, expert at {args.ms:g} ms, seed {args.seed}, "
          f"times in {'CPU' if os.environ.get('ORLAN_BOT_CLOCK') == 'cpu' else 'wall-clock'} ms, "
          f"load {os.getloadavg()[0]:.1f}", flush=True)
    for game in args.games.split(","):
        if game in NEVER_KNOWN:
            print(f"{game:16} no position: {NEVER_KNOWN[game]}, so no seat ever knows every card", flush=True)
            continue
        run(game, args.positions, args.seed, args.ms)


if __name__ == "__main__":
    main()
