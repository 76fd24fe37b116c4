"""Statistics per player profile, fed from the events that State.apply returns.

Two pieces:

``GameTally`` follows one game as it is played. The app creates it with the seats, passes
it every list of events from ``state.apply(move)``, and keeps ``tally.to_json()`` in the
save (game/saves.py ``SavedGame.tally``) so a resumed game still counts its earlier rounds::

    tally = GameTally.new("orlan", [seat.to_json() for seat in seats])
    events = state.apply(move); tally.record(events)
    if tally.finished: stats.record_game(tally); stats.save()

``Stats`` holds every profile (the names chosen at setup, remembered for next time) and is
stored through game/storage.py as the document ``stats``. For each profile: games played
and won, wins and games against each opponent level ("simple", "expert", ... and "human"),
rounds, points, cards and clubs (sums, so per-round averages follow), 2 of clubs and
10 of diamonds taken, jack sweeps, Bi Qahwa, the best game, and the last games (for the
charts: ``points_per_round_series`` and ``win_rate_by_level``).

Only finished games count; a game is counted once even if recorded twice (each tally has
a random id), so a crash between recording and discarding the save does no harm.
"""
from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from game.storage import Message, Storage, StorageError, default_storage, read_or_set_aside

STATS_NAME = "stats"
STATS_VERSION = 1
RECENT_GAMES = 50  # per profile, for the charts
REMEMBERED_NAMES = 20
COUNTERS = ("cards", "clubs", "two_clubs", "ten_diamonds", "sweeps", "bi_qahwa", "tricks")


def _lower_wins(game_id: str) -> bool:
    from game.rules import GAMES

    cls = GAMES.get(game_id)
    return bool(cls is not None and cls.info.extra.get("lower_wins"))


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

    @classmethod
    def new(cls, game_id: str, seats: list[dict[str, Any]]) -> "GameTally":
        t = cls(game_id, [dict(s) for s in seats], uid=secrets.token_hex(8))
        t.round = [dict.fromkeys(COUNTERS, 0) for _ in seats]
        return t

    def record(self, events: list[dict[str, Any]] | None) -> None:
        """Count what one move caused (the list returned by State.apply)."""
        for ev in events or ():
            kind = ev.get("type")
            if kind == "capture":
                self._take(ev["seat"], [*ev["capture"], ev["card"]])
                if ev.get("sweep"):
                    self.round[ev["seat"]]["sweeps"] += 1
            elif kind == "lay" and ev.get("bi_qahwa"):
                self.round[ev["seat"]]["bi_qahwa"] += 1
            elif kind == "round_end":
                self._end_round(ev["summary"])
            elif kind == "trick_end" and ev.get("winner") is not None:
                self.round[ev["winner"]]["tricks"] += 1
            elif kind in ("hand_end", "deal_end"):
                self._end_trick_round(ev["summary"])
            elif kind == "game_end":
                self.finished = True
                if "winners" in ev:  # trick games name the winning seats
                    self.winners = list(ev["winners"])
                    continue
                w = ev.get("winner")
                self.winners = [s for s, side in enumerate(self.side_of) if side == w] if w is not None else []

    def _take(self, seat: int, codes: list[str]) -> None:
        c = self.round[seat]
        c["cards"] += len(codes)
        c["clubs"] += sum(1 for code in codes if code.endswith("C"))
        c["two_clubs"] += "2C" in codes
        c["ten_diamonds"] += "TD" in codes

    def _end_round(self, summary: dict[str, Any]) -> None:
        if summary.get("leftover_to") is not None:
            self._take(summary["leftover_to"], list(summary.get("leftover", [])))
        self.side_of = [0] * len(self.seats)
        points = [0] * len(self.seats)
        for side, line in enumerate(summary.get("sides", [])):
            for seat in line.get("seats", []):
                self.side_of[seat] = side
                points[seat] = line.get("points", 0)
        self.totals = list(summary.get("totals", []))
        finished = []
        for seat, c in enumerate(self.round):
            finished.append({**c, "points": points[seat]})
        self.rounds.append(finished)
        self.round = [dict.fromkeys(COUNTERS, 0) for _ in self.seats]

    def _end_trick_round(self, summary: dict[str, Any]) -> None:
        """Olsen hands (points per seat of the hand, totals per seat) and Aluette deals
        (points and totals per partnership, seats 0+2 and 1+3)."""
        n = len(self.seats)
        points = [0] * n
        if "seats" in summary:  # Olsen: a tie-break hand is played by some seats only
            self.side_of = list(range(n))
            for i, seat in enumerate(summary["seats"]):
                points[seat] = summary["points"][i]
        else:
            self.side_of = [seat % 2 for seat in range(n)]
            points = [summary["points"][seat % 2] for seat in range(n)]
        self.totals = list(summary.get("totals", []))
        self.rounds.append([{**c, "points": points[seat]} for seat, c in enumerate(self.round)])
        self.round = [dict.fromkeys(COUNTERS, 0) for _ in self.seats]

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
        )
        if len(t.round) != len(t.seats):
            t.round = [dict.fromkeys(COUNTERS, 0) for _ in t.seats]
        if not all(isinstance(c, dict) and all(isinstance(c.get(k), int) for k in COUNTERS) for c in t.round):
            raise ValueError("bad game tally: round counters")
        if not all(isinstance(r, list) and len(r) == len(t.seats) for r in t.rounds):
            raise ValueError("bad game tally: rounds")
        return t


# ------------------------------------------------------------------ profiles
def _empty_profile() -> dict[str, Any]:
    return {
        "games": 0,
        "wins": 0,
        "by_level": {},  # opponent level -> {"games": n, "wins": n}
        "by_game": {},  # game id -> {"games": n, "wins": n}
        "rounds": 0,
        "points": 0,
        **dict.fromkeys(COUNTERS, 0),
        "best": None,
        "recent": [],  # last games, oldest first
    }


def _clean_profile(p: dict[str, Any]) -> dict[str, Any]:
    """A stored profile with missing fields defaulted and damaged ones reset; unknown kept."""
    out = {**_empty_profile(), **p}
    for key, default in _empty_profile().items():
        if isinstance(default, int) and (not isinstance(out[key], int) or isinstance(out[key], bool) or out[key] < 0):
            out[key] = default
    if not isinstance(out["by_level"], dict) or not all(
        isinstance(b, dict) and isinstance(b.get("games"), int) and isinstance(b.get("wins"), int)
        for b in out["by_level"].values()
    ):
        out["by_level"] = {}
    if not isinstance(out["recent"], list) or not all(isinstance(g, dict) and "points_per_round" in g for g in out["recent"]):
        out["recent"] = []
    best = out["best"]
    if best is not None and not (isinstance(best, dict) and {"won", "margin", "score"} <= set(best)):
        out["best"] = None
    return out


class Stats:
    """All profiles. ``load`` never raises; ``save`` returns None or a Message."""

    def __init__(self, doc: dict[str, Any] | None = None, storage: Storage | None = None):
        self.storage = storage
        doc = doc or {}
        self.profiles: dict[str, dict[str, Any]] = {}
        for name, p in (doc.get("profiles") or {}).items():
            if isinstance(name, str) and isinstance(p, dict):
                self.profiles[name] = _clean_profile(p)
        self.names: list[str] = [n for n in doc.get("names", []) if isinstance(n, str)]
        self.recorded: list[str] = [u for u in doc.get("recorded", []) if isinstance(u, str)]

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
        except (TypeError, AttributeError, ValueError):
            from game.storage import set_aside_quietly

            backup = set_aside_quietly(storage, STATS_NAME)
            return cls(None, storage), Message("stats.corrupt", {"backup": backup, "reason": "invalid"})

    def to_json(self) -> dict[str, Any]:
        return {"version": STATS_VERSION, "profiles": self.profiles, "names": self.names, "recorded": self.recorded}

    def save(self, storage: Storage | None = None) -> Message | None:
        storage = storage or self.storage or default_storage()
        try:
            storage.put(STATS_NAME, self.to_json())
        except (StorageError, OSError) as e:
            return Message("stats.write_failed", {"detail": str(e)})
        return None

    # -------------------------------------------------------------- names
    def remember_name(self, name: str) -> None:
        """A name chosen at setup: first in the list offered next time, with a profile."""
        name = name.strip()
        if not name:
            return
        self.names = [name] + [n for n in self.names if n != name][: REMEMBERED_NAMES - 1]
        self.profiles.setdefault(name, _empty_profile())

    def profile(self, name: str) -> dict[str, Any]:
        return self.profiles.get(name) or _empty_profile()

    # -------------------------------------------------------------- recording
    def record_game(self, tally: GameTally, when: float | None = None) -> bool:
        """Add a finished game to every human seat's profile; False if not counted."""
        if not tally.finished or (tally.uid and tally.uid in self.recorded):
            return False
        date = time.strftime("%Y-%m-%d", time.gmtime(when if when is not None else time.time()))
        for seat, who in enumerate(tally.seats):
            if who.get("kind") != "human":
                continue
            self.remember_name(who["name"])
            p = self.profiles[who["name"]]
            won = seat in tally.winners
            p["games"] += 1
            p["wins"] += won
            my_side = tally.side_of[seat] if tally.side_of else seat
            levels = set()  # opponents' AI levels; "human" for a person across the table
            for other, o in enumerate(tally.seats):
                if other != seat and (tally.side_of[other] if tally.side_of else other) != my_side:
                    levels.add(o.get("level") or "ai" if o.get("kind") == "ai" else "human")
            for level in levels:
                b = p["by_level"].setdefault(level, {"games": 0, "wins": 0})
                b["games"] += 1
                b["wins"] += won
            rounds = [r[seat] for r in tally.rounds]
            p["rounds"] += len(rounds)
            p["points"] += sum(r["points"] for r in rounds)
            for k in COUNTERS:
                p[k] += sum(r.get(k, 0) for r in rounds)
            score = tally.seat_total(seat)
            others = [t for i, t in enumerate(tally.totals) if i != my_side]
            if _lower_wins(tally.game_id):  # Olsen: penalty points, the lowest total wins
                margin = min(others) - score if others else -score
            else:
                margin = score - max(others) if others else score
            g = p.setdefault("by_game", {}).setdefault(tally.game_id, {"games": 0, "wins": 0})
            g["games"] += 1
            g["wins"] += won
            game = {
                "date": date,
                "game": tally.game_id,
                "won": won,
                "score": score,
                "margin": margin,
                "rounds": len(rounds),
                "points_per_round": round(sum(r["points"] for r in rounds) / max(1, len(rounds)), 3),
                "opponents": sorted(levels),
            }
            best = p["best"]
            if best is None or (won, margin, score) > (best["won"], best["margin"], best["score"]):
                p["best"] = game
            p["recent"] = (p["recent"] + [game])[-RECENT_GAMES:]
        if tally.uid:
            self.recorded = (self.recorded + [tally.uid])[-200:]
        return True

    def reset(self, name: str | None = None) -> None:
        """Forget the statistics of one profile (its name stays remembered), or of all."""
        for n in [name] if name is not None else list(self.profiles):
            if n in self.profiles:
                self.profiles[n] = _empty_profile()

    # -------------------------------------------------------------- views
    def summary(self, name: str) -> dict[str, Any]:
        """The figures the statistics scene lists, averages computed (0 when no data)."""
        p = self.profile(name)
        r = max(1, p["rounds"])
        return {
            "games": p["games"],
            "wins": p["wins"],
            "win_rate": p["wins"] / p["games"] if p["games"] else 0.0,
            "rounds": p["rounds"],
            "points_per_round": p["points"] / r if p["rounds"] else 0.0,
            "cards_per_round": p["cards"] / r if p["rounds"] else 0.0,
            "clubs_per_round": p["clubs"] / r if p["rounds"] else 0.0,
            "two_clubs": p["two_clubs"],
            "ten_diamonds": p["ten_diamonds"],
            "sweeps": p["sweeps"],
            "bi_qahwa": p["bi_qahwa"],
            "best": p["best"],
        }

    def rows(self) -> list[dict[str, Any]]:
        """One row per remembered player with at least one game, best record first (a table)."""
        out = [{"name": n, **self.summary(n)} for n in self.profiles if self.profiles[n]["games"]]
        return sorted(out, key=lambda r: (-r["wins"], -r["games"], r["name"]))

    def points_per_round_series(self, name: str, last: int = 20) -> list[float]:
        """Average points per round of each of the last games, oldest first (a line chart)."""
        return [g["points_per_round"] for g in self.profile(name)["recent"][-last:]]

    def win_rate_by_level(self, name: str) -> dict[str, dict[str, float]]:
        """Opponent level -> {"games", "wins", "rate"} (a bar chart)."""
        out = {}
        for level, b in sorted(self.profile(name)["by_level"].items()):
            out[level] = {"games": b["games"], "wins": b["wins"], "rate": b["wins"] / b["games"] if b["games"] else 0.0}
        return out
