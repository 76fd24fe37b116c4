"""New-game setup for the game chosen on the shelf: each seat human / simple AI / expert
AI with a name, the number of players (GameInfo.min_players .. max_players) and one row
per option the game declares in ``GameInfo.options``; this scene names no game.

Texts of an option ``name`` of game ``id``, each falling back to the next:

    label   ``id.option.name``, ``setup.option.name``, the option's name
    value   ``id.option.name.<value>`` (``true``/``false`` for a switch), then
            ``id.option.name.value`` (``{count}``: the value), ``setup.option.name.value``,
            then On/Off for a switch and the value itself otherwise

Two option names are shared conventions: ``teams`` (2 vs 2 at four players; fixed when
GameInfo.teams is "fixed") and ``starter`` (a seat: shown as that seat's name). An option
with a single choice is shown greyed. ``id.setup_note``, if the game has one, is shown
under the options.

By shape (docs/layout.md): upright, one list (players, options, note, seats); on its side
and on a desktop, the options on the left and the seats on the right. A list longer than
its part of the screen scrolls a row at a time (a drag, the wheel, the keys moving the
focus to a row out of view); a label too long beside its button wraps, and a value too
wide for the column puts the label above a full-width button. Nothing is shrunk.

Keys, the same for every game (docs/app.md): Up/Down and Tab move the focus between the
rows, Back and Start; Left/Right change the focused row's value (Space and a click too),
and the focus stays on that row whatever the change adds or removes (a seat, a row
of options); Enter starts the game wherever the focus is, except on Back (goes back) and in
a name field (Enter ends the typing, the next one starts)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame
import pygame_gui

from game import registry
from game.i18n import LANGUAGES, lookup, t
from game.rules import GAMES
from game.rules.base import RulesError
from game.scenes import catalog
from game.scenes.base import Scene
from game.scenes.match import KINDS, Match, Seat
from game.stats import name_key
from game.ui import fonts, widgets
from game.ui import screen_layout as sl


@dataclass
class SetupRow:
    """One row of the setup's lists: ``key`` says what it is ("players", ("option", name),
    ("seat", n), "note", "teams_hint"); a label, the value shown and every value it can take
    (the button is as wide as the widest), what a tap does."""

    key: object
    label: str
    value: str = ""
    values: tuple = ()
    action: Callable[[], None] | None = None
    enabled: bool = True


def seat_name(kind: str, seat: int, humans: int) -> str:
    if kind == "human":
        return t("seat.you") if humans == 1 else t("seat.player", n=seat + 1)
    return t(f"seat.ai_{kind}_name", n=seat + 1)


class SetupScene(Scene):
    name = "setup"

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        self.game = game_id if game_id in GAMES else registry.default_game()
        info = GAMES[self.game].info
        self.players = min(max(4, info.min_players), info.max_players)
        self.game_options: dict[str, dict] = {}  # per game id: option name -> chosen value
        self.kinds = ["human"] + ["simple"] * (info.max_players - 1)
        self.starter_chosen = False  # until the player picks, the first human seat starts
        self.names: dict[int, str] = {}
        self.prefilled: dict[int, str] = {}  # what each name field was given when built
        self.entries: dict = {}
        self.pick_buttons: dict = {}  # seat -> the button opening the known players
        self.labels: list[tuple[str, pygame.Rect]] = []
        self.option_buttons: dict[str, object] = {}
        self.notes: list[tuple[str, pygame.Rect]] = []  # wrapped texts under the options
        self.dividers: list[pygame.Rect] = []  # the line between the options and the seats (one list)
        self.scrolls: list[sl.RowScroll] = []  # each list's scroll (the options', the seats')
        self.lists: list = []  # (area, rows) of each list, as last laid out
        self.row_keys: dict = {}  # focusable button -> the row it belongs to ("players", ("seat", 2)...)
        self.scrolling = False  # a finger or the wheel moves a list: the focus may leave the view

    @property
    def info(self):
        return GAMES[self.game].info

    @property
    def teams(self) -> bool:
        return bool(self.options_for(self.game).get("teams", False)) and self.players == 4

    @property
    def starter(self) -> int:
        return self.options_for(self.game).get("starter", 0)

    # ------------------------------------------------------------ the rows
    def option_rows(self) -> list[SetupRow]:
        """Players, then each option the game declares, then the game's note."""
        info = self.info
        counts = range(info.min_players, info.max_players + 1)
        rows = [SetupRow("players", t("setup.players"), t("setup.players_value", count=self.players), tuple(t("setup.players_value", count=n) for n in counts), self.cycle_players, info.min_players < info.max_players)]
        for option in info.options:
            values = tuple(self.option_value(option, c) for c in self.option_choices(option)) or (self.option_value(option),)
            rows.append(SetupRow(("option", option.name), self.option_label(option), self.option_value(option), values, lambda name=option.name: self.cycle_option(name), self.option_enabled(option)))
        note = lookup(f"{self.game}.setup_note")
        if isinstance(note, str):
            rows.append(SetupRow("note", note))
        return rows

    def seat_rows(self) -> list[SetupRow]:
        """A row per seat (a name field for a human, the AI's name), then how teams sit."""
        rows = [SetupRow(("seat", seat), self.display_name(seat), t(f"kind.{self.kinds[seat]}"), tuple(t(f"kind.{k}") for k in KINDS), lambda seat=seat: self.cycle_kind(seat)) for seat in range(self.players)]
        if self.teams or self.info.teams == "fixed":
            rows.append(SetupRow("teams_hint", t("setup.teams_hint")))
        return rows

    def columns(self, m: sl.Measures, area: pygame.Rect) -> list[tuple[pygame.Rect, list[SetupRow]]]:
        """Upright: one list (options, then seats); on its side and on a desktop, the options
        on the left and the seats on the right. Each scrolls on its own."""
        if m.upright:
            return [(area, self.option_rows() + [SetupRow("divider", "")] + self.seat_rows())]
        half = (area.width - 2 * m.gap) // 2
        return [(pygame.Rect(area.x, area.y, half, area.height), self.option_rows()), (pygame.Rect(area.right - half, area.y, half, area.height), self.seat_rows())]

    def text_row(self, row: SetupRow) -> bool:
        return row.key in ("note", "teams_hint", "divider")

    def value_width(self, row: SetupRow, m: sl.Measures) -> int:
        return max(sl.button_width(v, m) for v in row.values) if row.values else 0

    def plan(self, m: sl.Measures, width: int, rows: list[SetupRow]) -> tuple[int, dict]:
        """The value buttons' width in a column (screen_layout.common_button_width) and each
        row's arrangement and height."""
        button_w = sl.common_button_width([self.value_width(r, m) for r in rows if not self.text_row(r)], width, m)
        plans = {}
        for r in rows:
            if r.key == "divider":  # between the options and the seats, in one list
                plans[r.key] = ("divider", m.px(2))
            elif self.text_row(r):
                plans[r.key] = ("text", sl.wrapped_height(r.label, m.small, width))
            elif r.key[0] == "seat":
                plans[r.key] = ("seat", m.bh)
            else:
                plans[r.key] = sl.labelled_row(r.label, self.value_width(r, m), width, button_w, m)
        return button_w, plans

    # ------------------------------------------------------------ layout
    def layout(self) -> None:
        m = sl.measures(self.app)
        w, h = m.size
        self.m = m
        self.labels = []
        self.notes = []
        self.dividers = []
        self.option_buttons = {}
        self.entries = {}
        self.pick_buttons = {}
        self.row_keys = {}
        self.title_rect = pygame.Rect(m.margin, m.margin, w - 2 * m.margin, sl.title_height(m))
        (back, start), bar_top = sl.bottom_bar([t("common.back"), t("setup.start")], m)
        area = pygame.Rect(m.margin, self.title_rect.bottom + m.gap, w - 2 * m.margin, bar_top - 2 * m.gap - self.title_rect.bottom)
        self.lists = []
        for i, (rect, rows) in enumerate(self.columns(m, area)):
            while len(self.scrolls) <= i:
                self.scrolls.append(sl.RowScroll())
            scroll = self.scrolls[i]
            inner = rect.width - m.px(8)  # the scroll bar's room on the right
            button_w, plans = self.plan(m, inner, rows)
            heights = [plans[r.key][1] for r in rows]
            first = scroll.fit(heights, rect, m.gap)
            y = rect.y
            for row in rows[first:first + scroll.shown]:
                kind, height = plans[row.key]
                self.place(m, row, kind, pygame.Rect(rect.x, y, inner, height), button_w)
                y += height + m.gap
            self.lists.append((rect, rows))
        self.back_button = self.button(back, t("common.back"), self.back)
        self.start_button = self.button(start, t("setup.start"), self.start)
        self.row_keys[self.back_button] = "back"
        self.row_keys[self.start_button] = "start"
        if self.focus < 0:
            self.focus = len(self.focusables) - 1

    def place(self, m: sl.Measures, row: SetupRow, kind: str, rect: pygame.Rect, button_w: int) -> None:
        """One row's label, button or name field in ``rect``."""
        if kind == "divider":
            self.dividers.append(rect)
            return
        if kind == "text":
            self.notes.append((row.label, rect))
            return
        if kind == "seat":
            self.place_seat(m, row, rect, button_w)
            return
        label, button = sl.labelled_rects(rect, kind, button_w, m)
        self.labels.append((row.label, label))
        b = self.button(button, row.value, row.action, row.enabled)
        self.row_keys[b] = row.key
        if row.key != "players":
            self.option_buttons[row.key[1]] = b

    def place_seat(self, m: sl.Measures, row: SetupRow, rect: pygame.Rect, button_w: int) -> None:
        """A seat: its name field (a human; the known players' button beside it) or its AI's
        name, and its kind (as wide as the options' buttons)."""
        seat = row.key[1]
        pick_w = m.bh  # square
        kind_w = min(max(button_w, self.value_width(row, m)), rect.width - pick_w - 2 * m.gap - m.px(96))
        human = self.kinds[seat] == "human"
        name = pygame.Rect(rect.x, rect.y, rect.width - kind_w - pick_w - 2 * m.gap, rect.height)
        b = self.button(pygame.Rect(rect.right - kind_w, rect.y, kind_w, m.bh), row.value, row.action)
        self.row_keys[b] = row.key
        if not human:
            self.labels.append((row.label, pygame.Rect(name.x, name.y, name.width + pick_w + m.gap, name.height)))
            return
        # Human seats get a name field: statistics are kept per player; the button beside it
        # opens the known players (KnownPlayersScene).
        self.prefilled[seat] = self.display_name(seat)
        entry = pygame_gui.elements.UITextEntryLine(name, self.app.ui, initial_text=self.prefilled[seat])
        entry.set_text_length_limit(16)
        self.elements.append(entry)
        self.entries[seat] = entry
        if self.app.stats.names:
            self.pick_buttons[seat] = self.button(pygame.Rect(name.right + m.gap, rect.y, pick_w, m.bh), "", lambda seat=seat: self.pick_player(seat), focusable=False)

    # ------------------------------------------------------------ scrolling
    def show_row(self, key) -> bool:
        """Scroll the list holding row ``key`` so it is shown; True if it is (a test, the keys)."""
        for i, (_, rows) in enumerate(getattr(self, "lists", [])):
            keys = [r.key for r in rows]
            if key in keys:
                if self.scrolls[i].show(keys.index(key)):
                    self.build()
                return True
        return False

    def move_focus(self, delta: int) -> None:
        """Up/Down (Tab) along the rows, scrolling the list to the row (its hidden rows too)."""
        keys = [r.key for _, rows in self.lists for r in rows if r.enabled and not self.text_row(r)] + ["back", "start"]
        now = self.row_keys.get(self.focusables[self.focus]) if 0 <= self.focus < len(self.focusables) else None
        if now not in keys:
            super().move_focus(delta)
            return
        target = keys[(keys.index(now) + delta) % len(keys)]
        self.show_row(target)
        self.focus_key(target)

    def focus_key(self, key) -> None:
        for i, b in enumerate(self.focusables):
            if self.row_keys.get(b) == key:
                self.focus = i
                self._show_focus()
                return

    # ------------------------------------------------------------ option texts
    def option_label(self, option) -> str:
        for key in (f"{self.game}.option.{option.name}", f"setup.option.{option.name}"):
            text = lookup(key)
            if isinstance(text, str):
                return t(key)
        return option.name.replace("_", " ")

    def option_value(self, option, value=None) -> str:
        value = self.options_for(self.game)[option.name] if value is None else value
        if option.name == "starter":
            return self.display_name(value) if isinstance(value, int) and value < len(self.kinds) else str(value)
        word = str(value).lower() if isinstance(value, bool) else str(value)
        count = value if isinstance(value, int) and not isinstance(value, bool) else 0
        for key in (f"{self.game}.option.{option.name}.{word}", f"{self.game}.option.{option.name}.value", f"setup.option.{option.name}.value"):
            if lookup(key) is not None:
                return t(key, count=count)
        if isinstance(value, bool):
            return t("common.on") if value else t("common.off")
        if count or value == 0:
            return t("common.number", value=value)
        return str(value)

    def option_enabled(self, option) -> bool:
        if len(self.option_choices(option)) < 2:
            return False
        if option.name == "teams":
            return self.info.teams == "optional" and self.players == 4
        return True

    def option_choices(self, option) -> list:
        if option.name == "starter":
            return [c for c in option.choices if c < self.players]
        options = self.options_for(self.game)
        return [c for c in option.choices if c == options[option.name] or self.playable(self.game, {**options, option.name: c})]

    def display_name(self, seat: int) -> str:
        typed = self.names.get(seat, "").strip()
        if self.kinds[seat] == "human" and typed:
            return typed
        humans = sum(1 for k in self.kinds[: self.players] if k == "human")
        if self.kinds[seat] == "human":
            # Remembered names (statistics profiles) first, for the human seats in order; with
            # several humans, not the one-player default ("You"): two people share the device.
            order = [i for i in range(self.players) if self.kinds[i] == "human"].index(seat)
            remembered = list(getattr(self.app.stats, "names", []))
            if humans > 1:
                yous = {lookup("seat.you", lang) for lang in LANGUAGES}
                remembered = [n for n in remembered if n not in yous]
            if order < len(remembered):
                return remembered[order]
        return seat_name(self.kinds[seat], seat, humans)

    def read_names(self) -> None:
        """The names typed: a field still showing the name it was given is not a typed name,
        so the default follows the seats ("You" alone, "Player 1" once a second human sits)."""
        for seat, entry in getattr(self, "entries", {}).items():
            text = entry.get_text()
            if text != self.prefilled.get(seat):
                self.names[seat] = text

    def build(self) -> None:
        self.read_names()
        focused = self.focused_key()
        super().build()
        if focused is None:
            return
        # The focus follows what it was on (the row just changed, the row the keys reached),
        # not its place in the list: changing the number of players adds or removes rows,
        # and a rotation lays the rows out in other lists. It is brought into view unless a
        # finger is scrolling the list.
        if focused not in self.row_keys.values() and not self.scrolling:
            for i, (_, rows) in enumerate(self.lists):
                keys = [r.key for r in rows]
                if focused in keys and self.scrolls[i].show(keys.index(focused)):
                    super().build()
        keys = [self.row_keys.get(b) for b in self.focusables]
        if focused in keys:
            self.focus = keys.index(focused)
        elif "start" in keys:  # its row is gone (a seat fewer) or scrolled away: Start
            self.focus = keys.index("start")
        self._show_focus()

    def focused_key(self):
        """What the keyboard focus is on: "players", ("option", name), ("seat", n), "back"..."""
        if 0 <= self.focus < len(self.focusables):
            return self.row_keys.get(self.focusables[self.focus])
        return None

    def cover(self) -> None:
        self.read_names()  # a dialog over the setup: the names typed so far stay
        super().cover()

    def pick_player(self, seat: int) -> None:
        self.read_names()
        self.app.scenes.push(catalog.make("known_players", self.app, self, seat))

    def set_name(self, seat: int, name: str, focus: bool = False) -> None:
        """A seat's name chosen among the known players (or emptied to type a new one)."""
        self.names[seat] = name
        entry = self.entries.get(seat)
        if entry is not None and entry.alive():
            entry.set_text(name)
        if focus and entry is not None and entry.alive():
            entry.focus()

    def handle(self, event) -> bool:
        # While a name is being typed, keys belong to the text field.
        if event.type == pygame.KEYDOWN and any(e.is_focused for e in getattr(self, "entries", {}).values()):
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                for e in self.entries.values():
                    e.unfocus()
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.focusables:
            # A clicked row takes the focus, so the keys go on from there.
            self.focus = self.focusables.index(event.ui_element)
        if event.type == pygame.KEYDOWN:
            focused = self.focused_key()
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.back() if focused == "back" else self.start()
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and focused not in (None, "back", "start"):
                self.step_row(focused, 1 if event.key == pygame.K_RIGHT else -1)
                return True
        for scroll in self.scrolls:
            if event.type == pygame.MOUSEWHEEL and not scroll.area.collidepoint(pygame.mouse.get_pos()) and len(self.scrolls) > 1:
                continue
            if scroll.handle(event):
                self.scrolling = True
                try:
                    self.build()
                finally:
                    self.scrolling = False
                return True
        return super().handle(event)

    def step_row(self, key, delta: int) -> None:
        """The focused row's next (+1) or previous (-1) value."""
        if key == "players":
            if self.info.min_players < self.info.max_players:
                self.cycle_players(delta)
        elif key[0] == "option":
            if self.option_enabled(self.info.option(key[1])):
                self.cycle_option(key[1], delta)
        elif key[0] == "seat":
            self.cycle_kind(key[1], delta)

    # ------------------------------------------------------------ actions
    def options_for(self, game_id: str) -> dict:
        """The chosen options of a game, defaults from its GameInfo. A choice the rules
        refuse with the others at this player count (``State.check_options``: the rummy's
        two decks at three players) is left at its default, and comes back with a player
        count where it plays."""
        rules = GAMES[game_id]
        chosen = self.game_options.setdefault(game_id, {})
        options = {o.name: o.default for o in rules.info.options}
        for o in rules.info.options:
            if chosen.get(o.name, o.default) != o.default and self.playable(game_id, {**options, o.name: chosen[o.name]}):
                options[o.name] = chosen[o.name]
        return options

    def playable(self, game_id: str, options: dict) -> bool:
        try:
            GAMES[game_id].check_options(self.players, options)
        except RulesError:
            return False
        return True

    def cycle_option(self, name: str, delta: int = 1) -> None:
        """The option's next (or previous) choice, in the order GameInfo declares them."""
        option = self.info.option(name)
        choices = self.option_choices(option)
        now = self.options_for(self.game)[name]
        self.game_options[self.game][name] = choices[(choices.index(now) + delta) % len(choices)] if now in choices else choices[0]
        if name == "starter":
            self.starter_chosen = True
        self.build()

    def set_option(self, name: str, value) -> None:
        self.options_for(self.game)
        self.game_options[self.game][name] = value

    def cycle_players(self, delta: int = 1) -> None:
        info = self.info
        self.players = info.min_players + (self.players - info.min_players + delta) % (info.max_players - info.min_players + 1)
        self.kinds += ["simple"] * (self.players - len(self.kinds))
        names = {o.name for o in info.options}
        if "starter" in names and self.starter >= self.players:
            self.set_option("starter", 0)
        self.build()

    def cycle_kind(self, seat: int, delta: int = 1) -> None:
        self.kinds[seat] = KINDS[(KINDS.index(self.kinds[seat]) + delta) % len(KINDS)]
        if not self.starter_chosen and any(o.name == "starter" for o in self.info.options):
            humans = [i for i in range(self.players) if self.kinds[i] == "human"]
            self.set_option("starter", humans[0] if humans else 0)
        self.build()

    def make_match(self) -> Match:
        self.read_names()
        stats = self.app.stats
        seats = [Seat(self.kinds[i], self.display_name(i)) for i in range(self.players)]
        for seat in seats:
            # A typed name is the known player it matches (case and spaces aside), spelt as known.
            pid = stats.find(seat.name) if seat.human else None
            if pid is not None:
                seat.name, seat.player = stats.name_of(pid), pid
        # Two humans with the same name would share a statistics profile: number them.
        seen: dict[str, int] = {}
        for seat in seats:
            key = name_key(seat.name)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] > 1:
                seat.name, seat.player = f"{seat.name} {seen[key]}", None
        options = self.options_for(self.game)
        if "teams" in options and self.info.teams == "optional":
            options["teams"] = self.teams  # 2 vs 2 only at four players
        return Match(self.game, seats, options, seed=self.app.seed, timer=self.app.settings.turn_timer)

    def start(self) -> None:
        """Start: if this game already has a game in progress, ask before replacing it."""
        saved = self.app.saved_games.get(self.game)
        if saved is None:
            self.begin()
            return
        self.read_names()
        self.app.scenes.push(catalog.make("replace", self.app, saved, self.begin, self.resume_instead))

    def begin(self) -> None:
        """The new game, its human players remembered (known next time), at the table."""
        match = self.make_match()
        stats = self.app.stats
        for seat in match.seats:
            if seat.human:
                stats.remember_name(seat.name)
        match.name_players(stats)
        msg = stats.save(self.app.storage)
        if msg:
            self.app.messages.append(msg)
        self.app.start_match(match)
        self.show(match)

    def resume_instead(self) -> None:
        match = self.app.resume(self.game)
        if match is not None:
            self.show(match)

    def show(self, match: Match) -> None:
        self.app.scenes.reset(self.app.scenes.stack[0].__class__(self.app))
        self.app.scenes.push(catalog.make("table", self.app, match))

    def label_lines(self, text: str, size: int, rect: pygame.Rect) -> tuple[list[str], int]:
        """A row's label at ``size``, else on two lines at 12 px or more (a long option name
        on a small screen), else shrunk on one line."""
        width = rect.width - 8
        if fonts.font(size, True).size(text)[0] <= width:
            return [text], size
        for two in range(size - 1, 11, -1):
            lines = fonts.wrap(text, two, width, True)
            if len(lines) <= 2 and 2 * fonts.font(two, True).get_linesize() <= rect.height + 6:
                return lines, two
        return [text], fonts.fit_size(text, size, width, True)

    def draw_label(self, surface, text: str, size: int, rect: pygame.Rect) -> None:
        lines, size = self.label_lines(text, size, rect)
        line_h = fonts.font(size, True).get_linesize()
        y = rect.centery - line_h * (len(lines) - 1) // 2
        for line in lines:
            fonts.blit_text(surface, line, size, widgets.WHITE, (rect.x, y), "midleft", bold=True, max_width=rect.width - 8)
            y += line_h

    def draw(self, surface: pygame.Surface) -> None:
        m = sl.measures(self.app)
        sl.draw_title(surface, t("setup.title_game", game=t(f"{self.game}.title")), m, self.title_rect.y)
        sl.draw_labels(surface, self.labels, m)
        for text, rect in self.notes:
            sl.wrapped(surface, text, m.small, widgets.SOFT, rect)
        for rect in self.dividers:
            pygame.draw.line(surface, (90, 110, 100), rect.midleft, rect.midright, max(1, m.px(1)))
        for scroll in self.scrolls:
            scroll.draw_bar(surface, m)

    def draw_over(self, surface: pygame.Surface) -> None:
        # The known-players buttons carry a small chevron (drawn: every font has no arrows).
        for b in self.pick_buttons.values():
            r = b.rect
            k = max(self.app.units.px(5), r.height // 6)
            c = r.center
            pygame.draw.polygon(surface, widgets.WHITE, [(c[0] - k, c[1] - k // 2), (c[0] + k, c[1] - k // 2), (c[0], c[1] + k // 2 + 1)])
