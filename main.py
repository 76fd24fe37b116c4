"""Orlan: `python main.py` opens the app; `python main.py --help` lists the headless tools."""
import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
