"""The app runs without numpy (the browser page loads nothing but pygbag's runtime): in a
fresh interpreter where numpy cannot be imported (``sys.modules["numpy"] = None``, which
also makes ``importlib.util.find_spec`` answer None, as for a missing package), import the app, every scene, every
registered game's rules, bots and other parts, start the app, and play a few moves of
every game with every bot level."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = r'''
import importlib, pkgutil, sys

# As if numpy were not installed: find_spec("numpy") is None and "import numpy" fails.
sys.modules["numpy"] = None

import game.app
import game.scenes
for mod in pkgutil.iter_modules(game.scenes.__path__):
    importlib.import_module(f"game.scenes.{mod.name}")
import game.protocol, game.saves, game.stats, game.cli
from game.registry import ENTRIES
for entry in ENTRIES:
    for part in ("rules", "bots", "view", "stats"):
        if getattr(entry, part):
            entry.load(part)

from game.app import App
from game.settings import Settings
from game.storage import MemoryStorage
app = App((800, 480), settings=Settings(language="en", sound=True), storage=MemoryStorage(), seed=1)
for _ in range(3):
    app.tick(1 / 60)
app.finish_start()
app.sounds.play("capture")

from game.bots import LEVELS, make_bot
from game.rules import game_class
for entry in ENTRIES:
    cls = game_class(entry.id)
    for level in LEVELS:
        state = cls.new(cls.info.max_players, {}, 5)
        for _ in range(6):
            seat = state.current_player()
            bot = make_bot(level, entry.id, seed=1, ms=20, iterations=8)
            state.apply(bot.choose(state.observation(seat)))

assert sys.modules["numpy"] is None and not [m for m in sys.modules if m.startswith("numpy.")]
print("ok", len(ENTRIES))
'''


def test_the_app_imports_and_plays_with_numpy_unimportable(tmp_path):
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env={"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin",
                              "HOME": str(tmp_path), "ORLAN_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.splitlines()[-1].startswith("ok ")
