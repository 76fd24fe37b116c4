"""Statistics per player profile and per game, fed from the events that State.apply returns.

Two pieces:

``GameTally`` follows one game as it is played. The app creates it with the seats, passes
it every list of events from ``state.apply(move)``, and keeps ``tally.to_json()`` in the
save (game/saves.py ``SavedGame.tally``) so a resumed game still counts its earlier rounds::

    tally = GameTally.new(game_id, [seat.to_json() for seat in seats])
    events = state.apply(move); tally.record(events)
    if tally.finished: stats.record_game(tally); stats.save()

``Stats`` holds every player (a record with an id and a name: the names chosen at setup,
remembered and offered next time; a typed name is the known player whose name differs only
in case or spaces, see ``name_key``; renaming keeps the id and so the figures) and is
stored through game/storage.py as the document ``stats``. A player keeps one record per
game (``by_game``): games played, won and drawn, wins and games against each opponent level
("simple", "expert", ... and "human"), rounds and points (sums, so per-round averages
follow), the game's own counters, the best game and the last games (for the charts:
``points_per_round_series`` and ``win_rate_by_level``). A "round" is what the game calls
it: a round, a hand, a deal.

What a game counts is its own: ``GameStats`` below is the interface, and each game's
plug-in (``game/stats_games/<game id>.py``, named by the ``stats`` part of its registry
entry) declares its counters, how events and round summaries feed them, and what the
statistics scene shows. The tally knows only the common events: ``round_end`` (with the
round summary) and ``game_end`` (with ``winners``, or the winning side as ``winner``).

A round that does not count (``counted`` 0: an Olsen tie-break hand, a hand a seat sat
out) is left out of the profile's rounds, points and counters. Games where the lowest
total wins (``GameInfo.extra["lower_wins"]``) keep their lowest total as the best game.

Only finished games count; a game is counted once even if recorded twice (each tally has
a random id), so a crash between recording and discarding the save does no harm.

Versions of the document: 1 kept one set of figures per profile, every game mixed;
2 kept them per game, profiles keyed by the name as typed; 3 keys them by player id
(``players``: id -> {"name", "by_game"}, ``order``: ids, most recently chosen first).
``migrate_v1_profile`` splits a version-1 profile using its list of last games; a
version-1 or -2 profile becomes a player (spellings of one name merged, figures added).
"""
from __future__ import annotations

import secrets
import time
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable

from game.storage import Message, Storage, StorageError, default_storage, read_or_set_aside

STATS_NAME = "stats"
STATS_VERSION = 3
RECENT_GAMES = 50  # per profile and game, for the charts
# What a version-1 profile could hold besides games, wins, rounds and points.
V1_COUNTERS = ("cards", "clubs", "two_clubs", "ten_diamonds", "sweeps", "bi_qahwa", "tricks")

Add = Callable[[int, str, int], None]  # add(seat, counter, n): count for the round in progress


class GameStats:
    """What the statistics count for one game: the ``stats`` part of its registry entry.

    A game's plug-in (``game/stats_games/<game id>.py``) subclasses this and names the
    subclass in its entry, ``stats="game.stats_games.<id>:<Class>"``; a family's plug-in
    serves each of its games, made with that game's rules class (``rules``: its id and
    declared data). Everything here is data or a small pure function; no pygame. A game
    without a plug-in gets this base: rounds, points per round and the common round summary.

    counters        per seat and round, summed into the profile (``summary`` adds
                    ``<counter>_per_round``); counted by ``count`` or read by ``round_end``
    details         the statistics scene's details block: (text key, field of
                    ``Stats.summary``) pairs; a float is shown as an average, an int as is
    points_label    text key of the points-per-round column (and of the chart's values)
    best_label      text key of the best-score column
    chart_heading   text key of the chart's heading (``{name}``: the player)
    chart_top       the most one round can give: the chart's scale never goes past it
                    (``chart_scale``: the scale follows the player's own figures)
    maxima          the counters (of ``counters``) that keep the highest value seen in a
                    round and in the profile instead of adding up
    v1_figures      True for the one game whose figures version-1 documents kept without
                    naming a game (the migration gives them to it)
    """

    counters: tuple[str, ...] = ()
    maxima: tuple[str, ...] = ()  # counters kept as the highest value, not the sum (biggest declaration)
    details: tuple[tuple[str, str], ...] = (("stats.rounds", "rounds"), ("stats.points_per_round", "points_per_round"))
    points_label = "stats.points_per_round"
    best_label = "stats.best"
    chart_heading = "stats.chart_points"
    chart_top = 10
    v1_figures = False
    # (field, numerator, denominator): an average over what a counter counts rather than
    # over rounds (the deadwood of the hands a player was caught with), for ``details``.
    ratios: tuple[tuple[str, str, str], ...] = ()

    def __init__(self, rules: Any = None) -> None:
        self.rules = rules  # the game's State class (game_stats gives it)

    def count(self, event: dict[str, Any], add: Add) -> None:
        """Count one event of a move (from ``State.apply``) for the round in progress."""

    def round_end(self, summary: dict[str, Any], seats: int, add: Add) -> tuple[list[int], list[dict[str, int]]]:
        """A round ended (the ``round_end`` event's summary): the side of each seat and each
        seat's figures of the round: ``points`` (of its side), ``counted`` (0 for a round
        that does not count, e.g. a tie-break) and any counter read from the summary.

        The base reads the common summary ``{"sides": [[seats], ...], "points": [per side]}``:
        every seat of a side gets the side's points; a seat on no side sat the round out.
        """
        side_of = list(range(seats))
        ends = [{"points": 0, "counted": 0} for _ in range(seats)]
        for side, members in enumerate(summary.get("sides", [])):
            for seat in members:
                side_of[seat] = side
                ends[seat] = {"points": summary["points"][side], "counted": 1}
        return side_of, ends


_PLUGINS: dict[str, GameStats] = {}


def game_stats(game_id: str) -> GameStats:
    """The statistics plug-in of a game (the base for a game without one, or unknown)."""
    if game_id not in _PLUGINS:
        from game.registry import BY_ID

        entry = BY_ID.get(game_id)
        _PLUGINS[game_id] = entry.load("stats")(entry.load("rules")) if entry is not None and entry.stats else GameStats()
    return _PLUGINS[game_id]


def default_game() -> str:
    from game.registry import default_game as first

    return first()


def _counters(game_id: str) -> tuple[str, ...]:
    return game_stats(game_id).counters


def _lower_wins(game_id: str) -> bool:
    from game.rules import GAMES

    cls = GAMES.get(game_id)
    return bool(cls is not None and cls.info.extra.get("lower_wins"))


def _is_count(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


# ------------------------------------------------------------------ one game
@dataclass
class GameTally:
    game_id: str
    seats: list[dict[str, Any]]  # Seat.to_json(): name, kind, level
    uid: str = ""
    round: list[dict[str, int]] = field(default_factory=list)  # per seat, the round in progress
    rounds: list[list[dict[str, int]]] = field(default_factory=list)  # per finished round, per seat
    side_of: list[int] = field(default_factory=list)  # seat -> side, learnt from round summaries
    totals: list[int] = field(default_factory=list)  # side totals after the last round
    winners: list[int] = field(default_factory=list)  # winning seats
    finished: bool = False
    draw: bool = False
    _last_summary: Any = field(default=None, repr=False, compare=False)

    @classmethod
    def new(cls, game_id: str, seats: list[dict[str, Any]]) -> "GameTally":
        t = cls(game_id, [dict(s) for s in seats], uid=secrets.token_hex(8))
        t.round = t._fresh_round()
        return t

    def _fresh_round(self) -> list[dict[str, int]]:
        return [dict.fromkeys(_counters(self.game_id), 0) for _ in self.seats]

    def record(self, events: list[dict[str, Any]] | None) -> None:
        """Count what one move caused (the list returned by State.apply)."""
        plugin = game_stats(self.game_id)
        for ev in events or ():
            kind = ev.get("type")
            if kind == "round_end":
                self._end_round(plugin, ev["summary"])
            elif kind == "game_end":
                self.finished = True
                self.draw = bool(ev.get("draw", False))
                self.winners = list(ev["winners"])
            else:
                plugin.count(ev, self._add)

    def _add(self, seat: int, key: str, n: int = 1) -> None:
        c = self.round[seat]
        if key in game_stats(self.game_id).maxima:
            c[key] = max(c.get(key, 0), n)
        else:
            c[key] = c.get(key, 0) + n

    def _end_round(self, plugin: GameStats, summary: dict[str, Any]) -> None:
        if summary == self._last_summary:  # one round announced under two event names
            return
        self._last_summary = summary
        self.side_of, ends = plugin.round_end(summary, len(self.seats), self._add)
        self.totals = list(summary.get("totals", []))
        self.rounds.append([{**c, **end} for c, end in zip(self.round, ends)])
        self.round = self._fresh_round()

    def seat_total(self, seat: int) -> int:
        return self.totals[self.side_of[seat]] if self.totals else 0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "seats": self.seats,
            "uid": self.uid,
            "round": self.round,
            "rounds": self.rounds,
            "side_of": self.side_of,
            "totals": self.totals,
            "winners": self.winners,
            "finished": self.finished,
            "draw": self.draw,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "GameTally":
        """Raises ValueError for a damaged tally."""
        try:
            return cls._from_json(d)
        except (KeyError, TypeError, AttributeError) as e:
            raise ValueError(f"bad game tally: {type(e).__name__}: {e}") from None

    @classmethod
    def _from_json(cls, d: dict[str, Any]) -> "GameTally":
        t = cls(
            d["game"],
            list(d["seats"]),
            str(d.get("uid", "")),
            list(d.get("round", [])),
            list(d.get("rounds", [])),
            list(d.get("side_of", [])),
            list(d.get("totals", [])),
            list(d.get("winners", [])),
            bool(d.get("finished", False)),
            bool(d.get("draw", False)),
        )
        if len(t.round) != len(t.seats):
            t.round = t._fresh_round()
        if not all(isinstance(c, dict) and all(isinstance(v, int) for v in c.values()) for c in t.round):
            raise ValueError("bad game tally: round counters")
        # A tally saved by an older version may lack a counter: it starts from 0.
        t.round = [{**dict.fromkeys(_counters(t.game_id), 0), **c} for c in t.round]
        if not all(isinstance(r, list) and len(r) == len(t.seats) and all(isinstance(c, dict) for c in r) for r in t.rounds):
            raise ValueError("bad game tally: rounds")
        return t


# ------------------------------------------------------------------ profiles
def _empty_record(game_id: str) -> dict[str, Any]:
    """The figures of one player in one game."""
    return {
        "games": 0,
        "wins": 0,
        "draws": 0,
        "by_level": {},  # opponent level -> {"games": n, "wins": n}
        "rounds": 0,
        "points": 0,
        **dict.fromkeys(_counters(game_id), 0),
        "best": None,
        "recent": [],  # last games, oldest first
    }


def _empty_profile() -> dict[str, Any]:
    return {"by_game": {}}


def _valid_levels(by_level: Any) -> bool:
    return isinstance(by_level, dict) and all(
        isinstance(b, dict) and _is_count(b.get("games")) and _is_count(b.get("wins")) for b in by_level.values()
    )


def _valid_game(g: Any) -> bool:
    return isinstance(g, dict) and {"won", "margin", "score", "points_per_round"} <= set(g)


def _clean_record(game_id: str, r: Any) -> dict[str, Any]:
    """A stored record with missing fields defaulted and damaged ones reset; unknown kept."""
    out = {**_empty_record(game_id), **(r if isinstance(r, dict) else {})}
    for key, default in _empty_record(game_id).items():
        # Points may be negative (Olsen's J♦ counts -10); every other figure is a count.
        valid = isinstance(out[key], int) and not isinstance(out[key], bool) if key == "points" else _is_count(out[key])
        if isinstance(default, int) and not valid:
            out[key] = default
    if not _valid_levels(out["by_level"]):
        out["by_level"] = {}
    if not isinstance(out["recent"], list) or not all(_valid_game(g) for g in out["recent"]):
        out["recent"] = []
    if out["best"] is not None and not _valid_game(out["best"]):
        out["best"] = None
    return out


def _clean_profile(p: dict[str, Any]) -> dict[str, Any]:
    out = {**_empty_profile(), **p}
    by_game = out["by_game"] if isinstance(out["by_game"], dict) else {}
    out["by_game"] = {g: _clean_record(g, r) for g, r in by_game.items() if isinstance(g, str)}
    return out


def _best_key(game_id: str, game: dict[str, Any]) -> tuple:
    """Larger is better: Olsen's best game is its lowest total; elsewhere a win first, then
    the widest margin, then the highest score."""
    if _lower_wins(game_id):
        return (-game["score"],)
    return (game["won"], game["margin"], game["score"])


def migrate_v1_profile(p: dict[str, Any]) -> dict[str, Any]:
    """A version-1 profile (one set of figures, every game mixed) to per-game records.

    Version 1 counted one game's figures without naming it: the game whose statistics
    plug-in says ``v1_figures``. Its games, wins, rounds, points and wins per level also
    held the other games played, listed with their game in ``by_game`` and, for the last
    50, in ``recent``: those are moved to their own game and taken out of the first one's.
    Trick counts go to the other game played, if only one was. An older profile without
    ``by_game`` only ever played the ``v1_figures`` game.
    """
    first = _v1_game()

    def count(key: str) -> int:
        v = p.get(key, 0)
        return v if _is_count(v) else 0

    recent = [g for g in p.get("recent", []) if _valid_game(g)] if isinstance(p.get("recent"), list) else []
    by_level = p.get("by_level") if _valid_levels(p.get("by_level")) else {}
    old_by_game = p.get("by_game") if isinstance(p.get("by_game"), dict) else {}
    others = {
        g: b for g, b in old_by_game.items()
        if g != first and isinstance(b, dict) and _is_count(b.get("games")) and _is_count(b.get("wins")) and b["games"]
    }
    own = _empty_record(first)
    for key in ("games", "wins", "rounds", "points", *_counters(first)):
        own[key] = count(key)
    own["by_level"] = {lvl: dict(b) for lvl, b in by_level.items()}
    records = {}
    for g, b in others.items():
        rec = _empty_record(g)
        rec["games"], rec["wins"] = b["games"], b["wins"]
        mine = [x for x in recent if x.get("game") == g]
        rec["recent"] = mine
        rec["rounds"] = sum(x.get("rounds", 0) for x in mine)
        rec["points"] = round(sum(x["points_per_round"] * x.get("rounds", 0) for x in mine))
        for x in mine:
            for lvl in x.get("opponents", []):
                lb = rec["by_level"].setdefault(lvl, {"games": 0, "wins": 0})
                lb["games"] += 1
                lb["wins"] += bool(x["won"])
                ob = own["by_level"].get(lvl)
                if ob:
                    ob["games"] = max(0, ob["games"] - 1)
                    ob["wins"] = max(0, ob["wins"] - bool(x["won"]))
        if mine:
            rec["best"] = max(mine, key=lambda x, g=g: _best_key(g, x))
        if len(others) == 1 and "tricks" in rec:
            rec["tricks"] = count("tricks")
        for key in ("games", "wins", "rounds", "points"):
            own[key] = max(0, own[key] - rec[key])
        records[g] = rec
    own["by_level"] = {lvl: b for lvl, b in own["by_level"].items() if b["games"]}
    own["wins"] = min(own["wins"], own["games"])
    own["recent"] = [x for x in recent if x.get("game", first) == first]
    best = p.get("best")
    if _valid_game(best) and best.get("game", first) == first:
        own["best"] = best
    elif own["recent"]:
        own["best"] = max(own["recent"], key=lambda x: _best_key(first, x))
    if any(own[k] for k in ("games", "rounds", "points", "by_level", "recent", *_counters(first))):
        records = {first: own, **records}
    known = {"games", "wins", "by_level", "by_game", "rounds", "points", "best", "recent", *V1_COUNTERS}
    return {**{k: v for k, v in p.items() if k not in known}, "by_game": records}


def _v1_game() -> str:
    from game.registry import ENTRIES

    for e in ENTRIES:
        if game_stats(e.id).v1_figures:
            return e.id
    return default_game()


def name_key(name: str) -> str:
    """What makes two typed names the same player: letters compared without case, spaces
    at the ends dropped and runs of spaces inside counted as one ("ann ", "ANN" and "Ann"
    are one player; "Anne" is another)."""
    return " ".join(unicodedata.normalize("NFKC", name).split()).casefold()


def clean_name(name: str) -> str:
    """A typed name as kept: NFKC, no spaces at the ends, single spaces inside."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


def _merge_records(game_id: str, a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """One player's figures in a game from two records (two spellings of one name found in
    an older document): counts add up, maxima keep the larger, the best game is the better."""
    out = _clean_record(game_id, a)
    other = _clean_record(game_id, b)
    maxima = game_stats(game_id).maxima
    for key, default in _empty_record(game_id).items():
        if isinstance(default, int):
            out[key] = max(out[key], other[key]) if key in maxima else out[key] + other[key]
    for level, v in other["by_level"].items():
        mine = out["by_level"].setdefault(level, {"games": 0, "wins": 0})
        mine["games"] += v["games"]
        mine["wins"] += v["wins"]
    bests = [g for g in (out["best"], other["best"]) if g is not None]
    out["best"] = max(bests, key=lambda g: _best_key(game_id, g)) if bests else None
    out["recent"] = sorted(out["recent"] + other["recent"], key=lambda g: str(g.get("date", "")))[-RECENT_GAMES:]
    return out


class Stats:
    """All players. ``load`` never raises; ``save`` returns None or a Message.

    A player is a record with an id (``players``: id -> {"name", "by_game"}), so renaming
    keeps the statistics and every reference (a seat of a saved game, the recent games)
    holds the id. A name typed at setup is matched to a known player with ``name_key``.
    ``order`` lists the ids, the most recently chosen first (the names setup offers).
    """

    def __init__(self, doc: dict[str, Any] | None = None, storage: Storage | None = None):
        self.storage = storage
        doc = doc or {}
        version = doc.get("version", 1)
        self.players: dict[str, dict[str, Any]] = {}
        self.order: list[str] = []
        if isinstance(version, int) and version >= 3:
            players = doc.get("players") if isinstance(doc.get("players"), dict) else {}
            for pid, p in players.items():
                if isinstance(pid, str) and isinstance(p, dict) and isinstance(p.get("name"), str) and clean_name(p["name"]):
                    self._adopt(clean_name(p["name"]), _clean_profile({k: v for k, v in p.items() if k != "name"}), pid)
            order = doc.get("order") if isinstance(doc.get("order"), list) else []
            self.order = [pid for pid in dict.fromkeys(order) if pid in self.players]
        else:
            # Versions 1 and 2 keyed the profiles by the name as typed: each becomes a player
            # (two spellings of one name become one player, their figures added up).
            names = [n for n in doc.get("names", []) if isinstance(n, str)]
            for name, p in (doc.get("profiles") or {}).items():
                if isinstance(name, str) and isinstance(p, dict) and clean_name(name):
                    if not isinstance(version, int) or version < 2:
                        p = migrate_v1_profile(p)
                    self._adopt(clean_name(name), _clean_profile(p))
            for name in names:
                pid = self.find(name) or (self._adopt(clean_name(name), _empty_profile()) if clean_name(name) else None)
                if pid is not None and pid not in self.order:
                    self.order.append(pid)
        self.order += sorted((pid for pid in self.players if pid not in self.order), key=lambda pid: self.players[pid]["name"])
        self.recorded: list[str] = [u for u in doc.get("recorded", []) if isinstance(u, str)]
        last = doc.get("last_game")
        self.last_game: str | None = last if isinstance(last, str) else None

    def _adopt(self, name: str, profile: dict[str, Any], pid: str | None = None) -> str:
        """Add a player (merged into the known one of the same name key, if any)."""
        known = self.find(name)
        if known is not None:
            mine = self.players[known]["by_game"]
            for game_id, rec in profile["by_game"].items():
                mine[game_id] = _merge_records(game_id, mine[game_id], rec) if game_id in mine else rec
            return known
        pid = pid if pid and pid not in self.players else self._new_id()
        self.players[pid] = {"name": name, **profile}
        return pid

    def _new_id(self) -> str:
        while True:
            pid = "p" + secrets.token_hex(4)
            if pid not in self.players:
                return pid

    @classmethod
    def load(cls, storage: Storage | None = None) -> tuple["Stats", Message | None]:
        storage = storage or default_storage()
        doc, msg = read_or_set_aside(storage, STATS_NAME, "stats")
        if doc is not None and isinstance(doc.get("version"), int) and doc["version"] > STATS_VERSION:
            from game.storage import set_aside_quietly

            backup = set_aside_quietly(storage, STATS_NAME)
            return cls(None, storage), Message("stats.too_new", {"version": doc["version"], "backup": backup})
        try:
            return cls(doc, storage), msg
        except (TypeError, AttributeError, ValueError, KeyError):
            from game.storage import set_aside_quietly

            backup = set_aside_quietly(storage, STATS_NAME)
            return cls(None, storage), Message("stats.corrupt", {"backup": backup, "reason": "invalid"})

    def to_json(self) -> dict[str, Any]:
        return {
            "version": STATS_VERSION,
            "players": self.players,
            "order": self.order,
            "recorded": self.recorded,
            "last_game": self.last_game,
        }

    def save(self, storage: Storage | None = None) -> Message | None:
        storage = storage or self.storage or default_storage()
        try:
            storage.put(STATS_NAME, self.to_json())
        except (StorageError, OSError) as e:
            return Message("stats.write_failed", {"detail": str(e)})
        return None

    # -------------------------------------------------------------- players
    @property
    def names(self) -> list[str]:
        """Every player's name, the most recently chosen first (offered at setup)."""
        return [self.players[pid]["name"] for pid in self.order]

    @property
    def profiles(self) -> dict[str, dict[str, Any]]:
        """Name -> the player's record (``by_game``): a read-only view by name."""
        return {p["name"]: p for p in self.players.values()}

    def find(self, name: str) -> str | None:
        """The id of the known player a typed name means (``name_key``), or None."""
        if not isinstance(name, str):
            return None
        key = name_key(name)
        if not key:
            return None
        for pid, p in self.players.items():
            if name_key(p["name"]) == key:
                return pid
        return None

    def name_of(self, pid: str | None) -> str | None:
        p = self.players.get(pid) if pid is not None else None
        return p["name"] if p is not None else None

    def remember_name(self, name: str) -> str | None:
        """A name chosen at setup: its player (a new one for a new name) comes first in the
        names offered next time. Returns the player's id (None for an empty name)."""
        name = clean_name(name)
        if not name:
            return None
        pid = self.find(name) or self._adopt(name, _empty_profile())
        self.order = [pid] + [p for p in self.order if p != pid]
        return pid

    def rename(self, name: str, new_name: str) -> Message | None:
        """Give a player another name; their statistics stay theirs. None, or why not
        (``players.name_empty``; ``players.name_taken`` when another player has it)."""
        pid = self.find(name)
        new_name = clean_name(new_name)
        if not new_name:
            return Message("players.name_empty", {})
        other = self.find(new_name)
        if pid is None:
            return Message("players.unknown", {"name": name})
        if other is not None and other != pid:
            return Message("players.name_taken", {"name": self.players[other]["name"]})
        self.players[pid]["name"] = new_name
        return None

    def profile(self, name: str) -> dict[str, Any]:
        pid = self.find(name)
        return self.players[pid] if pid is not None else _empty_profile()

    def record(self, name: str, game_id: str | None = None) -> dict[str, Any]:
        """One player's figures in one game (empty figures if none; the first registered
        game if none is named)."""
        game_id = game_id or default_game()
        return self.profile(name)["by_game"].get(game_id) or _empty_record(game_id)

    def games_played(self, name: str) -> int:
        """Finished games of a player, every game together."""
        return sum(r["games"] for r in self.profile(name)["by_game"].values())

    # -------------------------------------------------------------- recording
    def record_game(self, tally: GameTally, when: float | None = None) -> bool:
        """Add a finished game to every human seat's profile; False if not counted."""
        if not tally.finished or (tally.uid and tally.uid in self.recorded):
            return False
        date = time.strftime("%Y-%m-%d", time.gmtime(when if when is not None else time.time()))
        gid = tally.game_id
        for seat, who in enumerate(tally.seats):
            if who.get("kind") != "human":
                continue
            # The seat's player (by id; an older save names them only), first in the names.
            pid = who.get("player") if who.get("player") in self.players else self.remember_name(str(who.get("name", "")))
            if pid is None:
                continue
            self.order = [pid] + [p for p in self.order if p != pid]
            p = self.players[pid]
            rec = p["by_game"].setdefault(gid, _empty_record(gid))
            won = seat in tally.winners
            rec["games"] += 1
            rec["wins"] += won
            rec["draws"] += tally.draw
            my_side = tally.side_of[seat] if tally.side_of else seat
            levels = set()  # opponents' AI levels; "human" for a person across the table
            for other, o in enumerate(tally.seats):
                if other != seat and (tally.side_of[other] if tally.side_of else other) != my_side:
                    levels.add(o.get("level") or "ai" if o.get("kind") == "ai" else "human")
            for level in levels:
                b = rec["by_level"].setdefault(level, {"games": 0, "wins": 0})
                b["games"] += 1
                b["wins"] += won
            # Olsen tie-break hands (and hands a seat sat out) do not count, as in the totals.
            rounds = [r[seat] for r in tally.rounds if r[seat].get("counted", 1)]
            rec["rounds"] += len(rounds)
            points = sum(r.get("points", 0) for r in rounds)
            rec["points"] += points
            maxima = game_stats(gid).maxima
            for k in _counters(gid):
                if k in maxima:
                    rec[k] = max([rec[k]] + [r.get(k, 0) for r in rounds])
                else:
                    rec[k] += sum(r.get(k, 0) for r in rounds)
            score = tally.seat_total(seat)
            others = [t for i, t in enumerate(tally.totals) if i != my_side]
            if _lower_wins(gid):  # Olsen: penalty points, the lowest total wins
                margin = min(others) - score if others else -score
            else:
                margin = score - max(others) if others else score
            game = {
                "date": date,
                "game": gid,
                "won": won,
                "draw": tally.draw,
                "score": score,
                "margin": margin,
                "rounds": len(rounds),
                "points_per_round": round(points / max(1, len(rounds)), 3),
                "opponents": sorted(levels),
            }
            if rec["best"] is None or _best_key(gid, game) > _best_key(gid, rec["best"]):
                rec["best"] = game
            rec["recent"] = (rec["recent"] + [game])[-RECENT_GAMES:]
        if tally.uid:
            self.recorded = (self.recorded + [tally.uid])[-200:]
        self.last_game = gid
        return True

    def reset(self, name: str | None = None) -> None:
        """Forget the statistics of one player, every game (the player stays known), or of all."""
        for pid in [self.find(name)] if name is not None else list(self.players):
            if pid in self.players:
                self.players[pid]["by_game"] = {}

    # -------------------------------------------------------------- views
    @staticmethod
    def lower_wins(game_id: str) -> bool:
        """The lowest total wins that game (penalty points)."""
        return _lower_wins(game_id)

    def summary(self, name: str, game_id: str | None = None) -> dict[str, Any]:
        """The figures the statistics scene lists for one game, averages computed (0 when
        no data): games, wins, draws, win_rate, rounds, points_per_round, best, every
        counter of the game and, for each, ``<counter>_per_round``."""
        game_id = game_id or default_game()
        rec = self.record(name, game_id)
        r = rec["rounds"]
        out = {
            "games": rec["games"],
            "wins": rec["wins"],
            "draws": rec["draws"],
            "win_rate": rec["wins"] / rec["games"] if rec["games"] else 0.0,
            "rounds": r,
            "points_per_round": rec["points"] / r if r else 0.0,
            "best": rec["best"],
        }
        for k in _counters(game_id):
            out[k] = rec[k]
            out[f"{k}_per_round"] = rec[k] / r if r else 0.0
        for k, num, den in game_stats(game_id).ratios:
            out[k] = rec[num] / rec[den] if rec[den] else 0.0
        return out

    def rows(self, game_id: str | None = None) -> list[dict[str, Any]]:
        """One row per player with at least one game of ``game_id``, best record first (a table)."""
        out = [{"name": n, **self.summary(n, game_id)} for n in self.profiles if self.record(n, game_id)["games"]]
        return sorted(out, key=lambda r: (-r["wins"], -r["games"], r["name"]))

    def chart_scale_for(self, name: str, game_id: str) -> tuple[float, float]:
        return chart_scale(self.points_per_round_series(name, game_id), game_stats(game_id).chart_top)

    def points_per_round_series(self, name: str, game_id: str | None = None, last: int = 20) -> list[float]:
        """Average points per round of each of the last games, oldest first (a chart)."""
        return [g["points_per_round"] for g in self.record(name, game_id)["recent"][-last:]]

    def win_rate_by_level(self, name: str, game_id: str | None = None) -> dict[str, dict[str, float]]:
        """Opponent level -> {"games", "wins", "rate"} (a bar chart)."""
        out = {}
        for level, b in sorted(self.record(name, game_id)["by_level"].items()):
            out[level] = {"games": b["games"], "wins": b["wins"], "rate": b["wins"] / b["games"] if b["games"] else 0.0}
        return out


def nice_ceiling(value: float) -> float:
    """The smallest of 1, 2, 5, 10, 20, 50... at least ``value`` (a chart's round scale)."""
    step = 1.0
    while True:
        for k in (1.0, 2.0, 5.0):
            if step * k >= value:
                return step * k
        step *= 10.0


def chart_scale(series: list[float], chart_top: float) -> tuple[float, float]:
    """The low and high ends of a chart of points per round: round numbers that hold the
    player's own figures (one game of 0 points is no reason to draw 0-900), at least a
    twentieth of the most one round can give (a few points stay small bars, not full
    ones) and 1, and never past ``chart_top``. Below 0 only when a figure is."""
    floor = max(1.0, chart_top / 20.0 if chart_top else 1.0)
    high = nice_ceiling(max([floor, *series]))
    low = -nice_ceiling(max(floor, -min(series))) if series and min(series) < 0 else 0.0
    if chart_top:
        high = min(high, float(chart_top))
        low = max(low, -float(chart_top))
    return low, high

