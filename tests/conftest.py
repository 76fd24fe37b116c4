import os

# Every test runs headless, whatever the caller's environment.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# Texts are checked as they are asked for: a number passed as words, or a plural text
# without its count, fails the test that shows it (game/i18n.py).
from game import i18n  # noqa: E402

i18n.STRICT = True


import gc  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _collectable_apps():
    """The app freezes what it holds after start-up (gc.freeze, against frame-time spikes):
    a test's app would then never be collected. Unfrozen after each test, the apps of
    earlier tests are freed instead of piling up to gigabytes over the suite."""
    yield
    if gc.get_freeze_count():
        gc.unfreeze()


@pytest.fixture(autouse=True)
def _touch_minimum_back():
    """Kiosk mode raises the smallest button (widgets.MIN_BUTTON_PX) for the whole process,
    as one kiosk is one process; a test's kiosk must not leave it raised for the tests after
    it (the shelf at 640x360 then ran out of room in the full suite only)."""
    import sys

    widgets = sys.modules.get("game.ui.widgets")
    saved = widgets.MIN_BUTTON_PX if widgets else None
    yield
    widgets = sys.modules.get("game.ui.widgets")
    if widgets is not None:
        widgets.MIN_BUTTON_PX = saved if saved is not None else widgets.units.TOUCH
