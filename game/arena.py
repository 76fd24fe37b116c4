"""Arena: two bot configurations play many full games against each other, fairly.

Luck is cut by duplicate deals: every deal (a game seed, which fixes every shuffle of the
game) is played once per seating, with side A rotated through the seats:

* 2 players: A in seat 0, then A in seat 1 (the same cards, swapped);
* 3 or 4 players without teams: one A seat against B in all others, A in each seat in turn
  (win rate to compare with 1/players);
* 2v2 teams: A holds seats 0+2, then 1+3.

Each deal is one task (``play_deal``) for a pool of at most two local worker processes, or
for a Ray cluster with ``--ray`` (game/parallel.py): a deal's games depend only on the seed
and the deal's number, so both give the same games. The report gives A's win rate with a
95% confidence interval computed over deals (the games of a deal are not independent),
average final points, and each side's thinking time per move.
"""
from __future__ import annotations

import hashlib
import inspect
import math
import statistics
import sys
import textwrap
import time
from array import array
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

from game.bots import make_bot
from game.bots.base import clock
from game.journal import append, code_of, code_version, open_journal, read_journal
from game.parallel import runner
from game.registry import default_game
from game.rules import game_class


@dataclass
class Side:
    level: str
    ms: float = 100.0
    iterations: int | None = None

    def label(self) -> str:
        budget = f"{self.iterations} it" if self.iterations else f"{self.ms:g} ms"
        return f"{self.level} ({budget})" if self.level == "expert" else self.level


@dataclass
class ArenaConfig:
    game: str = field(default_factory=default_game)  # the first registered game
    players: int = 2
    options: dict[str, Any] = field(default_factory=dict)
    a: Side = field(default_factory=lambda: Side("simple"))
    b: Side = field(default_factory=lambda: Side("random"))
    games: int = 100
    seed: int = 1
    workers: int = 2
    ray: str | None = None  # a Ray cluster's address ("auto" or host:port) instead of local workers

    @property
    def teams(self) -> bool:
        # Fixed partnerships (Aluette) always play as teams, with or without --teams.
        from game.rules import game_class

        return bool(self.options.get("teams")) or game_class(self.game).info.teams == "fixed"

    def seatings(self) -> list[list[str]]:
        """For one deal, each seating as the side ("a"/"b") of every seat."""
        n = self.players
        if self.teams:
            return [["a", "b"] * (n // 2), ["b", "a"] * (n // 2)]
        return [["a" if s == k else "b" for s in range(n)] for k in range(n)]


@dataclass
class GameRecord:
    deal: int
    a_won: float  # 1 if side A won (a shared win is split), else 0
    a_points: float  # side A's final total (mean over its seats)
    b_points: float
    rounds: int
    # Thinking time of every move in ms; an array (8 bytes a move, a list of floats takes 32):
    # a 100,000-game arena keeps some 15 million of them.
    a_ms: Sequence[float]
    b_ms: Sequence[float]


def play_deal(cfg: ArenaConfig, deal: int) -> list[GameRecord]:
    cls = game_class(cfg.game)
    game_seed = cfg.seed * 1_000_003 + deal
    out = []
    for k, seating in enumerate(cfg.seatings()):
        bots = []
        for seat, side in enumerate(seating):
            spec = cfg.a if side == "a" else cfg.b
            # Bot seeds differ by deal, seating and seat, never by which side is which.
            bots.append(make_bot(spec.level, cfg.game, seed=(game_seed * 31 + k) * 7 + seat, ms=spec.ms, iterations=spec.iterations))
        state = cls.new(cfg.players, cfg.options, seed=game_seed)
        times: dict[str, list[float]] = {"a": [], "b": []}
        while (seat := state.current_player()) is not None:
            obs = state.observation(seat)
            t0 = clock()  # the bots' clock: CPU time under ORLAN_BOT_CLOCK=cpu, as their budgets
            move = bots[seat].choose(obs)
            times[seating[seat]].append((clock() - t0) * 1000.0)
            state.apply(move)
        res = state.result()
        winners = res["winners"]
        a_seats = [s for s, side in enumerate(seating) if side == "a"]
        b_seats = [s for s, side in enumerate(seating) if side == "b"]
        a_won = 0.0
        if winners:
            a_won = sum(1 for w in winners if w in a_seats) / len(winners)
            if cfg.teams:
                a_won = 1.0 if winners[0] in a_seats else 0.0
        totals = res["totals"]
        out.append(
            GameRecord(
                deal=deal,
                a_won=a_won,
                a_points=statistics.fmean(totals[s] for s in a_seats),
                b_points=statistics.fmean(totals[s] for s in b_seats),
                rounds=len(res["rounds"]),
                a_ms=array("d", times["a"]),
                b_ms=array("d", times["b"]),
            )
        )
    return out


def _task(args: tuple[ArenaConfig, int]) -> list[GameRecord]:
    return play_deal(*args)


# What the games depend on: a journal is resumed only when these, and the text of
# ``play_deal``, are unchanged (the rest of this module, the report, may change).
PLAY_CODE = ("rules", "bots", "cards.py", "registry.py")


def play_code_version() -> str:
    """The digest of the code an arena's games depend on."""
    h = hashlib.sha256(code_version(PLAY_CODE).encode())
    h.update(code_of(textwrap.dedent(inspect.getsource(play_deal))).encode())
    return h.hexdigest()[:16]


def journal_header(cfg: ArenaConfig) -> dict:
    """What an arena journal's games depend on: the players, the deals and the code (the
    number of games is left out, so that a run can be taken further with more deals)."""
    from game.bots.expert import ENDGAMES

    return {
        "arena_journal": 1,
        "code": play_code_version(),
        "game": cfg.game,
        "players": cfg.players,
        "options": cfg.options,
        "a": asdict(cfg.a),
        "b": asdict(cfg.b),
        "seed": cfg.seed,
        # budgets in CPU or wall-clock time, and the exact endgames on or off
        "clock": "cpu" if clock is time.process_time else "wall",
        "endgames": ENDGAMES,
    }


def _row(deal: int, recs: list[GameRecord]) -> dict:
    return {"deal": deal, "games": [
        {"a_won": r.a_won, "a_points": r.a_points, "b_points": r.b_points, "rounds": r.rounds,
         "a_ms": [round(t, 2) for t in r.a_ms], "b_ms": [round(t, 2) for t in r.b_ms]} for r in recs]}


def _records(row: dict) -> list[GameRecord]:
    return [GameRecord(row["deal"], g["a_won"], g["a_points"], g["b_points"], g["rounds"],
                       array("d", g["a_ms"]), array("d", g["b_ms"])) for g in row["games"]]


def run_arena(cfg: ArenaConfig, progress: bool = True, journal: str | Path | None = None) -> list[GameRecord]:
    """Every deal's games, sorted by deal. With ``journal`` (a file), each finished deal is
    recorded there, and a run started again with the same file plays only the deals it
    lacks (``game/journal.py``; another configuration or other code is refused)."""
    per_deal = len(cfg.seatings())
    deals = max(1, math.ceil(cfg.games / per_deal))
    records: list[GameRecord] = []
    done: set[int] = set()
    log = None
    sitting = 0
    if journal is not None:
        path = Path(journal)
        header = journal_header(cfg)
        rows, sitting, cut = read_journal(path, header, "an arena journal", "deal")
        for row in rows:
            d = row["deal"]
            if not isinstance(d, int) or not 0 <= d < deals or d in done:
                continue
            try:
                records.extend(_records(row))
            except (KeyError, TypeError, ValueError):
                continue  # a damaged line: that deal is played again
            done.add(d)
    tasks = [(cfg, d) for d in range(deals) if d not in done]
    if journal is not None and tasks:  # a finished run, reported again, leaves its file as it was
        log = open_journal(path, header, sitting, cut)
    t0 = time.perf_counter()
    last = [0.0]
    tty = sys.stderr.isatty()
    earlier = len(done)

    def note(done_now: int) -> None:
        now = time.perf_counter()
        if progress and (done_now == deals or now - last[0] >= (1.0 if tty else 30.0)):
            last[0] = now
            el = time.perf_counter() - t0
            rate, (lo, hi), _ = win_rate(records)
            # the time per move of the last 100 games: cheap however long the run
            recent = sorted(t for r in records[-100:] for t in r.a_ms)
            played = done_now - earlier
            left = f"~{el / played * (deals - done_now):.0f} s left" if played else ""
            print(
                f"\r{done_now}/{deals} deals, {len(records)} games, A wins {100 * rate:.1f}% "
                f"(CI {100 * lo:.0f}-{100 * hi:.0f}%), A ms/move median {_median(recent):.0f} p95 {_percentile(recent, 95):.0f}, "
                f"{el:.0f} s elapsed, {left}   ",
                end="" if tty else "\n",
                file=sys.stderr,
                flush=True,
            )

    try:
        if tasks:
            with runner(min(2, cfg.workers), cfg.ray) as run:
                for i, recs in enumerate(run.map_unordered(_task, tasks), earlier + 1):
                    records.extend(recs)
                    if log is not None:
                        append(log, {**_row(recs[0].deal, recs), "sitting": sitting})
                    note(i)
    finally:
        if log is not None:
            log.close()
    if progress and tty and tasks:
        print(file=sys.stderr)
    records.sort(key=lambda r: r.deal)
    return records


def percentile(values: Iterable[float], q: float) -> float:
    return _percentile(sorted(values), q)


def _percentile(v: Sequence[float], q: float) -> float:
    """The q-th percentile of sorted values, a value of the sample."""
    if not v:
        return 0.0
    k = min(len(v) - 1, max(0, math.ceil(q / 100 * len(v)) - 1))
    return v[k]


def _median(v: Sequence[float]) -> float:
    """The median of sorted values (statistics.median without sorting again)."""
    n = len(v)
    if not n:
        return 0.0
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def win_rate(records: list[GameRecord]) -> tuple[float, tuple[float, float], int]:
    """A's win rate, its 95% confidence interval and the number of deals."""
    by_deal: dict[int, list[float]] = {}
    for r in records:
        by_deal.setdefault(r.deal, []).append(r.a_won)
    deal_means = [statistics.fmean(v) for v in by_deal.values()]
    rate = statistics.fmean(r.a_won for r in records) if records else 0.0
    # Deals are independent; the games within a deal are not (same cards), so the
    # standard error comes from the spread of the per-deal means.
    half = 1.96 * statistics.stdev(deal_means) / math.sqrt(len(deal_means)) if len(deal_means) > 1 else float("nan")
    return rate, (max(0.0, rate - half), min(1.0, rate + half)), len(by_deal)


def summarize(cfg: ArenaConfig, records: list[GameRecord]) -> dict[str, Any]:
    rate, ci95, deals = win_rate(records)
    a_ms = sorted(t for r in records for t in r.a_ms)
    b_ms = sorted(t for r in records for t in r.b_ms)
    return {
        "games": len(records),
        "deals": deals,
        "a_win_rate": rate,
        "ci95": ci95,
        "fair_share": 0.5 if cfg.teams else 1.0 / cfg.players,
        "a_points": statistics.fmean(r.a_points for r in records) if records else 0.0,
        "b_points": statistics.fmean(r.b_points for r in records) if records else 0.0,
        "rounds": statistics.fmean(r.rounds for r in records) if records else 0.0,
        "a_ms_median": _median(a_ms),
        "a_ms_p95": _percentile(a_ms, 95),
        "b_ms_median": _median(b_ms),
        "b_ms_p95": _percentile(b_ms, 95),
        "a_moves": len(a_ms),
        "b_moves": len(b_ms),
    }


def report_lines(cfg: ArenaConfig, s: dict[str, Any]) -> list[str]:
    mode = "2v2 teams" if cfg.teams else f"{cfg.players} players"
    lo, hi = s["ci95"]
    return [
        f"{cfg.game}, {mode}, options {cfg.options}: A = {cfg.a.label()} vs B = {cfg.b.label()}",
        f"{s['games']} games ({s['deals']} duplicate deals, seats rotated), {s['rounds']:.2f} rounds per game",
        f"A win rate {100 * s['a_win_rate']:.1f}%  (95% CI {100 * lo:.1f}% .. {100 * hi:.1f}%; fair share {100 * s['fair_share']:.0f}%)",
        f"average final points: A {s['a_points']:.2f}, B {s['b_points']:.2f}",
        f"time per move, A: median {s['a_ms_median']:.1f} ms, p95 {s['a_ms_p95']:.1f} ms ({s['a_moves']} moves)",
        f"time per move, B: median {s['b_ms_median']:.1f} ms, p95 {s['b_ms_p95']:.1f} ms ({s['b_moves']} moves)",
    ]
