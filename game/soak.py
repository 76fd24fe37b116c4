"""Soak: many checked games of every registered game, in parallel processes.

    python main.py soak --games 100000 --workers 2

Games cycle through the registry's games, each game's player counts and option values
(game/contract.py ``configs``) and two kinds of players (random moves, the simple bots);
every game is played to the end with every contract check. The run ends with the count,
the time and every exception found, each with the command that replays that one game.
"""
from __future__ import annotations

import json
import multiprocessing
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from game.registry import ENTRIES

LEVELS = ("random", "simple")
CHUNK = 25  # at most this many games per task handed to a worker


@dataclass(frozen=True)
class Job:
    game: str
    players: int
    options: dict
    level: str
    seed: int

    def command(self) -> str:
        return (f"python main.py soak --game {self.game} --players {self.players} "
                f"--options '{json.dumps(self.options, sort_keys=True)}' --level {self.level} --seed {self.seed} --games 1")


@dataclass
class SoakReport:
    games: int = 0
    moves: int = 0
    rounds: int = 0
    seconds: float = 0.0
    per_game: dict[str, int] = field(default_factory=dict)
    failures: list[dict[str, Any]] = field(default_factory=list)
    interrupted: bool = False  # stopped by Ctrl-C: the figures are those of the games done

    def lines(self) -> list[str]:
        out = [f"{'interrupted after ' if self.interrupted else ''}{self.games} games ({', '.join(f'{g} {n}' for g, n in sorted(self.per_game.items()))}), "
               f"{self.rounds} rounds, {self.moves} moves in {self.seconds:.1f} s; "
               f"{len(self.failures)} exception(s)"]
        for f in self.failures:
            out.append(f"  {f['error']}")
            out.append(f"    replay: {f['command']}")
        return out


def jobs(games: int, seed: int = 0, game: str | None = None, players: int | None = None,
         options: dict | None = None, level: str | None = None) -> list[Job]:
    """The soak's games, in a fixed order (a seed and an index make the same game again)."""
    from game.contract import configs

    plan = []
    for entry in ENTRIES:
        if game is not None and entry.id != game:
            continue
        cfgs = [c for c in configs(entry.load("rules"))
                if (players is None or c[0] == players) and (options is None or c[1] == options)]
        if not cfgs and options is not None and players is not None:
            cfgs = [(players, options)]  # a combination configs() does not list: try it as asked
        plan.append((entry.id, cfgs))
    plan = [(g, c) for g, c in plan if c]
    if not plan:
        raise ValueError("no registered game matches the filters")
    levels = LEVELS if level is None else (level,)
    out = []
    for i in range(games):
        gid, cfgs = plan[i % len(plan)]
        k = i // len(plan)
        p, o = cfgs[k % len(cfgs)]
        out.append(Job(gid, p, o, levels[(k // len(cfgs)) % len(levels)], seed + i))
    return out


def run_job(job: Job) -> tuple[int, int, dict | None]:
    """(moves, rounds, failure or None) of one checked game."""
    from game.contract import bot_chooser, play_checked, random_chooser
    from game.rules import game_class

    try:
        cls = game_class(job.game)
        chooser = random_chooser if job.level == "random" else bot_chooser(job.level, job.game, job.seed)
        run = play_checked(cls, job.players, job.options, job.seed, chooser, sample_every=23, observe_every=7)
        return run.moves, run.rounds, None
    except Exception as e:  # every exception is a finding, reported with its game
        tb = traceback.extract_tb(e.__traceback__)
        where = f" ({tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno})" if tb else ""
        return 0, 0, {"error": f"{job.game}: {type(e).__name__}: {e}{where}", "command": job.command(), "job": job.__dict__}


def _run_chunk(chunk: list[Job]) -> list[tuple[str, int, int, dict | None]]:
    return [(job.game, *run_job(job)) for job in chunk]


def soak(all_jobs: list[Job], workers: int = 2, progress: bool = True) -> SoakReport:
    from tqdm import tqdm

    rep = SoakReport()
    t0 = time.perf_counter()
    size = max(1, min(CHUNK, -(-len(all_jobs) // (4 * max(1, workers)))))
    chunks = [all_jobs[i : i + size] for i in range(0, len(all_jobs), size)]
    bar = tqdm(total=len(all_jobs), disable=not progress, unit="game", desc="soak", smoothing=0.05)

    def take(results: list) -> None:
        for game, moves, rounds, failure in results:
            rep.games += 1
            rep.moves += moves
            rep.rounds += rounds
            rep.per_game[game] = rep.per_game.get(game, 0) + 1
            if failure is not None:
                rep.failures.append(failure)
        bar.update(len(results))
        bar.set_postfix(exceptions=len(rep.failures))

    try:
        if workers <= 1 or len(chunks) <= 1:
            for chunk in chunks:
                take(_run_chunk(chunk))
        else:
            with multiprocessing.get_context("spawn").Pool(workers) as pool:
                for results in pool.imap_unordered(_run_chunk, chunks):
                    take(results)
    except KeyboardInterrupt:
        rep.interrupted = True  # report what was played rather than nothing
    finally:
        bar.close()
        rep.seconds = time.perf_counter() - t0
    return rep
