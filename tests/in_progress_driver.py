"""Drives the real app, headless, through a plan of games, for tests/test_kill_between_saves.py:
``python -m tests.in_progress_driver DATA_DIR PLAN_JSON SEED``.

The app keeps its files in DATA_DIR (a FileStorage, as on a desktop). PLAN_JSON is a list
of steps ``{"game": id, "new": bool, "humans": n, "players": n, "moves": n}``: from the
menu, a new game through the setup (its Start, and Replace when the question comes), or
Continue of that game; then ``moves`` moves at the table, the people's through the table's
``play`` (the same call a tap ends in), the AIs' by running frames. After every save the
app writes, one JSON line on stdout: ``{"game", "moves", "state"}`` (moves in the game's
record, a hash of its state), printed only once the save is on disk.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.app import App  # noqa: E402
from game.scenes.menu import MenuScene  # noqa: E402
from game.scenes.setup import SetupScene  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.storage import FileStorage  # noqa: E402

DT = 1 / 60


def state_hash(state) -> str:
    return hashlib.sha256(json.dumps(state.to_json(), sort_keys=True).encode()).hexdigest()[:16]


def say(**fields) -> None:
    print(json.dumps(fields), flush=True)


def main(data_dir: str, plan: list[dict], seed: int) -> None:
    rng = random.Random(seed)
    app = App((800, 480), headless=True, settings=Settings(language="en", sound=False, animation_speed="off"), storage=FileStorage(data_dir))
    real_save = app.save_match

    def save_and_tell() -> None:
        real_save()  # on disk when it returns (game/storage.py: fsync, rename, fsync)
        m = app.match
        if m is not None and not m.finished:
            say(game=m.game_id, moves=len(m.replay.moves), state=state_hash(m.state))

    app.save_match = save_and_tell
    app.run_frames(2)  # the menu, then the games in progress are read
    say(ready=sorted(app.saved_games))
    for step in plan:
        game_id = step["game"]
        menu = app.scenes.reset(MenuScene(app))
        app.run_frames(1)
        if step["new"] or game_id not in app.saved_games:  # (a run killed before it began that game)
            setup = app.scenes.push(SetupScene(app, game_id))
            setup.players = step["players"]
            setup.kinds = ["human"] * step["humans"] + ["simple"] * (len(setup.kinds) - step["humans"])
            setup.build()
            app.run_frames(1)
            setup.start()
            top = app.scenes.top
            if getattr(top, "name", "") == "replace":
                say(asked=game_id)
                top.replace()
        else:
            menu.continue_game(game_id)
        table = app.scenes.find(TableScene)
        match = app.match
        assert table is not None and match.game_id == game_id, (step, app.scenes.stack)
        start = len(match.replay.moves)
        for _ in range(20000):
            if len(match.replay.moves) >= start + step["moves"] or match.finished:
                break
            top = app.scenes.top
            name = getattr(top, "name", "")
            if name == "handoff":
                top.tap()
            elif name == "summary":
                top.close()
            elif top is table and match.is_human_turn() and not table.steps and not table.frozen:
                table.play(rng.choice(match.legal_json()))
            app.tick(DT)
        say(done=game_id, moves=len(match.replay.moves))


if __name__ == "__main__":
    main(sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3]))
