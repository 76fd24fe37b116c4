"""The Orlan app: window, scene stack, main loop.

``run(argv)`` opens the menu (``python main.py``). The loop is ``async`` with
``await asyncio.sleep(0)`` each frame so the same code serves the pygbag browser build.
Tests drive it frame by frame: ``App(size, headless=True)``, ``app.tick(dt)`` or
``app.run_frames(n, dt)``, with time injected through ``dt``.
"""
from __future__ import annotations

import gc
import os
import sys
import pygame
import pygame_gui

from game import i18n
from game.settings import SETTINGS_NAME, Settings
from game.stats import Stats
from game.storage import MemoryStorage, default_storage
from game.ui.cards import TABLES
from game.ui.deck_art import DeckArt
from game.ui.fonts import ui_font_size
from game.ui.sounds import Sounds

# The rules, the saved game and the sound files are loaded just after the first menu frame
# (App.finish_start), so the menu shows up fast.

MIN_SIZE = (800, 480)
SPEED_FACTOR = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "off": 0.0}


def load_settings(storage) -> tuple[Settings, list]:
    """The saved settings; on the very first start, the system language (fr/nl/en)."""
    try:
        first = storage.get(SETTINGS_NAME) is None
    except Exception:  # a corrupt document: Settings.load sets it aside and says so
        first = False
    settings, msg = Settings.load(storage)
    if first:
        settings.language = i18n.system_language()
    return settings, [msg] if msg else []


def build_theme(scale: float) -> dict:
    fs = str(ui_font_size(scale))
    radius = str(max(6, int(12 * scale)))
    button_colours = {
        "normal_bg": "#25364a", "hovered_bg": "#34506e", "active_bg": "#1a2838",
        "selected_bg": "#e0b531", "disabled_bg": "#2a2d31",
        "normal_text": "#ffffff", "hovered_text": "#ffffff", "active_text": "#ffffff",
        "selected_text": "#15171a", "disabled_text": "#7d838b",
        "normal_border": "#9fb4cf", "hovered_border": "#ffffff", "selected_border": "#fff2b8",
        "active_border": "#ffffff", "disabled_border": "#4a4f56",
    }
    font = {"name": "noto_sans", "size": fs, "bold": "1"}
    return {
        "button": {"colours": button_colours, "font": font,
                   "misc": {"shape": "rounded_rectangle", "shape_corner_radius": radius, "border_width": "2", "text_shadow_size": "0"}},
        "label": {"colours": {"normal_text": "#ffffff", "dark_bg": "#00000000"}, "font": font},
        "text_entry_line": {"font": {"name": "noto_sans", "size": fs, "bold": "0"},
                            "colours": {"dark_bg": "#102030", "normal_border": "#9fb4cf", "normal_text": "#ffffff", "selected_bg": "#e0b531"},
                            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": radius, "border_width": "2"}},
        "#small": {"font": {"name": "noto_sans", "size": str(max(12, int(int(fs) * 0.8))), "bold": "1"}},
    }


class App:
    def __init__(self, size=(1280, 720), headless: bool | None = None, settings: Settings | None = None, stats: Stats | None = None, seed: int | None = None, storage=None, kiosk=None) -> None:
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.display.init()
        pygame.font.init()
        # Headless runs (tests, screenshots, benches) never touch the player's files.
        self.storage = storage or (MemoryStorage() if headless else default_storage())
        self.messages: list = []  # storage Messages to show once (i18n key + params)
        self.shown_messages: list = []  # those already shown, for tests and logs
        self.toast: list | None = None
        if settings is None:
            settings, msgs = load_settings(self.storage)
            self.messages += msgs
        self.settings = settings
        i18n.set_language(self.settings.language)
        self.size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        pygame.display.set_caption("Orlan")
        self.scale = self._scale_for(self.size)
        self.ui = self._make_ui()
        self.cards = DeckArt()  # every deck's faces: app.cards.face(code, width, four, deck=...)
        self.sounds = Sounds(self.settings.sound)
        if stats is None:
            stats, msg = Stats.load(self.storage)
            if msg:
                self.messages.append(msg)
        self.stats = stats
        self.seed = seed
        self.match = None  # the game in progress (Continue)
        self.shelf_game: str | None = None  # the game last chosen on the menu's shelf
        self.started = False
        # Kiosk mode: the config from game/kiosk.py (the operator's file), the behaviour in
        # game/scenes/kiosk_mode.py (attract screen, code pad, idle save, touch gestures).
        from game.kiosk import KioskConfig, load_kiosk

        if kiosk is None:
            kiosk = KioskConfig() if headless else load_kiosk()
        self.kiosk_config = kiosk
        self.messages += list(kiosk.problems)
        self.kiosk = None  # the KioskMode when kiosk.enabled, installed below
        self.running = True
        self.frame = 0
        self.clock = pygame.time.Clock()
        from game.scenes import catalog
        from game.scenes.base import SceneManager

        self.scenes = SceneManager(self)
        self.scenes.push(catalog.make("menu", self))
        if kiosk.enabled:
            from game.scenes.kiosk_mode import KioskMode

            self.kiosk = KioskMode(self, kiosk)

    # ------------------------------------------------------------ window
    @staticmethod
    def _scale_for(size) -> float:
        return max(0.6, min(size[0] / 1280, size[1] / 720, 3.0))

    def _make_ui(self) -> pygame_gui.UIManager:
        ui = pygame_gui.UIManager(self.size, build_theme(self.scale), enable_live_theme_updates=False)
        return ui

    @property
    def table_colour(self) -> tuple:
        return TABLES.get(self.settings.table_colour, TABLES["green"])

    def resize(self, size) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if size == self.size and self.screen.get_size() == size:
            return
        self.size = size
        if not self.settings.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        old_font = ui_font_size(self.scale)
        self.scale = self._scale_for(size)
        self.cards.clear()
        if ui_font_size(self.scale) != old_font:
            for s in self.scenes.stack:
                s.clear()
            self.ui = self._make_ui()
        else:
            self.ui.set_window_resolution(size)
        self.scenes.rebuild()

    def set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        try:
            if on:
                self.windowed_size = self.size
                sizes = pygame.display.get_desktop_sizes() if hasattr(pygame.display, "get_desktop_sizes") else []
                self.screen = pygame.display.set_mode(sizes[0] if sizes else self.size, pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(getattr(self, "windowed_size", self.size), pygame.RESIZABLE)
        except pygame.error:
            self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        self.resize(self.screen.get_size())

    def finish_start(self) -> None:
        """Second half of start-up, after the menu is on screen: saved game and sounds."""
        if self.started:
            return
        self.started = True
        from game.saves import load_game

        saved = load_game(self.storage)
        if saved.message:
            self.messages.append(saved.message)
        if saved.game is not None and self.match is None:
            from game.scenes.match import Match

            try:
                self.match = Match.from_saved(saved.game)
            except (ValueError, KeyError):
                self.match = None
            if self.match is not None:
                self.scenes.rebuild()  # the menu's Continue button comes alive
        self.sounds.load()
        # Everything loaded so far lives as long as the app: keep it out of the collector's
        # full passes, which otherwise show up as frame-time spikes while an AI searches.
        gc.collect()
        gc.freeze()

    def operator_gate(self, action) -> None:
        """In kiosk mode, quitting and settings need the operator code (the code pad)."""
        if self.kiosk is None:
            action()
            return
        self.kiosk.gate(action)

    def save_match(self) -> None:
        """After every move: the game in progress is saved; a finished one is discarded."""
        m = self.match
        if m is None:
            return
        from game.saves import discard_game, save_game

        if m.finished:
            discard_game(self.storage)
            return
        msg = save_game(m.saved(), self.storage)
        if msg:
            self.messages.append(msg)

    def record_finished(self, match) -> None:
        if match.recorded:
            return
        match.recorded = True
        if self.stats.record_game(match.tally):
            msg = self.stats.save(self.storage)
            if msg:
                self.messages.append(msg)
        self.keep_replay(match)
        from game.saves import discard_game

        discard_game(self.storage)

    @property
    def recent_games(self):
        """The last finished games of every profile (game/replay.py), read on first use."""
        if getattr(self, "_recent", None) is None:
            from game.replay import RecentGames

            self._recent = RecentGames.load(self.storage)
            if self._recent.message:
                self.messages.append(self._recent.message)
        return self._recent

    def keep_replay(self, match) -> None:
        """A finished game with a person at the table joins their recent games (after its
        statistics: a replay that could not be written never costs the statistics)."""
        rep = match.replay
        if rep is None or not match.humans:
            return
        rep.finish(match.state)
        msg = self.recent_games.add(rep)
        if msg:
            self.messages.append(msg)

    def apply_settings(self) -> None:
        """Called by the settings scene after any change: everything takes effect at once."""
        msg = self.settings.save(self.storage)
        if msg:
            self.messages.append(msg)
        i18n.set_language(self.settings.language)
        self.sounds.enabled = self.settings.sound
        self.cards.clear()
        if bool(self.settings.fullscreen) != bool(self.screen.get_flags() & pygame.FULLSCREEN):
            self.set_fullscreen(self.settings.fullscreen)
        for s in self.scenes.stack:
            if hasattr(s, "settings_changed"):
                s.settings_changed()
        self.scenes.rebuild()  # new language / colours on the visible scene at once

    @property
    def speed(self) -> float:
        """Animation time factor: 0 means instant."""
        return SPEED_FACTOR.get(self.settings.animation_speed, 1.0)

    # ------------------------------------------------------------ loop
    def _pointer_events(self, event):
        """Touch: a finger becomes a left click at its pixel position; mouse events that SDL
        synthesises from touch are dropped so a tap counts once."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) and getattr(event, "touch", False):
            return None
        w, h = self.screen.get_size()
        if event.type in (pygame.FINGERDOWN, pygame.FINGERUP):
            pos = (int(event.x * w), int(event.y * h))
            kind = pygame.MOUSEBUTTONDOWN if event.type == pygame.FINGERDOWN else pygame.MOUSEBUTTONUP
            return pygame.event.Event(kind, pos=pos, button=1, touch=False, finger=True)
        if event.type == pygame.FINGERMOTION:
            pos = (int(event.x * w), int(event.y * h))
            return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(int(event.dx * w), int(event.dy * h)), buttons=(1, 0, 0), touch=False, finger=True)
        return event

    def tick(self, dt: float | None = None) -> None:
        """One frame: events, update, draw. dt in seconds (measured when not given)."""
        if dt is None:
            dt = self.clock.tick(60) / 1000.0
        dt = min(dt, 0.25)
        for raw in pygame.event.get():
            if self.kiosk is not None and self.kiosk.filter(raw):
                continue
            if raw.type == pygame.QUIT:
                self.running = False
                continue
            if raw.type == pygame.VIDEORESIZE:
                self.resize((raw.w, raw.h))
                continue
            if raw.type == pygame.WINDOWSIZECHANGED:
                self.resize(self.screen.get_size())
                continue
            if raw.type == pygame.KEYDOWN and raw.key == pygame.K_F11 and self.kiosk is None:
                self.set_fullscreen(not self.settings.fullscreen)
                continue
            event = self._pointer_events(raw)
            if event is None:
                continue
            self.ui.process_events(event)
            self.scenes.handle(event)
        if self.kiosk is not None:
            self.kiosk.update(dt)
        self.scenes.update(dt)
        self.ui.update(dt)
        self.screen.fill(self.table_colour)
        self.scenes.draw(self.screen)
        self.ui.draw_ui(self.screen)
        top = self.scenes.top
        if top is not None and hasattr(top, "draw_over"):
            top.draw_over(self.screen)
        if self.kiosk is not None:
            self.kiosk.draw(self.screen)
        self._draw_toast(dt)
        pygame.display.flip()
        self.frame += 1
        if not self.started:
            self.finish_start()

    def _draw_toast(self, dt: float) -> None:
        """Storage messages (a save that could not be read or written...), one at a time."""
        if self.toast is None and self.messages:
            msg = self.messages.pop(0)
            self.shown_messages.append(msg)
            self.toast = [i18n.t(msg.key, **msg.params), 6.0]
        if self.toast is None:
            return
        from game.ui import fonts, widgets

        self.toast[1] -= dt
        w, h = self.screen.get_size()
        size = max(14, int(18 * self.scale))
        lines = fonts.wrap(self.toast[0], size, int(w * 0.8))
        imgs = [fonts.render(line, size, widgets.WHITE) for line in lines]
        box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 30, sum(i.get_height() for i in imgs) + 16)
        box.midbottom = (w // 2, h - int(12 * self.scale))
        widgets.panel(self.screen, box, alpha=230, colour=(90, 30, 30))
        y = box.y + 8
        for img in imgs:
            self.screen.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += img.get_height()
        if self.toast[1] <= 0:
            self.toast = None

    def run_frames(self, n: int, dt: float = 1 / 60) -> None:
        for _ in range(n):
            self.tick(dt)

    async def main_loop(self) -> None:
        import asyncio  # imported after the first frame: it costs a third of a second

        while self.running:
            self.tick()
            await asyncio.sleep(0)
        pygame.quit()

    def quit(self) -> None:
        if self.kiosk is not None and not self.kiosk.request_quit():
            return  # kiosk mode: the code pad first
        self.running = False


def run(argv: list[str] | None = None) -> int:
    size = (1280, 720)
    kiosk = False
    if argv:
        for a in argv:
            if a.startswith("--size="):
                w, h = a.split("=", 1)[1].split("x")
                size = (int(w), int(h))
            kiosk = kiosk or a == "--kiosk"
    config = None
    if kiosk:
        from game.scenes.kiosk_mode import kiosk_config_for_run

        config = kiosk_config_for_run()  # None: says on stderr why kiosk mode stays off
    # Without --kiosk the App reads the kiosk file itself (kiosk mode if it is there and valid).
    app = App(size) if config is None else App(size, kiosk=config)
    if app.kiosk is not None:
        app.set_fullscreen(True)
        app.kiosk.stop_on_sigterm()
        print(f"kiosk: on (config {app.kiosk_config.path}, idle timeout {app.kiosk_config.idle_timeout} s)", file=sys.stderr, flush=True)
    app.tick()  # the menu is on screen before the rest loads
    if os.environ.get("ORLAN_BENCH_FIRST_FRAME"):
        # bench/startup.py: report when the menu was first drawn, then stop.
        print("first-frame", __import__("time").time(), flush=True)
        return 0
    import asyncio

    asyncio.run(app.main_loop())
    return 0


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
