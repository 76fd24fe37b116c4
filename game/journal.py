"""Journals of long runs (``soak --journal``, ``arena --journal``): a JSON-lines file that a
run appends to as its tasks finish, so that a run stopped (a session's end, a kill, a lost
cluster) goes on where it stopped when started again with the same file.

The first line is the run's header: what was asked and a digest of the code that plays. A
journal is resumed only by a run with the same header, so its figures always describe one
plan on one version of the code. Each start of the command adds a ``{"sitting": k}`` line,
then one line per finished task; a line cut short by a kill is dropped (its task is played
again).
"""
from __future__ import annotations

import ast
import hashlib
import json
from pathlib import Path
from typing import IO, Iterable

PACKAGE = Path(__file__).resolve().parent


class JournalMismatch(ValueError):
    """The journal was written by another plan or another version of the code."""


def code_of(source: str) -> str:
    """What a module's source does, without its comments, docstrings and layout: editing the
    words of the code a run depends on does not orphan the run's journal."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree)


def code_version(parts: Iterable[str] | None = None) -> str:
    """A digest of the game package's sources, or of ``parts`` of it only (files or folders
    relative to the package): a journal is only resumed on the same code."""
    if parts is None:
        paths = sorted(PACKAGE.rglob("*.py"))
    else:
        paths = []
        for part in parts:
            p = PACKAGE / part
            paths.extend(sorted(p.rglob("*.py")) if p.is_dir() else [p])
        paths.sort()
    h = hashlib.sha256()
    for path in paths:
        h.update(str(path.relative_to(PACKAGE)).encode())
        h.update(code_of(path.read_text(encoding="utf-8")).encode())
    return h.hexdigest()[:16]


def read_journal(path: Path, header: dict, what: str, row_key: str) -> tuple[list[dict], int, bool]:
    """The task lines (those with ``row_key``) of an existing journal, its number of sittings
    and whether its last line was cut short; [], 0, False if new."""
    if not path.exists() or path.stat().st_size == 0:
        return [], 0, False
    text = path.read_text()
    lines = text.splitlines()
    try:
        first = json.loads(lines[0])
    except (json.JSONDecodeError, IndexError):
        raise JournalMismatch(f"{path} is not {what}") from None
    if not isinstance(first, dict):
        raise JournalMismatch(f"{path} is not {what}")
    if first != header:
        diff = sorted(k for k in set(first) | set(header) if first.get(k) != header.get(k))
        raise JournalMismatch(f"{path} was written for another run (differs in {', '.join(diff)}); "
                              "use another journal file or the same arguments and code")
    done, sittings = [], 0
    for line in lines[1:]:
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut short when the run was killed: that task is played again
        if not isinstance(row, dict):
            continue
        if row_key in row:
            done.append(row)
        elif "sitting" in row:
            sittings += 1
    return done, sittings, not text.endswith("\n")


def open_journal(path: Path, header: dict, sittings: int, cut: bool) -> IO[str]:
    """The journal opened for appending this sitting's lines (the header first if new)."""
    log = path.open("a")
    if cut:
        log.write("\n")  # end the line a kill cut short, so that the next ones read
    if sittings == 0:
        log.write(json.dumps(header) + "\n")
    append(log, {"sitting": sittings})
    return log


def append(log: IO[str], row: dict) -> None:
    """One finished task's line, flushed at once: a kill loses at most the line being written."""
    log.write(json.dumps(row) + "\n")
    log.flush()
