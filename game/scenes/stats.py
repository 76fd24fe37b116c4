"""Statistics per player profile and per game (game.stats). One tab per registered game
along the bottom (when they do not all fit, a ‹ game › selector instead); the table lists
the players who finished a game of the chosen one: games, wins, win rate, the game's
points per round and its best score. For the selected profile: the details that mean
something for that game, a chart of points per round over the last games and the win
rate against each opponent level. What a game shows (columns, details, chart scale) is
its statistics plug-in's (``game.stats.GameStats``, named by its registry entry); this
scene names no game. Tap a row (or use the up and down arrows) to select a profile.

"Recent games" opens the selected player's last finished games (game/scenes/recent.py),
each reviewable move by move. "Rename" gives the selected player another name
(game/scenes/players.py): their figures stay theirs. "Reset…" opens ``ResetStatsScene``, a confirmation overlay: reset the selected player (every
game), reset every player, or cancel. Confirming goes through ``Stats.reset`` and saves the
statistics document at once (in kiosk mode the operator code is asked first: a passer-by
must not wipe everybody's record)."""
from __future__ import annotations

import pygame

from game.i18n import t
from game.scenes import catalog
from game.scenes.base import Scene
from game.scenes.dialog import DialogScene
from game.stats import chart_scale, game_stats
from game.ui import fonts, widgets
from game.ui import screen_layout as sl

# Bars of a game where the lowest total wins (penalty points) are red, others green.
PENALTY_COLOUR = (220, 120, 100)
POINTS_COLOUR = (110, 200, 140)


def number(value) -> str:
    return t("common.number", value=value)


def average(value: float) -> str:
    return t("common.number", value=round(value, 1))


def heading(key: str, name: str, size: int, width: int) -> str:
    """t(key, name=name), the name shortened with an ellipsis if the line would otherwise
    shrink below 85 % of ``size`` to fit in ``width`` (a 16-letter name is allowed)."""
    readable = max(9, int(size * 0.85))
    text = t(key, name=name)
    short = name
    while len(short) > 1 and fonts.font(readable, True).size(text)[0] > width:
        short = short[:-1]
        text = t(key, name=short.rstrip() + "\u2026")
    return text


def stats_games() -> list[str]:
    from game.registry import ENTRIES

    return [e.id for e in ENTRIES]


class StatsScene(Scene):
    name = "stats"

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        self.selected = 0
        self.game_id = game_id or self.default_game()
        self.row_rects: list[tuple[int, pygame.Rect]] = []
        self.tab_buttons: dict[str, object] = {}
        self.details_rect: pygame.Rect | None = None  # where the details were drawn (tests)
        self.drawn_details: list[tuple[str, str]] = []  # and what they said
        self.figures_scroll = sl.PixelScroll()  # the selected player's figures, when taller than their room
        self.table_scroll = sl.RowScroll()  # the players' table, when longer than its room
        self.wide_table = True
        self.m = sl.measures(app)
        self.area = self.table_rect = self.figures_rect = pygame.Rect(0, 0, 0, 0)

    def default_game(self) -> str:
        """The game last recorded, else the first game anyone finished, else the first game."""
        games = stats_games()
        stats = self.app.stats
        with_rows = [g for g in games if stats.rows(g)]
        if stats.last_game in with_rows:
            return stats.last_game
        return with_rows[0] if with_rows else games[0]

    def layout(self) -> None:
        """The bottom bar: the game tabs when they fit one row with the actions, else
        ‹ the game › (a step along the shelf); then Recent games, Rename, Reset, Back, on a
        row of their own when the screen is narrow."""
        m = sl.measures(self.app)
        w, h = m.size
        self.m = m
        games = stats_games()
        actions = [
            (t("stats.recent"), self.show_recent, "recent"),
            (t("players.rename"), lambda: self.app.operator_gate(self.ask_rename), "rename"),
            (t("stats.reset"), lambda: self.app.operator_gate(self.ask_reset), "reset"),
            (t("common.back"), self.back, "back"),
        ]
        action_texts = [text for text, _, _ in actions]
        room = w - 2 * m.margin
        tab_texts = [t(f"{gid}.title") for gid in games]
        natural = [sl.button_width(text, m) for text in tab_texts + action_texts]
        self.tab_buttons = {}
        self.selector = None
        made = {}
        if sum(natural) + m.gap * len(natural) <= room:
            # Every game a tab, the actions after a wider gap: one row.
            least = 0 if m.compact else int(150 * m.scale)
            widths = [max(least, x) for x in natural]
            if sum(widths) + m.gap * len(widths) > room:
                widths = natural
            x = (w - sum(widths) - m.gap * len(widths)) // 2
            y = h - m.margin - m.bh
            self.bar_top = y
            for i, (gid, bw) in enumerate(zip(games, widths)):
                self.tab_buttons[gid] = self.button(pygame.Rect(x, y, bw, m.bh), tab_texts[i], lambda gid=gid: self.show_game(gid))
                x += bw + m.gap
            x += m.gap
            for (text, action, key), bw in zip(actions, widths[len(games):]):
                made[key] = self.button(pygame.Rect(x, y, bw, m.bh), text, action)
                x += bw + m.gap
        else:
            # ‹ the chosen game ›, each arrow a step along the shelf; the actions beside it,
            # or on the rows under it when the screen is narrow.
            name_w = max(sl.button_width(text, m) for text in tab_texts)
            arrow = m.u.touch if m.compact else max(m.u.touch, int(64 * m.scale))
            selector_w = name_w + 2 * arrow + 2 * m.gap
            actions_w = sum(sl.button_width(text, m) for text in action_texts) + m.gap * (len(actions) - 1)
            one_row = selector_w + 2 * m.gap + actions_w <= room
            if one_row:
                spare = 0 if not m.compact else room - selector_w - 2 * m.gap - actions_w
                selector_x = m.margin + (0 if m.compact else (room - selector_w - 2 * m.gap - actions_w) // 2)
                y = h - m.margin - m.bh
                name_w += spare // 2
                selector_w = name_w + 2 * arrow + 2 * m.gap
                rects, _ = sl.button_grid(action_texts, selector_x + selector_w + 2 * m.gap, room - (selector_x - m.margin) - selector_w - 2 * m.gap, y, m, stretch=m.compact)
                self.bar_top = y
            else:
                grid_h = sl.grid_height(action_texts, room, m)
                y_actions = h - m.margin - grid_h
                y = y_actions - m.gap - m.bh
                name_w = room - 2 * arrow - 2 * m.gap if m.compact else name_w
                selector_w = name_w + 2 * arrow + 2 * m.gap
                selector_x = (w - selector_w) // 2
                rects, _ = sl.button_grid(action_texts, m.margin, room, y_actions, m)
                self.bar_top = y
            self.button(pygame.Rect(selector_x, y, arrow, m.bh), t("common.previous"), lambda: self.step_game(-1))
            self.selector = self.button(pygame.Rect(selector_x + arrow + m.gap, y, name_w, m.bh), t(f"{self.game_id}.title"), lambda: self.step_game(1))
            self.button(pygame.Rect(selector_x + arrow + name_w + 2 * m.gap, y, arrow, m.bh), t("common.next"), lambda: self.step_game(1))
            for rect, (text, action, key) in zip(rects, actions):
                made[key] = self.button(rect, text, action)
        has = bool(self.names())
        # The selected player's recent games, each one reviewable move by move.
        self.recent_button = made["recent"]
        # Rename the selected player: their statistics follow (kiosk: the operator's code first).
        self.rename_button = made["rename"]
        # Reset acts on the selected player (every game): there must be one in this game's table.
        self.reset_button = made["reset"]
        for b in (self.recent_button, self.rename_button, self.reset_button):
            if not has:
                b.disable()
                if b in self.focusables:
                    self.focusables.remove(b)
        self.title_top = m.margin
        top = self.title_top + sl.title_height(m) + m.gap
        self.area = pygame.Rect(m.margin, top, room, self.bar_top - m.gap - top)
        self.arrange()

    def arrange(self) -> None:
        """The players' table and the selected player's figures: side by side on a phone on
        its side, the table above the figures otherwise."""
        m = self.m
        area = self.area
        rows = self.rows()
        self.wide_table = area.width >= m.px(520) if m.shape != "short" else area.width // 2 >= m.px(520)
        line = self.row_height()
        head = self.header_height()
        if m.shape == "short":
            half = (area.width - m.gap) * 9 // 20
            self.table_rect = pygame.Rect(area.x, area.y, half, area.height)
            self.figures_rect = pygame.Rect(self.table_rect.right + m.gap, area.y, area.right - self.table_rect.right - m.gap, area.height)
        else:
            want = head + line * max(1, len(rows)) + m.px(8)
            table_h = min(want, max(head + line * 2 + m.px(8), int(area.height * 0.42)))
            self.table_rect = pygame.Rect(area.x, area.y, area.width, table_h)
            self.figures_rect = pygame.Rect(area.x, self.table_rect.bottom + m.gap, area.width, area.bottom - self.table_rect.bottom - m.gap)
        self.figures_scroll.fit(self.figures_rect, self.figures_height())
        body = pygame.Rect(self.table_rect.x, self.table_rect.y + head, self.table_rect.width, self.table_rect.height - head - m.px(4))
        self.table_scroll.fit([line] * len(rows), body, 0)
        self.table_scroll.show(self.selected)

    def ui_size(self) -> int:
        return fonts.ui_font_size(self.app.scale)

    def step_game(self, delta: int) -> None:
        games = stats_games()
        self.show_game(games[(games.index(self.game_id) + delta) % len(games)] if self.game_id in games else games[0])

    def show_game(self, game_id: str) -> None:
        """Show another game's figures, keeping the selected player if they played it."""
        if game_id == self.game_id:
            return  # its tab, tapped again (enabled: a disabled tab reads as unavailable)
        name = self.selected_name()
        self.game_id = game_id
        names = self.names()
        self.selected = names.index(name) if name in names else 0
        focus = self.focus
        self.build()
        self.focus = focus if focus < len(self.focusables) else -1
        self._show_focus()

    def names(self) -> list[str]:
        stats = self.app.stats
        names = list(stats.names) + sorted(n for n in stats.profiles if n not in stats.names)
        return [n for n in names if stats.record(n, self.game_id)["games"]]

    def selected_name(self) -> str | None:
        names = self.names()
        if not names:
            return None
        self.selected = min(self.selected, len(names) - 1)
        return names[self.selected]

    def columns(self) -> list[str]:
        plugin = game_stats(self.game_id)
        return [t("stats.player"), t("stats.played"), t("stats.won"), t("stats.win_rate"), t(plugin.points_label), t(plugin.best_label)]

    def rows(self) -> list[list[str]]:
        out = []
        for name in self.names():
            s = self.app.stats.summary(name, self.game_id)
            best = s["best"]["score"] if s["best"] else 0
            out.append([
                name,
                number(s["games"]),
                number(s["wins"]),
                t("stats.percent", value=round(100 * s["win_rate"])),
                average(s["points_per_round"]),
                number(best),
            ])
        return out

    def details(self, name: str) -> list[tuple[str, str]]:
        """(label, value) lines of the details block for one profile in the chosen game,
        as its statistics plug-in lists them: an average to one decimal, a count as is."""
        s = self.app.stats.summary(name, self.game_id)
        return [(t(label), average(s[field]) if isinstance(s[field], float) else number(s[field])) for label, field in game_stats(self.game_id).details]

    def chart_heading(self, name: str, size: int, width: int) -> str:
        return heading(game_stats(self.game_id).chart_heading, name, size, width)

    def show_recent(self) -> None:
        name = self.selected_name()
        if name is not None:
            self.app.scenes.push(catalog.make("recent", self.app, name))

    def ask_rename(self) -> None:
        name = self.selected_name()
        if name is not None:
            self.app.scenes.push(catalog.make("rename_player", self.app, name))

    def player_renamed(self, name: str | None) -> None:
        """Back from the rename: the same player stays selected under the new name."""
        names = self.names()
        if name in names:
            self.selected = names.index(name)

    def ask_reset(self) -> None:
        name = self.selected_name()
        if name is not None:
            self.app.scenes.push(ResetStatsScene(self.app, name))

    # ------------------------------------------------------------ measures
    def row_height(self) -> int:
        return max(self.app.units.touch, int(sl.line_height(self.m.body) * 1.5))  # a row is a touch target

    def columns_shown(self) -> list[int]:
        """The table's columns: all six when it is wide, else the player, games and win rate
        (the others go at the top of the player's figures)."""
        return [0, 1, 2, 3, 4, 5] if self.wide_table else [0, 1, 3]

    def column_boxes(self, rect: pygame.Rect) -> list[tuple[int, pygame.Rect]]:
        """Each column's box (x and width): a figure's column as wide as its heading's longest
        word and its widest figure ask (at least its share of the design), the player's name
        the rest."""
        m = self.m
        cols = self.columns_shown()
        weights = {0: 0.27, 1: 0.13, 2: 0.12, 3: 0.14, 4: 0.19, 5: 0.15} if self.wide_table else {0: 0.5, 1: 0.22, 3: 0.28}
        pad = m.px(6)
        inner = rect.width - 2 * pad - m.px(6)
        heads = self.columns()
        rows = self.rows()
        widths = {}
        for c in cols[1:]:
            words = max(fonts.text_width(word, m.small, True) for word in heads[c].split())
            values = max([fonts.text_width(r[c], m.body) for r in rows] + [0])
            widths[c] = max(int(inner * weights[c]), words + pad, values + pad)
        widths[0] = max(m.px(40), inner - sum(widths.values()))
        out = []
        x = rect.x + pad
        for c in cols:
            out.append((c, pygame.Rect(x, 0, widths[c] - pad, 0)))
            x += widths[c]
        return out

    def header_height(self) -> int:
        m = self.m
        boxes = self.column_boxes(self.area if m.shape != "short" else pygame.Rect(self.area.x, 0, (self.area.width - m.gap) * 9 // 20, 0))
        heads = self.columns()
        lines = max(len(fonts.wrap(heads[c], m.small, box.width, True)) for c, box in boxes)
        return lines * sl.line_height(m.small, True) + m.px(8)

    def extra_lines(self, name: str) -> list[tuple[str, str]]:
        """The table's figures it has no room for, at the top of the player's figures."""
        if self.wide_table or name is None:
            return []
        cols = self.columns()
        row = self.rows()[self.names().index(name)]
        own = {label for label, _ in self.details(name)}  # a game may list the same figure itself
        return [(cols[c], row[c]) for c in (2, 4, 5) if cols[c] not in own]

    def figures_plan(self, name: str | None) -> tuple[bool, int, int, int]:
        """(details beside the charts, details height, points chart height, levels height)."""
        m = self.m
        if name is None:
            return False, 0, 0, 0
        line = sl.line_height(m.body)
        head = sl.line_height(m.small, True) + m.px(6)
        width = self.figures_rect.width - m.px(10)
        details = head + line * (len(self.extra_lines(name)) + len(self.details(name))) + m.px(6)
        plot = m.px(96) if m.compact else max(m.px(96), int(m.small * 8))
        points = 2 * head + plot
        levels = head + len(self.app.stats.win_rate_by_level(name, self.game_id)) * (max(m.px(14), m.small) + m.px(8))
        beside = width >= m.px(640)
        if beside:  # the chart takes the height the figures have
            points = max(points, min(self.figures_rect.height - 2 * m.px(8), 2 * head + int(m.small * 14)))
        return beside, details, points, levels

    def figures_height(self) -> int:
        name = self.selected_name()
        beside, details, points, levels = self.figures_plan(name)
        if name is None:
            return 0
        if beside:
            return max(details, points, levels) + self.m.px(8)
        return details + points + levels + 3 * self.m.gap + self.m.px(8)

    # ------------------------------------------------------------ input
    def tap_zones(self) -> list:
        from game.scenes.base import TouchTarget

        names = self.names()
        return [TouchTarget("row", names[i], r) for i, r in self.row_rects if i < len(names)]

    def select(self, i: int) -> None:
        self.selected = i
        self.figures_scroll.to(0)
        self.figures_scroll.fit(self.figures_rect, self.figures_height())

    def handle(self, event) -> bool:
        n = len(self.names())
        if self.table_scroll.handle(event):
            return True
        if self.figures_scroll.handle(event, self.app.units.px(30)):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in self.row_rects:
                if r.collidepoint(event.pos):
                    self.select(i)
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and n:
            self.select((self.selected + (1 if event.key == pygame.K_DOWN else -1)) % n)
            self.table_scroll.show(self.selected)
            return True
        return super().handle(event)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        m = sl.measures(self.app)
        self.m = m
        sl.draw_title(surface, t("stats.title"), m, self.title_top)
        tab = self.tab_buttons.get(self.game_id)
        if tab is not None:  # the chosen game's tab is underlined in gold
            sl.underline_tab(surface, tab.rect, m)
        self.row_rects = []
        self.details_rect = None
        self.drawn_details = []
        rows = self.rows()
        if not rows:
            widgets.panel(surface, self.area, radius=m.px(10))
            sl.wrapped(surface, t("stats.empty_game", game=t(f"{self.game_id}.title")), m.body, widgets.SOFT, self.area.inflate(-2 * m.margin, -2 * m.margin), align="center")
            return
        name = self.selected_name()
        self.draw_table(surface, rows)
        self.draw_figures(surface, name)

    def draw_table(self, surface, rows: list[list[str]]) -> None:
        m = self.m
        rect = self.table_rect
        widgets.panel(surface, rect, radius=m.px(10))
        head_h = self.header_height()
        boxes = self.column_boxes(rect)
        cols = self.columns()
        line = sl.line_height(m.small, True)
        for c, box in boxes:
            lines = fonts.wrap(cols[c], m.small, box.width, True)
            y = rect.y + m.px(4) + (head_h - m.px(8) - line * len(lines))
            for part in lines:
                fonts.blit_text(surface, part, m.small, widgets.GOLD, (box.x, y), bold=True, max_width=box.width)
                y += line
        row_h = self.row_height()
        body = pygame.Rect(rect.x, rect.y + head_h, rect.width, rect.height - head_h - m.px(4))
        first = self.table_scroll.fit([row_h] * len(rows), body, 0)
        y = body.y
        for i in range(first, min(len(rows), first + self.table_scroll.shown)):
            row = pygame.Rect(rect.x + m.px(4), y, rect.width - m.px(12), row_h)
            self.row_rects.append((i, row))
            if i == self.selected:
                pygame.draw.rect(surface, (60, 90, 120), row, border_radius=m.px(6))
            for c, box in boxes:
                fonts.blit_text(surface, rows[i][c], m.body, widgets.WHITE, (box.x, row.centery), "midleft", bold=c == 0 and i == self.selected, max_width=box.width)
            y += row_h
        self.table_scroll.draw_bar(surface, m)

    def draw_figures(self, surface, name: str) -> None:
        """The selected player's figures: the details (and what the table has no room for),
        the points per round and the wins against each level; scrolled when taller than
        their room."""
        m = self.m
        rect = self.figures_rect
        if rect.height < m.px(24):
            return
        widgets.panel(surface, rect, radius=m.px(10))
        self.figures_scroll.fit(rect, self.figures_height())
        beside, details_h, points_h, levels_h = self.figures_plan(name)
        pad = m.px(8)
        inner = pygame.Rect(rect.x + pad, rect.y + pad - self.figures_scroll.offset, rect.width - 2 * pad - m.px(4), self.figures_height())
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-2, -2))
        if beside:
            dw = self.details_width(name, m.body, inner.width)
            gap = max(m.gap, int(inner.width * 0.04))
            details = pygame.Rect(inner.x, inner.y, dw, details_h)
            charts = pygame.Rect(details.right + gap, inner.y, inner.right - details.right - gap, max(points_h, levels_h))
            left = pygame.Rect(charts.x, charts.y, int(charts.width * 0.56), points_h)
            right = pygame.Rect(left.right + gap, charts.y, charts.right - left.right - gap, levels_h)
        else:
            details = pygame.Rect(inner.x, inner.y, inner.width, details_h)
            left = pygame.Rect(inner.x, details.bottom + m.gap, inner.width, points_h)
            right = pygame.Rect(inner.x, left.bottom + m.gap, inner.width, levels_h)
        self.draw_details(surface, details, name, m.body)
        self.draw_points_chart(surface, left, name)
        self.draw_levels_chart(surface, right, name)
        surface.set_clip(clip)
        if self.details_rect is not None:
            self.details_rect = self.details_rect.clip(rect)
        self.figures_scroll.draw_bar(surface, m)

    def details_width(self, name: str, size: int, width: int) -> int:
        """Room for the longest label of the chosen game and a value, between 28 % and 40 %
        of ``width`` (the charts take the rest)."""
        f = fonts.font(size)
        need = max(f.size(label)[0] for label, _ in self.details(name) + self.extra_lines(name)) + f.size("0000.0")[0] + self.m.px(12)
        return min(int(width * 0.40), max(int(width * 0.28), need))

    def draw_details(self, surface, box: pygame.Rect, name: str, size: int) -> None:
        m = self.m
        head = fonts.blit_text(surface, heading("stats.details", name, m.small, box.width), m.small, widgets.GOLD, box.topleft, bold=True, max_width=box.width)
        lines = self.details(name)
        step = sl.line_height(size)
        y = head.bottom + m.px(6)
        f = fonts.font(size)
        for label, value in self.extra_lines(name) + lines:
            value_w = max(f.size(value)[0], f.size("0000.0")[0])
            label_w = box.width - value_w - m.px(8)
            shown = label if f.size(label)[0] <= label_w else fonts.ellipsize(label, size, label_w)
            fonts.blit_text(surface, shown, size, widgets.WHITE, (box.x, y), max_width=label_w)
            fonts.blit_text(surface, value, size, widgets.SOFT, (box.right, y), "topright", max_width=value_w)
            y += step
        self.details_rect = pygame.Rect(box.x, box.y, box.width, y - box.y)
        self.drawn_details = lines

    def draw_points_chart(self, surface, left: pygame.Rect, name: str) -> None:
        """Points per round over the last games."""
        m = self.m
        small = m.small
        stats = self.app.stats
        head = fonts.blit_text(surface, self.chart_heading(name, small, left.width), small, widgets.GOLD, left.topleft, bold=True, max_width=left.width)
        series = stats.points_per_round_series(name, self.game_id)
        tiny = fonts.min_size() if m.compact else max(fonts.min_size(), int(small * 0.85))
        # On a scale that follows the player's figures (chart_scale), a zero line when some are negative.
        low, top = chart_scale(series, game_stats(self.game_id).chart_top)
        self.chart_range = (low, top)
        label_w = max(fonts.font(tiny).size(number(v))[0] for v in (low, top)) + m.px(6)
        plot = pygame.Rect(left.x + label_w, head.bottom + sl.line_height(tiny), left.width - label_w, left.bottom - head.bottom - 2 * sl.line_height(tiny))
        zero = plot.bottom - int(plot.height * -low / (top - low))
        pygame.draw.line(surface, widgets.DIM, (plot.x, zero), (plot.right, zero), 1)
        pygame.draw.line(surface, (90, 100, 110), plot.topleft, plot.topright, 1)
        fonts.blit_text(surface, number(top), tiny, widgets.DIM, (plot.x - m.px(4), plot.y), "midright")
        fonts.blit_text(surface, number(0), tiny, widgets.DIM, (plot.x - m.px(4), zero), "midright")
        if low < 0:
            pygame.draw.line(surface, (90, 100, 110), plot.bottomleft, plot.bottomright, 1)
            fonts.blit_text(surface, number(low), tiny, widgets.DIM, (plot.x - m.px(4), plot.bottom), "midright")
        colour = PENALTY_COLOUR if self.app.stats.lower_wins(self.game_id) else POINTS_COLOUR
        if series:
            gap = m.px(3)
            bw = max(m.px(3), min(m.px(24), plot.width // max(1, len(series)) - gap))
            for i, v in enumerate(series):
                bh = max(1, int(plot.height * min(1.0, abs(v) / (top - low))))
                x = plot.x + gap + i * (bw + gap)
                bar = pygame.Rect(x, zero - bh, bw, bh) if v >= 0 else pygame.Rect(x, zero, bw, min(bh, plot.bottom - zero))
                pygame.draw.rect(surface, colour, bar, border_radius=2)
                text = average(v)
                if fonts.font(tiny).size(text)[0] <= bw + gap:
                    if v >= 0:
                        fonts.blit_text(surface, text, tiny, widgets.SOFT, (bar.centerx, bar.y - 2), "midbottom")
                    else:
                        fonts.blit_text(surface, text, tiny, widgets.SOFT, (bar.centerx, bar.bottom + 2), "midtop")

    def draw_levels_chart(self, surface, right: pygame.Rect, name: str) -> None:
        """Win rate against each opponent level: label, bar, percentage flush right."""
        m = self.m
        small = m.small
        head = fonts.blit_text(surface, t("stats.chart_levels"), small, widgets.GOLD, right.topleft, bold=True, max_width=right.width)
        levels = self.app.stats.win_rate_by_level(name, self.game_id)
        y = head.bottom + m.px(6)
        bar_h = max(m.px(14), small)
        pct_w = fonts.font(small).size(t("stats.percent", value=100))[0]
        label_w = max([fonts.font(small).size(t(f"kind.{level}"))[0] for level in levels] + [0])
        label_w = min(label_w, int(right.width * 0.45))
        bar_x = right.x + label_w + m.px(8)
        for level, v in levels.items():
            label = fonts.blit_text(surface, t(f"kind.{level}"), small, widgets.WHITE, (right.x, y), max_width=label_w)
            bar = pygame.Rect(bar_x, label.centery - bar_h // 2 + m.px(2), max(m.px(10), right.right - pct_w - m.px(6) - bar_x), bar_h - m.px(4))
            pygame.draw.rect(surface, (50, 60, 70), bar, border_radius=3)
            pygame.draw.rect(surface, (240, 200, 70), (bar.x, bar.y, int(bar.width * v["rate"]), bar.height), border_radius=3)
            fonts.blit_text(surface, t("stats.percent", value=round(100 * v["rate"])), small, widgets.SOFT, (right.right, label.centery), "midright")
            y += bar_h + m.px(8)


class ResetStatsScene(DialogScene):
    """The confirmation before a reset: this player, every player, or cancel (the default:
    Enter or Esc right away changes nothing)."""

    name = "stats_reset"
    design_width = 600
    stacked = True  # the answers one under the other (a long name makes the first one wide)

    def __init__(self, app, player: str) -> None:
        super().__init__(app)
        self.player = player

    def title(self) -> str:
        return t("stats.reset_title")

    def answers(self) -> list:
        return [
            (t("stats.reset_player", name=self.player), lambda: self.confirm(self.player)),
            (t("stats.reset_all"), lambda: self.confirm(None)),
            (t("stats.reset_cancel"), self.back),
        ]

    def body_height(self, width: int, room: int) -> int:
        return sl.wrapped_height(self.question(), self.m.body, width)

    def draw_body(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        sl.wrapped(surface, self.question(), self.m.body, widgets.WHITE, body, align="center")

    def question(self) -> str:
        return t("stats.reset_question", name=self.player)

    def confirm(self, player: str | None) -> None:
        """Reset one profile (None: all), save the statistics document, close the dialog."""
        self.app.stats.reset(player)
        msg = self.app.stats.save(self.app.storage)
        if msg:
            self.app.messages.append(msg)
        below = self.app.scenes.stack[-2] if len(self.app.scenes.stack) > 1 else None
        if isinstance(below, StatsScene):
            below.selected = 0
        self.back()
