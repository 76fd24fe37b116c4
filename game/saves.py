"""The game in progress: saved after every move, resumed exactly after any stop.

Interface for the app::

    from game.saves import SavedGame, Seat, save_game, load_game, discard_game

    saved = SavedGame(state=state, seats=[Seat("Ana", "human"), Seat("Bot", "ai", "expert")], timer=20)
    msg = save_game(saved)            # after every move; None, or a Message if the disk refused
    result = load_game()              # at start-up
    if result.message: show(result.message)   # i18n key + params; the bad file was kept aside
    if result.game: resume(result.game)       # same hands, stock order, turn and timer
    discard_game()                    # when the game ends or the player abandons it

A save is versioned JSON (never pickle) stored through game/storage.py as the document
``current_game``::

    {"format": "orlan-save", "version": 1, "game": "orlan", "saved_at": "2026-11-30T03:30:00Z",
     "seats": [{"name": "Ana", "kind": "human", "level": null}, ...],
     "timer": 20, "state": <state.to_json()>, "tally": {...}, "extra": {...}}

``tally`` is the running statistics of the game (game.stats.GameTally) so a resumed game
still counts its earlier rounds; ``extra`` belongs to the app (undo history, UI flags) and
is stored as given.

Messages (i18n keys) that ``load_game`` can return, each after keeping the bad document
aside as ``current_game.bad-<time>`` (param ``backup``):

* ``save.corrupt``  – unreadable, truncated, not JSON, or not a valid game (param ``reason``)
* ``save.too_new``  – written by a newer Orlan (params ``version``, ``supported``)

``save_game`` returns ``save.write_failed`` (param ``detail``) when the write fails.

Version history: 0 = the pre-release layout (no version field, ``names``/``ai`` lists,
timer as text such as "20s" or "off"); 1 = the layout above.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable

from game.rules import RulesError, State, load_state
from game.storage import Message, Storage, StorageError, set_aside_quietly, default_storage, read_or_set_aside

SAVE_NAME = "current_game"
SAVE_FORMAT = "orlan-save"
SAVE_VERSION = 1
SEAT_KINDS = ("human", "ai")


@dataclass
class Seat:
    """Who sits at one seat: a person (by profile name) or the AI at a level."""

    name: str
    kind: str = "human"
    level: str | None = None  # AI level ("simple", "expert", ...) when kind == "ai"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @classmethod
    def from_json(cls, d: Any) -> "Seat":
        if not isinstance(d, dict):
            raise ValueError(f"a seat is an object, not {d!r}")
        name, kind, level = d.get("name"), d.get("kind"), d.get("level")
        if not isinstance(name, str) or kind not in SEAT_KINDS:
            raise ValueError(f"bad seat {d!r}")
        if kind == "ai" and not isinstance(level, str):
            raise ValueError(f"an AI seat needs a level: {d!r}")
        if kind == "human":
            level = None
        return cls(name, kind, level)


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
            "saved_at": self.saved_at or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
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


# ------------------------------------------------------------------ the verbs
@dataclass
class LoadResult:
    game: SavedGame | None = None
    message: Message | None = None
    migrated_from: int | None = None  # the version the save was written in, if older


def save_game(game: SavedGame, storage: Storage | None = None) -> Message | None:
    """Write the game atomically. Returns None, or a ``save.write_failed`` message."""
    storage = storage or default_storage()
    try:
        storage.put(SAVE_NAME, game.to_json())
    except (StorageError, OSError, TypeError, ValueError) as e:
        return Message("save.write_failed", {"detail": str(e)})
    return None


def load_game(storage: Storage | None = None) -> LoadResult:
    """The saved game, or why there is none. Never raises for a bad save."""
    storage = storage or default_storage()
    doc, msg = read_or_set_aside(storage, SAVE_NAME, "save")
    if doc is None:
        return LoadResult(None, msg)
    try:
        version = document_version(doc)
    except ValueError:
        return _set_aside(storage, "save.corrupt", {"reason": "not_a_save"})
    if version > SAVE_VERSION:
        return _set_aside(storage, "save.too_new", {"version": version, "supported": SAVE_VERSION})
    try:
        game = SavedGame.from_json(migrate(doc))
    except (RulesError, ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError):
        return _set_aside(storage, "save.corrupt", {"reason": "invalid"})
    if version < SAVE_VERSION:
        # Rewrite in the current layout now, so the old shape is read only once.
        save_game(game, storage)
    return LoadResult(game, None, version if version < SAVE_VERSION else None)


def has_saved_game(storage: Storage | None = None) -> bool:
    storage = storage or default_storage()
    try:
        return storage.get(SAVE_NAME) is not None
    except ValueError:
        return True  # a bad one: load_game will explain and set it aside


def discard_game(storage: Storage | None = None) -> None:
    storage = storage or default_storage()
    try:
        storage.delete(SAVE_NAME)
    except StorageError:
        pass


def _set_aside(storage: Storage, key: str, params: dict[str, Any]) -> LoadResult:
    return LoadResult(None, Message(key, {**params, "backup": set_aside_quietly(storage, SAVE_NAME)}))
