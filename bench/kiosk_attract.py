"""Frame times of the kiosk attract screen (the demo of simple AIs with the pulsing prompt).

    python bench/kiosk_attract.py [--seconds 60] [--sizes 800x480,1920x1080]

For each size: the whole App.tick is timed over ``--seconds`` of demo (60 frames a second
of game time), and, as the baseline of the same run, the idle frames of an ordinary table
(a human to play, nothing moving) at the same size. Printed: median and worst frame time
(99th percentile) of each and the ratio of the medians. The first frame of the attract
screen (the app's second start-up half: saved game, sounds) is left out and printed alone.
60 fps needs frames under 16.7 ms.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.app import App  # noqa: E402
from game.kiosk import KioskConfig  # noqa: E402
from game.scenes.kiosk_mode import KioskMode  # noqa: E402
from game.scenes.match import Match, Seat  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.storage import MemoryStorage  # noqa: E402

DT = 1 / 60


def timed_frames(app: App, n: int) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        app.tick(DT)
        out.append((time.perf_counter() - t0) * 1000.0)
    return out


def p99(values: list[float]) -> float:
    return sorted(values)[int(0.99 * (len(values) - 1))]


def new_app(size) -> App:
    return App(size, headless=True, settings=Settings(language="en", sound=False), seed=3, storage=MemoryStorage())


def baseline(size, n: int) -> list[float]:
    app = new_app(size)
    seats = [Seat("human", "You")] + [Seat("simple", f"Bot {i}") for i in (2, 3, 4)]
    match = Match("orlan", seats, {"target": 21, "teams": False, "starter": 0}, seed=3)
    app.match = match
    table = app.scenes.reset(TableScene(app, match))
    for _ in range(6000):  # until the human is to play and nothing moves
        if table.my_turn() and not table.steps:
            break
        app.tick(DT)
    return timed_frames(app, n)


def attract(size, n: int) -> list[float]:
    app = new_app(size)
    app.kiosk = KioskMode(app, KioskConfig(True, "2468", 3600), storage=MemoryStorage())
    return timed_frames(app, n)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--seconds", type=float, default=60.0, help="demo time to run per size")
    p.add_argument("--sizes", default="800x480,1920x1080")
    a = p.parse_args()
    n = int(a.seconds / DT)
    for spec in a.sizes.split(","):
        size = tuple(int(v) for v in spec.split("x"))
        base = baseline(size, min(n, 300))
        first, *demo = attract(size, n + 1)
        mb, md = statistics.median(base), statistics.median(demo)
        print(f"{spec}: attract median {md:.1f} ms, p99 {p99(demo):.1f} ms over {n} frames (first frame {first:.0f} ms); "
              f"idle table median {mb:.1f} ms, p99 {p99(base):.1f} ms; ratio {md / mb:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
