"""Soak: many checked games of every registered game, in parallel processes or on a Ray
cluster (game/parallel.py).

    python main.py soak --games 100000 --workers 2
    python main.py soak --games 1000000 --ray auto --journal soak.jsonl

Games cycle through the registry's games, each game's player counts and option values
(game/contract.py ``configs``) and two kinds of players (random moves, the simple bots);
every game is played to the end with every contract check. The run ends with the count,
the time and every exception found, each with the command that replays that one game.

A long run can keep a journal (``--journal soak.jsonl``): one line per finished chunk of
games. Started again with the same journal, the run plays only the chunks not yet in it and
reports the whole run; a journal written by other arguments or other code is refused, so
the figures always describe one plan on one version of the rules. The chunks are sized by
how many run at once (local workers or the cluster's CPUs): 25 games whenever the run has
at least 100 games per CPU, so a long run's journal can be taken over from local processes
by a cluster and back.
"""
from __future__ import annotations

import hashlib
import json
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.journal import append, code_version, open_journal, read_journal
from game.parallel import runner
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
    sittings: int = 1  # how many starts of the command a journaled run took

    def add(self, row: dict) -> None:
        """Count one chunk's figures (a row as the journal keeps it)."""
        self.games += row["games"]
        self.moves += row["moves"]
        self.rounds += row["rounds"]
        for g, n in row["per_game"].items():
            self.per_game[g] = self.per_game.get(g, 0) + n
        self.failures.extend(row["failures"])

    def lines(self) -> list[str]:
        over = f" over {self.sittings} sittings" if self.sittings > 1 else ""
        out = [f"{'interrupted after ' if self.interrupted else ''}{self.games} games ({', '.join(f'{g} {n}' for g, n in sorted(self.per_game.items()))}), "
               f"{self.rounds} rounds, {self.moves} moves in {self.seconds:.1f} s{over}; "
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


def _run_chunk(numbered: tuple[int, list[Job]]) -> tuple[int, list[tuple[str, int, int, dict | None]]]:
    index, chunk = numbered
    return index, [(job.game, *run_job(job)) for job in chunk]


def soak(all_jobs: list[Job], workers: int = 2, progress: bool = True,
         journal: str | Path | None = None, ray: str | None = None) -> SoakReport:
    """Play the jobs in ``workers`` local processes, or as Ray tasks on the cluster at
    ``ray`` ("auto" or an address) when it is given."""
    with runner(max(1, workers), ray) as run:
        return _soak(all_jobs, run, progress, journal)


def _soak(all_jobs: list[Job], run, progress: bool, journal: str | Path | None) -> SoakReport:
    from tqdm import tqdm

    rep = SoakReport()
    t0 = time.perf_counter()
    size = max(1, min(CHUNK, -(-len(all_jobs) // (4 * run.parallelism))))
    chunks = [all_jobs[i : i + size] for i in range(0, len(all_jobs), size)]
    log = None
    earlier = 0.0
    sitting = 0
    if journal is not None:
        path = Path(journal)
        header = {"soak_journal": 1, "code": code_version(), "chunk": size,
                  "jobs": hashlib.sha256(repr(all_jobs).encode()).hexdigest()[:16], "games": len(all_jobs)}
        done, sittings, cut = read_journal(path, header, "a soak journal", "chunk")
        finished = set()
        for row in done:
            if row["chunk"] in finished:
                continue
            finished.add(row["chunk"])
            rep.add(row)
        for s in range(sittings):  # each sitting's time is that of its last chunk
            earlier += max((r["t"] for r in done if r["sitting"] == s), default=0.0)
        rep.sittings = sittings + 1
        log = open_journal(path, header, sittings, cut)
        chunks = [(i, c) for i, c in enumerate(chunks) if i not in finished]
        sitting = sittings
    else:
        chunks = list(enumerate(chunks))
    bar = tqdm(total=len(all_jobs), initial=rep.games, disable=not progress, unit="game", desc="soak", smoothing=0.05)

    def take(index: int, results: list) -> None:
        row = {"chunk": index, "sitting": sitting, "games": 0, "moves": 0, "rounds": 0,
               "per_game": {}, "failures": []}
        for game, moves, rounds, failure in results:
            row["games"] += 1
            row["moves"] += moves
            row["rounds"] += rounds
            row["per_game"][game] = row["per_game"].get(game, 0) + 1
            if failure is not None:
                row["failures"].append(failure)
        rep.add(row)
        if log is not None:
            row["t"] = round(time.perf_counter() - t0, 1)
            append(log, row)
        bar.update(len(results))
        bar.set_postfix(exceptions=len(rep.failures))

    try:
        for index, results in run.map_unordered(_run_chunk, chunks):
            take(index, results)
    except KeyboardInterrupt:
        rep.interrupted = True  # report what was played rather than nothing
    finally:
        bar.close()
        if log is not None:
            log.close()
        rep.seconds = earlier + time.perf_counter() - t0
    return rep
