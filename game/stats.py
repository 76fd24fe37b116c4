"""Statistics per player profile and per game, fed from the events that State.apply returns.

Two pieces:

``GameTally`` follows one game as it is played. The app creates it with the seats, passes
it every list of events from ``state.apply(move)``, and keeps ``tally.to_json()`` in the
save (game/saves.py ``SavedGame.tally``) so a resumed game still counts its earlier rounds::

    tally = GameTally.new("orlan", [seat.to_json() for seat in seats])
    events = state.apply(move); tally.record(events)
    if tally.finished: stats.record_game(tally); stats.save()

``Stats`` holds every profile (the names chosen at setup, remembered for next time) and is
stored through game/storage.py as the document ``stats``. A profile keeps one record per
game (``by_game``): games played, won and drawn, wins and games against each opponent level
("simple", "expert", ... and "human"), rounds and points (sums, so per-round averages
follow), the game's own counters (``COUNTERS``), the best game and the last games (for the
charts: ``points_per_round_series`` and ``win_rate_by_level``). A "round" is what the game
calls it: an Orlan round, an Olsen hand, an Aluette deal.

* Orlan: cards and clubs taken, 2♣ and 10♦ taken, jack sweeps, Bi Qahwa; points per round.
* Olsen: penalty points scored (the hand's score: taking all penalties scores 0), hearts
  and Q♠ taken, tricks, hands in which the seat took all penalties ("moons") and hands
  without a penalty card. Tie-break hands decide the winner but, as in the rules, do not
  change the totals: they are left out, so the penalties of a game add up to its total.
  The best game is the lowest total.
* Aluette: deals won by the partnership (its points), deals the player carried (most
  tricks), Mordiennes scored by the partnership, tricks won by the player; draws.

Only finished games count; a game is counted once even if recorded twice (each tally has
a random id), so a crash between recording and discarding the save does no harm.

Versions of the document: 1 kept one set of figures per profile, every game mixed
(Olsen and Aluette rounds and points were added to Orlan's); 2 keeps them per game.
``migrate_v1_profile`` splits a version-1 profile using its list of last games.
"""
from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from game.storage import Message, Storage, StorageError, default_storage, read_or_set_aside

STATS_NAME = "stats"
STATS_VERSION = 2
RECENT_GAMES = 50  # per profile and game, for the charts
REMEMBERED_NAMES = 20
# Counted from the move events while a round is played, per seat.
ROUND_COUNTERS: dict[str, tuple[str, ...]] = {
    "orlan": ("cards", "clubs", "two_clubs", "ten_diamonds", "sweeps", "bi_qahwa"),
    "olsen": ("tricks", "hearts", "queen_spades"),
    "aluette": ("tricks",),
}
# Read from the round summary when the round ends, per seat.
END_COUNTERS: dict[str, tuple[str, ...]] = {
    "orlan": (),
    "olsen": ("moons", "clean_hands"),
    "aluette": ("deals_won", "deals_carried", "mordienne"),
}
COUNTERS = {g: ROUND_COUNTERS[g] + END_COUNTERS[g] for g in ROUND_COUNTERS}
V1_COUNTERS = ("cards", "clubs", "two_clubs", "ten_diamonds", "sweeps", "bi_qahwa", "tricks")


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

    @classmethod
    def new(cls, game_id: str, seats: list[dict[str, Any]]) -> "GameTally":
        t = cls(game_id, [dict(s) for s in seats], uid=secrets.token_hex(8))
        t.round = t._fresh_round()
        return t

    def _fresh_round(self) -> list[dict[str, int]]:
        return [dict.fromkeys(ROUND_COUNTERS.get(self.game_id, ()), 0) for _ in self.seats]

    def record(self, events: list[dict[str, Any]] | None) -> None:
        """Count what one move caused (the list returned by State.apply)."""
        for ev in events or ():
            kind = ev.get("type")
            if kind == "capture":
                self._take(ev["seat"], [*ev["capture"], ev["card"]])
                if ev.get("sweep"):
                    self._add(ev["seat"], "sweeps")
            elif kind == "lay" and ev.get("bi_qahwa"):
                self._add(ev["seat"], "bi_qahwa")
            elif kind == "round_end":
                self._end_round(ev["summary"])
            elif kind == "trick_end" and ev.get("winner") is not None:
                seat = ev["winner"]
                self._add(seat, "tricks")
                if self.game_id == "olsen":
                    cards = ev.get("cards", [])
                    self._add(seat, "hearts", sum(1 for code in cards if code.endswith("H")))
                    self._add(seat, "queen_spades", int("QS" in cards))
            elif kind == "game_end":
                self.finished = True
                self.draw = bool(ev.get("draw", False))
                self.winners = list(ev["winners"])

    def _add(self, seat: int, key: str, n: int = 1) -> None:
        c = self.round[seat]
        c[key] = c.get(key, 0) + n

    def _take(self, seat: int, codes: list[str]) -> None:
        self._add(seat, "cards", len(codes))
        self._add(seat, "clubs", sum(1 for code in codes if code.endswith("C")))
        self._add(seat, "two_clubs", int("2C" in codes))
        self._add(seat, "ten_diamonds", int("TD" in codes))

    def _end_round(self, summary: dict[str, Any]) -> None:
        """Every game's round summary: sides, points and totals per side, then the game's
        own details (Orlan's leftover cards, Olsen's penalties, Aluette's deal winner)."""
        if summary.get("leftover_to") is not None:
            self._take(summary["leftover_to"], list(summary.get("leftover", [])))
        self.side_of = [0] * len(self.seats)
        for side, seats in enumerate(summary["sides"]):
            for seat in seats:
                self.side_of[seat] = side
        self.totals = list(summary["totals"])
        if "penalties" in summary or "deal_winner" in summary:
            self._end_trick_round(summary)
            return
        points = [summary["points"][self.side_of[seat]] for seat in range(len(self.seats))]
        self._close_round([{"points": points[seat], "counted": 1} for seat in range(len(self.seats))])

    def _close_round(self, ends: list[dict[str, int]]) -> None:
        self.rounds.append([{**c, **end} for c, end in zip(self.round, ends)])
        self.round = self._fresh_round()

    def _end_trick_round(self, summary: dict[str, Any]) -> None:
        """Olsen hands (points per seat of the hand, totals per seat) and Aluette deals
        (points and totals per partnership, seats 0+2 and 1+3)."""
        n = len(self.seats)
        if "penalties" in summary:  # Olsen: a tie-break hand is played by some seats only
            ends = [{"points": 0, "penalties": 0, "moons": 0, "clean_hands": 0, "counted": 0} for _ in range(n)]
            counted = int(not summary.get("tiebreak", False))
            penalties = summary["penalties"]
            for seat in summary["seats"]:
                ends[seat] = {
                    "points": summary["hand_points"][seat],
                    "penalties": penalties[seat],
                    "moons": int(summary.get("all_penalties") == seat),
                    "clean_hands": int(penalties[seat] == 0),
                    "counted": counted,
                }
            self._close_round(ends)
            return
        winner = summary.get("deal_winner")
        ends = []
        for seat in range(n):
            team_won = winner is not None and winner % 2 == seat % 2
            ends.append({
                "points": summary["points"][seat % 2],
                "deals_won": int(team_won),
                "deals_carried": int(winner == seat),
                "mordienne": int(team_won and bool(summary.get("mordienne"))),
                "counted": 1,
            })
        self._close_round(ends)

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
        t.round = [{**dict.fromkeys(ROUND_COUNTERS.get(t.game_id, ()), 0), **c} for c in t.round]
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
        **dict.fromkeys(COUNTERS.get(game_id, ()), 0),
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

    The card counters were only ever counted by Orlan; games, wins, rounds, points and
    the wins per level also held the Olsen and Aluette games, listed with their game in
    ``by_game`` and, for the last 50, in ``recent``: those are moved to their own game and
    taken out of Orlan's. Trick counts go to the trick game played, if only one was.
    An older profile without ``by_game`` only ever played Orlan.
    """
    def count(key: str) -> int:
        v = p.get(key, 0)
        return v if _is_count(v) else 0

    recent = [g for g in p.get("recent", []) if _valid_game(g)] if isinstance(p.get("recent"), list) else []
    by_level = p.get("by_level") if _valid_levels(p.get("by_level")) else {}
    old_by_game = p.get("by_game") if isinstance(p.get("by_game"), dict) else {}
    others = {
        g: b for g, b in old_by_game.items()
        if g != "orlan" and isinstance(b, dict) and _is_count(b.get("games")) and _is_count(b.get("wins")) and b["games"]
    }
    orlan = _empty_record("orlan")
    for key in ("games", "wins", "rounds", "points", *ROUND_COUNTERS["orlan"]):
        orlan[key] = count(key)
    orlan["by_level"] = {lvl: dict(b) for lvl, b in by_level.items()}
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
                ob = orlan["by_level"].get(lvl)
                if ob:
                    ob["games"] = max(0, ob["games"] - 1)
                    ob["wins"] = max(0, ob["wins"] - bool(x["won"]))
        if mine:
            rec["best"] = max(mine, key=lambda x, g=g: _best_key(g, x))
        if len(others) == 1 and "tricks" in rec:
            rec["tricks"] = count("tricks")
        for key in ("games", "wins", "rounds", "points"):
            orlan[key] = max(0, orlan[key] - rec[key])
        records[g] = rec
    orlan["by_level"] = {lvl: b for lvl, b in orlan["by_level"].items() if b["games"]}
    orlan["wins"] = min(orlan["wins"], orlan["games"])
    orlan["recent"] = [x for x in recent if x.get("game", "orlan") == "orlan"]
    best = p.get("best")
    if _valid_game(best) and best.get("game", "orlan") == "orlan":
        orlan["best"] = best
    elif orlan["recent"]:
        orlan["best"] = max(orlan["recent"], key=lambda x: _best_key("orlan", x))
    if any(orlan[k] for k in ("games", "rounds", "points", "by_level", "recent", *ROUND_COUNTERS["orlan"])):
        records = {"orlan": orlan, **records}
    known = {"games", "wins", "by_level", "by_game", "rounds", "points", "best", "recent", *V1_COUNTERS}
    return {**{k: v for k, v in p.items() if k not in known}, "by_game": records}


class Stats:
    """All profiles. ``load`` never raises; ``save`` returns None or a Message."""

    def __init__(self, doc: dict[str, Any] | None = None, storage: Storage | None = None):
        self.storage = storage
        doc = doc or {}
        version = doc.get("version", 1)
        self.profiles: dict[str, dict[str, Any]] = {}
        for name, p in (doc.get("profiles") or {}).items():
            if isinstance(name, str) and isinstance(p, dict):
                if not isinstance(version, int) or version < 2:
                    p = migrate_v1_profile(p)
                self.profiles[name] = _clean_profile(p)
        self.names: list[str] = [n for n in doc.get("names", []) if isinstance(n, str)]
        self.recorded: list[str] = [u for u in doc.get("recorded", []) if isinstance(u, str)]
        last = doc.get("last_game")
        self.last_game: str | None = last if isinstance(last, str) else None

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
            "profiles": self.profiles,
            "names": self.names,
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

    def record(self, name: str, game_id: str = "orlan") -> dict[str, Any]:
        """One player's figures in one game (empty figures if none)."""
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
            self.remember_name(who["name"])
            p = self.profiles[who["name"]]
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
            for k in COUNTERS.get(gid, ()):
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
        """Forget the statistics of one profile, every game (its name stays remembered), or of all."""
        for n in [name] if name is not None else list(self.profiles):
            if n in self.profiles:
                self.profiles[n] = _empty_profile()

    # -------------------------------------------------------------- views
    def summary(self, name: str, game_id: str = "orlan") -> dict[str, Any]:
        """The figures the statistics scene lists for one game, averages computed (0 when
        no data): games, wins, draws, win_rate, rounds, points_per_round, best, every
        counter of the game and, for each, ``<counter>_per_round``."""
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
        for k in COUNTERS.get(game_id, ()):
            out[k] = rec[k]
            out[f"{k}_per_round"] = rec[k] / r if r else 0.0
        return out

    def rows(self, game_id: str = "orlan") -> list[dict[str, Any]]:
        """One row per player with at least one game of ``game_id``, best record first (a table)."""
        out = [{"name": n, **self.summary(n, game_id)} for n in self.profiles if self.record(n, game_id)["games"]]
        return sorted(out, key=lambda r: (-r["wins"], -r["games"], r["name"]))

    def points_per_round_series(self, name: str, game_id: str = "orlan", last: int = 20) -> list[float]:
        """Average points per round of each of the last games, oldest first (a chart)."""
        return [g["points_per_round"] for g in self.record(name, game_id)["recent"][-last:]]

    def win_rate_by_level(self, name: str, game_id: str = "orlan") -> dict[str, dict[str, float]]:
        """Opponent level -> {"games", "wins", "rate"} (a bar chart)."""
        out = {}
        for level, b in sorted(self.record(name, game_id)["by_level"].items()):
            out[level] = {"games": b["games"], "wins": b["wins"], "rate": b["wins"] / b["games"] if b["games"] else 0.0}
        return out
