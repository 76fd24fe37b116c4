"""Kiosk mode configuration: a file the operator writes, read at start-up.

The file is ``kiosk.json`` in the user config folder (platformdirs ``user_config_dir("orlan")``;
``ORLAN_CONFIG_DIR`` overrides it), for example::

    {"enabled": true, "operator_code": "4321", "idle_timeout": 120}

* ``enabled``        kiosk mode on or off (default: on when the file exists)
* ``operator_code``  4 to 12 digits that unlock the operator menu (quit, settings)
* ``idle_timeout``   seconds without input before the app returns to the attract/menu
                     screen and abandons the game in progress (30 to 3600, default 120)

``load_kiosk()`` never raises: no file means kiosk mode is off; a file with errors also
leaves kiosk mode off (an unlocked machine is better than a locked one nobody can open)
and returns the problems as Messages (i18n key ``kiosk.invalid`` with ``field``/``value``,
or ``kiosk.corrupt``) for the operator to fix. ``python -m game.kiosk`` checks a file.
"""
from __future__ import annotations

import hmac
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.storage import Message, config_dir, is_browser

KIOSK_FILE = "kiosk.json"
DEFAULT_IDLE_TIMEOUT = 120
IDLE_TIMEOUT_RANGE = (30, 3600)
CODE_LENGTH = (4, 12)


@dataclass(frozen=True)
class KioskConfig:
    enabled: bool = False
    operator_code: str = ""
    idle_timeout: int = DEFAULT_IDLE_TIMEOUT
    path: str = ""
    problems: tuple[Message, ...] = field(default=(), compare=False)

    def check_code(self, typed: str) -> bool:
        """True if the typed code unlocks the operator menu (constant-time comparison)."""
        return bool(self.operator_code) and hmac.compare_digest(str(typed).encode(), self.operator_code.encode())


class IdleWatch:
    """Counts time without input, for the kiosk's return to the start screen.

    The app calls ``activity()`` on every input event and ``tick(dt)`` every frame;
    ``tick`` returns True once, at the frame the idle timeout is reached. Time is passed
    in, never read from a clock, so tests drive it exactly.
    """

    def __init__(self, timeout: float):
        self.timeout = float(timeout)
        self.idle = 0.0
        self.fired = False

    def activity(self) -> None:
        self.idle = 0.0
        self.fired = False

    def tick(self, dt: float) -> bool:
        self.idle += max(0.0, dt)
        if not self.fired and self.idle >= self.timeout:
            self.fired = True
            return True
        return False


def kiosk_path() -> Path:
    return config_dir() / KIOSK_FILE


def parse_kiosk(doc: Any, path: str = "") -> KioskConfig:
    """Validate a parsed kiosk document; invalid configs come back disabled with problems."""
    if not isinstance(doc, dict):
        return KioskConfig(path=path, problems=(Message("kiosk.corrupt", {"path": path}),))
    problems = []
    enabled = doc.get("enabled", True)
    if not isinstance(enabled, bool):
        problems.append(Message("kiosk.invalid", {"field": "enabled", "value": repr(enabled)}))
    code = doc.get("operator_code")
    if isinstance(code, int) and not isinstance(code, bool):
        code = str(code)  # a JSON number loses leading zeros; accept it but prefer a string
    if not (isinstance(code, str) and code.isdigit() and CODE_LENGTH[0] <= len(code) <= CODE_LENGTH[1]):
        problems.append(Message("kiosk.invalid", {"field": "operator_code", "value": repr(code)}))
    timeout = doc.get("idle_timeout", DEFAULT_IDLE_TIMEOUT)
    if not (
        isinstance(timeout, int)
        and not isinstance(timeout, bool)
        and IDLE_TIMEOUT_RANGE[0] <= timeout <= IDLE_TIMEOUT_RANGE[1]
    ):
        problems.append(Message("kiosk.invalid", {"field": "idle_timeout", "value": repr(timeout)}))
    unknown = sorted(set(doc) - {"enabled", "operator_code", "idle_timeout"})
    for name in unknown:
        problems.append(Message("kiosk.unknown_field", {"field": name}))
    fatal = [m for m in problems if m.key != "kiosk.unknown_field"]
    if fatal:
        return KioskConfig(path=path, problems=tuple(problems))
    return KioskConfig(bool(enabled), code, int(timeout), path, tuple(problems))


def load_kiosk(path: str | Path | None = None) -> KioskConfig:
    """The kiosk config from the config folder (or ``path``); disabled if absent or invalid."""
    if path is None:
        if is_browser():
            return KioskConfig()
        path = kiosk_path()
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return KioskConfig(path=str(path))
    except (OSError, UnicodeDecodeError):
        return KioskConfig(path=str(path), problems=(Message("kiosk.corrupt", {"path": str(path)}),))
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        return KioskConfig(path=str(path), problems=(Message("kiosk.corrupt", {"path": str(path)}),))
    return parse_kiosk(doc, str(path))


def main(argv: list[str] | None = None) -> int:
    """``python -m game.kiosk [FILE]``: say where the config is and whether it is valid."""
    argv = sys.argv[1:] if argv is None else argv
    cfg = load_kiosk(argv[0] if argv else None)
    print(f"kiosk config: {cfg.path}")
    for m in cfg.problems:
        print(f"  problem: {m.key} {m.params}")
    print(f"kiosk mode: {'on' if cfg.enabled else 'off'}, idle timeout {cfg.idle_timeout} s")
    return 1 if any(m.key != "kiosk.unknown_field" for m in cfg.problems) else 0


if __name__ == "__main__":
    raise SystemExit(main())
