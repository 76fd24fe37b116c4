"""Entry point of the PyInstaller build: the same as main.py, plus a smoke test.

    orlan                     opens the app
    orlan --help              lists the headless tools (simulate, arena, protocol)
    orlan --smoke-test 120    opens the app headless, runs 120 frames, prints the scene
                              reached (e.g. "smoke test: MenuScene after 120 frames")
                              and exits: used by tools/build_desktop.py to check a build
"""
import os
import sys


def smoke_test(frames: int) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from game.app import App

    app = App(headless=True)
    app.run_frames(frames)
    print(f"smoke test: {type(app.scenes.top).__name__} after {app.frame} frames", flush=True)
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["--smoke-test"]:
        return smoke_test(int(argv[1]) if len(argv) > 1 else 120)
    from game.cli import main as cli_main

    return cli_main(argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
