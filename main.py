"""Orlan: `python main.py` opens the app; `python main.py --help` lists the headless tools.

The same file starts the browser build (pygbag, tools/build_web.py): there is no command
line there, and ``sys.exit`` would cancel the game loop, so the app loop is handed to
``asyncio.run``, which in pygbag returns at once and lets the page drive the loop.
"""
# The browser page needs nothing beyond pygbag's runtime: pygame-ce is part of it and
# pygame_gui is packed with the game (tools/build_web.py); no package is fetched, so this
# file declares no pygbag "script" dependencies.
import sys


def browser_main():
    """The app's async main loop, as the browser runs it."""
    from game.app import App

    return App().main_loop()


if sys.platform == "emscripten":
    import asyncio

    asyncio.run(browser_main())
elif __name__ == "__main__":
    from game.cli import main

    sys.exit(main(sys.argv[1:]))
