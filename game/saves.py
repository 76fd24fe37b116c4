"""The games in progress: one per game of the shelf, saved after every move, resumed
exactly after any stop.

Interface for the app::

    from game.saves import SavedGame, Seat, save_game, load_games, load_game, discard_game

    saved = SavedGame(state=state, seats=[Seat("Ana", "human"), Seat("Bot", "ai", "expert")], timer=20)
    msg = save_game(saved)            # after every move, into its game's slot; None, or a Message
    found = load_games()              # at start-up: every game in progress, newest first
    for m in found.messages: show(m)  # i18n key + params; a bad file was kept aside
    found.games["bezique"]            # a SavedGame: same hands, stock order, turn and timer
    load_game(game_id="bezique")      # one game's slot (or, without game_id, the newest)
    discard_game("bezique")           # when that game ends

Each game keeps its own game in progress: a versioned JSON document (never pickle) stored
through game/storage.py under the name ``game.<game id>`` (``game.orlan.json``,
``game.bezique.json`` ...)::

    {"format": "orlan-save", "version": 1, "game": "orlan", "saved_at": "2026-11-30T03:30:00.125Z",
     "seats": [{"name": "Ana", "kind": "human", "level": null, "player": "p3f9a"}, ...],
     "timer": 20, "state": <state.to_json()>, "tally": {...}, "extra": {...}}

``tally`` is the running statistics of the game (game.stats.GameTally) so a resumed game
still counts its earlier rounds; ``extra`` belongs to the app (replay, seed) and is stored
as given. A seat's ``player`` is the id of the player in the statistics (game/stats.py),
absent in older saves and for AI seats.

Older Orlans kept a single game in progress, ``current_game``: ``load_games`` moves it into
its game's slot (written first, the old document removed after, so a stop in between
only repeats the move). If that slot already holds a different game, the older of the
two is kept aside (``save.kept_aside``), never dropped.

Messages (i18n keys, param ``game``: the game id, shown as its title) that loading can
return, each after keeping the bad document aside as ``<name>.bad-<time>`` (param
``backup``); a damaged slot costs only its own game:

* ``save.corrupt``  – unreadable, truncated, not JSON, or not a valid game (param ``reason``)
* ``save.too_new``  – written by a newer Orlan (params ``version``, ``supported``)

``save_game`` returns ``save.write_failed`` (param ``detail``) when the write fails.

Loading with ``repair=False`` (``python main.py saves``) writes nothing: no migration, no
document set aside; the messages then carry ``backup`` None.

Version history: 0 = the pre-release layout (no version field, ``names``/``ai`` lists,
timer as text such as "20s" or "off"); 1 = the layout above (one ``current_game``
document until the games in progress got a slot each; the layout did not change).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from game.rules import GAMES, RulesError, State, load_state
from game.storage import CorruptDocument, Message, Storage, StorageError, set_aside_quietly, default_storage

SLOT_PREFIX = "game."
LEGACY_NAME = "current_game"  # the single game in progress of older Orlans
SAVE_FORMAT = "orlan-save"
SAVE_VERSION = 1
SEAT_KINDS = ("human", "ai")


@dataclass
class Seat:
    """Who sits at one seat: a person (by profile name) or the AI at a level."""

    name: str
    kind: str = "human"
    level: str | None = None  # AI level ("simple", "expert", ...) when kind == "ai"
    player: str | None = None  # the player's id in the statistics (a human seat), if known

    def to_json(self) -> dict[str, Any]:
        out = {"name": self.name, "kind": self.kind, "level": self.level}
        if self.player is not None:
            out["player"] = self.player
        return out

    @classmethod
    def from_json(cls, d: Any) -> "Seat":
        if not isinstance(d, dict):
            raise ValueError(f"a seat is an object, not {d!r}")
        name, kind, level = d.get("name"), d.get("kind"), d.get("level")
        if not isinstance(name, str) or kind not in SEAT_KINDS:
            raise ValueError(f"bad seat {d!r}")
        if kind == "ai" and not isinstance(level, str):
            raise ValueError(f"an AI seat needs a level: {d!r}")
        player = d.get("player")
        if kind == "human":
            level = None
        else:
            player = None
        return cls(name, kind, level, player if isinstance(player, str) and player else None)


@dataclass
class SavedGame:
    state: State
    seats: list[Seat]
    timer: int = 0  # seconds per turn, 0 = no timer
    tally: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    saved_at: str = ""

    @property
    def game_id(self) -> str:
        return self.state.info.id

    def to_json(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_id,
            "saved_at": self.saved_at or now_text(),
            "seats": [s.to_json() for s in self.seats],
            "timer": self.timer,
            "state": self.state.to_json(),
            "tally": self.tally,
            "extra": self.extra,
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> "SavedGame":
        """A current-version document to a SavedGame; ValueError/RulesError if invalid."""
        if doc.get("format") != SAVE_FORMAT or doc.get("version") != SAVE_VERSION:
            raise ValueError("not an orlan save of the current version")
        state = load_state(doc.get("state"))
        if doc.get("game") != state.info.id:
            raise ValueError(f"save says game {doc.get('game')!r} but holds a {state.info.id} state")
        seats_doc = doc.get("seats")
        if not isinstance(seats_doc, list):
            raise ValueError("seats must be a list")
        seats = [Seat.from_json(s) for s in seats_doc]
        players = state.to_json().get("players")
        if len(seats) != players:
            raise ValueError(f"{len(seats)} seats for {players} players")
        timer = doc.get("timer", 0)
        if not isinstance(timer, int) or isinstance(timer, bool) or timer < 0:
            raise ValueError(f"bad timer {timer!r}")
        tally = doc.get("tally") or {}
        extra = doc.get("extra") or {}
        if not isinstance(extra, dict):
            raise ValueError("extra must be an object")
        if tally and not _tally_ok(tally, len(seats)):
            tally = {}  # the game itself is fine: play on, only this game's statistics are lost
        return cls(state, seats, timer, tally, extra, str(doc.get("saved_at", "")))


def now_text(when: float | None = None) -> str:
    """A UTC time as saves write it, to the millisecond (so the newest game is known even
    when two were saved in the same second)."""
    when = time.time() if when is None else when
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(when)) + f".{int(when * 1000) % 1000:03d}Z"


def _tally_ok(tally: Any, seats: int) -> bool:
    from game.stats import GameTally

    try:
        return isinstance(tally, dict) and len(GameTally.from_json(tally).seats) == seats
    except ValueError:
        return False


# ------------------------------------------------------------------ migrations
def _timer_from_text(value: Any) -> int:
    if value in (None, "off", "", False):
        return 0
    if isinstance(value, str):
        return int(value.rstrip("s"))
    return int(value)


def _migrate_0_to_1(doc: dict[str, Any]) -> dict[str, Any]:
    names = doc["names"]
    levels = doc.get("ai") or [None] * len(names)
    if len(levels) != len(names):
        raise ValueError("names and ai lists differ in length")
    seats = [
        {"name": n, "kind": "human" if lvl is None else "ai", "level": lvl} for n, lvl in zip(names, levels)
    ]
    state = doc["state"]
    return {
        "format": SAVE_FORMAT,
        "version": 1,
        "game": doc.get("game") or (state.get("game") if isinstance(state, dict) else None),
        "saved_at": "",
        "seats": seats,
        "timer": _timer_from_text(doc.get("timer")),
        "state": state,
        "tally": {},
        "extra": {},
    }


# version -> function turning a document of that version into the next version
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _migrate_0_to_1}


def document_version(doc: dict[str, Any]) -> int:
    """The save version of a document; pre-release saves carry none (version 0)."""
    if "version" not in doc and "format" not in doc:
        return 0
    if doc.get("format") != SAVE_FORMAT:
        raise ValueError(f"not an orlan save (format {doc.get('format')!r})")
    v = doc.get("version")
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise ValueError(f"bad save version {v!r}")
    return v


def migrate(doc: dict[str, Any]) -> dict[str, Any]:
    """Bring an older document up to SAVE_VERSION, one step at a time."""
    v = document_version(doc)
    while v < SAVE_VERSION:
        doc = MIGRATIONS[v](doc)
        v = document_version(doc)
    return doc


# ------------------------------------------------------------------ the slots
def slot_name(game_id: str) -> str:
    """The document that holds a game's game in progress."""
    return SLOT_PREFIX + game_id


def slot_games(storage: Storage) -> list[str]:
    """The games (registered ones) that have a slot document; backups are not slots."""
    out = []
    for name in storage.names():
        if name.startswith(SLOT_PREFIX):
            game_id = name[len(SLOT_PREFIX):]
            if "." not in game_id and game_id in GAMES:
                out.append(game_id)
    return sorted(out)


@dataclass
class LoadResult:
    game: SavedGame | None = None
    message: Message | None = None
    migrated_from: int | None = None  # the version the save was written in, if older


@dataclass
class InProgress:
    """What ``load_games`` found: the games in progress by game id, and what to tell."""

    games: dict[str, SavedGame] = field(default_factory=dict)
    messages: list[Message] = field(default_factory=list)

    def newest_first(self) -> list[SavedGame]:
        return sorted(self.games.values(), key=lambda g: g.saved_at, reverse=True)


def save_game(game: SavedGame, storage: Storage | None = None) -> Message | None:
    """Write the game atomically into its game's slot. Returns None, or a
    ``save.write_failed`` message. ``game.saved_at`` becomes the time written."""
    storage = storage or default_storage()
    try:
        doc = game.to_json()
        storage.put(slot_name(game.game_id), doc)
    except (StorageError, OSError, TypeError, ValueError) as e:
        return Message("save.write_failed", {"detail": str(e), "game": game.game_id})
    game.saved_at = doc["saved_at"]
    return None


def _read(storage: Storage, name: str, game_id: str | None, repair: bool) -> LoadResult:
    """One save document checked, migrated in memory; a bad one set aside (when repairing)."""
    try:
        doc = storage.get(name)
    except CorruptDocument as e:
        return _bad(storage, name, game_id, repair, "save.corrupt", {"reason": e.reason})
    if doc is None:
        return LoadResult()
    if game_id is None and isinstance(doc.get("game"), str) and doc["game"] in GAMES:
        game_id = doc["game"]  # the old single save names its game: say which one was lost
    try:
        version = document_version(doc)
    except ValueError:
        return _bad(storage, name, game_id, repair, "save.corrupt", {"reason": "not_a_save"})
    if version > SAVE_VERSION:
        return _bad(storage, name, game_id, repair, "save.too_new", {"version": version, "supported": SAVE_VERSION})
    try:
        game = SavedGame.from_json(migrate(doc))
        if game_id is not None and game.game_id != game_id:
            raise ValueError(f"the slot of {game_id} holds a game of {game.game_id}")
    except (RulesError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError):
        return _bad(storage, name, game_id, repair, "save.corrupt", {"reason": "invalid"})
    return LoadResult(game, None, version if version < SAVE_VERSION else None)


def _bad(storage: Storage, name: str, game_id: str | None, repair: bool, key: str, params: dict[str, Any]) -> LoadResult:
    backup = set_aside_quietly(storage, name) if repair else None
    return LoadResult(None, Message(key, {**params, "game": game_id or "", "backup": backup}))


def _same_game(a: SavedGame, b: SavedGame) -> bool:
    """The same save whatever time it says it was written (a move interrupted half-way)."""
    da, db = a.to_json(), b.to_json()
    da.pop("saved_at"), db.pop("saved_at")
    return da == db


def load_games(storage: Storage | None = None, repair: bool = True) -> InProgress:
    """Every game in progress, by game id. Never raises for a bad save: a damaged slot is
    set aside with a message and costs only its own game. Older layouts are brought up to
    date (the single ``current_game`` moved into its slot, old versions rewritten)."""
    storage = storage or default_storage()
    found = InProgress()
    for game_id in slot_games(storage):
        res = _read(storage, slot_name(game_id), game_id, repair)
        if res.message:
            found.messages.append(res.message)
        if res.game is not None:
            found.games[game_id] = res.game
            if res.migrated_from is not None and repair:
                save_game(res.game, storage)  # the current layout now: the old one is read once
    _adopt_legacy(storage, found, repair)
    return found


def _adopt_legacy(storage: Storage, found: InProgress, repair: bool) -> None:
    """The one game in progress of an older Orlan, moved into its game's slot."""
    res = _read(storage, LEGACY_NAME, None, repair)
    if res.message:
        found.messages.append(res.message)
    legacy = res.game
    if legacy is None:
        return
    game_id = legacy.game_id
    current = found.games.get(game_id)
    if current is not None and (_same_game(current, legacy) or current.saved_at >= legacy.saved_at):
        # Already moved (a stop between the write and the removal), or the slot is newer.
        if repair:
            if _same_game(current, legacy):
                _delete_quietly(storage, LEGACY_NAME)
            else:
                found.messages.append(Message("save.kept_aside", {"game": game_id, "backup": set_aside_quietly(storage, LEGACY_NAME)}))
        return
    found.games[game_id] = legacy
    if not repair:
        return
    if current is not None:  # an older game in the slot: kept aside, the newer one takes its place
        found.messages.append(Message("save.kept_aside", {"game": game_id, "backup": set_aside_quietly(storage, slot_name(game_id))}))
    if save_game(legacy, storage) is None:  # written in its slot first, only then the old one goes
        _delete_quietly(storage, LEGACY_NAME)


def _delete_quietly(storage: Storage, name: str) -> None:
    try:
        storage.delete(name)
    except StorageError:
        pass


def load_game(storage: Storage | None = None, game_id: str | None = None) -> LoadResult:
    """One game in progress: ``game_id``'s, or without it the most recently saved one.
    The message, if any, is the first problem met (every bad file is set aside)."""
    found = load_games(storage)
    message = found.messages[0] if found.messages else None
    if game_id is not None:
        return LoadResult(found.games.get(game_id), message)
    newest = found.newest_first()
    return LoadResult(newest[0] if newest else None, message)


def has_saved_game(storage: Storage | None = None, game_id: str | None = None) -> bool:
    """Is there a game in progress (of ``game_id``, or of any game)? A damaged document
    counts: loading will explain and set it aside."""
    storage = storage or default_storage()
    names = set(storage.names())
    if game_id is not None:
        return slot_name(game_id) in names
    return LEGACY_NAME in names or bool(slot_games(storage))


def discard_game(game_id: str, storage: Storage | None = None) -> None:
    """Forget a game's game in progress (it ended, or a new game replaced it)."""
    if not isinstance(game_id, str):
        raise TypeError("discard_game needs the id of the game whose slot to empty")
    _delete_quietly(storage or default_storage(), slot_name(game_id))


# ------------------------------------------------------------------ what a save says
@dataclass
class Progress:
    """Where a game in progress stands, for the shelf, the Continue list and ``main.py saves``."""

    game: str
    round: int | None  # the round (hand, deal) being played, from 1; None if the save cannot tell
    sides: list[tuple[list[str], int | None]]  # each side's names and total (None before any score)
    saved_at: str


def progress(saved: SavedGame) -> Progress:
    """Read from the save's statistics tally (rounds scored, side totals) and seats."""
    tally = saved.tally if isinstance(saved.tally, dict) else {}
    state = saved.state.to_json()
    rounds = tally.get("rounds")
    # Every game's state counts its rounds from 0 (what the table's heading shows, + 1).
    if isinstance(state.get("round"), int) and not isinstance(state.get("round"), bool):
        round_ = state["round"] + 1
    else:
        round_ = len(rounds) + 1 if isinstance(rounds, list) else None
    names = [s.name for s in saved.seats]
    side_of = tally.get("side_of") or []
    if len(side_of) != len(names) or not all(isinstance(x, int) for x in side_of):
        teams = bool((state.get("options") or {}).get("teams")) and len(names) == 4
        side_of = [i % 2 if teams else i for i in range(len(names))]
    totals = tally.get("totals") or []
    sides: list[tuple[list[str], int | None]] = []
    for side in sorted(set(side_of)):
        total = totals[side] if side < len(totals) and isinstance(totals[side], int) else None
        sides.append(([n for n, s in zip(names, side_of) if s == side], total))
    return Progress(saved.game_id, round_, sides, saved.saved_at)


def round_text(game_id: str, round_: int | None) -> str:
    """"Round 3" in the game's own word (its registry entry's ``round_word``: "Hand 3",
    "Deal 3"), as the table and the review say it."""
    from game.i18n import t
    from game.registry import BY_ID

    if round_ is None:
        return ""
    entry = BY_ID.get(game_id)
    word = entry.round_word if entry is not None else "round"
    return t("progress.round" if word == "round" else f"progress.round.{word}", count=round_)


def sides_text(p: Progress) -> str:
    """"Ana 12 · Bot 1 9", teams as "Ana & Bo 12 · ..."; names only before any score."""
    from game.i18n import t

    parts = []
    for names, total in p.sides:
        who = t("progress.and").join(names)
        parts.append(who if total is None else t("progress.side_total", names=who, total=total))
    return t("progress.separator").join(parts)


def progress_line(saved: SavedGame) -> str:
    """"Deal 3 · Ana: 450 · Bot 1: 380": the round in the game's word and each side's
    total (names only before the first score)."""
    from game.i18n import language, t

    # Drawn every frame on the shelf and in the list: worked out once per save, names, language.
    key = (saved.saved_at, tuple(s.name for s in saved.seats), language())
    cached = _LINES.get(id(saved))
    if cached is not None and cached[0] == key and cached[1] is saved:
        return cached[2]
    p = progress(saved)
    parts = [round_text(saved.game_id, p.round), sides_text(p)]
    line = t("progress.separator").join(part for part in parts if part)
    if len(_LINES) > 64:
        _LINES.clear()
    _LINES[id(saved)] = (key, saved, line)
    return line


_LINES: dict[int, tuple] = {}


def when_text(saved_at: str, now: float | None = None) -> str:
    """When a save was written, in local time: today 14:05, yesterday 09:12, 30 Nov 2026."""
    from calendar import timegm

    from game.i18n import t

    try:
        when = timegm(time.strptime(saved_at[:19], "%Y-%m-%dT%H:%M:%S"))
    except (ValueError, TypeError):
        return t("progress.when_unknown")
    now = time.time() if now is None else now
    local, today = time.localtime(when), time.localtime(now)
    clock = time.strftime("%H:%M", local)
    days = (time.mktime((today.tm_year, today.tm_mon, today.tm_mday, 0, 0, 0, 0, 0, -1))
            - time.mktime((local.tm_year, local.tm_mon, local.tm_mday, 0, 0, 0, 0, 0, -1)))
    days = round(days / 86400)
    if days == 0:
        return t("progress.today", time=clock)
    if days == 1:
        return t("progress.yesterday", time=clock)
    return t("progress.date", day=str(local.tm_mday), month=t(f"common.month_{local.tm_mon}"), year=str(local.tm_year))
