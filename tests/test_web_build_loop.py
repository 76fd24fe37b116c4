"""The browser entry point and the app's async main loop, run headless under CPython.

pygbag runs main.py with sys.platform == "emscripten"; asyncio.run returns at once there and
the page steps the loop every animation frame. Here the same path is taken in a subprocess
with sys.platform patched, a stand-in for the page's localStorage, and an asyncio.run that
steps the loop for a few hundred frames like the page would.
"""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BROWSER_RUN = r"""
import asyncio, os, platform, runpy, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
import pygame, pygame_gui  # imported before the platform switch, as the runtime has them built in
from game.app import App

class LocalStorage(dict):
    def getItem(self, k): return self.get(k)
    def setItem(self, k, v): self[k] = str(v)
    def removeItem(self, k): self.pop(k, None)
    def key(self, i): return list(self)[i]
    @property
    def length(self): return len(self)

ls = LocalStorage()
platform.window = type("Window", (), {"localStorage": ls})()
FRAMES = int(sys.argv[1])
# What an earlier visit left in the page's storage: a game in progress and damaged settings.
import json, random
from game.rules import new_game
from game.saves import SavedGame, Seat, save_game
from game.storage import MemoryStorage
state = new_game("orlan", 2, seed=5)
for _ in range(7):
    state.apply(random.Random(1).choice(state.legal_moves()))
mem = MemoryStorage()
save_game(SavedGame(state, [Seat("Ana"), Seat("Bot", "ai", "simple")], 20), mem)
# The single game in progress of an older Orlan, under its old key.
ls.setItem("orlan:current_game", mem.texts["game.orlan"])
ls.setItem("orlan:settings", "{truncated")
seen = {}
real_tick = App.tick

def tick(self, dt=None):
    real_tick(self, 1 / 60)  # simulated time: no 60 fps wait
    seen["app"] = self
    w, h = self.screen.get_size()
    # The pointer wanders over the menu (hover effects) without clicking Quit.
    pos = (self.frame * 37 % w, self.frame * 53 % h)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    if self.frame == FRAMES:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
App.tick = tick

def page_run(coro):
    # The page: returns to main.py at once, then steps the loop frame after frame.
    seen["coro"] = coro
asyncio.run = page_run
sys.platform = "emscripten"
runpy.run_path("main.py", run_name="__main__")
sys.platform = "linux"
coro = seen["coro"]
loop = asyncio.new_event_loop()
loop.run_until_complete(coro)
app = seen["app"]
print(json.dumps({
    "resumed": app.match is not None and app.match.state.to_json() == state.to_json(),
    "messages": [m.key for m in app.shown_messages + app.messages],
    "keys": sorted(ls),
}))
print("frames", app.frame, "running", app.running)
"""


def test_browser_entry_runs_the_app_loop_for_hundreds_of_frames():
    proc = subprocess.run(
        [sys.executable, "-c", BROWSER_RUN, "300"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    *_, report, last = proc.stdout.strip().splitlines()
    assert last == "frames 301 running False", proc.stdout[-2000:]  # QUIT posted at 300, handled next frame
    report = json.loads(report)
    # Storage went to the page's localStorage: the saved game resumed, the damaged
    # settings were reported and kept aside under a backup key.
    assert report["resumed"] is True
    assert "settings.corrupt" in report["messages"]
    # The old single save moved into Orlan's own slot.
    assert "orlan:game.orlan" in report["keys"] and "orlan:current_game" not in report["keys"]
    assert any(k.startswith("orlan:settings.bad-") for k in report["keys"])


def test_async_main_loop_under_asyncio_yields_every_frame_and_stops_on_quit():
    code = r"""
import asyncio, os
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
import pygame
from game.app import App

app = App(headless=True)
real_tick = App.tick
App.tick = lambda self, dt=None: real_tick(self, 1 / 60)
beats = []

async def other_task():
    # Runs between frames only if the loop yields each frame (as the browser needs).
    while app.running:
        beats.append(app.frame)
        if app.frame == 250:
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        await asyncio.sleep(0)

async def both():
    await asyncio.gather(app.main_loop(), other_task())

asyncio.run(both())
print(app.frame, len(set(beats)))
"""
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    frames, distinct = map(int, proc.stdout.split()[-2:])
    assert frames == 251 and distinct >= 250
