"""Every game is a replay: the game, its options and seed, who sat where, and the moves.

A replay rebuilds every position exactly through the rules (``new_game`` from the seed,
then each move through ``play_json``), so it needs no copy of any state::

    rep = Replay.new("orlan", options={"target": 11}, seed=7, seats=[...])
    rep.record(state.move_to_json(move))        # after every move played
    rep.state_at(12)                            # the position after 12 moves
    for k, state, move in rep.positions(): ...  # every position and the move made in it

Its JSON (``to_json``) is compact: a few hundred bytes plus the moves.

    {"format": "orlan-replay", "version": 1, "id": "...", "game": "orlan", "players": 2,
     "options": {...}, "seed": 7, "deck_order": null,
     "seats": [{"name": "Ana", "kind": "human", "level": null}, ...],
     "moves": [{"kind": "capture", "card": "5H", "capture": ["6C"]}, ...],
     "started_at": "2026-12-01T07:00:00Z", "finished": true,
     "result": {"totals": [...], "winners": [...], "sides": [[seats], ...], "rounds": 7,
                "finished_at": "2026-12-01T07:40:00Z"}, "analysis": {...}}

(``result`` of replays written before ``sides``, ``rounds`` and ``finished_at`` lacks them.)

``analysis`` caches the expert's review (game/review.py) so a game is analysed once.

The recent games of each player (the last ``KEPT_PER_PROFILE`` finished games) are kept
through game/storage.py beside the statistics: one document per replay (``replay.<id>``)
and an index (``replays``) of replay ids per player (keyed by the player's id in the
statistics; older indexes keyed by name are moved over, ``key_by_player``). A damaged replay or index is set aside
with a message (``replay.corrupt``), never dropped silently.
"""
from __future__ import annotations

import copy
import json
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from game.rules import RulesError, State, game_class
from game.storage import Message, Storage, StorageError, default_storage, read_or_set_aside, set_aside_quietly

REPLAY_FORMAT = "orlan-replay"
REPLAY_VERSION = 1
INDEX_NAME = "replays"
INDEX_FORMAT = "orlan-replays"
KEPT_PER_PROFILE = 50


class ReplayError(ValueError):
    """A replay that cannot be read or does not play through; the message says where."""


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


@dataclass
class Replay:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    moves: list[dict[str, Any]] = field(default_factory=list)
    id: str = field(default_factory=lambda: secrets.token_hex(6))
    started_at: str = field(default_factory=_now)
    deck_order: list[str] | None = None
    finished: bool = False
    result: dict[str, Any] | None = None
    analysis: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def new(
        cls,
        game: str,
        options: dict[str, Any] | None = None,
        seed: int = 0,
        seats: list[dict[str, Any]] | None = None,
        players: int | None = None,
        deck_order: list[str] | None = None,
    ) -> "Replay":
        seats = [dict(s) for s in seats] if seats else []
        players = players if players is not None else len(seats)
        if not seats:
            seats = [{"name": f"P{i + 1}", "kind": "ai", "level": None} for i in range(players)]
        rep = cls(game, players, dict(options or {}), seed, seats, deck_order=deck_order)
        rep.start_state()  # refuse an unknown game, bad options or seed at once
        return rep

    # ------------------------------------------------------------ positions
    @property
    def rules(self) -> type[State]:
        return game_class(self.game)

    def start_state(self) -> State:
        try:
            return self.rules.new(self.players, self.options, self.seed, self.deck_order)
        except RulesError as e:
            raise ReplayError(f"replay of {self.game}: {e}") from None

    def positions(self) -> Iterator[tuple[int, State, dict[str, Any]]]:
        """(k, the position before move k, move k) for every move; the state yielded is
        the live one: copy it (``clone``) to keep it past the next step."""
        state = self.start_state()
        for k, move in enumerate(self.moves):
            yield k, state, move
            try:
                state.play_json(move)
            except RulesError as e:
                raise ReplayError(f"replay of {self.game}: move {k + 1} ({json.dumps(move)}) does not play: {e}") from None

    def state_at(self, k: int) -> State:
        """The position after the first ``k`` moves."""
        if not 0 <= k <= len(self.moves):
            raise ReplayError(f"a replay of {len(self.moves)} moves has no position after move {k}")
        state = self.start_state()
        for i, move in enumerate(self.moves[:k]):
            try:
                state.play_json(move)
            except RulesError as e:
                raise ReplayError(f"replay of {self.game}: move {i + 1} ({json.dumps(move)}) does not play: {e}") from None
        return state

    def final_state(self) -> State:
        return self.state_at(len(self.moves))

    def check(self) -> State:
        """Play every move; ReplayError names the first that does not play. Returns the end."""
        return self.final_state()

    # ------------------------------------------------------------ recording
    def record(self, move_json: dict[str, Any]) -> None:
        self.moves.append(dict(move_json))
        self.analysis.clear()  # a cached review belongs to the moves it was made on

    def undo(self, count: int = 1) -> None:
        del self.moves[len(self.moves) - count:]
        self.analysis.clear()

    def finish(self, state: State) -> None:
        res = state.result()
        self.finished = state.finished
        rounds = res.get("rounds")
        self.result = {
            "totals": res.get("totals"),
            "winners": res.get("winners", []),
            "sides": res.get("sides"),
            "rounds": len(rounds) if isinstance(rounds, list) else None,
            "finished_at": _now(),
        }

    def profiles(self) -> list[str]:
        return sorted({s["name"] for s in self.seats if s.get("kind") == "human" and s.get("name")})

    # ------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        return copy.deepcopy({
            "format": REPLAY_FORMAT,
            "version": REPLAY_VERSION,
            "id": self.id,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "deck_order": self.deck_order,
            "seats": self.seats,
            "moves": self.moves,
            "started_at": self.started_at,
            "finished": self.finished,
            "result": self.result,
            "analysis": self.analysis,
        })

    @classmethod
    def from_json(cls, doc: Any) -> "Replay":
        """A replay from its JSON; ReplayError says what is wrong. Moves are not played here
        (``check`` does that)."""
        if not isinstance(doc, dict):
            raise ReplayError("a replay is a JSON object")
        if doc.get("format") != REPLAY_FORMAT:
            raise ReplayError(f"not a replay (format {doc.get('format')!r}, expected {REPLAY_FORMAT!r})")
        version = doc.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise ReplayError(f"bad replay version {version!r}")
        if version > REPLAY_VERSION:
            raise ReplayError(f"replay version {version} is newer than this program reads ({REPLAY_VERSION})")

        def need(name: str, kind: type | tuple[type, ...]) -> Any:
            value = doc.get(name)
            if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
                raise ReplayError(f"replay field {name!r} is missing or not a {getattr(kind, '__name__', kind)}")
            return value

        game = need("game", str)
        try:
            game_class(game)
        except RulesError as e:
            raise ReplayError(str(e)) from None
        seats = need("seats", list)
        if not all(isinstance(s, dict) and isinstance(s.get("name"), str) for s in seats):
            raise ReplayError("replay seats must be objects with a name")
        moves = need("moves", list)
        if not all(isinstance(m, dict) for m in moves):
            raise ReplayError("replay moves must be JSON objects")
        deck_order = doc.get("deck_order")
        if deck_order is not None and not isinstance(deck_order, list):
            raise ReplayError("replay deck_order must be a list of card codes or null")
        players, seed = need("players", int), need("seed", int)
        need("options", dict)
        doc = copy.deepcopy(doc)  # the replay owns its lists: nothing it does reaches the caller's
        result = doc.get("result")
        return cls(
            game=game,
            players=players,
            options=doc["options"],
            seed=seed,
            seats=doc["seats"],
            moves=doc["moves"],
            id=str(doc.get("id") or secrets.token_hex(6)),
            started_at=str(doc.get("started_at", "")),
            deck_order=doc.get("deck_order"),
            finished=bool(doc.get("finished", False)),
            result=result if isinstance(result, dict) else None,
            # a cache: a bad one is dropped, which only means analysing again
            analysis=doc["analysis"] if isinstance(doc.get("analysis"), dict) else {},
        )

    # ------------------------------------------------------------ files
    def export(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1), encoding="utf-8")

    @classmethod
    def open(cls, path: str | Path) -> "Replay":
        """A replay file, read and played through; ReplayError with a clear message."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise ReplayError(f"cannot read {path}: {e}") from None
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as e:
            raise ReplayError(f"{path} is not JSON: {e}") from None
        rep = cls.from_json(doc)
        rep.check()
        return rep


# ---------------------------------------------------------------- the recent games
def _doc_name(replay_id: str) -> str:
    return f"replay.{replay_id}"


@dataclass
class RecentGames:
    """The last finished games of each profile, kept through the app's storage."""

    storage: Storage
    index: dict[str, list[str]] = field(default_factory=dict)  # profile -> replay ids, newest first
    message: Message | None = None

    @classmethod
    def load(cls, storage: Storage | None = None) -> "RecentGames":
        storage = storage or default_storage()
        doc, msg = read_or_set_aside(storage, INDEX_NAME, "replay")
        index: dict[str, list[str]] = {}
        if doc is not None:
            profiles = doc.get("profiles") if doc.get("format") == INDEX_FORMAT else None
            if isinstance(profiles, dict):
                index = {
                    name: [i for i in ids if isinstance(i, str)]
                    for name, ids in profiles.items()
                    if isinstance(name, str) and isinstance(ids, list)
                }
            else:
                msg = Message("replay.corrupt", {"backup": set_aside_quietly(storage, INDEX_NAME), "reason": "not_an_index"})
        return cls(storage, index, msg)

    def _save_index(self) -> None:
        self.storage.put(INDEX_NAME, {"format": INDEX_FORMAT, "version": 1, "profiles": self.index})

    def add(self, replay: Replay, players: list[str] | None = None) -> Message | None:
        """Keep a replay for each of its human players (``players``: their ids in the
        statistics; by default the names of its human seats); older ones beyond the limit go."""
        profiles = players if players is not None else replay.profiles()
        if not profiles:
            return None
        try:
            self.storage.put(_doc_name(replay.id), replay.to_json())
            for name in profiles:
                ids = [replay.id] + [i for i in self.index.get(name, []) if i != replay.id]
                self.index[name] = ids[:KEPT_PER_PROFILE]
            self._save_index()
            kept = {i for ids in self.index.values() for i in ids}
            for name in self.storage.names():
                rest = name.split(".", 1)[1] if name.startswith("replay.") else ""
                if rest and "." not in rest and rest not in kept:  # backups (<id>.bad-...) stay
                    self.storage.delete(name)
        except (StorageError, OSError, TypeError, ValueError) as e:
            return Message("save.write_failed", {"detail": str(e)})
        return None

    def save(self, replay: Replay) -> Message | None:
        """Write back a kept replay (its analysis cache grew)."""
        try:
            self.storage.put(_doc_name(replay.id), replay.to_json())
        except (StorageError, OSError, TypeError, ValueError) as e:
            return Message("save.write_failed", {"detail": str(e)})
        return None

    def key_by_player(self, resolve) -> bool:
        """Index entries kept under a player's name (before players had ids) move under the
        player's id, ``resolve(key)`` (None: no such player yet, the entry stays). The index
        is written at once when anything moved, so a later rename finds it. True if it did."""
        moved = False
        for key in list(self.index):
            pid = resolve(key)
            if pid is None or pid == key:
                continue
            ids = self.index.pop(key)
            mine = self.index.get(pid, [])
            self.index[pid] = (mine + [i for i in ids if i not in mine])[:KEPT_PER_PROFILE]
            moved = True
        if moved:
            try:
                self._save_index()
            except (StorageError, OSError):
                pass  # moved again next time
        return moved

    def ids(self, profile: str) -> list[str]:
        return list(self.index.get(profile, []))

    def get(self, replay_id: str) -> tuple[Replay | None, Message | None]:
        """A kept replay, or why not (a damaged one is set aside with a message)."""
        name = _doc_name(replay_id)
        doc, msg = read_or_set_aside(self.storage, name, "replay")
        if doc is None:
            return None, msg
        try:
            return Replay.from_json(doc), None
        except ReplayError as e:
            return None, Message("replay.corrupt", {"backup": set_aside_quietly(self.storage, name), "reason": str(e)})

    def recent(self, profile: str) -> list[tuple[Replay | None, Message | None]]:
        return [self.get(i) for i in self.ids(profile)]
