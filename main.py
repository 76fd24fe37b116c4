"""Orlan: `python main.py` opens the app; `python main.py --help` lists the headless tools.

The same file starts the browser build (pygbag, tools/build_web.py): there is no command
line there, and ``sys.exit`` would cancel the game loop, so the app loop is handed to
``asyncio.run``, which in pygbag returns at once and lets the page drive the loop.
"""
# The block below is read by pygbag in the browser: numpy comes from pygbag's package
# index; pygame-ce is part of its runtime and pygame_gui is packed with the game.
# /// script
# dependencies = ["numpy"]
# ///
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
