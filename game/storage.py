"""Where the app keeps its small JSON documents: saves, settings, statistics.

One tiny interface, three places behind it:

    storage = default_storage()        # the right backend for this platform
    storage.get("settings")            # -> dict, or None if there is no such document
    storage.put("settings", {...})     # atomic: a reader sees the old or the new document
    storage.delete("settings")
    storage.set_aside("settings")      # keep a bad document as a backup; returns its name

* ``FileStorage``: one ``<name>.json`` file per document in the user data folder given by
  platformdirs (``ORLAN_DATA_DIR`` overrides it, for tests and kiosks). A write goes to a
  temporary file in the same folder, is flushed and fsynced, then renamed over the old
  file, so a crash or ``kill -9`` at any moment leaves the old or the new document whole.
* ``LocalStorage``: the browser build (``sys.platform == "emscripten"`` under pygbag), one
  ``localStorage`` key per document; ``setItem`` replaces a value in one step.
* ``MemoryStorage``: for tests and as a last resort when no folder is writable.

``get`` raises ``CorruptDocument`` when a document exists but cannot be read or is not a
JSON object; callers decide what to tell the user (see game/saves.py). Document names are
short identifiers (letters, digits, ``_``, ``-``, ``.``), never paths.
"""
from __future__ import annotations

import json
import os
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

APP_NAME = "orlan"
_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$")
_STALE_TEMP_SECONDS = 600


class StorageError(OSError):
    """A document could not be written or deleted (disk full, read-only folder...)."""


class CorruptDocument(ValueError):
    """A document exists but is not readable JSON object text.

    ``reason`` is one of "unreadable", "empty", "not_json", "not_object" so callers can
    choose a message; ``detail`` is the low-level text, for logs.
    """

    def __init__(self, name: str, reason: str, detail: str = ""):
        super().__init__(f"{name}: {reason} {detail}".strip())
        self.name = name
        self.reason = reason
        self.detail = detail


class Storage(Protocol):
    def get(self, name: str) -> dict[str, Any] | None: ...
    def put(self, name: str, doc: dict[str, Any]) -> None: ...
    def delete(self, name: str) -> None: ...
    def set_aside(self, name: str) -> str | None: ...
    def names(self) -> list[str]: ...


@dataclass(frozen=True)
class Message:
    """Something to tell the user: an i18n key (data/i18n) and its parameters.

    The storage modules never show text themselves; the app looks the key up and shows it.
    """

    key: str
    params: dict[str, Any] = field(default_factory=dict)


def read_or_set_aside(storage: "Storage", name: str, topic: str) -> tuple[dict[str, Any] | None, Message | None]:
    """Read a document; if it is corrupt, keep it aside as a backup and say so.

    Returns ``(doc, None)``, ``(None, None)`` when there is no such document, or
    ``(None, Message(f"{topic}.corrupt", {"backup": ..., "reason": ...}))``.
    Never raises for a bad document: the app must always be able to start.
    """
    try:
        return storage.get(name), None
    except CorruptDocument as e:
        return None, Message(f"{topic}.corrupt", {"backup": set_aside_quietly(storage, name), "reason": e.reason})


def set_aside_quietly(storage: "Storage", name: str) -> str | None:
    try:
        return storage.set_aside(name)
    except (OSError, ValueError):
        # Cannot even rename it (read-only folder): leave it; the next write replaces it.
        return None


def check_name(name: str) -> str:
    if not isinstance(name, str) or not _NAME.match(name) or ".." in name:
        raise ValueError(f"bad document name {name!r}: use letters, digits, _ - .")
    return name


def encode(doc: dict[str, Any]) -> str:
    """The text stored for a document (strict JSON: NaN and infinities are refused)."""
    if not isinstance(doc, dict):
        raise TypeError(f"a document is a JSON object (dict), not {type(doc).__name__}")
    return json.dumps(doc, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def decode(name: str, text: str | bytes | None) -> dict[str, Any]:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise CorruptDocument(name, "unreadable", str(e)) from None
    if text is None or not text.strip():
        raise CorruptDocument(name, "empty")
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as e:
        raise CorruptDocument(name, "not_json", str(e)) from None
    if not isinstance(doc, dict):
        raise CorruptDocument(name, "not_object", type(doc).__name__)
    return doc


def _backup_name(name: str, taken) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    base = f"{name}.bad-{stamp}"
    candidate, k = base, 1
    while taken(candidate):
        k += 1
        candidate = f"{base}-{k}"
    return candidate


class FileStorage:
    """Documents as ``<root>/<name>.json`` files, written atomically."""

    def __init__(self, root: str | os.PathLike, sweep: bool = True):
        self.root = Path(root)
        if sweep:  # False: only looking (``python main.py saves``), nothing is removed
            self._sweep_stale_temps()

    def path(self, name: str) -> Path:
        return self.root / f"{check_name(name)}.json"

    def get(self, name: str) -> dict[str, Any] | None:
        p = self.path(name)
        try:
            data = p.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as e:  # a folder in its place, no permission, I/O error
            raise CorruptDocument(name, "unreadable", str(e)) from None
        return decode(name, data)

    def put(self, name: str, doc: dict[str, Any]) -> None:
        data = encode(doc).encode("utf-8")
        p = self.path(name)
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=self.root)
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(data)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, p)
            except BaseException:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
                raise
            self._fsync_dir()
        except OSError as e:
            raise StorageError(f"cannot write {p}: {e}") from e

    def delete(self, name: str) -> None:
        try:
            self.path(name).unlink()
        except FileNotFoundError:
            return
        except OSError as e:
            raise StorageError(f"cannot delete {name}: {e}") from e
        self._fsync_dir()

    def set_aside(self, name: str) -> str | None:
        """Rename a (bad) document to ``<name>.bad-<time>``, keeping its bytes; None if absent."""
        src = self.path(name)
        if not src.exists() and not src.is_symlink():
            return None
        backup = _backup_name(name, lambda n: (self.root / f"{n}.json").exists())
        try:
            os.replace(src, self.root / f"{backup}.json")
        except OSError as e:
            raise StorageError(f"cannot set {name} aside: {e}") from e
        self._fsync_dir()
        return backup

    def names(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return sorted(p.stem for p in self.root.glob("*.json") if not p.name.startswith("."))

    def _fsync_dir(self) -> None:
        # The rename itself must reach the disk, or a power cut could bring back the old name.
        if os.name != "posix":
            return
        try:
            fd = os.open(self.root, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)

    def _sweep_stale_temps(self) -> None:
        # A process killed between mkstemp and rename leaves a temp file; old ones are litter.
        if not self.root.is_dir():
            return
        now = time.time()
        for p in self.root.glob(".*.tmp"):
            try:
                if now - p.stat().st_mtime > _STALE_TEMP_SECONDS:
                    p.unlink()
            except OSError:
                pass


class MemoryStorage:
    """Documents kept as JSON text in a dict (tests; fallback when nothing is writable)."""

    def __init__(self, texts: dict[str, str] | None = None):
        self.texts: dict[str, str] = dict(texts or {})

    def get(self, name: str) -> dict[str, Any] | None:
        text = self.texts.get(check_name(name))
        return None if text is None else decode(name, text)

    def put(self, name: str, doc: dict[str, Any]) -> None:
        self.texts[check_name(name)] = encode(doc)

    def delete(self, name: str) -> None:
        self.texts.pop(check_name(name), None)

    def set_aside(self, name: str) -> str | None:
        if check_name(name) not in self.texts:
            return None
        backup = _backup_name(name, lambda n: n in self.texts)
        self.texts[backup] = self.texts.pop(name)
        return backup

    def names(self) -> list[str]:
        return sorted(self.texts)


class LocalStorage:
    """The browser's ``window.localStorage`` (pygbag), keys prefixed with ``orlan:``.

    ``local_storage`` is any object with getItem/setItem/removeItem/key/length; by default
    ``platform.window.localStorage`` from pygbag.
    """

    PREFIX = APP_NAME + ":"

    def __init__(self, local_storage: Any = None):
        if local_storage is None:
            import platform as _pygbag_platform  # pygbag replaces the stdlib module in the browser

            local_storage = _pygbag_platform.window.localStorage
        self.ls = local_storage

    def get(self, name: str) -> dict[str, Any] | None:
        key = self.PREFIX + check_name(name)
        try:
            text = self.ls.getItem(key)
        except Exception as e:  # the JS bridge raises its own errors
            raise CorruptDocument(name, "unreadable", str(e)) from None
        if text is None:
            return None
        return decode(name, str(text))

    def put(self, name: str, doc: dict[str, Any]) -> None:
        key = self.PREFIX + check_name(name)
        text = encode(doc)
        try:
            self.ls.setItem(key, text)
        except Exception as e:  # quota exceeded, storage disabled
            raise StorageError(f"cannot write {name} to localStorage: {e}") from e

    def delete(self, name: str) -> None:
        key = self.PREFIX + check_name(name)
        try:
            self.ls.removeItem(key)
        except Exception as e:
            raise StorageError(f"cannot delete {name} from localStorage: {e}") from e

    def set_aside(self, name: str) -> str | None:
        text = self.ls.getItem(self.PREFIX + check_name(name))
        if text is None:
            return None
        backup = _backup_name(name, lambda n: self.ls.getItem(self.PREFIX + n) is not None)
        try:
            self.ls.setItem(self.PREFIX + backup, text)
            self.ls.removeItem(self.PREFIX + name)
        except Exception as e:
            raise StorageError(f"cannot set {name} aside: {e}") from e
        return backup

    def names(self) -> list[str]:
        out = []
        for i in range(int(self.ls.length)):
            key = self.ls.key(i)
            if key is not None and str(key).startswith(self.PREFIX):
                out.append(str(key)[len(self.PREFIX) :])
        return sorted(out)


def is_browser() -> bool:
    return sys.platform == "emscripten"


def data_dir() -> Path:
    """The user data folder (``ORLAN_DATA_DIR`` overrides platformdirs)."""
    env = os.environ.get("ORLAN_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def config_dir() -> Path:
    """The user config folder (``ORLAN_CONFIG_DIR`` overrides platformdirs)."""
    env = os.environ.get("ORLAN_CONFIG_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


_default: Storage | None = None


def default_storage() -> Storage:
    """The storage for this platform, created once: localStorage in a browser, files elsewhere."""
    global _default
    if _default is None:
        if is_browser():
            try:
                _default = LocalStorage()
            except Exception:  # no localStorage (private mode, sandboxed frame): play without saves
                _default = MemoryStorage()
        else:
            _default = FileStorage(data_dir())
    return _default


def set_default_storage(storage: Storage | None) -> None:
    """Replace (or with None, forget) the shared storage: tests, kiosk mode."""
    global _default
    _default = storage
