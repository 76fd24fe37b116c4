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


PAGE_ROTATES = r"""
import asyncio, json, os, platform, runpy, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
import pygame, pygame_gui
from game.app import App
from game.scenes import catalog
from game.scenes.match import Match, Seat


class Page:
    # The page's window as the app reads it: a phone upright, 390x844 CSS px at 3x.
    innerWidth, innerHeight, devicePixelRatio = 390, 844, 3
    localStorage = None


class LocalStorage(dict):
    def getItem(self, k): return self.get(k)
    def setItem(self, k, v): self[k] = str(v)
    def removeItem(self, k): self.pop(k, None)
    def key(self, i): return list(self)[i]
    @property
    def length(self): return len(self)


page = Page()
page.localStorage = LocalStorage()
platform.window = page
seen = {"log": []}
real_tick = App.tick

def tick(self, dt=None):
    real_tick(self, 1 / 60)
    seen["app"] = self
    top = self.scenes.top
    if self.frame == 5:  # a game at the table, a card chosen
        self.match = Match("olsen", [Seat("human", "Ana")] + [Seat("simple", f"B{i}") for i in range(1, 4)], {}, seed=3)
        table = self.scenes.push(catalog.make("table", self, self.match))
        seen["table"] = table
    table = seen.get("table")
    if self.frame == 49:
        seen["state"] = self.match.state.to_json()
    if self.frame == 52:
        seen["after"] = self.match.state.to_json()
    if self.frame == 50:
        # The phone turns: the page is 844x390 CSS px, and SDL says so in CSS pixels.
        page.innerWidth, page.innerHeight = 844, 390
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=844, h=390, size=(844, 390)))
    if self.frame == 100:
        # Dragged to another screen: a new density, and no event at all (the page is read anyway).
        page.innerWidth, page.innerHeight, page.devicePixelRatio = 1000, 600, 2
    if self.frame in (10, 52, 130):
        seen["log"].append({"frame": self.frame, "size": list(self.size), "screen": list(self.screen.get_size()),
                            "density": self.density, "shape": self.shape,
                            "table": list(table.geo.units.size) if table is not None else None,
                            "hand_bottom": table.hand_area.bottom if table is not None else None,
                            "top": top.name})
    if self.frame == 140:
        pygame.event.post(pygame.event.Event(pygame.QUIT))
App.tick = tick

def page_run(coro):
    seen["coro"] = coro
asyncio.run = page_run
sys.platform = "emscripten"
runpy.run_path("main.py", run_name="__main__")
sys.platform = "linux"
asyncio.new_event_loop().run_until_complete(seen["coro"])
app = seen["app"]
print(json.dumps({"log": seen["log"], "same_game": seen["after"] == seen["state"]}))
"""


def test_a_rotation_or_a_new_density_of_the_page_reaches_the_app_as_a_resize():
    """The page's viewport times devicePixelRatio is the window; a rotation (with SDL's resize
    event in CSS pixels) and a silent change of size and density (read every few frames)
    each lay the app out again at the new size, the game kept."""
    proc = subprocess.run([sys.executable, "-c", PAGE_ROTATES], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    upright, turned, moved = report["log"]
    assert upright["size"] == upright["screen"] == [1170, 2532] and upright["density"] == 3 and upright["shape"] == "portrait"
    assert turned["size"] == turned["screen"] == [2532, 1170] and turned["density"] == 3 and turned["shape"] == "short"
    assert turned["table"] == [2532, 1170] and turned["hand_bottom"] <= 1170 and turned["top"] == "table"
    assert moved["size"] == moved["screen"] == [2000, 1200] and moved["density"] == 2 and moved["table"] == [2000, 1200]
    assert report["same_game"] is True
