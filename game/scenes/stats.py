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
from game.stats import chart_scale, game_stats
from game.ui import fonts, widgets

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

    def default_game(self) -> str:
        """The game last recorded, else the first game anyone finished, else the first game."""
        games = stats_games()
        stats = self.app.stats
        with_rows = [g for g in games if stats.rows(g)]
        if stats.last_game in with_rows:
            return stats.last_game
        return with_rows[0] if with_rows else games[0]

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        gap = max(6, int(12 * s))
        y = h - bh - int(14 * s)
        # Game tabs on the left (the chosen one greyed, as on the rules page), Reset and Back
        # on the right; each button as wide as its text needs, all of them within the screen.
        games = stats_games()
        texts = [t(f"{gid}.title") for gid in games] + [t("stats.recent"), t("players.rename"), t("stats.reset"), t("common.back")]
        wanted = [int(150 * s)] * len(games) + [int(200 * s)] * 4
        widths = self.button_widths(texts, wanted, w - 2 * gap, gap)
        self.tab_buttons = {}
        self.selector = None
        if self.tabs_fit(texts, widths):
            x = (w - sum(widths) - gap * len(widths)) // 2
            for gid, bw in zip(games, widths):
                self.tab_buttons[gid] = self.button(pygame.Rect(x, y, bw, bh), t(f"{gid}.title"), lambda gid=gid: self.show_game(gid), enabled=gid != self.game_id)
                x += bw + gap
        else:
            # Too many games for a row of tabs: ‹ the chosen game ›, each arrow a step along the shelf.
            arrow = max(bh, int(64 * s))
            name_w = max(fonts.font(self.ui_size(), True).size(text)[0] for text in texts[: len(games)]) + 2 * max(16, int(28 * s))
            widths = [arrow, name_w, arrow] + widths[-4:]
            widths = self.button_widths([t("common.previous"), t(f"{self.game_id}.title"), t("common.next"), *texts[-4:]], widths, w - 2 * gap, gap)
            x = (w - sum(widths) - gap * len(widths)) // 2
            self.button(pygame.Rect(x, y, widths[0], bh), t("common.previous"), lambda: self.step_game(-1))
            self.selector = self.button(pygame.Rect(x + widths[0] + gap, y, widths[1], bh), t(f"{self.game_id}.title"), lambda: self.step_game(1))
            self.button(pygame.Rect(x + widths[0] + widths[1] + 2 * gap, y, widths[2], bh), t("common.next"), lambda: self.step_game(1))
            x += sum(widths[:3]) + 3 * gap
        x += gap  # a wider gap between the tabs and the actions
        recent_w, rename_w, reset_w, back_w = widths[-4:]
        # The selected player's recent games, each one reviewable move by move.
        self.recent_button = self.button(pygame.Rect(x, y, recent_w, bh), t("stats.recent"), self.show_recent, enabled=bool(self.names()))
        x += recent_w + gap
        # Rename the selected player: their statistics follow (kiosk: the operator's code first).
        self.rename_button = self.button(pygame.Rect(x, y, rename_w, bh), t("players.rename"), lambda: self.app.operator_gate(self.ask_rename), enabled=bool(self.names()))
        x += rename_w + gap
        # Reset acts on the selected player (every game): there must be one in this game's table.
        self.reset_button = self.button(pygame.Rect(x, y, reset_w, bh), t("stats.reset"), lambda: self.app.operator_gate(self.ask_reset), enabled=bool(self.names()))
        self.button(pygame.Rect(x + reset_w + gap, y, back_w, bh), t("common.back"), self.back)

    def ui_size(self) -> int:
        return fonts.ui_font_size(self.app.scale)

    def tabs_fit(self, texts: list[str], widths: list[int]) -> bool:
        """Every tab's text fits its (possibly narrowed) button."""
        f = fonts.font(self.ui_size(), True)
        return all(f.size(text)[0] + 8 <= width for text, width in zip(texts, widths))

    def step_game(self, delta: int) -> None:
        games = stats_games()
        self.show_game(games[(games.index(self.game_id) + delta) % len(games)] if self.game_id in games else games[0])

    def button_widths(self, texts: list[str], wanted: list[int], room: int, gap: int) -> list[int]:
        """Each button at least ``wanted`` wide and wide enough for its text; narrowed
        together if the row would not fit in ``room``."""
        f = fonts.font(fonts.ui_font_size(self.app.scale), True)
        pad = max(16, int(28 * self.app.scale))
        widths = [max(want, f.size(text)[0] + 2 * pad) for text, want in zip(texts, wanted)]
        total = sum(widths) + gap * len(widths)
        if total > room:
            widths = [int(x * (room - gap * len(widths)) / (total - gap * len(widths))) for x in widths]
        return widths

    def show_game(self, game_id: str) -> None:
        """Show another game's figures, keeping the selected player if they played it."""
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

    def handle(self, event) -> bool:
        n = len(self.names())
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in self.row_rects:
                if r.collidepoint(event.pos):
                    self.selected = i
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) and n:
            self.selected = (self.selected + (1 if event.key == pygame.K_DOWN else -1)) % n
            return True
        return super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        s = self.app.scale
        title = widgets.title(surface, t("stats.title"), s, max(6, int(14 * s)), size=44)
        rows = self.rows()
        size = max(14, int(22 * s))
        area = pygame.Rect(int(w * 0.06), title.bottom + int(12 * s), int(w * 0.88), h - title.bottom - widgets.button_height(s) - int(44 * s))
        widgets.panel(surface, area)
        tab = self.tab_buttons.get(self.game_id)
        if tab is not None:  # the chosen game's tab is underlined in gold
            r = tab.rect
            pygame.draw.rect(surface, widgets.GOLD, (r.x + 6, r.bottom + 2, r.width - 12, max(3, int(4 * s))), border_radius=2)
        self.row_rects = []
        self.details_rect = None
        self.drawn_details = []
        if not rows:
            fonts.blit_text(surface, t("stats.empty_game", game=t(f"{self.game_id}.title")), size, widgets.SOFT, area.center, "center", max_width=area.width - 20)
            return
        name = self.selected_name()
        cols = self.columns()
        fracs = [0.03, 0.27, 0.38, 0.50, 0.61, 0.82]
        widths = [0.23, 0.10, 0.11, 0.10, 0.20, 0.17]
        line = int(size * 1.5)
        # The table takes at most 45 % of the panel: the details need about eight lines below.
        table_h = min(int(area.height * 0.45), line * (len(rows) + 1) + line // 2)
        y = area.y + line // 3
        for f, wd, c in zip(fracs, widths, cols):
            fonts.blit_text(surface, c, max(12, int(size * 0.8)), widgets.GOLD, (area.x + int(area.width * f), y), bold=True, max_width=int(area.width * wd))
        visible = max(1, (table_h - line) // line)
        first = max(0, min(self.selected - visible + 1, len(rows) - visible))
        for i, r in enumerate(rows[first : first + visible], start=first):
            y += line
            rect = pygame.Rect(area.x + 6, y - line // 6, area.width - 12, line)
            self.row_rects.append((i, rect))
            if i == self.selected:
                pygame.draw.rect(surface, (60, 90, 120), rect, border_radius=6)
            for f, wd, v in zip(fracs, widths, r):
                fonts.blit_text(surface, v, size, widgets.WHITE, (area.x + int(area.width * f), y), max_width=int(area.width * wd))
        pad = int(16 * s)
        lower = pygame.Rect(area.x + pad, area.y + table_h + int(8 * s), area.width - 2 * pad, area.bottom - area.y - table_h - int(8 * s) - pad)
        if lower.height < 40:
            return
        # Details on the left, then the two charts, which take whatever width is left.
        gap = int(lower.width * 0.04)
        details = pygame.Rect(lower.x, lower.y, self.details_width(name, size, lower.width), lower.height)
        charts = pygame.Rect(details.right + gap, lower.y, lower.right - details.right - gap, lower.height)
        self.draw_details(surface, details, name, size)
        self.draw_charts(surface, charts, name, size)

    def details_width(self, name: str, size: int, width: int) -> int:
        """Room for the longest label of the chosen game and a value, between 28 % and 40 %
        of ``width`` (the charts take the rest)."""
        small = max(12, int(size * 0.75))
        need = max(fonts.font(small).size(label)[0] for label, _ in self.details(name)) + fonts.font(small).size("0000.0")[0] + 8
        return min(int(width * 0.40), max(int(width * 0.28), need))

    def draw_details(self, surface, box: pygame.Rect, name: str, size: int) -> None:
        small = max(12, int(size * 0.75))
        head = fonts.blit_text(surface, heading("stats.details", name, small, box.width), small, widgets.GOLD, box.topleft, bold=True, max_width=box.width)
        lines = self.details(name)
        # The font shrinks (never under 9 px) until every line fits under the heading.
        text = small
        while text > 9 and fonts.font(text).get_linesize() * len(lines) > box.bottom - head.bottom - 6:
            text -= 1
        step = max(fonts.font(text).get_linesize(), min(int(text * 1.6), (box.bottom - head.bottom - 6) // len(lines)))
        y = head.bottom + 6
        value_w = fonts.font(text).size("0000.0")[0]
        for label, value in lines:
            fonts.blit_text(surface, label, text, widgets.WHITE, (box.x, y), max_width=box.width - value_w - 8)
            fonts.blit_text(surface, value, text, widgets.SOFT, (box.right, y), "topright", max_width=value_w)
            y += step
        self.details_rect = pygame.Rect(box.x, box.y, box.width, y - box.y)
        self.drawn_details = lines

    def draw_charts(self, surface, box: pygame.Rect, name: str, size: int) -> None:
        small = max(12, int(size * 0.75))
        stats = self.app.stats
        gap = int(box.width * 0.06)
        left = pygame.Rect(box.x, box.y, int(box.width * 0.56), box.height)
        right = pygame.Rect(left.right + gap, box.y, box.right - left.right - gap, box.height)
        # Points per round over the last games, on a scale that follows them (chart_scale).
        head = fonts.blit_text(surface, self.chart_heading(name, small, left.width), small, widgets.GOLD, left.topleft, bold=True, max_width=left.width)
        series = stats.points_per_round_series(name, self.game_id)
        tiny = max(11, int(small * 0.85))
        low, top = chart_scale(series, game_stats(self.game_id).chart_top)
        self.chart_range = (low, top)
        label_w = max(fonts.font(tiny).size(number(v))[0] for v in (low, top)) + 6
        plot = pygame.Rect(left.x + label_w, head.bottom + tiny + 6, left.width - label_w, min(left.bottom - head.bottom - tiny - 10, int(small * 12)))
        zero = plot.bottom - int(plot.height * -low / (top - low))
        pygame.draw.line(surface, widgets.DIM, (plot.x, zero), (plot.right, zero), 1)
        pygame.draw.line(surface, (90, 100, 110), plot.topleft, plot.topright, 1)
        fonts.blit_text(surface, number(top), tiny, widgets.DIM, (plot.x - 4, plot.y), "midright")
        fonts.blit_text(surface, number(0), tiny, widgets.DIM, (plot.x - 4, zero), "midright")
        if low < 0:
            pygame.draw.line(surface, (90, 100, 110), plot.bottomleft, plot.bottomright, 1)
            fonts.blit_text(surface, number(low), tiny, widgets.DIM, (plot.x - 4, plot.bottom), "midright")
        colour = PENALTY_COLOUR if self.app.stats.lower_wins(self.game_id) else POINTS_COLOUR
        if series:
            bw = max(3, min(32, plot.width // max(1, len(series)) - 4))
            for i, v in enumerate(series):
                bh = max(1, int(plot.height * min(1.0, abs(v) / (top - low))))
                x = plot.x + 4 + i * (bw + 4)
                bar = pygame.Rect(x, zero - bh, bw, bh) if v >= 0 else pygame.Rect(x, zero, bw, min(bh, plot.bottom - zero))
                pygame.draw.rect(surface, colour, bar, border_radius=2)
                if bw >= tiny * 1.6:
                    if v >= 0:
                        fonts.blit_text(surface, average(v), tiny, widgets.SOFT, (bar.centerx, bar.y - 2), "midbottom")
                    else:
                        fonts.blit_text(surface, average(v), tiny, widgets.SOFT, (bar.centerx, bar.bottom + 2), "midtop")
        # Win rate against each opponent level: label, bar, percentage flush right.
        head = fonts.blit_text(surface, t("stats.chart_levels"), small, widgets.GOLD, right.topleft, bold=True, max_width=right.width)
        levels = stats.win_rate_by_level(name, self.game_id)
        y = head.bottom + 6
        bar_h = max(10, small)
        pct_w = fonts.font(small).size(t("stats.percent", value=100))[0]
        bar_x = right.x + int(right.width * 0.42)
        for level, v in levels.items():
            if y + bar_h > right.bottom:
                break
            label = fonts.blit_text(surface, t(f"kind.{level}"), small, widgets.WHITE, (right.x, y), max_width=int(right.width * 0.4))
            bar = pygame.Rect(bar_x, y + 2, max(10, right.right - pct_w - 6 - bar_x), bar_h - 4)
            pygame.draw.rect(surface, (50, 60, 70), bar, border_radius=3)
            pygame.draw.rect(surface, (240, 200, 70), (bar.x, bar.y, int(bar.width * v["rate"]), bar.height), border_radius=3)
            fonts.blit_text(surface, t("stats.percent", value=round(100 * v["rate"])), small, widgets.SOFT, (right.right, label.centery), "midright")
            y += bar_h + 6


class ResetStatsScene(Scene):
    """The confirmation before a reset: this player, every player, or cancel (the default:
    Enter or Esc right away changes nothing)."""

    name = "stats_reset"
    overlay = True

    def __init__(self, app, player: str) -> None:
        super().__init__(app)
        self.player = player
        self.box = pygame.Rect(0, 0, 0, 0)

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        gap = max(6, int(12 * s))
        bw = min(int(w * 0.8), max(300, int(520 * s)))
        items = [
            (t("stats.reset_player", name=self.player), lambda: self.confirm(self.player)),
            (t("stats.reset_all"), lambda: self.confirm(None)),
            (t("stats.reset_cancel"), self.back),
        ]
        size = self.text_size()
        text_h = len(self.question_lines()) * fonts.font(size).get_linesize()
        head_h = fonts.font(int(size * 1.2), True).get_linesize()
        total = head_h + gap + text_h + 2 * gap + len(items) * bh + (len(items) - 1) * gap
        pad = max(10, int(24 * s))
        self.box = pygame.Rect(0, 0, min(w - 2 * pad, max(bw, self.text_width()) + 2 * pad), total + 2 * pad)
        self.box.center = (w // 2, h // 2)
        top = self.box.y + pad + head_h + gap + text_h + 2 * gap
        for rect, (text, action) in zip(widgets.column(w // 2, top, bw, bh, gap, len(items)), items):
            self.button(rect, text, action)
        if self.focus < 0:
            self.focus = len(items) - 1  # Cancel

    def text_size(self) -> int:
        return max(14, int(22 * self.app.scale))

    def text_width(self) -> int:
        return min(int(self.app.size[0] * 0.8), int(640 * self.app.scale))

    def question_lines(self) -> list[str]:
        return fonts.wrap(t("stats.reset_question", name=self.player), self.text_size(), self.text_width())

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

    def draw(self, surface: pygame.Surface) -> None:
        widgets.shade(surface, 170)
        widgets.panel(surface, self.box, alpha=235, colour=(18, 26, 36))
        s = self.app.scale
        size = self.text_size()
        pad = max(10, int(24 * s))
        gap = max(6, int(12 * s))
        head = fonts.blit_text(surface, t("stats.reset_title"), int(size * 1.2), widgets.GOLD, (self.box.centerx, self.box.y + pad), "midtop", bold=True, max_width=self.box.width - 2 * pad)
        y = head.bottom + gap
        for line in self.question_lines():
            fonts.blit_text(surface, line, size, widgets.WHITE, (self.box.centerx, y), "midtop", max_width=self.box.width - 2 * pad)
            y += fonts.font(size).get_linesize()  # as measured in layout
