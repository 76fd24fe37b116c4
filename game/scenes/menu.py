"""Main menu: the shelf of games, grouped by family, and the app's own buttons.

The games come from the registry (game/registry.py), families in ``FAMILIES`` order; a
family without a game yet is not shown. One family is open at a time (its tab along the
top of the shelf); its games are listed on the left and the chosen one is described on
the right (players, one line from its texts) with New game and Rules. Along the bottom:
Continue (whatever game was being played, named on the button), Statistics, Settings,
Quit.

Touch: tap a family tab, tap a game to read about it, tap it again (or New game) to set
it up. Keys: Left/Right change the family, Up/Down the game, Enter sets up the chosen
game (or presses the button Tab moved to), Esc brings the focus back to the chosen game.
The game described is always the one that has the focus (Tab onto a game chooses it).
"""
from __future__ import annotations

import pygame

from game import registry
from game.i18n import lookup, t
from game.saves import progress_line, when_text
from game.scenes import catalog
from game.scenes.base import Scene
from game.ui import fonts, widgets


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
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        gap = max(6, int(10 * s))
        margin = max(10, int(w * 0.05))
        self.title_bottom = self.title_height()
        # Bottom row: the app's own buttons.
        # Continue offers the most recently played game; with several games in progress, the
        # button after it lists them all (ContinueScene).
        in_progress = [g for g in self.app.games_in_progress() if g.game_id in registry.BY_ID]
        resumable = bool(in_progress)
        cont = t("menu.continue_game", game=t(registry.BY_ID[in_progress[0].game_id].title_key)) if resumable else t("menu.continue")
        bottom = [
            (cont, self.continue_game, resumable),
            (t("menu.statistics"), self.statistics, True),
            (t("menu.settings"), lambda: self.app.operator_gate(self.settings), True),
            (t("menu.quit"), lambda: self.app.operator_gate(self.app.quit), True),
        ]
        if len(in_progress) > 1:
            bottom.insert(1, (t("menu.in_progress", count=len(in_progress)), self.list_in_progress, True))
        # Few button sizes: pygame_gui keeps every size's shapes (about 2.5 MB each), so
        # the tabs, the panel's buttons and the bottom row share one width, Continue
        # (it names the game) has its own, and the games theirs.
        families = [f for f, _ in self.shelf]
        tab_texts = [t(f"family.{f}") for f in families]
        panel_texts = [t("menu.new_game"), t("menu.rules")]
        room = w - 2 * margin
        need = self.text_widths(tab_texts + panel_texts + [text for text, _, _ in bottom[1:]])
        common = min(max([int(170 * s), *need]), (room - gap * max(3, len(families) - 1)) // max(4, len(families)))
        others = len(bottom) - 1
        rest_w = common
        if others > 3:
            # With the list of games in progress in the row, Continue keeps the room its text
            # needs and the other four share the rest (never narrower than their texts).
            rest_need = max(self.text_widths([text for text, _, _ in bottom[1:]]))
            cont_w = min(max(common, self.text_widths([cont])[0]), room - others * (rest_need + gap))
            rest_w = min(common, (room - cont_w - others * gap) // others)
        else:
            cont_w = min(max(common, self.text_widths([cont])[0]), room - others * (common + gap))
        widths = [cont_w] + [rest_w] * others
        x = (w - sum(widths) - gap * (len(widths) - 1)) // 2
        by = h - bh - max(8, int(14 * s))
        bottom_buttons = []
        for (text, action, enabled), bw in zip(bottom, widths):
            bottom_buttons.append((pygame.Rect(x, by, bw, bh), text, action, enabled))
            x += bw + gap
        # Family tabs.
        top = self.title_bottom + gap
        x = (w - common * len(families) - gap * (len(families) - 1)) // 2
        self.family_buttons = {}
        tabs = []
        for family, text in zip(families, tab_texts):
            tabs.append((family, pygame.Rect(x, top, common, bh), text))
            x += common + gap
        # The games of the open family on the left, the chosen game's panel on the right.
        shelf_top = top + bh + gap + max(4, int(6 * s))
        shelf_bottom = by - gap - max(4, int(6 * s))
        list_w = int((w - 2 * margin) * 0.38)
        games = self.games()
        step = min(bh + gap, max(bh // 2, (shelf_bottom - shelf_top) // max(1, len(games))))
        self.panel_rect = pygame.Rect(margin + list_w + 2 * gap, shelf_top, w - 2 * margin - list_w - 2 * gap, shelf_bottom - shelf_top)
        # Focus order: the games, the panel's buttons, the tabs, the bottom row.
        self.game_buttons = {}
        for i, e in enumerate(games):
            rect = pygame.Rect(margin, shelf_top + i * step, list_w, min(bh, step - 2))
            self.game_buttons[e.id] = self.button(rect, t(e.title_key), lambda gid=e.id: self.tap_game(gid))
        pw = self.panel_rect
        pad = max(8, int(16 * s))
        bw = min(common, (pw.width - 2 * pad - gap) // 2)
        py = pw.bottom - bh - pad
        panel_buttons = [(t("menu.new_game"), self.new_game), (t("menu.rules"), self.rules)]
        if self.chosen in self.app.saved_games:  # this game is in progress: Continue it first
            panel_buttons.insert(0, (t("menu.continue"), lambda: self.continue_game(self.chosen)))
            bw = (pw.width - 2 * pad - 2 * gap) // 3
        panel_rects = [pygame.Rect(pw.x + pad + i * (bw + gap), py, bw, bh) for i in range(len(panel_buttons))]
        for rect, (text, action) in zip(panel_rects, panel_buttons):
            b = self.button(rect, text, action)
            if action == self.new_game:
                self.new_game_button = b
        for family, rect, text in tabs:
            self.family_buttons[family] = self.button(rect, text, lambda f=family: self.open_family(f), enabled=family != self.family)
        for rect, text, action, enabled in bottom_buttons:
            self.button(rect, text, action, enabled)
        if self.focus < 0:
            self.focus_game()

    def title_height(self) -> int:
        w, h = self.app.size
        s = self.app.scale
        px = max(24, int(56 * s))
        return max(4, int(h * 0.02)) + fonts.font(px, True).get_linesize() + fonts.font(max(14, int(22 * s))).get_linesize() + int(4 * s)

    def text_widths(self, texts: list[str]) -> list[int]:
        """The width a button needs for each text (the UI's bold font and padding)."""
        f = fonts.font(fonts.ui_font_size(self.app.scale), True)
        pad = max(12, int(24 * self.app.scale))
        return [f.size(text)[0] + 2 * pad for text in texts]

    def open_family(self, family: str) -> None:
        games = dict(self.shelf).get(family)
        if games:
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
        w, h = surface.get_size()
        s = self.app.scale
        r = widgets.title(surface, t("app.title"), s, max(4, int(h * 0.02)), size=56)
        # A small fan of cards on each side of the title, drawn by the card renderer.
        cw = max(24, int(r.height * 0.8 / 1.4))
        for i, code in enumerate(["JS", "TD", "2C", "QH"]):
            img = self.app.cards.face(code, cw, self.app.settings.four_colour_suits)
            side = -1 if i < 2 else 1
            k = i % 2
            img = pygame.transform.rotozoom(img, -side * (8 + 10 * k), 1)
            x = w // 2 + side * (r.width // 2 + int(cw * (0.8 + 0.7 * k)))
            surface.blit(img, img.get_rect(center=(x, r.centery)))
        fonts.blit_text(surface, t("app.tagline"), max(14, int(22 * s)), widgets.SOFT, (w // 2, r.bottom), "midtop", max_width=int(w * 0.9))
        self.draw_panel(surface)

    def draw_panel(self, surface: pygame.Surface) -> None:
        """The chosen game: its name, players and cards, how it is played in teams, its
        one-line description; the browsing hint at the foot when there is room."""
        s = self.app.scale
        pw = self.panel_rect
        if pw.width <= 0:
            return
        widgets.panel(surface, pw, alpha=150)
        e = registry.BY_ID[self.chosen]
        pad = max(8, int(16 * s))
        inner = pw.width - 2 * pad
        x = pw.x + pad
        head = fonts.blit_text(surface, t(e.title_key), max(24, int(44 * s)), widgets.GOLD, (x, pw.y + pad), bold=True, max_width=inner)
        # The sizes of the other scenes' titles, rows and notes: fonts are shared, not reloaded.
        size = max(14, int(22 * s))
        line_h = fonts.font(size).get_linesize()
        y = head.bottom + int(4 * s)
        # Players, cards and teams come from the rules' GameInfo: the rules load just after
        # the first frame (App.finish_start), so the very first frame goes without them.
        facts = []
        info = e.loaded_info()
        if info is not None:
            facts.append(t("menu.players_and_deck", players=players_text(info), deck=t("menu.deck", count=info.deck.size)))
            if info.teams in ("optional", "fixed"):
                facts.append(t(f"menu.teams_{info.teams}"))
        for fact in facts:
            fonts.blit_text(surface, fact, size, widgets.SOFT, (x, y), max_width=inner)
            y += line_h
        y += int(8 * s)
        limit = self.new_game_button.rect.top - int(6 * s) if hasattr(self, "new_game_button") else pw.bottom
        saved = self.app.saved_games.get(self.chosen)
        if saved is not None:  # above the buttons; the description stops above it
            limit = self.draw_in_progress(surface, saved, x, y, inner, limit) - int(6 * s)
        text = lookup(e.description_key)
        if isinstance(text, str):
            for part in fonts.wrap(text, size, inner):
                if y + line_h > limit:
                    break
                fonts.blit_text(surface, part, size, widgets.WHITE, (x, y), max_width=inner)
                y += line_h
        small = max(12, int(size * 0.75))
        hint = fonts.wrap(t("menu.shelf_hint"), small, inner)
        top = limit - len(hint) * fonts.font(small).get_linesize()
        if top >= y + int(8 * s):
            for part in hint:
                fonts.blit_text(surface, part, small, widgets.DIM, (x, top), max_width=inner)
                top += fonts.font(small).get_linesize()

    def draw_in_progress(self, surface: pygame.Surface, saved, x: int, top: int, width: int, bottom: int) -> int:
        """The chosen game's game in progress, just above the panel's buttons: when it was
        last played, its round and totals. Returns the top of what it drew (the description
        above stops there)."""
        s = self.app.scale
        size = max(13, int(20 * s))
        line = fonts.font(size).get_linesize()
        pad = max(4, int(8 * s))
        lines = 1 + min(2, len(fonts.wrap(progress_line(saved), size, width - 2 * pad)))
        box = pygame.Rect(x, max(top, bottom - lines * line - 2 * pad - int(4 * s)), width, lines * line + 2 * pad)
        if box.bottom > bottom:
            return bottom
        head = fonts.blit_text(surface, t("menu.game_in_progress"), size, widgets.GOLD, (box.x + pad, box.y + pad), bold=True, max_width=width // 2)
        fonts.blit_text(surface, when_text(saved.saved_at), size, widgets.SOFT, (box.right - pad, head.y), "topright", max_width=width - head.width - 3 * pad)
        y = head.bottom
        for part in fonts.wrap(progress_line(saved), size, width - 2 * pad)[: lines - 1]:
            fonts.blit_text(surface, part, size, widgets.WHITE, (box.x + pad, y), max_width=width - 2 * pad)
            y += line
        pygame.draw.rect(surface, widgets.GOLD, box, max(1, int(2 * s)), border_radius=8)
        return box.y

    def draw_over(self, surface: pygame.Surface) -> None:
        # The chosen game is marked in gold whatever has the keyboard focus, and its
        # family's tab is underlined; a game in progress has a gold dot on its button.
        s = self.app.scale
        for game_id in self.app.saved_games:
            b = self.game_buttons.get(game_id)
            if b is not None:
                r = b.rect
                radius = max(4, int(7 * s))
                centre = (r.right - radius - max(6, int(10 * s)), r.centery)
                pygame.draw.circle(surface, widgets.GOLD, centre, radius)
                pygame.draw.circle(surface, (21, 23, 26), centre, radius, max(1, radius // 3))  # seen on gold too
        b = self.game_buttons.get(self.chosen)
        if b is not None:
            r = b.rect
            pygame.draw.rect(surface, widgets.GOLD, r.inflate(4, 4), max(2, int(3 * s)), border_radius=8)
        tab = self.family_buttons.get(self.family)
        if tab is not None:
            r = tab.rect
            pygame.draw.rect(surface, widgets.GOLD, (r.x + 6, r.bottom + 2, r.width - 12, max(3, int(4 * s))), border_radius=2)

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
