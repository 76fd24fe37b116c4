import os

# Every test runs headless, whatever the caller's environment.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# Texts are checked as they are asked for: a number passed as words, or a plural text
# without its count, fails the test that shows it (game/i18n.py).
from game import i18n  # noqa: E402

i18n.STRICT = True
