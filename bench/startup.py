"""Start-up time to the menu and peak memory through a full game.

    python bench/startup.py [--games 1] [--expert-ms 60]

1. Start-up: a fresh interpreter runs `App(...)` and draws the first menu frame; the time
   from process launch is compared with a baseline process that only opens a pygame
   window (same run, same machine), printed as seconds and as a ratio.
2. Memory: a full game (4 seats: expert, simple, expert, simple; animations off) is
   played inside the app loop, frame by frame; the peak resident memory is printed.
Headless (SDL dummy drivers) unless a display is available and --window is given.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

APP_SNIPPET = """
import time, resource
from game.app import App
app = App((1280, 720))
app.started = True  # hold the second half of start-up to time the first frame alone
app.tick(1 / 60)
shown = time.time()
assert app.scenes.top.name == "menu"
app.started = False
app.finish_start()  # saved game, rules, sounds: what follows the first frame
print(shown, time.time(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

BASELINE_SNIPPET = """
import time
import pygame
pygame.display.init()
screen = pygame.display.set_mode((1280, 720))
screen.fill((0, 0, 0))
pygame.display.flip()
print(time.time(), time.time(), 0)
"""

GAME_SNIPPET = """
import resource, sys
from game.app import App
from game.settings import Settings
from game.storage import MemoryStorage
from game.scenes import match as match_mod
from game.scenes.match import Match, Seat
from game.scenes.table import TableScene
match_mod.THINK_MS["expert"] = float(sys.argv[1])
app = App((1280, 720), settings=Settings(language="en", sound=False, animation_speed="off"), storage=MemoryStorage(), seed=7)
games = int(sys.argv[2])
frames = 0
for g in range(games):
    m = Match("orlan", [Seat("expert", "A"), Seat("simple", "B"), Seat("expert", "C"), Seat("simple", "D")], {"target": 21}, seed=g + 7)
    app.match = m
    app.scenes.push(TableScene(app, m))
    while True:
        top = app.scenes.top
        if top.name == "summary":
            top.close()
        elif top.name == "gameover":
            break
        app.tick(1 / 60)
        frames += 1
    app.scenes.top.menu()
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, frames, len(m.state.result()["rounds"]) if games else 0)
"""


def run(snippet: str, *args: str) -> tuple[float, str]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYTHONPATH"] = ROOT
    env.setdefault("ORLAN_DATA_DIR", os.path.join(tempfile.gettempdir(), "orlan-bench-data"))
    t0 = time.time()
    out = subprocess.run([sys.executable, "-c", snippet, *args], cwd=ROOT, env=env, capture_output=True, text=True)
    if out.returncode:
        raise SystemExit(out.stderr)
    return time.time() - t0, out.stdout.strip().splitlines()[-1], t0


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--expert-ms", type=float, default=60.0, help="expert think time per move in the memory run")
    p.add_argument("--repeat", type=int, default=3)
    a = p.parse_args()
    def first_frame(snippet: str) -> tuple[float, float, int]:
        _, line, t0 = run(snippet)
        shown, done, rss = line.split()
        return float(shown) - t0, float(done) - t0, int(rss)

    def main_py() -> float:
        env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"), SDL_AUDIODRIVER="dummy", ORLAN_BENCH_FIRST_FRAME="1")
        env.setdefault("ORLAN_DATA_DIR", os.path.join(tempfile.gettempdir(), "orlan-bench-data"))
        t0 = time.time()
        out = subprocess.run([sys.executable, "main.py"], cwd=ROOT, env=env, capture_output=True, text=True)
        lines = [x for x in out.stdout.splitlines() if x.startswith("first-frame")]
        if not lines:
            raise SystemExit(out.stderr)
        return float(lines[-1].split()[1]) - t0

    whole = min(main_py() for _ in range(a.repeat))
    base = min(first_frame(BASELINE_SNIPPET)[0] for _ in range(a.repeat))
    runs = [first_frame(APP_SNIPPET) for _ in range(a.repeat)]
    best = min(r[0] for r in runs)
    rest = min(r[1] for r in runs)
    print(f"start-up to the menu's first frame: {best:.3f} s (best of {a.repeat}, from process launch); bare pygame window: {base:.3f} s; ratio {best / base:.2f}")
    print(f"`python main.py` to the menu's first frame: {whole:.3f} s (best of {a.repeat}); ratio to the bare window {whole / base:.2f}")
    print(f"everything loaded (saved game, rules, sounds): {rest:.3f} s; memory then {runs[0][2] / 1024:.0f} MB")
    t, line, _ = run(GAME_SNIPPET, str(a.expert_ms), str(a.games))
    rss, frames, rounds = line.split()
    print(f"full game(s): {a.games}, {rounds} rounds, {frames} frames in {t:.1f} s; peak memory {int(rss) / 1024:.0f} MB")
    ok = whole < 1.5 and int(rss) / 1024 < 200
    print("targets (menu < 1.5 s, memory < 200 MB):", "met" if ok else "NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
