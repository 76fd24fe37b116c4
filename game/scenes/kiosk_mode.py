"""Kiosk mode: a public tablet that only the operator can leave.

The App installs ``KioskMode`` when its kiosk config (game/kiosk.py: the operator's
``kiosk.json``) is enabled: ``python main.py --kiosk``, or a plain start when the file is
there. The app hands every raw event to ``filter`` first and calls ``update`` and ``draw``
each frame; everything kiosk-specific lives here and in the scenes it opens:

* the window close / Alt+F4 (``pygame.QUIT``), ``App.quit`` and ``App.operator_gate`` (the
  menu's Quit and Settings, the pause screen's Settings) open the code pad; the right
  operator code then runs the action, a wrong one is refused; a settings screen reached
  any other way is replaced by the pad too;
* pressing and holding the top-left corner for 2 s opens the code pad, then the operator
  menu (settings, quit to the desktop, back);
* F11 (leave full screen) is ignored;
* after ``idle_timeout`` seconds without a touch, click or key (game.kiosk.IdleWatch), the
  game in progress is saved (game.saves) and the attract screen comes back; touching it
  shows the menu, where Continue resumes that game;
* on the table a hand card can be dragged onto the table to play it (game.ui.touch).
"""
from __future__ import annotations

import os
import signal
import sys

import pygame

from game.kiosk import IdleWatch, KioskConfig, load_kiosk
from game.scenes import catalog
from game.scenes.operator import CodeLock
from game.ui import widgets
from game.ui.touch import KIOSK_MIN_BUTTON_PX, CardDrag, HoldCorner

INPUT_EVENTS = {
    pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL,
    pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION,
    pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT,
}


def kiosk_config_for_run(path=None) -> KioskConfig | None:
    """The config for ``--kiosk``, or None (normal mode) when the file is missing, invalid
    or says ``"enabled": false``; the reason goes to stderr. Without an operator code
    nobody could ever leave, so a bad file never locks the machine."""
    config = load_kiosk(path)
    for m in config.problems:
        print(f"kiosk: {m.key} {m.params}", file=sys.stderr)
    if not config.enabled:
        print(f"kiosk: mode off (config file {config.path or '-'}): starting the normal app", file=sys.stderr)
        return None
    # Let SIGTERM / Ctrl+C stop the process (a shutdown must not hang) instead of
    # SDL turning them into a window-close event, which kiosk mode refuses.
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    return config


FINGER_LOST = 5.0  # seconds without news of the tracked finger before others count again


class KioskMode:
    def __init__(self, app, config: KioskConfig, storage=None) -> None:
        self.app = app
        self.config = config
        self.storage = storage
        self.idle = IdleWatch(config.idle_timeout)
        self.quitting = False
        self.unlocked = False  # True while an action unlocked by the code runs
        self.authorised: set[int] = set()  # ids of settings scenes opened with the code
        self.drag = CardDrag(app.scale)
        self.hold = HoldCorner()
        self.finger = None  # the finger_id of the finger on the screen, if any
        self.finger_quiet = 0.0  # seconds since that finger last moved
        self.lock = CodeLock(config.check_code)
        # Larger buttons on every screen: a public tablet is used with fingers only. One app
        # per process, so the module setting is the app's (tests put it back).
        widgets.MIN_BUTTON_PX = max(widgets.MIN_BUTTON_PX, KIOSK_MIN_BUTTON_PX)
        self.attract_seed = 1
        self.last_save_message = None
        self.show_attract()

    # ------------------------------------------------------------ scenes
    def show_attract(self) -> None:
        self.drag.reset()
        self.finger = None
        self.attract_seed += 1
        self.app.scenes.reset(catalog.make("attract", self.app, seed=self.attract_seed))

    def on_attract(self) -> bool:
        return catalog.showing(self.app.scenes.top, "attract")

    def pad_open(self) -> bool:
        return catalog.showing(self.app.scenes.top, "operator")

    def ask_code(self, then) -> None:
        """The code pad over the current screen; ``then`` runs if the right code is typed."""
        if self.pad_open():
            self.app.scenes.top.on_success = then
            return
        self.app.scenes.push(catalog.make("operator", self.app, self.lock, then, max_len=12))

    def operator_menu(self) -> None:
        self.app.scenes.push(catalog.make("operator_menu", self.app, self))

    def open_settings(self) -> None:
        scene = catalog.make("settings", self.app)
        self.authorised.add(id(scene))
        self.app.scenes.push(scene)

    def gate(self, action) -> None:
        """App.operator_gate: ``action`` (the menu's Quit or Settings...) after the code."""
        self.ask_code(lambda: self.unlocked_for(action))

    def unlocked_for(self, action) -> None:
        """Run ``action`` as the operator: App.quit goes through, a settings screen it opens
        is let in. The unlock ends with the action."""
        self.unlocked = True
        try:
            action()
        finally:
            self.unlocked = False
        if catalog.showing(self.app.scenes.top, "settings"):
            self.authorised.add(id(self.app.scenes.top))

    def request_quit(self) -> bool:
        """App.quit in kiosk mode: only after the code (True once it was typed)."""
        if self.quitting or self.unlocked:
            self.quitting = True
            return True
        self.ask_code(self.force_quit)
        return False

    def force_quit(self) -> None:
        self.quitting = True
        self.app.running = False

    def stop_on_sigterm(self) -> None:
        """A system shutdown (SIGTERM) ends the loop cleanly, saving like the operator's quit."""
        def stop(signum, frame):  # noqa: ARG001 - signal handler signature
            self.save_game()
            self.force_quit()

        try:
            signal.signal(signal.SIGTERM, stop)
        except (ValueError, OSError, AttributeError):  # not the main thread / no SIGTERM
            pass

    # ------------------------------------------------------------ saving
    def save_game(self) -> bool:
        """Save the game in progress through game.saves (the app's own save after each move,
        or ``storage`` when the kiosk was given one); True if there was a game to save."""
        m = self.app.match
        if m is None or m.finished:
            return False
        if self.storage is None:
            self.app.save_match()
            return True
        from game.saves import save_game

        self.last_save_message = save_game(m.saved(), self.storage)
        return self.last_save_message is None

    def idle_timeout(self) -> None:
        self.save_game()
        self.show_attract()

    # ------------------------------------------------------------ the app's hooks
    def filter(self, raw) -> bool:
        """Called with every raw event before the app; True means the event is used up."""
        if raw.type in INPUT_EVENTS:
            self.idle.activity()
        if raw.type == pygame.QUIT or raw.type == getattr(pygame, "WINDOWCLOSE", -1):
            if not self.quitting:
                self.request_quit()
                return True
            return False
        if raw.type == pygame.KEYDOWN and raw.key == pygame.K_F11:
            return True
        if raw.type in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            # One finger at a time: a second finger (or a palm) must not drop the dragged
            # card or press another key of the pad half-way through.
            if self.finger is not None and raw.finger_id != self.finger:
                return True
            self.finger_quiet = 0.0
            if raw.type == pygame.FINGERDOWN:
                self.finger = raw.finger_id
            elif raw.type == pygame.FINGERUP:
                self.finger = None
        event = self.app._pointer_events(raw)
        if event is None:
            return False
        self.hold.watch(event, self.app.size)
        top = self.app.scenes.top
        table = top if catalog.showing(top, "table") else None
        if table is not None or self.drag.code is not None:
            self.drag.scale = self.app.scale
            return self.drag.handle(event, table)
        return False

    def update(self, dt: float) -> None:
        """Called each frame before the scenes: settings guard, corner hold, idle timeout."""
        self.lock.update(dt)
        self.finger_quiet += dt
        if self.finger is not None and self.finger_quiet > FINGER_LOST:
            self.finger = None  # its lift was lost (focus change...): never lock touch out
        top = self.app.scenes.top
        if catalog.showing(top, "settings") and id(top) not in self.authorised:
            # Reached from the menu or the pause screen: the code first.
            self.app.scenes.pop()
            self.ask_code(self.open_settings)
        self.authorised &= {id(s) for s in self.app.scenes.stack}
        if self.hold.update(dt) and not self.pad_open():
            self.ask_code(self.operator_menu)
        if self.on_attract():
            self.idle.activity()  # the attract screen is where idle time leads: no timeout
            return
        if self.idle.tick(dt):
            self.idle.activity()
            self.idle_timeout()

    def draw(self, surface: pygame.Surface) -> None:
        top = self.app.scenes.top
        if catalog.showing(top, "table"):
            self.drag.draw(surface, top)
