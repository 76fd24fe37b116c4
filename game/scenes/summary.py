"""Round summary: per player (or team) cards, clubs, most cards, most clubs, 2♣, 10♦,
round points and totals."""
from __future__ import annotations

import pygame

from game.i18n import t
from game.scenes.base import Scene
from game.ui import fonts, widgets
from game.ui.cards import suit_colours


def side_name(match, seats: list[int]) -> str:
    if len(seats) == 1:
        return match.seats[seats[0]].name
    return t("summary.team", names=" & ".join(match.seats[s].name for s in seats))


def summary_rows(match, summary: dict) -> list[list[str]]:
    """The table as shown: one row per side (strings only), used by the scene and tests."""
    rows = []
    for i, seats in enumerate(summary["sides"]):
        b = summary["breakdown"][i]
        rows.append([
            side_name(match, seats),
            str(summary["cards"][i]),
            str(summary["clubs"][i]),
            str(b["most_cards"]),
            str(b["most_clubs"]),
            str(b["two_clubs"]),
            str(b["ten_diamonds"]),
            str(summary["points"][i]),
            str(summary["totals"][i]),
        ])
    return rows


class SummaryScene(Scene):
    name = "summary"
    overlay = True

    def __init__(self, app, match, summary: dict, game_over: bool) -> None:
        super().__init__(app)
        self.match = match
        self.summary = summary
        self.game_over = game_over

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        bh = widgets.button_height(s)
        bw = min(int(w * 0.4), int(320 * s))
        self.button(pygame.Rect(w // 2 - bw // 2, h - bh - int(16 * s), bw, bh), t("summary.continue"), self.close)
        self.focus = 0

    def close(self) -> None:
        table = self.app.scenes.stack[-2] if len(self.app.scenes.stack) > 1 else None
        self.app.scenes.pop()
        if table is not None and hasattr(table, "after_summary"):
            table.after_summary()

    def back(self) -> None:
        self.close()

    def rows(self) -> list[list[str]]:
        return summary_rows(self.match, self.summary)

    def draw(self, surface: pygame.Surface) -> None:
        widgets.shade(surface, 215)
        w, h = surface.get_size()
        s = self.app.scale
        r = widgets.title(surface, t("summary.title", round=self.summary["round"] + 1), s, max(6, int(14 * s)), size=40)
        headers = [t("summary.player"), t("summary.cards"), t("summary.clubs"), t("summary.most_cards"), t("summary.most_clubs"), "2♣", "10♦", t("summary.round_points"), t("summary.total")]
        area = pygame.Rect(int(w * 0.04), r.bottom + int(12 * s), int(w * 0.92), 0)
        fracs = [0.0, 0.3, 0.38, 0.46, 0.57, 0.68, 0.75, 0.82, 0.92]
        widths = [fracs[i + 1] - fracs[i] for i in range(len(fracs) - 1)] + [0.08]
        size = max(14, int(22 * s))
        line = int(size * 2.0)
        rows = self.rows()
        area.height = line * (len(rows) + 1) + int(size * 0.8)
        widgets.panel(surface, area, alpha=240, colour=(16, 24, 34))
        y = area.y + int(size * 0.4)
        cols = suit_colours(self.app.settings.four_colour_suits)
        white = [(255, 255, 255)] * 4
        hsize = max(12, int(17 * s))
        for f, wd, head in zip(fracs, widths, headers):
            x = area.x + int(area.width * f) + 8
            fonts.blit_text(surface, head, hsize, widgets.GOLD, (x, y + line // 2), "midleft", True, max_width=int(area.width * wd) - 10, suit_colours=[c if c != (20, 20, 24) else (255, 255, 255) for c in cols])
        best = max(int(row[-1]) for row in rows)
        for row in rows:
            y += line
            for k, (f, wd, val) in enumerate(zip(fracs, widths, row)):
                x = area.x + int(area.width * f) + 8
                colour = widgets.GOLD if (k == len(row) - 1 and int(val) == best) else widgets.WHITE
                fonts.blit_text(surface, val, size, colour, (x, y + line // 2), "midleft", k in (0, 7, 8), max_width=int(area.width * wd) - 10, suit_colours=white)
        y = area.bottom + int(12 * s)
        notes = []
        leftover = self.summary.get("leftover", [])
        if leftover:
            to = self.summary.get("leftover_to")
            if to is None:
                notes.append(t("summary.leftover_none", count=len(leftover)))
            else:
                notes.append(t("summary.leftover_to", count=len(leftover), name=self.match.seats[to].name))
        notes.append(t("summary.target", target=self.match.options.get("target", 21)))
        note_size = max(13, int(19 * s))
        line_h = fonts.font(note_size).get_linesize() + 4
        widgets.panel(surface, pygame.Rect(area.x, y - 6, area.width, line_h * len(notes) + 12), alpha=240, colour=(16, 24, 34))
        for note in notes:
            rr = fonts.blit_text(surface, note, note_size, widgets.SOFT, (w // 2, y), "midtop", max_width=area.width - 20)
            y = rr.bottom + 4
