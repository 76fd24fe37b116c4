"""The expert's opinion of every move of a replay: what it prefers, and what a move cost.

For each move of the reviewed seat the position is rebuilt from the replay and the
expert searches it from that seat's observation alone (never the hidden cards: the
hands it plays out are sampled worlds consistent with what the player could see). Every
legal move is evaluated on the same worlds and the same dice, so the cost of the move
played is the paired difference ``value(best) - value(played)`` in the game's points
(expected points for the player's side over the rest of the round), with its standard
error over the worlds::

    job = Review(replay, seat=0, ms=500)          # or iterations=200 for reproducible figures
    while not job.done:
        job.step(8)                               # a slice: the app runs one per frame
        draw_progress(job.progress)
    for entry in job.entries: ...                 # one per reviewed move (see ``Entry``)

A review is cached in ``replay.analysis`` under its settings (seat and budget), so it is
computed once; a stopped review resumes where it was.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import game.bots  # noqa: F401  (registers every game's search hooks)
from game.bots.expert import ExpertBot
from game.replay import Replay

DEFAULT_MS = 500.0
# A move is marked when it cost at least this share of the game's points scale and more
# than two standard errors: a loss the estimate is sure of.
COSTLY_Z = 2.0


@dataclass
class Entry:
    """The review of one move."""

    index: int  # the move's place in the replay (0-based)
    seat: int
    round: int
    played: dict[str, Any]
    best: dict[str, Any]
    cost: float  # expected points lost against the best move (0 when it is the best)
    se: float  # standard error of the cost over the worlds
    worlds: int  # sampled deals the estimate used
    legal: list[dict[str, Any]]  # every legal move in that position
    values: list[tuple[dict[str, Any], float]]  # each candidate and its expected value
    forced: bool = False  # a single legal move: nothing to review

    @property
    def estimated(self) -> bool:
        """The expert has an opinion: no choice to make, or at least one sampled deal played
        out for every move (a pass of 3 cards among 286 may finish none in the time given:
        its "best" is then the first move, not a choice)."""
        return self.forced or self.worlds > 0

    @property
    def agrees(self) -> bool:
        return self.forced or (self.estimated and (self.played == self.best or self.cost <= 0.0))

    def costly(self, scale: float = 1.0) -> bool:
        # Two deals at least: over one, the standard error is unknown (0), not small.
        return not self.forced and self.worlds >= 2 and self.cost >= 0.25 * scale and self.cost > COSTLY_Z * self.se

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seat": self.seat,
            "round": self.round,
            "played": self.played,
            "best": self.best,
            "cost": round(self.cost, 4),
            "se": round(self.se, 4),
            "worlds": self.worlds,
            "forced": self.forced,
            "legal": self.legal,
            "values": [{"move": m, "value": round(v, 4)} for m, v in self.values],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Entry":
        return cls(
            index=d["index"],
            seat=d["seat"],
            round=d.get("round", 0),
            played=d["played"],
            best=d["best"],
            cost=float(d["cost"]),
            se=float(d["se"]),
            worlds=int(d["worlds"]),
            legal=d.get("legal", []),
            values=[(v["move"], float(v["value"])) for v in d.get("values", [])],
            forced=bool(d.get("forced", False)),
        )


class _Analyst(ExpertBot):
    """The expert searching every legal move (no pruning by prior, no early stop), keeping
    each world's values so the cost of any move against the best has a paired error."""

    level = "analyst"
    prune_moves = False

    def _start(self) -> None:
        super()._start()
        self.settled = False
        self.per_world: list[list[float]] = []

    def can_stop(self, *args) -> bool:
        return False  # a review uses its whole budget: every move's value is wanted, not only the best

    def _rollout_next(self, deadline: float) -> bool:
        before = self.worlds
        done = super()._rollout_next(deadline)
        if self.worlds > before:
            self.per_world.append(list(self._partial))
        return done

    def report(self) -> tuple[int, list[float], list[list[float]]]:
        n = len(self._legal)
        w = len(self.per_world)
        means = [sum(v[i] for v in self.per_world) / w for i in range(n)] if w else [0.0] * n
        return w, means, self.per_world


def _paired(per_world: list[list[float]], a: int, b: int) -> tuple[float, float]:
    """Mean and standard error of value[a] - value[b] over the worlds."""
    w = len(per_world)
    if w == 0:
        return 0.0, 0.0
    diffs = [v[a] - v[b] for v in per_world]
    mean = sum(diffs) / w
    if w < 2:
        return mean, 0.0
    var = sum((d - mean) ** 2 for d in diffs) / (w - 1)
    return mean, math.sqrt(var / w)


def _round_of(state) -> int:
    obs_round = None
    try:
        obs_round = len(state.result().get("rounds") or [])
    except Exception:  # noqa: BLE001 - a game without rounds in its result counts one
        obs_round = 0
    return obs_round + 1


def cache_key(seat: int, ms: float | None, iterations: int | None, seed: int) -> str:
    budget = f"it{iterations}" if iterations is not None else f"ms{int(ms or DEFAULT_MS)}"
    return f"seat{seat}:{budget}:seed{seed}"


class Review:
    """A resumable, sliced review of one seat's moves in a replay."""

    def __init__(
        self,
        replay: Replay,
        seat: int,
        ms: float | None = DEFAULT_MS,
        iterations: int | None = None,
        seed: int = 0,
    ) -> None:
        if not 0 <= seat < replay.players:
            raise ValueError(f"seat {seat} is not at this table of {replay.players}")
        self.replay = replay
        self.seat = seat
        self.ms = ms if iterations is None else None
        self.iterations = iterations
        self.seed = seed
        self.key = cache_key(seat, self.ms, iterations, seed)
        cached = replay.analysis.get(self.key, {})
        self.entries: list[Entry] = [Entry.from_json(e) for e in cached.get("entries", [])]
        # The positions to review: every move of the seat.
        self._todo: list[int] = []
        self._states: dict[int, Any] = {}
        done = {e.index for e in self.entries}
        for k, state, move in replay.positions():
            if state.current_player() == seat and k not in done:
                self._todo.append(k)
                self._states[k] = state.clone()
        self.total = len(self._todo) + len(self.entries)
        self._bot: _Analyst | None = None
        self._k: int | None = None

    @property
    def done(self) -> bool:
        return not self._todo and self._bot is None

    @property
    def progress(self) -> float:
        return 1.0 if self.total == 0 else len(self.entries) / self.total

    def step(self, ms: float = 8.0) -> bool:
        """Think for about ``ms``; True once every move is reviewed."""
        if self.done:
            return True
        if self._bot is None:
            self._k = self._todo[0]
            state = self._states[self._k]
            obs = state.observation(self.seat)
            if len(obs.get("legal") or []) <= 1:
                self._finish_forced(self._k, state, obs)
                return self.done
            self._bot = _Analyst(state.__class__, seed=self.seed, ms=self.ms or DEFAULT_MS, iterations=self.iterations)
            self._bot.begin(obs)
        if self._bot.step(ms):
            self._finish(self._k, self._bot)
        return self.done

    def run(self, progress=None) -> list[Entry]:
        """Review everything now (headless); ``progress(done, total)`` after each move."""
        while not self.done:
            before = len(self.entries)
            self.step(50.0)
            if progress is not None and len(self.entries) != before:
                progress(len(self.entries), self.total)
        return self.sorted_entries()

    def sorted_entries(self) -> list[Entry]:
        return sorted(self.entries, key=lambda e: e.index)

    def _store(self, entry: Entry) -> None:
        self.entries.append(entry)
        self._todo.remove(entry.index)
        self._states.pop(entry.index, None)
        self.replay.analysis[self.key] = {
            "seat": self.seat,
            "ms": self.ms,
            "iterations": self.iterations,
            "seed": self.seed,
            "entries": [e.to_json() for e in self.sorted_entries()],
        }

    def _finish_forced(self, k: int, state, obs: dict) -> None:
        move = self.replay.moves[k]
        self._store(Entry(k, self.seat, _round_of(state), move, move, 0.0, 0.0, 0, list(obs.get("legal") or []), [], True))

    def _finish(self, k: int, bot: _Analyst) -> None:
        state = self._states[k]
        self._bot = None
        self._store(_entry(k, self.seat, _round_of(state), state.__class__, bot, self.replay.moves[k]))


def _entry(k: int, seat: int, round_no: int, game, bot: _Analyst, played_json: dict[str, Any]) -> Entry:
    """The entry of a finished search: only the bot's observation and the move played."""
    played_native = game.move_from_json(played_json)
    legal = bot._legal
    worlds, means, per_world = bot.report()
    best = max(range(len(legal)), key=lambda i: (means[i], -i))
    played = legal.index(played_native)
    cost, se = _paired(per_world, best, played)
    return Entry(
        index=k,
        seat=seat,
        round=round_no,
        played=game.move_to_json(played_native),
        best=game.move_to_json(legal[best]),
        cost=max(0.0, cost),
        se=se,
        worlds=worlds,
        legal=list(bot._obs.get("legal") or []),
        values=sorted(((game.move_to_json(m), v) for m, v in zip(legal, means)), key=lambda mv: -mv[1]),
    )


def analyse(game, observation: dict[str, Any], played: dict[str, Any], iterations: int | None = None,
            ms: float = DEFAULT_MS, seed: int = 0) -> Entry:
    """One position reviewed at once, from a seat's observation alone (tests, the hint)."""
    bot = _Analyst(game, seed=seed, ms=ms, iterations=iterations)
    bot.begin(observation)
    while not bot.step(50.0):
        pass
    return _entry(0, observation["seat"], 0, game, bot, played)


def move_text(move: dict[str, Any]) -> str:
    """A move's JSON in short: its kind, then its values (card lists joined by +)."""
    parts = [str(move["kind"])] if "kind" in move else []
    for key, value in move.items():
        if key == "kind":
            continue
        if isinstance(value, list):
            parts.append("+".join(str(v) for v in value) or "-")
        else:
            parts.append(str(value))
    return " ".join(parts)


def report_lines(replay: Replay, entries: list[Entry], seat: int, seconds: float | None = None) -> list[str]:
    """The review as text: one line per move of the seat, then the summaries."""
    name = replay.seats[seat].get("name", f"seat {seat}") if seat < len(replay.seats) else f"seat {seat}"
    lines = [f"{replay.game}, {replay.players} players, seed {replay.seed}: moves of seat {seat} ({name})"]
    lines.append(f"{'move':>5} {'round':>5}  {'played':<24} {'expert prefers':<24} {'cost':>6} {'± se':>6} {'deals':>6}")
    for e in entries:
        mark = "  forced" if e.forced else ("  not estimated" if not e.estimated else ("  ??" if e.costly() else ""))
        best = "" if e.agrees or not e.estimated else move_text(e.best)
        lines.append(
            f"{e.index + 1:>5} {e.round:>5}  {move_text(e.played):<24} {best:<24} {e.cost:>6.2f} {e.se:>6.2f} {e.worlds:>6}{mark}"
        )
    s = summarise(entries)
    lines.append(
        f"game: {s.moves} moves reviewed, agreement with the expert {100 * s.agreement:.0f}%, "
        f"expected cost {s.cost:.2f} points, {s.costly} costly moves (??)"
    )
    for r, rs in by_round(entries).items():
        lines.append(f"  round {r}: {rs.moves} moves, agreement {100 * rs.agreement:.0f}%, cost {rs.cost:.2f}, costly {rs.costly}")
    worlds = [e.worlds for e in entries if not e.forced and e.estimated]
    if worlds:
        lines.append(f"costs are estimated over {min(worlds)}-{max(worlds)} sampled deals per move, consistent with what the player could see")
    if seconds is not None:
        lines.append(f"analysed in {seconds:.1f} s")
    return lines


@dataclass
class Summary:
    moves: int
    agreed: int
    cost: float
    costly: int

    @property
    def agreement(self) -> float:
        return 1.0 if self.moves == 0 else self.agreed / self.moves


def summarise(entries: list[Entry], scale: float = 1.0) -> Summary:
    reviewed = [e for e in entries if not e.forced and e.estimated]  # moves with an opinion
    return Summary(
        moves=len(reviewed),
        agreed=sum(1 for e in reviewed if e.agrees),
        cost=sum(e.cost for e in reviewed),
        costly=sum(1 for e in reviewed if e.costly(scale)),
    )


def by_round(entries: list[Entry], scale: float = 1.0) -> dict[int, Summary]:
    rounds: dict[int, list[Entry]] = {}
    for e in entries:
        rounds.setdefault(e.round, []).append(e)
    return {r: summarise(es, scale) for r, es in sorted(rounds.items())}


__all__ = ["DEFAULT_MS", "Entry", "Review", "Summary", "by_round", "cache_key", "summarise"]
