"""Where the read-only game data (data/i18n, data/cards) is, however Orlan was started.

    from game.paths import data_path
    data_path("i18n", "en.json")

* from a source checkout (``python main.py``, tests, the browser build's staged copy):
  ``<checkout>/data``, next to the ``game`` package;
* installed with ``pip install .``: the build copies data/ into the package as
  ``game/data`` (see setup.py), since site-packages has no room for a top-level data/;
* PyInstaller bundle: the spec puts it at ``game/data`` inside the bundle too.

User files (saves, settings, statistics) are elsewhere: see game/storage.py.
"""
from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir() -> Path:
    """The folder holding i18n/ and cards/."""
    for candidate in (_PACKAGE / "data", _PACKAGE.parent / "data"):
        if candidate.is_dir():
            return candidate
    return _PACKAGE.parent / "data"  # missing data: the caller's open() names the path tried


def data_path(*parts: str) -> Path:
    return data_dir().joinpath(*parts)
