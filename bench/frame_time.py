"""Frame times of the table while an expert AI thinks (the search runs in slices).

    python bench/frame_time.py [--turns 4] [--players 4] [--size 1280x720] [--scale 1]
    python bench/frame_time.py --size 1170x2532 --scale 3    # a 3x phone upright

The human (seat 0) lays a card; then every frame during the AIs' turns is timed (the
whole App.tick: events, bot slice, animations, drawing). Printed: median and worst frame
time during expert turns, the same for idle frames (human to play, nothing moving) as
the baseline of this run, and the ratio, and the process's peak memory (resident set).
60 fps needs frames under 16.7 ms. ``--size`` is in device pixels, ``--scale`` the density.
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.app import App  # noqa: E402
from game.scenes.match import THINK_MS, Match, Seat  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.storage import MemoryStorage  # noqa: E402


CPU: list[float] = []  # each timed frame's processor time (ms): what a busy machine does not inflate


def timed_tick(app: App, dt: float = 1 / 60) -> float:
    c0 = time.process_time()
    t0 = time.perf_counter()
    app.tick(dt)
    wall = (time.perf_counter() - t0) * 1000.0
    CPU.append((time.process_time() - c0) * 1000.0)
    return wall


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--turns", type=int, default=4, help="human turns to play")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--size", default="1280x720", help="window in device pixels")
    p.add_argument("--scale", type=float, default=1.0, help="density: device pixels per logical pixel")
    a = p.parse_args()
    w, h = map(int, a.size.split("x"))
    app = App((w, h), settings=Settings(language="en", sound=False), storage=MemoryStorage(), seed=5, density=a.scale)
    print(f"window {w}x{h} device px at density {a.scale:g} ({app.logical_size[0]:.0f}x{app.logical_size[1]:.0f} logical, {app.shape})")
    seats = [Seat("human", "You")] + [Seat("expert", f"E{i}") for i in range(1, a.players)]
    m = Match("orlan", seats, {"target": 21}, seed=5)
    app.match = m
    table = app.scenes.push(TableScene(app, m))
    idle, thinking, slices, thinking_cpu = [], [], [], []
    for _ in range(a.turns):
        # Idle frames: the human's turn, nothing animating.
        while not (m.is_human_turn() and not table.steps):
            timed_tick(app)
            if app.scenes.top is not table:
                app.scenes.top.close() if hasattr(app.scenes.top, "close") else app.scenes.pop()
        for _ in range(60):
            idle.append(timed_tick(app))
        table.play(table.moves_with([table.shown["hand"][0]])[0])
        # Frames until the human is to play again: animations and expert thinking.
        while not (m.is_human_turn() and not table.steps) and not m.finished:
            ms = timed_tick(app)
            if table.thinker is not None:
                thinking.append(ms)
                thinking_cpu.append(CPU[-1])
                slices.append(table.thinker.slice)
            if app.scenes.top is not table:
                break
    med_i, med_t = statistics.median(idle), statistics.median(thinking)
    print(f"expert think budget {THINK_MS['expert']:.0f} ms per move, {len(thinking)} frames while an expert thought")
    print(f"frame time during expert turns: median {med_t:.2f} ms, worst {max(thinking):.2f} ms, 95th pct {sorted(thinking)[int(len(thinking) * 0.95)]:.2f} ms")
    print(f"idle table frames (baseline):   median {med_i:.2f} ms, worst {max(idle):.2f} ms")
    print(f"ratio expert/idle median: {med_t / med_i:.2f}; slice used: {min(slices):.0f}-{max(slices):.0f} ms")
    print(f"processor time of those frames:  median {statistics.median(thinking_cpu):.2f} ms, worst {max(thinking_cpu):.2f} ms, 99th pct {sorted(thinking_cpu)[int(len(thinking_cpu) * 0.99)]:.2f} ms (a busy machine inflates wall time, not this)")
    print("60 fps (16.7 ms):", "median met" if med_t < 16.7 else "median NOT met", "/", "worst met" if max(thinking) < 16.7 else "worst over")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux
    print(f"peak memory (resident): {peak:.0f} MB", "(under 200 MB)" if peak < 200 else "(OVER 200 MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
