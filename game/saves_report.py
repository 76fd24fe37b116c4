"""``python main.py saves``: what this device keeps, for a person who wants to know.

Lists the games in progress (one per game: game, players, round, totals, when saved) and
the recent finished games kept for review (game, players, rounds, final totals, when
finished), then says in which folder they are and what each file is. Reads only: nothing
is migrated, set aside or removed (``load_games(repair=False)``), so it is safe on any
folder (``--data-dir DIR``) and while the app is running.
"""
from __future__ import annotations

import time
from calendar import timegm
from pathlib import Path
from typing import Any

from game import i18n
from game.i18n import t
from game.replay import INDEX_NAME, Replay, ReplayError
from game.saves import LEGACY_NAME, Progress, load_games, progress, round_text, sides_text, slot_name
from game.storage import CorruptDocument, FileStorage, data_dir


def local_time(stamp: str) -> str:
    """A saved UTC time as local "YYYY-MM-DD HH:MM" ("?" if unreadable)."""
    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(timegm(time.strptime(stamp[:19], "%Y-%m-%dT%H:%M:%S"))))
    except (ValueError, TypeError):
        return "?"


def _title(game_id: str) -> str:
    from game.registry import BY_ID

    entry = BY_ID.get(game_id)
    return t(entry.title_key) if entry is not None else game_id


def _players(seats: list[dict[str, Any]]) -> str:
    out = []
    for s in seats:
        name = str(s.get("name", "?"))
        out.append(name if s.get("kind") == "human" else f"{name} ({t('kind.' + str(s.get('level') or 'simple'))})")
    return ", ".join(out)


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]


def recent_replays(storage: FileStorage) -> tuple[list[Replay], list[str]]:
    """The kept finished games, newest first, and the names of documents that cannot be read."""
    bad: list[str] = []
    try:
        index = storage.get(INDEX_NAME) or {}
    except CorruptDocument:
        return [], [INDEX_NAME]
    ids: list[str] = []
    for kept in (index.get("profiles") or {}).values() if isinstance(index.get("profiles"), dict) else ():
        ids += [i for i in kept if isinstance(i, str) and i not in ids] if isinstance(kept, list) else []
    out = []
    for rid in ids:
        try:
            out.append(Replay.from_json(storage.get(f"replay.{rid}")))
        except (CorruptDocument, ReplayError):
            bad.append(f"replay.{rid}")
    out.sort(key=lambda r: str((r.result or {}).get("finished_at") or r.started_at), reverse=True)
    return out, bad


def _final(rep: Replay) -> str:
    """The final totals of a kept game, by side as the game had them."""
    res = rep.result or {}
    totals = res.get("totals") or []
    sides = res.get("sides") or [[i] for i in range(rep.players)]
    names = [str(s.get("name", "?")) for s in rep.seats]
    try:
        p = Progress(rep.game, None, [([names[i] for i in side], totals[side[0]]) for side in sides], "")
    except (IndexError, TypeError, KeyError):
        return "?"
    return sides_text(p)


def report(folder: str | None = None) -> list[str]:
    """The lines ``python main.py saves`` prints (English)."""
    before = i18n.language()
    i18n.set_language("en")
    try:
        return _report(folder)
    finally:
        i18n.set_language(before)


def _report(folder: str | None) -> list[str]:
    root = Path(folder) if folder else data_dir()
    lines = [f"Orlan keeps its files in {root}"]
    if not root.is_dir():
        return lines + ["  (no such folder: nothing is kept there yet)"]
    storage = FileStorage(root, sweep=False)
    found = load_games(storage, repair=False)
    lines.append("")
    games = found.newest_first()
    lines.append(f"Games in progress ({len(games)}; one per game, each file game.<game>.json):")
    if games:
        rows = [["game", "players", "round", "totals", "saved at", "file"]]
        for g in games:
            p = progress(g)
            totals = sides_text(Progress(p.game, p.round, p.sides, "")) if any(tot is not None for _, tot in p.sides) else "-"
            rows.append([_title(g.game_id), _players([s.to_json() for s in g.seats]), round_text(g.game_id, p.round) or "-",
                         totals, local_time(g.saved_at), f"{slot_name(g.game_id)}.json"])
        lines += _table(rows)
    else:
        lines.append("  none")
    names = set(storage.names())
    if LEGACY_NAME in names:
        lines.append(f"  ({LEGACY_NAME}.json: the one game in progress of an older Orlan; the app moves it into its game's file at the next start)")
    for m in found.messages:
        lines.append(f"  damaged: {_title(m.params.get('game') or '') or 'a save'} ({m.key}); the app keeps it aside at the next start")
    replays, bad = recent_replays(storage)
    lines.append("")
    lines.append(f"Recent games ({len(replays)}; finished games kept for review, replay.<id>.json, listed in {INDEX_NAME}.json):")
    if replays:
        rows = [["game", "players", "rounds", "final totals", "finished at", "file"]]
        for rep in replays:
            res = rep.result or {}
            rounds = res.get("rounds")
            finished = res.get("finished_at")
            rows.append([_title(rep.game), _players(rep.seats), str(rounds) if isinstance(rounds, int) else "-", _final(rep),
                         local_time(finished) if finished else f"started {local_time(rep.started_at)}", f"replay.{rep.id}.json"])
        lines += _table(rows)
    else:
        lines.append("  none")
    for name in bad:
        lines.append(f"  damaged: {name}.json (the app keeps it aside when it opens it)")
    aside = sorted(n for n in names if ".bad-" in n)
    if aside:
        lines.append("")
        lines.append("Kept aside (damaged files, never deleted): " + ", ".join(f"{n}.json" for n in aside))
    lines.append("")
    lines.append("Also there: settings.json (settings), stats.json (statistics per player and game).")
    return lines
