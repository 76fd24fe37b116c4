"""Kiosk attract screen: simple AIs play the first registered game on the table, "Touch to
play" pulses on top.

It is the table scene with up to four bots (``make_bot("simple", game_id, ...)``), the
game's short options (its registry entry's ``demo``) and its own
pace, independent of the animation setting, so passers-by can follow each capture: about
a second per move, a short pause with the scores between rounds, and a new game with a
new deal after each game. The demo never touches ``app.match`` (the visitor's saved game)
and makes no sound. Any touch, click or key goes to the main menu.
"""
from __future__ import annotations

import math

import pygame

from game import i18n, registry
from game.bots import make_bot
from game.i18n import t
from game.scenes.match import Match, Seat
from game.scenes import catalog
from game.scenes.table import TableScene
from game.scenes.views import view_for
from game.ui import fonts, widgets

DEMO_PLAYERS = 4
DEMO_PACE = 0.75  # animation speed factor of the demo (normal play is 1.0)
DEMO_THINK_MS = 20.0  # the simple bot's budget; the pace comes from the table's minimum think time
BETWEEN_ROUNDS = 3.0  # seconds the round scores stay up
PROMPT_SECONDS = 3.2  # each language of "Touch to play" stays this long (two pulses)


def demo_match(seed: int) -> Match:
    entry = registry.BY_ID[registry.default_game()]
    info = entry.info
    players = min(max(DEMO_PLAYERS, info.min_players), info.max_players)
    seats = [Seat("simple", t("seat.ai_simple_name", n=i + 1)) for i in range(players)]
    match = Match(entry.id, seats, dict(entry.demo), seed=seed)
    match.bots = {i: make_bot("simple", entry.id, seed=seed * 10 + i, ms=DEMO_THINK_MS) for i in range(players)}
    return match


class AttractScene(TableScene):
    name = "attract"

    def __init__(self, app, seed: int = 1) -> None:
        self.seed = seed
        self.clock = 0.0
        self.between: float | None = None
        self.scores: tuple[str, list] | None = None  # between rounds: title and (name, total) rows
        self.games = 0
        super().__init__(app, demo_match(seed))

    # ------------------------------------------------------------ the demo table
    def compact_override(self) -> bool | None:
        """The demo keeps the panels around the felt (its title lives in the top bar): a
        kiosk is a tablet, and nobody taps a chip here."""
        return False

    def hand_visible(self) -> bool:
        return True  # the bottom bot's cards face up: more to watch

    def my_turn(self) -> bool:
        return False

    def dur(self, seconds: float) -> float:
        return seconds / DEMO_PACE

    def add(self, step) -> None:
        step.sound = None  # a stand in a public hall stays quiet until someone plays
        super().add(step)

    def layout(self) -> None:
        super().layout()
        for el in self.elements:  # no HUD buttons: the whole screen is one "touch to play"
            el.kill()
        self.elements, self.actions, self.focusables, self.hud_buttons = [], {}, [], {}

    def prompt_text(self) -> str:
        return ""

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.banner:
            self.banner = (self.banner[0], self.banner[1] - dt)
            if self.banner[1] <= 0:
                self.banner = None
        if self.between is not None:
            self.between -= dt
            if self.between <= 0:
                self.between, self.scores = None, None
                if self.game_over:
                    self.new_game()
                else:
                    self.after_summary()
            return
        if self.steps:
            # Animations run here, not in TableScene.update, which would push the summary
            # screen as soon as the round's last animation ends.
            self.run_steps(dt)
            if self.steps:
                return
            dt = 0.0
        if self.pending_summary is not None:
            # No summary screen: the totals as a banner, then the next deal.
            self.pending_summary = None
            result = self.match.state.result()
            self.shown["totals"] = list(result["totals"])  # the seat panels show the new scores
            if self.game_over:
                winners = result["winners"]
                title = t("gameover.winner", name=self.match.seats[winners[0]].name) if len(winners) == 1 else t("gameover.no_winner")
            else:
                title = t("summary.title", round=self.shown["round"] + 1)
            self.scores = (title, [(seat.name, total) for seat, total in zip(self.match.seats, result["totals"])])
            self.between = BETWEEN_ROUNDS * (2 if self.game_over else 1)
            return
        banner, self.banner = self.banner, None  # already counted down above
        super().update(dt)
        self.banner = banner if self.banner is None else self.banner

    def new_game(self) -> None:
        self.games += 1
        self.seed += 1
        self.match = demo_match(self.seed)
        self.game_over = False
        self.frozen = False
        self.pending_summary = None
        self.steps.clear()
        self.view = view_for(self.match.game_id)(self)
        self.shown = {}
        self.viewer = 0
        self.thinking_seat = None
        if hasattr(self, "thinker"):
            self.thinker = None
        self.sync()
        self.build()
        self.deal_animation()

    # ------------------------------------------------------------ input
    def handle(self, event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.FINGERDOWN):
            self.to_menu()
            return True
        return False

    def to_menu(self) -> None:
        self.app.scenes.reset(catalog.make("menu", self.app))

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w = surface.get_width()
        s = self.app.scale
        pulse = 0.5 + 0.5 * math.sin(self.clock * 2 * math.pi / 1.6)
        if self.scores and self.between is not None:
            self.draw_scores(surface)
        # The top bar carries the title instead of the round number.
        bar = pygame.Rect(0, 0, w, self.hud_h)
        pygame.draw.rect(surface, tuple(max(0, c - 40) for c in self.app.table_colour), bar)
        widgets.panel(surface, bar, alpha=110, radius=0)
        fonts.blit_text(surface, t("app.title"), int(self.hud_h * 0.62), widgets.GOLD, (self.pad * 2, bar.centery), "midleft", bold=True)
        # "Touch to play" in a pill on the lower edge of the table, where the eyes go
        # between the cards played and the hand, clear of the table cards' middle rows.
        size = max(24, int(40 * s))
        text = self.prompt_now()
        size = fonts.fit_size(text, size, int(w * 0.7), True)
        img = fonts.render(text, size, widgets.WHITE, True)
        ph = max(56, int(img.get_height() * 1.6))
        icon = ph
        pill = pygame.Rect(0, 0, img.get_width() + icon + ph // 2, ph)
        pill.center = (w // 2, self.table_area.bottom - ph // 5)  # its glow clear of the hand
        glow = pygame.Surface(pill.inflate(24, 24).size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*widgets.GOLD, int(40 + 90 * pulse)), glow.get_rect(), border_radius=glow.get_height() // 2)
        surface.blit(glow, pill.inflate(24, 24).topleft)
        widgets.panel(surface, pill, alpha=215, radius=ph // 2)
        pygame.draw.rect(surface, widgets.GOLD, pill, max(2, int(3 * s)), border_radius=ph // 2)
        surface.blit(img, img.get_rect(midleft=(pill.x + icon, pill.centery)))
        # A fingertip with a ring that grows and fades: "touch" without reading.
        c = (pill.x + icon // 2 + ph // 8, pill.centery)
        ring = pygame.Surface((ph, ph), pygame.SRCALPHA)
        rad = int(ph * (0.2 + 0.22 * pulse))
        pygame.draw.circle(ring, (255, 255, 255, int(200 * (1 - pulse) + 30)), (ph // 2, ph // 2), rad, max(2, int(3 * s)))
        pygame.draw.circle(ring, (255, 255, 255, 230), (ph // 2, ph // 2), max(5, int(ph * 0.12)))
        surface.blit(ring, ring.get_rect(center=c))

    def prompt_now(self) -> str:
        """"Touch to play" in the app's language, then in the others in turn: a passer-by
        may not read the language the operator chose."""
        langs = [i18n.language()] + [lang for lang in i18n.LANGUAGES if lang != i18n.language()]
        lang = langs[int(self.clock / PROMPT_SECONDS) % len(langs)]
        return i18n.lookup("kiosk.touch_to_play", lang) or t("kiosk.touch_to_play")

    def draw_scores(self, surface: pygame.Surface) -> None:
        """Between rounds: the round (or the winner) and every player's total, on the table."""
        s = self.app.scale
        title, rows = self.scores
        size = max(16, int(26 * s))
        line = fonts.font(size, True).get_linesize()
        area = self.table_area
        width = min(area.width - 2 * self.pad, max(260, int(520 * s)))
        box = pygame.Rect(0, 0, width, int(line * (len(rows) + 1.6)) + 2 * self.pad)
        box.midtop = (area.centerx, area.y + self.pad)
        widgets.panel(surface, box, alpha=250)
        pygame.draw.rect(surface, widgets.GOLD, box, max(2, int(3 * s)), border_radius=14)
        fonts.blit_text(surface, title, size, widgets.GOLD, (box.centerx, box.y + self.pad), "midtop", bold=True, max_width=width - 2 * self.pad)
        y = box.y + self.pad + int(line * 1.4)
        best = max(total for _, total in rows)
        for name, total in rows:
            colour = widgets.GOLD if total == best else widgets.WHITE
            fonts.blit_text(surface, name, size, colour, (box.x + 2 * self.pad, y), bold=True, max_width=width // 2)
            fonts.blit_text(surface, t("table.score", count=total), size, colour, (box.right - 2 * self.pad, y), "topright", bold=True)
            y += line
