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
under the options. When the option rows do not fit the screen (many options on a small
screen) they are shown a page at a time, the last row turning the page.

Keys, the same for every game (docs/app.md): Up/Down and Tab move the focus between the
rows, Back and Start; Left/Right change the focused row's value (Space and a click too),
and the focus stays on that row whatever the change adds or removes (a seat, a page of
options); Enter starts the game wherever the focus is, except on Back (goes back) and in
a name field (Enter ends the typing, the next one starts)."""
from __future__ import annotations

import pygame
import pygame_gui

from game import registry
from game.i18n import lookup, t
from game.rules import GAMES
from game.rules.base import RulesError
from game.scenes import catalog
from game.scenes.base import Scene
from game.scenes.match import KINDS, Match, Seat
from game.stats import name_key
from game.ui import fonts, widgets


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
        self.entries: dict = {}
        self.pick_buttons: dict = {}  # seat -> the button opening the known players
        self.labels: list[tuple[str, pygame.Rect]] = []
        self.option_buttons: dict[str, object] = {}
        self.notes: list[tuple[str, pygame.Rect]] = []  # wrapped texts under the options
        self.option_page = 0  # which page of options shows when they do not all fit
        self.row_keys: dict = {}  # focusable button -> what it is ("players", ("seat", 2)...)

    @property
    def info(self):
        return GAMES[self.game].info

    @property
    def teams(self) -> bool:
        return bool(self.options_for(self.game).get("teams", False)) and self.players == 4

    @property
    def starter(self) -> int:
        return self.options_for(self.game).get("starter", 0)

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        gap = max(6, int(10 * s))
        info = self.info
        by = h - bh - int(16 * s)
        top = int(h * 0.16) + int(20 * s)
        fit = max(3, (by - gap - top - bh) // (bh + 2) + 1)  # rows that fit at the smallest step
        options = list(info.options)
        pages = [options]
        if 1 + len(options) > fit:
            per_page = fit - 2  # the players row and the page-turning row
            pages = [options[i : i + per_page] for i in range(0, len(options), per_page)]
        self.option_page %= len(pages)
        shown = pages[self.option_page]
        rows = 1 + len(shown) + (len(pages) > 1)
        # Rows shrink their gap when a game has many options, and their buttons only when
        # the rows would leave the window otherwise (ten seats on a small screen).
        step = min(bh + gap, (by - gap - top) // max(rows, self.players, 1))
        bh = min(bh, max(step - 2, int(bh * 0.6)))
        step = max(step, bh + 2)
        col_w = min(int(w * 0.44), int(560 * s))
        self.labels = []
        left_x = w // 2 - col_w - gap
        right_x = w // 2 + gap
        label_w = int(col_w * 0.45)
        btn_w = col_w - label_w

        self.row_keys = {}

        def row(x: int, i: int, label: str, value: str, action, enabled: bool = True, key=None):
            y = top + i * step
            self.labels.append((label, pygame.Rect(x, y, label_w, bh)))
            b = self.button(pygame.Rect(x + label_w, y, btn_w, bh), value, action, enabled)
            self.row_keys[b] = key
            return b

        row(left_x, 0, t("setup.players"), t("setup.players_value", count=self.players), self.cycle_players, info.min_players < info.max_players, key="players")
        self.option_buttons = {}
        for i, option in enumerate(shown, start=1):
            self.option_buttons[option.name] = row(left_x, i, self.option_label(option), self.option_value(option), lambda name=option.name: self.cycle_option(name), self.option_enabled(option), key=("option", option.name))
        if len(pages) > 1:
            row(left_x, len(shown) + 1, "", t("setup.more_options", page=self.option_page + 1, pages=len(pages)), self.next_option_page, key="more_options")
        note = lookup(f"{self.game}.setup_note")
        self.notes = []
        if isinstance(note, str):
            self.notes.append((note, pygame.Rect(left_x, top + rows * step, col_w, by - gap - top - rows * step)))
        self.entries = {}
        self.pick_buttons = {}
        # Beside a human seat's name, a button opens the known players (KnownPlayersScene);
        # every seat's kind button leaves that room, so the column stays aligned.
        pick_w = max(44, bh)
        known = bool(self.app.stats.names)
        for seat in range(self.players):
            y = top + seat * step
            human = self.kinds[seat] == "human"
            self.labels.append(("" if human else self.display_name(seat), pygame.Rect(right_x, y, label_w + pick_w, bh)))
            kind = self.button(pygame.Rect(right_x + label_w + pick_w + gap // 2, y, btn_w - pick_w - gap // 2, bh), t(f"kind.{self.kinds[seat]}"), lambda seat=seat: self.cycle_kind(seat))
            self.row_keys[kind] = ("seat", seat)
            if human:
                # Human seats get a name field: statistics are kept per player.
                eh = min(bh, max(min(bh, 36), int(44 * s)))
                entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(right_x, y + (bh - eh) // 2, label_w - gap // 2, eh), self.app.ui, initial_text=self.display_name(seat))
                entry.set_text_length_limit(16)
                self.elements.append(entry)
                self.entries[seat] = entry
                if known:
                    self.pick_buttons[seat] = self.button(pygame.Rect(right_x + label_w, y + (bh - min(bh, pick_w)) // 2, pick_w, min(bh, pick_w)), "", lambda seat=seat: self.pick_player(seat), focusable=False)
        if self.teams or info.teams == "fixed":
            self.labels.append((t("setup.teams_hint"), pygame.Rect(right_x, top + self.players * step, col_w, bh)))
        bw = min(int(w * 0.3), int(300 * s))
        fh = widgets.button_height(s)
        self.back_button = self.button(pygame.Rect(w // 2 - bw - gap, by, bw, fh), t("common.back"), self.back)
        self.start_button = self.button(pygame.Rect(w // 2 + gap, by, bw, fh), t("setup.start"), self.start)
        self.row_keys[self.back_button] = "back"
        self.row_keys[self.start_button] = "start"
        if self.focus < 0:
            self.focus = len(self.focusables) - 1

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
            # Remembered names (statistics profiles) first, for the human seats in order.
            order = [i for i in range(self.players) if self.kinds[i] == "human"].index(seat)
            remembered = list(getattr(self.app.stats, "names", []))
            if order < len(remembered):
                return remembered[order]
        return seat_name(self.kinds[seat], seat, humans)

    def read_names(self) -> None:
        for seat, entry in getattr(self, "entries", {}).items():
            self.names[seat] = entry.get_text()

    def build(self) -> None:
        self.read_names()
        focused = self.focused_key()
        super().build()
        # The focus follows what it was on (the row just changed), not its place in the
        # list: changing the number of players adds or removes seats above Back and Start.
        if focused is not None:
            keys = [self.row_keys.get(b) for b in self.focusables]
            self.focus = keys.index(focused) if focused in keys else keys.index("start")
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
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and focused not in (None, "back", "start", "more_options"):
                self.step_row(focused, 1 if event.key == pygame.K_RIGHT else -1)
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

    def next_option_page(self) -> None:
        self.option_page += 1
        self.build()

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
        s = self.app.scale
        widgets.title(surface, t("setup.title_game", game=t(f"{self.game}.title")), s, max(6, int(14 * s)), size=44)
        size = max(14, int(22 * s))
        for text, rect in self.labels:
            self.draw_label(surface, text, size, rect)
        small = max(13, int(19 * s))
        for text, rect in self.notes:
            y = rect.y + int(4 * s)
            for part in fonts.wrap(text, small, rect.width - 8):
                if y + fonts.font(small).get_linesize() > rect.bottom:
                    break
                fonts.blit_text(surface, part, small, widgets.SOFT, (rect.x, y), max_width=rect.width - 8)
                y += fonts.font(small).get_linesize()

    def draw_over(self, surface: pygame.Surface) -> None:
        # The known-players buttons carry a small chevron (drawn: every font has no arrows).
        for b in self.pick_buttons.values():
            r = b.rect
            k = max(5, r.height // 6)
            c = r.center
            pygame.draw.polygon(surface, widgets.WHITE, [(c[0] - k, c[1] - k // 2), (c[0] + k, c[1] - k // 2), (c[0], c[1] + k // 2 + 1)])
