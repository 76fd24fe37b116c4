"""The Orlan app: window, scene stack, main loop.

``run(argv)`` opens the menu (``python main.py``). The window is given in device pixels with a
density (device pixels per logical pixel: ``--scale``, ``ORLAN_SCALE``, the browser's
``devicePixelRatio``); ``app.units`` holds its measures and shape (game/ui/units.py,
docs/layout.md). The loop is ``async`` with
``await asyncio.sleep(0)`` each frame so the same code serves the pygbag browser build.
Tests drive it frame by frame: ``App(size, headless=True)``, ``app.tick(dt)`` or
``app.run_frames(n, dt)``, with time injected through ``dt``.
"""
from __future__ import annotations

import gc
import math
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
from game.ui import fonts
from game.ui.fonts import ui_font_size
from game.ui.sounds import Sounds
from game.ui.units import Units, units_for
from game.ui.viewport import POLL_FRAMES, BrowserViewport, browser_window, env_density

# The rules, the saved game and the sound files are loaded just after the first menu frame
# (App.finish_start), so the menu shows up fast.

SPEED_FACTOR = {"slow": 0.6, "normal": 1.0, "fast": 2.0, "off": 0.0}
# Below this many logical pixels a side, the app lays itself out at this size and shows the
# picture shrunk into the window: no screen is designed for less, and none may crash.
LAYOUT_FLOOR = 240


def layout_size(size, density: float) -> tuple[int, int]:
    """The device size the scenes are laid out for in a window of ``size`` device pixels."""
    floor = int(math.ceil(LAYOUT_FLOOR * density))
    return (max(floor, int(size[0])), max(floor, int(size[1])))


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


# At this density and above (phones, retina screens) buttons have square corners: pygame_gui
# draws a rounded button at four times its size to smooth the corners, which at a 3x phone's
# size took the app's peak memory from 167 to 217 MB (bench/frame_time.py at 1170x2532).
SQUARE_CORNERS_FROM_DENSITY = 2.0


def build_theme(scale: float, density: float = 1.0) -> dict:
    fs = str(ui_font_size(scale))
    radius = str(min(100, max(6, int(12 * scale))))
    shape = "rectangle" if density >= SQUARE_CORNERS_FROM_DENSITY else "rounded_rectangle"
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
                   "misc": {"shape": shape, "shape_corner_radius": radius, "border_width": "2", "text_shadow_size": "0"}},
        "label": {"colours": {"normal_text": "#ffffff", "dark_bg": "#00000000"}, "font": font},
        "text_entry_line": {"font": {"name": "noto_sans", "size": fs, "bold": "0"},
                            "colours": {"dark_bg": "#102030", "normal_border": "#9fb4cf", "normal_text": "#ffffff", "selected_bg": "#e0b531"},
                            "misc": {"shape": shape, "shape_corner_radius": radius, "border_width": "2"}},
        "#small": {"font": {"name": "noto_sans", "size": str(max(12, int(int(fs) * 0.8))), "bold": "1"}},
    }


def assign_player(saved, pid: str, stats) -> bool:
    """Give the human seats of a saved game that name player ``pid`` without its id (a save
    from before ids) that id, in the seats and the statistics tally. True if any changed."""
    changed = False
    seats = saved.tally.get("seats") if isinstance(saved.tally, dict) else None
    for i, seat in enumerate(saved.seats):
        if seat.kind == "human" and seat.player is None and stats.find(seat.name) == pid:
            seat.player = pid
            if isinstance(seats, list) and i < len(seats) and isinstance(seats[i], dict):
                seats[i]["player"] = pid
            changed = True
    return changed


def rename_seats(saved, pid: str, name: str) -> bool:
    """The human seats of player ``pid`` in a saved game (and its tally) under ``name``."""
    changed = False
    seats = saved.tally.get("seats") if isinstance(saved.tally, dict) else None
    for i, seat in enumerate(saved.seats):
        if seat.player == pid and seat.name != name:
            seat.name = name
            if isinstance(seats, list) and i < len(seats) and isinstance(seats[i], dict):
                seats[i]["name"] = name
            changed = True
    return changed


def message_params(params: dict) -> dict:
    """A storage message's parameters as shown: ``game`` (a game id) becomes its title."""
    from game import registry

    game = params.get("game")
    if game is None:
        return params
    entry = registry.BY_ID.get(game)
    return {**params, "game": i18n.t(entry.title_key) if entry is not None else i18n.t("save.unknown_game")}


class App:
    def __init__(self, size=(1280, 720), headless: bool | None = None, settings: Settings | None = None, stats: Stats | None = None, seed: int | None = None, storage=None, kiosk=None, density: float | None = None) -> None:
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
        # In the browser the page says both (its viewport times devicePixelRatio); elsewhere
        # the caller, --scale or ORLAN_SCALE say the density, 1 by default.
        window = None if headless else browser_window()
        self.viewport = BrowserViewport(window) if window is not None else None
        page = self.viewport.changed() if self.viewport is not None else None
        if page is not None:
            size, density = page[0], density or page[1]
        density = density or env_density() or 1.0
        self.window_size = (max(1, int(size[0])), max(1, int(size[1])))
        self.set_units(units_for(layout_size(self.window_size, density), density))
        self.screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        self._fit_canvas()
        pygame.display.set_caption("Orlan")
        self.ui = self._make_ui()
        self.cards = DeckArt()  # every deck's faces: app.cards.face(code, width, four, deck=...)
        self.sounds = Sounds(self.settings.sound)
        if stats is None:
            stats, msg = Stats.load(self.storage)
            if msg:
                self.messages.append(msg)
        self.stats = stats
        self.seed = seed
        # Every game in progress, one per game of the shelf (game/saves.py), as last saved:
        # game id -> SavedGame. Read just after the first frame (finish_start).
        self.saved_games: dict = {}
        self.match = None  # the game being played (or the one Continue offers first)
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

    @property
    def match(self):
        return self._match

    @match.setter
    def match(self, match) -> None:
        """The game being played. A game set here that was never saved (a test, a tool, a
        rematch) is in progress from now on, in memory until its first move is saved."""
        self._match = match
        if match is not None and not match.finished and match.game_id not in self.saved_games:
            from game.saves import now_text

            saved = match.saved()
            saved.saved_at = now_text()
            self.saved_games[match.game_id] = saved

    # ------------------------------------------------------------ window
    def set_units(self, units: Units) -> None:
        """The window's measures: device size, density, zoom, shape (game/ui/units.py)."""
        self.units = units
        self.size = units.size
        self.density = units.density
        self.scale = units.scale  # device pixels per design pixel
        fonts.set_density(units.density)

    def _fit_canvas(self) -> None:
        """The surface the scenes draw on: the window itself, or (a window smaller than the
        layout floor) a surface of the layout size shown shrunk and centred in it."""
        win = self.screen.get_size()
        if win == self.size:
            self.canvas = self.screen
            self._shrink = (1.0, 0, 0)
            return
        self.canvas = pygame.Surface(self.size).convert()
        f = min(win[0] / self.size[0], win[1] / self.size[1])
        self._shrink = (f, (win[0] - self.size[0] * f) / 2, (win[1] - self.size[1] * f) / 2)

    def _to_canvas(self, pos) -> tuple[int, int]:
        f, ox, oy = self._shrink
        if f == 1.0:
            return (int(pos[0]), int(pos[1]))
        return (int((pos[0] - ox) / f), int((pos[1] - oy) / f))

    def _present(self) -> None:
        if self.canvas is self.screen:
            return
        f, ox, oy = self._shrink
        size = (max(1, int(self.size[0] * f)), max(1, int(self.size[1] * f)))
        self.screen.fill((0, 0, 0))
        self.screen.blit(pygame.transform.smoothscale(self.canvas, size), (int(ox), int(oy)))

    @property
    def shape(self) -> str:
        """portrait, short, tablet or desktop (game/ui/units.py)."""
        return self.units.shape

    @property
    def logical_size(self) -> tuple[float, float]:
        return self.units.logical

    def touch_targets(self) -> list:
        """What a finger can tap on the screen shown (game.scenes.base.TouchTarget list)."""
        top = self.scenes.top
        return top.touch_targets() if top is not None else []

    def _make_ui(self) -> pygame_gui.UIManager:
        ui = pygame_gui.UIManager(self.size, build_theme(self.scale, self.density), enable_live_theme_updates=False)
        return ui

    @property
    def table_colour(self) -> tuple:
        return TABLES.get(self.settings.table_colour, TABLES["green"])

    def resize(self, size, density: float | None = None) -> None:
        """A new window size in device pixels (and density, if it changed): the scene on top
        is laid out again for it at once, the game and what it shows kept."""
        density = density or self.density
        window = (max(1, int(size[0])), max(1, int(size[1])))
        units = units_for(layout_size(window, density), density)
        if units == self.units and self.screen.get_size() == window:
            return
        old_theme = (ui_font_size(self.scale), self.density >= SQUARE_CORNERS_FROM_DENSITY)
        self.set_units(units)
        self.window_size = window
        size = units.size
        if not self.settings.fullscreen:
            self.screen = pygame.display.set_mode(window, pygame.RESIZABLE)
        self._fit_canvas()
        self.cards.clear()
        if (ui_font_size(self.scale), self.density >= SQUARE_CORNERS_FROM_DENSITY) != old_theme:
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
                self.windowed_size = self.window_size
                sizes = pygame.display.get_desktop_sizes() if hasattr(pygame.display, "get_desktop_sizes") else []
                self.screen = pygame.display.set_mode(sizes[0] if sizes else self.window_size, pygame.FULLSCREEN)
            else:
                self.screen = pygame.display.set_mode(getattr(self, "windowed_size", self.window_size), pygame.RESIZABLE)
        except pygame.error:
            self.screen = pygame.display.set_mode(self.window_size, pygame.RESIZABLE)
        self.resize(self.screen.get_size())

    def finish_start(self) -> None:
        """Second half of start-up, after the menu is on screen: saved game and sounds."""
        if self.started:
            return
        self.started = True
        from game.saves import load_games

        found = load_games(self.storage)
        self.messages += found.messages
        self.saved_games.update({gid: g for gid, g in found.games.items() if gid not in self.saved_games})
        if self.match is None and self.games_in_progress():
            # The most recent game is the one Continue offers; the others wait in their slots.
            self.match = self.match_of(self.games_in_progress()[0].game_id)
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
        """After every move: the game is saved in its game's slot; a finished one is discarded."""
        m = self.match
        if m is None:
            return
        from game.saves import save_game

        if m.finished:
            self.forget_game(m)
            return
        saved = m.saved()
        msg = save_game(saved, self.storage)
        self.saved_games[m.game_id] = saved  # written or not, it is this session's game in progress
        if msg:
            self.messages.append(msg)

    def games_in_progress(self) -> list:
        """The games in progress (SavedGame), the most recently played first."""
        return sorted(self.saved_games.values(), key=lambda g: g.saved_at, reverse=True)

    def match_of(self, game_id: str):
        """The game in progress of ``game_id`` as a Match (the one being played if it is that
        game, so its undo history stays), or None if there is none or it cannot be resumed."""
        m = self.match
        if m is not None and m.game_id == game_id and not m.finished:
            return m
        saved = self.saved_games.get(game_id)
        if saved is None:
            return None
        from game.scenes.match import Match

        try:
            match = Match.from_saved(saved)
        except (ValueError, KeyError, TypeError):
            return None
        match.name_players(self.stats)
        return match

    def resume(self, game_id: str):
        """Make ``game_id``'s game in progress the one being played; returns it (or None)."""
        match = self.match_of(game_id)
        if match is not None:
            self.match = match
        return match

    def start_match(self, match) -> None:
        """A new game is being played: saved at once in its game's slot, so it replaces the
        game in progress there now (the player was asked) and can be continued at once."""
        self.match = match
        self.save_match()

    def record_finished(self, match) -> None:
        if match.recorded:
            return
        match.recorded = True
        if self.stats.record_game(match.tally):
            msg = self.stats.save(self.storage)
            if msg:
                self.messages.append(msg)
        self.keep_replay(match)
        self.forget_game(match)

    def forget_game(self, match) -> None:
        """A finished game leaves its game's slot, unless another game of that game holds it
        by now (then that one stays: it is not this game)."""
        from game.saves import discard_game

        saved = self.saved_games.get(match.game_id)
        if saved is not None and saved.tally.get("uid") not in (None, "", match.tally.uid):
            return
        self.saved_games.pop(match.game_id, None)
        discard_game(match.game_id, self.storage)

    @property
    def recent_games(self):
        """The last finished games of every profile (game/replay.py), read on first use."""
        if getattr(self, "_recent", None) is None:
            from game.replay import RecentGames

            self._recent = RecentGames.load(self.storage)
            if self._recent.message:
                self.messages.append(self._recent.message)
            self._recent.key_by_player(self.player_id)
        return self._recent

    def player_id(self, key: str) -> str | None:
        """A player's id from an id or a name (None if nobody known is meant)."""
        return key if self.stats.name_of(key) is not None else self.stats.find(key)

    def rename_player(self, name: str, new_name: str):
        """Rename a player (the statistics screen). Their figures, recent games and seats in
        the games in progress follow: all of them hold the player's id. None, or a Message
        saying why not."""
        from game.saves import save_game
        from game.storage import Message

        stats = self.stats
        pid = stats.find(name)
        if pid is None:
            return Message("players.unknown", {"name": name})
        # Games in progress saved before players had ids name them only: their seats get the
        # id first (each slot rewritten atomically, its time unchanged), then the name changes.
        for saved in self.saved_games.values():
            if assign_player(saved, pid, stats):
                msg = save_game(saved, self.storage)
                if msg:
                    return msg
        self.recent_games  # noqa: B018 - its index moves from names to ids before the name changes
        msg = stats.rename(name, new_name)
        if msg is not None:
            return msg
        msg = stats.save(self.storage)
        if self.match is not None:
            self.match.name_players(stats)
        # The seats of the games in progress show the new name too (a resumed game would
        # take it from the statistics anyway: this only keeps the shelf and the files in step).
        for saved in self.saved_games.values():
            if rename_seats(saved, pid, stats.name_of(pid)):
                save_game(saved, self.storage)
        return msg

    def keep_replay(self, match) -> None:
        """A finished game with a person at the table joins their recent games (after its
        statistics: a replay that could not be written never costs the statistics)."""
        rep = match.replay
        if rep is None or not match.humans:
            return
        rep.finish(match.state)
        # Kept under each human player's id (by name for a seat whose player is unknown).
        players = [(s.player if self.stats.name_of(s.player) else self.stats.find(s.name)) or s.name for s in match.seats if s.human]
        msg = self.recent_games.add(rep, players)
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
        f = self._shrink[0]
        if event.type in (pygame.FINGERDOWN, pygame.FINGERUP):
            pos = self._to_canvas((event.x * w, event.y * h))
            kind = pygame.MOUSEBUTTONDOWN if event.type == pygame.FINGERDOWN else pygame.MOUSEBUTTONUP
            return pygame.event.Event(kind, pos=pos, button=1, touch=False, finger=True)
        if event.type == pygame.FINGERMOTION:
            pos = self._to_canvas((event.x * w, event.y * h))
            return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(int(event.dx * w / f), int(event.dy * h / f)), buttons=(1, 0, 0), touch=False, finger=True)
        if f != 1.0 and hasattr(event, "pos"):  # a window below the layout floor: its picture is shrunk
            return pygame.event.Event(event.type, {**event.__dict__, "pos": self._to_canvas(event.pos)})
        return event

    def follow_viewport(self, force: bool = False) -> None:
        """In the browser: a rotation or a resize of the page reaches the app as a resize
        with the page's new density (read on resize events, and every few frames)."""
        if self.viewport is None:
            return
        if force:
            self.viewport.last = None
        now = self.viewport.changed()
        if now is not None:
            self.resize(*now)

    def tick(self, dt: float | None = None) -> None:
        """One frame: events, update, draw. dt in seconds (measured when not given)."""
        if dt is None:
            dt = self.clock.tick(60) / 1000.0
        dt = min(dt, 0.25)
        if self.viewport is not None and self.frame % POLL_FRAMES == 0:
            self.follow_viewport()
        for raw in pygame.event.get():
            if self.kiosk is not None and self.kiosk.filter(raw):
                continue
            if raw.type == pygame.QUIT:
                self.running = False
                continue
            if raw.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                if self.viewport is not None:  # the page's size and density, not SDL's CSS pixels
                    self.follow_viewport(force=True)
                elif raw.type == pygame.VIDEORESIZE:
                    self.resize((raw.w, raw.h))
                else:
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
        canvas = self.canvas
        drawn = self.scenes.drawn()
        if not (drawn and drawn[0].fills_screen):  # the table paints its own background
            canvas.fill(self.table_colour)
        self.scenes.draw(canvas)
        self.ui.draw_ui(canvas)
        top = self.scenes.top
        if top is not None and hasattr(top, "draw_over"):
            top.draw_over(canvas)
        if self.kiosk is not None:
            self.kiosk.draw(canvas)
        self._draw_toast(dt)
        self._present()
        pygame.display.flip()
        self.frame += 1
        if not self.started:
            self.finish_start()

    def _draw_toast(self, dt: float) -> None:
        """Storage messages (a save that could not be read or written...), one at a time."""
        if self.toast is None and self.messages:
            msg = self.messages.pop(0)
            self.shown_messages.append(msg)
            self.toast = [i18n.t(msg.key, **message_params(msg.params)), 6.0]
        if self.toast is None:
            return
        from game.ui import fonts, widgets

        self.toast[1] -= dt
        w, h = self.canvas.get_size()
        size = self.units.text(18)
        lines = fonts.wrap(self.toast[0], size, int(w * 0.8))
        imgs = [fonts.render(line, size, widgets.WHITE) for line in lines]
        box = pygame.Rect(0, 0, max(i.get_width() for i in imgs) + 30, sum(i.get_height() for i in imgs) + 16)
        box.midbottom = (w // 2, h - int(12 * self.scale))
        widgets.panel(self.canvas, box, alpha=230, colour=(90, 30, 30))
        y = box.y + 8
        for img in imgs:
            self.canvas.blit(img, img.get_rect(midtop=(w // 2, y)))
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
    app = open_app(argv)
    app.tick()  # the menu is on screen before the rest loads
    if os.environ.get("ORLAN_BENCH_FIRST_FRAME"):
        # bench/startup.py: report when the menu was first drawn, then stop.
        print("first-frame", __import__("time").time(), flush=True)
        return 0
    import asyncio

    asyncio.run(app.main_loop())
    return 0


def open_app(argv: list[str] | None = None) -> App:
    """The app for ``run``'s arguments, not yet drawn: ``--size=WxH`` (device pixels),
    ``--scale=D`` (density: device pixels per logical pixel; a 3x phone upright is
    ``--size=1170x2532 --scale=3``), ``--kiosk``."""
    size = (1280, 720)
    density = None
    kiosk = False
    if argv:
        for a in argv:
            if a.startswith("--size="):
                w, h = a.split("=", 1)[1].split("x")
                size = (int(w), int(h))
            if a.startswith("--scale="):
                density = float(a.split("=", 1)[1])
            kiosk = kiosk or a == "--kiosk"
    config = None
    if kiosk:
        from game.scenes.kiosk_mode import kiosk_config_for_run

        config = kiosk_config_for_run()  # None: says on stderr why kiosk mode stays off
    # Without --kiosk the App reads the kiosk file itself (kiosk mode if it is there and valid).
    app = App(size, density=density) if config is None else App(size, kiosk=config, density=density)
    if kiosk and app.kiosk is None:
        # Asked for, but there is no usable kiosk file: say so on the screen, with how to make one.
        from game.kiosk import load_kiosk
        from game.scenes import catalog

        app.scenes.push(catalog.make("kiosk_off", app, load_kiosk()))
    if app.kiosk is not None:
        app.set_fullscreen(True)
        app.kiosk.stop_on_sigterm()
        print(f"kiosk: on (config {app.kiosk_config.path}, idle timeout {app.kiosk_config.idle_timeout} s)", file=sys.stderr, flush=True)
    return app


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
