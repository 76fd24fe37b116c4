"""Main menu: the shelf of games, grouped by family, and the app's own buttons.

The games come from the registry (game/registry.py), families in ``FAMILIES`` order; a
family without a game yet is not shown. One family is open at a time (the families are
a column of buttons); its games are listed beside it and the chosen one is described in a
panel (players, one line from its texts) with New game and Rules. Along the bottom:
Continue (whatever game was being played, named on the button when there is room),
Statistics, Settings, Quit.

By shape (docs/layout.md): upright, the families and the games are two columns over the
chosen game's panel; on its side and on a desktop, the panel is a third column.

Touch: tap a family, tap a game to read about it, tap it again (or New game) to set
it up. Keys: Left/Right change the family, Up/Down the game, Enter sets up the chosen
game (or presses the button Tab moved to), Esc brings the focus back to the chosen game.
The game described is always the one that has the focus (Tab onto a game chooses it).
"""
from __future__ import annotations

import pygame

from game import registry
from game.i18n import lookup, t
from game.saves import when_text
from game.scenes import catalog
from game.scenes.base import Scene
from game.scenes.in_progress import progress_lines
from game.ui import fonts, units, widgets
from game.ui import screen_layout as sl


def players_text(info) -> str:
    if info.min_players == info.max_players:
        return t("setup.players_value", count=info.min_players)
    return t("menu.players_range", low=info.min_players, count=info.max_players)


class MenuScene(Scene):
    name = "menu"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.game_buttons: dict[str, object] = {}
        self.family_buttons: dict[str, object] = {}
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.title_bottom = 0

    # ------------------------------------------------------------ the chosen game
    @property
    def shelf(self) -> list[tuple[str, list[registry.GameEntry]]]:
        return registry.shelf()

    @property
    def chosen(self) -> str:
        """The game described on the right: the last one chosen, else the one in progress,
        else the first on the shelf."""
        chosen = getattr(self.app, "shelf_game", None)
        if chosen in registry.BY_ID:
            return chosen
        match = self.app.match
        if match is not None and getattr(match, "game_id", None) in registry.BY_ID:
            return match.game_id
        return registry.default_game()

    @property
    def family(self) -> str:
        return registry.BY_ID[self.chosen].family

    def games(self) -> list[registry.GameEntry]:
        return dict(self.shelf).get(self.family, [])

    def choose(self, game_id: str, focus: bool = True) -> None:
        self.app.shelf_game = game_id
        self.build()
        if focus:
            self.focus_game()

    def build(self) -> None:
        # The focus stays on the chosen game when the shelf is rebuilt with another chosen
        # (the game in progress found just after start-up): the game described is the one
        # that has the focus, and Enter sets up that same game.
        on_game = self.focus < 0 or (self.focus < len(self.focusables) and self.focusables[self.focus] in self.game_buttons.values())
        super().build()
        if on_game:
            self.focus_game()

    def move_focus(self, delta: int) -> None:
        super().move_focus(delta)
        # Tab onto a game chooses it: the panel describes the game that has the focus.
        focused = self.focusables[self.focus] if 0 <= self.focus < len(self.focusables) else None
        for game_id, b in self.game_buttons.items():
            if b is focused:
                self.app.shelf_game = game_id

    def focus_game(self) -> None:
        b = self.game_buttons.get(self.chosen)
        if b in self.focusables:
            self.focus = self.focusables.index(b)
            self._show_focus()

    def tap_game(self, game_id: str) -> None:
        """First tap chooses a game (its description shows), a second one sets it up."""
        if game_id == self.chosen:
            self.new_game()
        else:
            self.choose(game_id)

    def step_family(self, delta: int) -> None:
        families = [f for f, _ in self.shelf]
        i = families.index(self.family) if self.family in families else 0
        self.choose(dict(self.shelf)[families[(i + delta) % len(families)]][0].id)

    def step_game(self, delta: int) -> None:
        ids = [e.id for e in self.games()]
        i = ids.index(self.chosen) if self.chosen in ids else 0
        self.choose(ids[(i + delta) % len(ids)])

    # ------------------------------------------------------------ layout
    def layout(self) -> None:
        """By shape (docs/layout.md): on a screen held upright the families and the open
        family's games are two columns with the chosen game's panel under them; on a
        landscape screen the panel is a third column. The app's buttons along the bottom,
        on two rows when one does not hold them."""
        m = sl.measures(self.app)
        w, h = m.size
        self.m = m
        # Bottom row: the app's own buttons. Continue offers the most recently played game
        # (named on the button when the row has room); with several games in progress, the
        # button after it lists them all (ContinueScene).
        in_progress = [g for g in self.app.games_in_progress() if g.game_id in registry.BY_ID]
        resumable = bool(in_progress)
        bottom = [
            (t("menu.continue"), self.continue_game, resumable),
            (t("menu.statistics"), self.statistics, True),
            (t("menu.settings"), lambda: self.app.operator_gate(self.settings), True),
            (t("menu.quit"), lambda: self.app.operator_gate(self.app.quit), True),
        ]
        if len(in_progress) > 1:
            bottom.insert(1, (t("menu.in_progress", count=len(in_progress)), self.list_in_progress, True))
        texts = [text for text, _, _ in bottom]
        if resumable:
            named = [t("menu.continue_game", game=t(registry.BY_ID[in_progress[0].game_id].title_key))] + texts[1:]
            if sl.grid_height(named, w - 2 * m.margin, m) <= sl.grid_height(texts, w - 2 * m.margin, m):
                texts = named
        bar_rects, bar_top = sl.bottom_bar(texts, m)
        self.title_bottom = self.title_height()
        area = pygame.Rect(m.margin, self.title_bottom + m.gap, w - 2 * m.margin, bar_top - 2 * m.gap - self.title_bottom)
        # The families and the open family's games: columns as wide as their longest text
        # (every game's, so the columns stay put from one family to the next).
        families = [f for f, _ in self.shelf]
        family_texts = [t(f"family.{f}") for f in families]
        games = self.games()
        dot = 2 * self.dot_radius() + m.px(8)  # room for the gold dot of a game in progress
        self.small_families = False
        self.small_games = False
        least = 0 if m.compact else int(240 * m.scale)  # a desktop's columns keep the old design's width
        fam_w = max([least] + [sl.button_width(text, m) for text in family_texts])
        game_w = max([least] + [sl.button_width(t(e.title_key), m) + dot for _, entries in self.shelf for e in entries])
        step = m.bh + m.gap
        rows = max(len(families), max(len(entries) for _, entries in self.shelf))
        if not m.upright and rows * step - m.gap > area.height:
            # a phone on its side: the rows close up (never under a touch target's height)
            # rather than run into the bottom row
            step = max(m.u.touch, (area.height + m.gap) // rows)
        row_h = min(m.bh, step - (m.gap if step - m.gap >= m.u.touch else 0))
        list_h = (rows - 1) * step + row_h
        if m.upright:
            cols = area.width
        else:
            cols = min(area.width - m.gap - max(area.width * 2 // 5, m.px(220)), fam_w + m.gap + game_w)
        if fam_w + m.gap + game_w > cols:  # narrow: the small font, then the room shared out
            self.small_families = self.small_games = True
            fam_w = max(sl.button_width(text, m, small=True) for text in family_texts)
            game_w = max(sl.button_width(t(e.title_key), m, small=True) for _, entries in self.shelf for e in entries) + dot
            if fam_w + m.gap + game_w > cols:
                fam_w = (cols - m.gap) * fam_w // (fam_w + game_w)
                game_w = cols - m.gap - fam_w
        if m.upright:
            spare = cols - fam_w - m.gap - game_w  # the two columns share what is left
            fam_w += spare // 2
            game_w += spare - spare // 2
            fam_x = area.x
            self.panel_rect = pygame.Rect(area.x, area.y + list_h + 2 * m.gap, area.width, area.bottom - area.y - list_h - 2 * m.gap)
        else:
            fam_x = area.x
            panel_x = fam_x + fam_w + m.gap + game_w + 2 * m.gap
            self.panel_rect = pygame.Rect(panel_x, area.y, area.right - panel_x, area.height)
        game_x = fam_x + fam_w + m.gap
        # Focus order: the games, the panel's buttons, the families, the bottom row.
        self.game_buttons = {}
        small = "#small"
        for i, e in enumerate(games):
            rect = pygame.Rect(game_x, area.y + i * step, game_w, row_h)
            self.game_buttons[e.id] = self.button(rect, t(e.title_key), lambda gid=e.id: self.tap_game(gid), object_id=small if self.small_games else None)
        pw = self.panel_rect
        pad = self.panel_pad()
        panel_buttons = [(t("menu.new_game"), self.new_game), (t("menu.rules"), self.rules)]
        if self.chosen in self.app.saved_games:  # this game is in progress: Continue it first
            panel_buttons.insert(0, (t("menu.continue"), lambda: self.continue_game(self.chosen)))
        inner = pw.width - 2 * pad
        grid_h = sl.grid_height([text for text, _ in panel_buttons], inner, m)
        rects, _ = sl.button_grid([text for text, _ in panel_buttons], pw.x + pad, inner, pw.bottom - pad - grid_h, m)
        for rect, (text, action) in zip(rects, panel_buttons):
            b = self.button(rect, text, action)
            if action == self.new_game:
                self.new_game_button = b
        self.family_buttons = {}
        for i, (family, text) in enumerate(zip(families, family_texts)):
            rect = pygame.Rect(fam_x, area.y + i * step, fam_w, row_h)
            # The open family's tab stays enabled (a disabled button reads as unavailable): it is
            # marked in gold instead (``draw``), and a tap on it keeps the game chosen.
            self.family_buttons[family] = self.button(rect, text, lambda f=family: self.open_family(f), object_id=small if self.small_families else None)
        for rect, text, (_, action, enabled) in zip(bar_rects, texts, bottom):
            self.button(rect, text, action, enabled)
        if self.focus < 0:
            self.focus_game()

    def panel_pad(self) -> int:
        return self.app.units.px(8) if self.m.compact else max(self.app.units.px(8), int(16 * self.app.scale))

    def dot_radius(self) -> int:
        return max(self.app.units.px(4), int(7 * self.app.scale))

    def title_size(self) -> int:
        return self.app.units.text(56, least=22)

    def tagline_shown(self) -> bool:
        return self.app.shape != "short"  # a phone on its side keeps its height for the shelf

    def title_height(self) -> int:
        m = sl.measures(self.app)
        tagline = sl.line_height(m.body) if self.tagline_shown() else 0
        return m.margin + sl.line_height(self.title_size(), True) + tagline

    def open_family(self, family: str) -> None:
        games = dict(self.shelf).get(family)
        if games and family != self.family:
            self.choose(games[0].id)

    # ------------------------------------------------------------ input
    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.step_family(1 if event.key == pygame.K_RIGHT else -1)
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.step_game(1 if event.key == pygame.K_DOWN else -1)
                return True
            if event.key == pygame.K_ESCAPE:
                self.focus_game()
                return True
        return super().handle(event)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        m = sl.measures(self.app)
        w = m.width
        size = self.title_size()
        text = t("app.title")
        # A small fan of cards on each side of the title, drawn by the card renderer: room
        # for it is kept out of the title's width.
        line = sl.line_height(size, True)
        cw = max(m.px(16), int(line * 0.8 / 1.4))
        size = fonts.fit_size(text, size, w - 2 * m.margin - 4 * cw, True)
        img = fonts.render(text, size, widgets.GOLD, bold=True)
        r = img.get_rect(midtop=(w // 2, m.margin))
        surface.blit(fonts.render(text, size, widgets.SHADOW, bold=True), r.move(m.px(1.5), m.px(1.5)))
        surface.blit(img, r)
        fonts.record(text, size, r, pygame.Rect(m.margin, r.y, w - 2 * m.margin, r.height))
        for i, code in enumerate(["JS", "TD", "2C", "QH"]):
            face = self.app.cards.face(code, cw, self.app.settings.four_colour_suits)
            side = -1 if i < 2 else 1
            k = i % 2
            face = pygame.transform.rotozoom(face, -side * (8 + 10 * k), 1)
            x = w // 2 + side * (r.width // 2 + int(cw * (0.8 + 0.7 * k)))
            surface.blit(face, face.get_rect(center=(x, r.centery)))
        if self.tagline_shown():
            fonts.blit_text(surface, t("app.tagline"), m.body, widgets.SOFT, (w // 2, r.bottom), "midtop", max_width=w - 2 * m.margin)
        self.draw_panel(surface)

    def draw_panel(self, surface: pygame.Surface) -> None:
        """The chosen game: its name, players and cards, how it is played in teams, its
        one-line description; the browsing hint at the foot when there is room."""
        m = sl.measures(self.app)
        pw = self.panel_rect
        if pw.width <= 0 or pw.height <= 0:
            return
        widgets.panel(surface, pw, alpha=150, radius=m.px(10))
        e = registry.BY_ID[self.chosen]
        pad = self.panel_pad()
        inner = pw.width - 2 * pad
        x = pw.x + pad
        head = fonts.blit_text(surface, t(e.title_key), self.app.units.text(44, least=20), widgets.GOLD, (x, pw.y + pad), bold=True, max_width=inner)
        size = m.body
        y = head.bottom + m.px(2)
        limit = self.new_game_button.rect.top - m.gap if hasattr(self, "new_game_button") else pw.bottom
        saved = self.app.saved_games.get(self.chosen)
        if saved is not None:  # above the buttons; the description stops above it
            limit = self.draw_in_progress(surface, saved, x, y, inner, limit) - m.gap
        # Players, cards and teams come from the rules' GameInfo: the rules load just after
        # the first frame (App.finish_start), so the very first frame goes without them.
        facts = []
        info = e.loaded_info()
        if info is not None:
            facts.append(t("menu.players_and_deck", players=players_text(info), deck=t("menu.deck", count=info.deck.size)))
            if info.teams in ("optional", "fixed"):
                facts.append(t(f"menu.teams_{info.teams}"))
        for fact in facts:
            y = sl.wrapped(surface, fact, size, widgets.SOFT, pygame.Rect(x, y, inner, limit - y), max_lines=2)
        y += m.px(6)
        text = lookup(e.description_key)
        if isinstance(text, str):
            y = sl.wrapped(surface, text, size, widgets.WHITE, pygame.Rect(x, y, inner, limit - y))
        small = m.small
        said = self.shelf_hint()
        hint = fonts.wrap(said, small, inner)
        top = limit - len(hint) * sl.line_height(small)
        if top >= y + m.gap:
            sl.wrapped(surface, said, small, widgets.DIM, pygame.Rect(x, top, inner, limit - top))

    def shelf_hint(self) -> str:
        """How to open a game: on a phone (no keyboard) only taps, else the arrows and Enter too."""
        return t("menu.shelf_hint_touch" if units.is_phone(self.app.logical_size) else "menu.shelf_hint")

    def draw_in_progress(self, surface: pygame.Surface, saved, x: int, top: int, width: int, bottom: int) -> int:
        """The chosen game's game in progress, just above the panel's buttons: when it was
        last played, its round and totals. Returns the top of what it drew (the description
        above stops there)."""
        m = sl.measures(self.app)
        size = m.small if m.compact else self.app.units.text(20, least=13)
        line = sl.line_height(size)
        pad = m.px(6)
        when = when_text(saved.saved_at)
        head_text = t("menu.game_in_progress")
        one_row = fonts.font(size, True).size(head_text)[0] + fonts.font(size).size(when)[0] + 3 * pad <= width
        head_lines = 1 if one_row else 2
        progress = progress_lines(saved, size, width - 2 * pad, most=2)
        lines = head_lines + len(progress)
        box = pygame.Rect(x, max(top, bottom - lines * line - 2 * pad), width, lines * line + 2 * pad)
        if box.bottom > bottom:
            return bottom
        inner = box.width - 2 * pad
        head = fonts.blit_text(surface, head_text, size, widgets.GOLD, (box.x + pad, box.y + pad), bold=True, max_width=inner)
        if one_row:
            fonts.blit_text(surface, when, size, widgets.SOFT, (box.right - pad, head.y), "topright", max_width=inner - head.width - pad)
            y = head.bottom
        else:
            fonts.blit_text(surface, when, size, widgets.SOFT, (box.x + pad, head.bottom), max_width=inner)
            y = head.bottom + line
        for part in progress[: lines - head_lines]:
            fonts.blit_text(surface, part, size, widgets.WHITE, (box.x + pad, y), max_width=inner)
            y += line
        pygame.draw.rect(surface, widgets.GOLD, box, max(1, m.px(1.5)), border_radius=m.px(6))
        return box.y

    def draw_over(self, surface: pygame.Surface) -> None:
        # The chosen game is marked in gold whatever has the keyboard focus, and its
        # family's button is underlined; a game in progress has a gold dot on its button.
        u = self.app.units
        radius = self.dot_radius()
        for game_id in self.app.saved_games:
            b = self.game_buttons.get(game_id)
            if b is not None:
                r = b.rect
                centre = (r.right - radius - u.px(6), r.centery)
                pygame.draw.circle(surface, widgets.GOLD, centre, radius)
                pygame.draw.circle(surface, (21, 23, 26), centre, radius, max(1, radius // 3))  # seen on gold too
        b = self.game_buttons.get(self.chosen)
        if b is not None:
            pygame.draw.rect(surface, widgets.GOLD, b.rect.inflate(4, 4), max(2, u.px(2)), border_radius=u.px(8))
        tab = self.family_buttons.get(self.family)
        if tab is not None:
            r = tab.rect
            pygame.draw.rect(surface, widgets.GOLD, r.inflate(4, 4), max(2, u.px(2)), border_radius=u.px(8))
            bar = max(2, u.px(3))
            pygame.draw.rect(surface, widgets.GOLD, (r.x + bar, r.y + u.px(6), bar, r.height - 2 * u.px(6)), border_radius=bar // 2)

    # ------------------------------------------------------------ actions
    def continue_game(self, game_id: str | None = None) -> None:
        """Continue a game in progress: ``game_id``'s, else the most recently played."""
        games = self.app.games_in_progress()
        if game_id is None and games:
            game_id = games[0].game_id
        match = self.app.resume(game_id) if game_id is not None else None
        if match is not None:
            self.app.scenes.push(catalog.make("table", self.app, match))

    def list_in_progress(self) -> None:
        self.app.scenes.push(catalog.make("continue", self.app))

    def new_game(self) -> None:
        self.app.scenes.push(catalog.make("setup", self.app, self.chosen))

    def statistics(self) -> None:
        self.app.scenes.push(catalog.make("stats", self.app))

    def settings(self) -> None:
        self.app.scenes.push(catalog.make("settings", self.app))

    def rules(self) -> None:
        self.app.scenes.push(catalog.make("rules", self.app, self.chosen))

    def back(self) -> None:
        pass  # Esc on the menu does nothing more; Quit is a button
