"""Where the window's size and density come from: the browser page's viewport (pygbag), the
command line or the environment on a desktop.

In the browser the canvas takes the viewport's size times ``devicePixelRatio``: the app asks
pygame for a window of that many device pixels and draws at that density, so text and cards
are as crisp as the screen. ``BrowserViewport.changed()`` is read every few frames and on
every resize event (a rotation, the address bar folding, a window dragged to another
screen), and the app lays itself out again (docs/web.md).
"""
from __future__ import annotations

import os
import sys

POLL_FRAMES = 15  # the page is read four times a second besides on resize events


def browser_window():
    """The page's ``window`` object under pygbag, None on a desktop."""
    if sys.platform != "emscripten":
        return None
    try:
        import platform

        return getattr(platform, "window", None)
    except Exception:  # pragma: no cover - a runtime without the bridge
        return None


def env_density() -> float | None:
    """``ORLAN_SCALE`` (a desktop run's density, like ``--scale``), when set to a number > 0."""
    try:
        value = float(os.environ.get("ORLAN_SCALE", ""))
    except ValueError:
        return None
    return value if value > 0 else None


class BrowserViewport:
    """The page's viewport in device pixels and its density."""

    def __init__(self, window) -> None:
        self.window = window
        self.last: tuple[tuple[int, int], float] | None = None

    def read(self) -> tuple[tuple[int, int], float]:
        """((width, height) in device pixels, devicePixelRatio) of the page now."""
        win = self.window
        try:
            density = float(getattr(win, "devicePixelRatio", 1) or 1)
        except (TypeError, ValueError):
            density = 1.0
        density = density if density > 0 else 1.0
        w, h = int(win.innerWidth), int(win.innerHeight)
        return (max(1, round(w * density)), max(1, round(h * density))), density

    def changed(self) -> tuple[tuple[int, int], float] | None:
        """The new (size, density) if the page changed since the last call, else None (also
        when the page cannot tell: the window keeps its size)."""
        try:
            now = self.read()
        except (AttributeError, TypeError, ValueError):
            return None
        if now == self.last:
            return None
        self.last = now
        return now
