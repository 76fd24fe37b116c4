"""The review of a finished game: every position of its replay, move by move, with the
expert's opinion of each move of the reviewed player.

On the left, the table as the reviewed player saw it before the move under the cursor
(or with every hand open), drawn by the game's own view through the table's layout
(``ReviewBoard``): the card played is lifted, the card the expert prefers framed in green,
the cards a capture takes ringed. On the right, the summary (agreement with the expert
and expected cost, for the game and the round), the analysis's progress bar with Stop /
Resume and Deeper, the move list (costly moves marked ``??``) and the opinion on the move
under the cursor: what the expert prefers, what the move cost in expected points and over
how many sampled deals that was estimated, the other ways to play the same card (a game
with captures) or the cards that were still legal (a trick game), and the expert's
ranking of the candidates.

The analysis (game/review.py) runs a slice per frame, never a thread (the browser has
none), fills in move by move, and is kept with the replay (``RecentGames.save``) so a
game is analysed once. Nothing here names a game: the view comes from the registry.

Keys: Left/Right a move, Home/End, Page Up/Down a round, Space plays back, O opens the
hands, Esc goes back. A swipe on the table steps too.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pygame

from game import registry
from game.i18n import t
from game.replay import RecentGames, Replay, ReplayError
from game.review import DEFAULT_MS, Entry, Review, _round_of, by_round, summarise
from game.saves import round_text
from game.scenes.base import Scene
from game.scenes.match import Match, Seat
from game.scenes.views import view_for
from game.scenes.table_layout import HINT_COLOUR, TableLayout
from game.scenes.table_picture import TableBase
from game.ui import fonts, widgets
from game.ui.units import units_for

ANALYSIS_SLICE_MS = 8.0  # thinking per frame: drawing and input keep the rest of a 60 fps frame
DEEPER = 4  # "Deeper": four times the time (or deals) per move, twice at most
DEEPER_STEPS = 2
REDRAW_SECONDS = 0.25  # the longest an unchanged picture is shown before it is drawn again
KEEP_EVERY = 10  # analysed moves between two write-backs of the analysis
PLAYBACK_SECONDS = 0.9  # one move per this, at the normal animation speed
COSTLY_COLOUR = (240, 90, 70)
GOOD_COLOUR = (120, 220, 140)
OTHER_COLOUR = (150, 160, 175)
CURSOR_COLOUR = (60, 90, 130)


def desktop(app=None) -> bool:
    """Files can be written and chosen: not in the browser build, nor on a kiosk (a public
    tablet whose files are the operator's)."""
    return sys.platform != "emscripten" and getattr(app, "kiosk", None) is None


class _BoardApp:
    """The app as the board sees it: the size and measures of the board's part of the window."""

    def __init__(self, app, size: tuple[int, int]) -> None:
        self._app = app
        self.units = units_for(size, app.density)
        self.size = self.units.size
        self.scale = self.units.scale

    def __getattr__(self, name):
        return getattr(self._app, name)


class ReplayMatch(Match):
    """A position of a replay dressed as a Match, for the view and the layout (no bots,
    no tally, no undo)."""

    def __init__(self, replay: Replay, state) -> None:  # noqa: D107 - no Match.__init__: no bots
        self.game_id = replay.game
        self.seats = [Seat("human" if s.get("kind") == "human" else (s.get("level") or "simple"), str(s.get("name", ""))) for s in replay.seats]
        self.options = dict(replay.options)
        self.seed = replay.seed
        self.state = state
        self.timer = 0
        self.undo_stack = []
        self.replay = replay
        self.recorded = True


class ReviewBoard(TableLayout, TableBase):
    """One position of the replay drawn by the table's drawing and the game's view, from the
    same declared picture as the table (``TablePicture``): no buttons, no turn."""

    def __init__(self, app, replay: Replay, state, viewer: int, size: tuple[int, int]) -> None:
        self.setup_table(_BoardApp(app, size), ReplayMatch(replay, state), view_for(replay.game), viewer)
        self.hud_buttons: dict = {}

    @property
    def open_hands(self) -> bool:
        return self.picture.open_hands

    @open_hands.setter
    def open_hands(self, value: bool) -> None:
        self.picture.open_hands = value

    @property
    def caption(self) -> str:
        return self.picture.caption

    @caption.setter
    def caption(self, value: str) -> None:
        self.picture.caption = value

    def set_position(self, state, played: dict | None, best: dict | None) -> None:
        """Show a position; the move made in it lifted (when it is the viewer's) and the
        expert's preferred one framed, the cards a capture takes ringed."""
        self.match.state = state
        self.obs = state.observation(self.viewer)
        self.shown = self.view.show(self.obs, self.shown)
        v = self.view
        mover = state.current_player()
        mine = mover == self.viewer
        self.selected = [c for c in v.move_cards(played) if c in self.shown["hand"]] if played and mine else []
        self.options = [played] if played and v.move_targets(played) else []
        self.active = 0
        self.hint = {"move": best} if best is not None and best != played and mine else None

    def hands(self) -> dict[int, list[str]]:
        """Every seat's hand (open hands), each read from that seat's own observation."""
        state = self.match.state
        return {s: self.view.sort_hand(list(state.observation(s).get("hand", []))) for s in range(self.match.players)}

    def draw_seat(self, surface, seat: int) -> None:
        super().draw_seat(surface, seat)
        if not self.open_hands or self.position(seat) == "bottom":
            return
        cards = self.hands().get(seat, [])
        if not cards:
            return
        # Face up exactly where the backs were: the count beside them stays true.
        for i, code in enumerate(cards):
            r = self.seat_hand_rect(seat, i)
            surface.blit(self.face(code, r.width), r)


class ReviewScene(Scene):
    name = "review"

    def __init__(self, app, replay: Replay, seat: int | None = None, recent: RecentGames | None = None, iterations: int | None = None) -> None:
        super().__init__(app)
        self.replay = replay
        self.recent = recent
        self.iterations = iterations  # a fixed budget per move (tests); else time per move
        # Every position once: the review steps through them in both directions at once.
        self.states = []
        self.movers: list[int] = []
        self.rounds: list[int] = []
        for k, state, move in replay.positions():
            self.states.append(state.clone())
            self.movers.append(state.current_player())
            self.rounds.append(_round_of(state))
        final = replay.final_state()
        self.states.append(final)
        self.rounds.append(self.rounds[-1] if self.rounds else 1)
        humans = [i for i, s in enumerate(replay.seats) if s.get("kind") == "human"]
        self.seat = seat if seat is not None else (humans[0] if humans else 0)
        self.cursor = 0  # the move under review (len(moves): the final position)
        self.open_hands = False
        self.playing = False
        self.play_clock = 0.0
        self.analysing = True
        self.depth = 0
        self.review: Review | None = None
        self.press: tuple[int, int] | None = None
        self.note: tuple[str, float] | None = None
        self.row_rects: list[tuple[int, pygame.Rect]] = []
        self.board: ReviewBoard | None = None
        self.drawn: list[tuple[str, pygame.Rect, pygame.Rect]] = []  # (text, where, its box): tests
        self.start_review(self.start_budget())

    # ------------------------------------------------------------ the analysis
    def start_budget(self) -> tuple[float | None, int | None]:
        """The deepest review of this seat kept with the replay, else the default (or the
        iterations asked for): a game is analysed once, whoever analysed it."""
        kept = [a for a in self.replay.analysis.values() if isinstance(a, dict) and a.get("seat") == self.seat and a.get("seed", 0) == 0]
        if kept:
            best = max(kept, key=lambda a: (a.get("iterations") or 0, a.get("ms") or 0))
            if best.get("iterations") or best.get("ms"):
                return best.get("ms"), best.get("iterations")
        return (None, self.iterations) if self.iterations is not None else (DEFAULT_MS, None)

    def start_review(self, budget: tuple[float | None, int | None], depth: int = 0) -> None:
        self.depth = depth
        self.budget = budget
        ms, iterations = budget
        self.review = Review(self.replay, self.seat, ms=ms, iterations=iterations, seed=0)
        self.analysing = not self.review.done

    def deeper_budget(self) -> tuple[float | None, int | None]:
        ms, iterations = self.budget
        return (None, iterations * DEEPER) if iterations is not None else ((ms or DEFAULT_MS) * DEEPER, None)

    @property
    def entries(self) -> dict[int, Entry]:
        return {e.index: e for e in self.review.entries} if self.review else {}

    def toggle_analysis(self) -> None:
        self.analysing = not self.analysing and not self.review.done
        if not self.analysing:
            self.keep_analysis()
        self.build()

    def deeper(self) -> None:
        if self.depth < DEEPER_STEPS:
            self.keep_analysis()
            self.start_review(self.deeper_budget(), self.depth + 1)
            self.build()

    def keep_analysis(self) -> None:
        """Write the analysis back with the kept replay, so it is never computed twice."""
        if self.recent is None or not any(self.replay.id in ids for ids in self.recent.index.values()):
            return
        msg = self.recent.save(self.replay)
        if msg:
            self.app.messages.append(msg)

    def next_seat(self) -> None:
        self.keep_analysis()
        self.seat = (self.seat + 1) % self.replay.players
        self.board = None
        self.start_review(self.start_budget())
        self.build()

    # ------------------------------------------------------------ moving through the game
    @property
    def total(self) -> int:
        return len(self.replay.moves)

    def go(self, k: int) -> None:
        self.cursor = max(0, min(self.total, k))
        self.sync_board()

    def forward(self) -> None:
        self.go(self.cursor + 1)

    def backward(self) -> None:
        self.go(self.cursor - 1)

    def start(self) -> None:
        self.go(0)

    def end(self) -> None:
        self.go(self.total)

    def round_starts(self) -> list[int]:
        return [k for k in range(self.total) if k == 0 or self.rounds[k] != self.rounds[k - 1]]

    def next_round(self, delta: int = 1) -> None:
        """To the first move of the next (or previous) round, round and round."""
        starts = self.round_starts()
        if not starts:
            return
        here = max(i for i, k in enumerate(starts) if k <= min(self.cursor, self.total - 1)) if self.total else 0
        if delta < 0 and self.cursor != starts[here]:
            self.go(starts[here])
            return
        self.go(starts[(here + delta) % len(starts)])

    def toggle_play(self) -> None:
        self.playing = not self.playing
        if self.playing and self.cursor >= self.total:
            self.cursor = 0
        self.play_clock = 0.0
        self.sync_board()
        self.build()

    def toggle_open(self) -> None:
        self.open_hands = not self.open_hands
        self.build()

    # ------------------------------------------------------------ export
    def export_folder(self) -> Path:
        from game.storage import data_dir

        return data_dir() / "replays"

    def export(self, folder: Path | None = None) -> Path | None:
        folder = folder or self.export_folder()
        name = f"{self.replay.game}-{self.replay.started_at[:10] or 'game'}-{self.replay.id}.json".replace(":", "-")
        path = folder / name
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self.replay.export(path)
        except OSError as e:
            self.note = (t("review.export_failed", detail=str(e)), 5.0)
            return None
        self.note = (t("review.exported", path=str(path)), 5.0)
        return path

    # ------------------------------------------------------------ layout
    def board_rect(self) -> pygame.Rect:
        w, h = self.app.size
        bar = widgets.button_height(self.app.scale) + 2 * self.pad
        return pygame.Rect(0, 0, int(w * 0.62), h - bar)

    @property
    def pad(self) -> int:
        return max(6, int(10 * self.app.scale))

    def sync_board(self) -> None:
        r = self.board_rect()
        if self.board is None or self.board.app.size != r.size or self.board.viewer != self.seat:
            self.board = ReviewBoard(self.app, self.replay, self.states[self.cursor], self.seat, r.size)
            self.board.shown = {}
        k = self.cursor
        played = self.replay.moves[k] if k < self.total else None
        entry = self.entries.get(k)
        self.board.open_hands = self.open_hands
        self.board.set_position(self.states[k], played, entry.best if entry and not entry.forced and entry.estimated else None)
        self.board.caption = self.caption()

    def caption(self) -> str:
        k = self.cursor
        if k >= self.total:
            return t("review.final")
        v = self.board.view
        return t("review.caption", move=k + 1, moves=self.total, name=self.seat_name(self.movers[k]), play=v.move_text(self.replay.moves[k]))

    def round_word(self) -> str:
        """The game's own word for a round (its registry entry's ``round_word``)."""
        entry = registry.BY_ID.get(self.replay.game)
        return entry.round_word if entry is not None else "round"

    def seat_name(self, seat: int) -> str:
        seats = self.replay.seats
        return str(seats[seat].get("name", "")) if 0 <= seat < len(seats) else ""

    def ui_size(self) -> int:
        return fonts.ui_font_size(self.app.scale)

    def bar_buttons(self) -> list[tuple[str, object, bool]]:
        items = [
            (t("review.first"), self.start, True),
            (t("review.previous"), self.backward, True),
            (t("review.next"), self.forward, True),
            (t("review.last"), self.end, True),
            (t("review.pause") if self.playing else t("review.play"), self.toggle_play, True),
            (t(f"review.next_round.{self.round_word()}"), self.next_round, len(self.round_starts()) > 1),
            (t("review.hands_hidden") if self.open_hands else t("review.hands_open"), self.toggle_open, True),
        ]
        if desktop(self.app):
            items.append((t("review.export"), self.export, True))
        items.append((t("common.back"), self.back, True))
        return items

    def layout(self) -> None:
        w, h = self.app.size
        s = self.app.scale
        pad = self.pad
        bh = widgets.button_height(s)
        self.sync_board()
        # The bar: each button as wide as its text, narrowed together if the row is too long.
        items = self.bar_buttons()
        f = fonts.font(self.ui_size(), True)
        inner = max(8, int(16 * s))
        widths = [max(bh, f.size(text)[0] + 2 * inner) for text, _, _ in items]  # a finger's width at least
        room = w - 2 * pad - pad // 2 * (len(items) - 1)
        if sum(widths) > room:
            widths = [int(x * room / sum(widths)) for x in widths]
        x = (w - sum(widths) - pad // 2 * (len(items) - 1)) // 2
        y = h - bh - pad
        self.bar = {}
        for (text, action, enabled), bw in zip(items, widths):
            self.bar[text] = self.button(pygame.Rect(x, y, bw, bh), text, action, enabled, focusable=False)
            x += bw + pad // 2
        # The panel's buttons: whose moves, stop/resume, deeper.
        panel = self.panel_rect()
        sb = max(widgets.MIN_BUTTON_PX, int(44 * s))
        self.seat_button = self.button(pygame.Rect(panel.x + pad, panel.y + pad, panel.width - 2 * pad, sb), t("review.moves_of", name=self.seat_name(self.seat)), self.next_seat, focusable=False)
        half = (panel.width - 3 * pad) // 2
        by = self.controls_y()
        done = self.review.done
        stop = t("review.stop") if self.analysing else t("review.resume")
        self.stop_button = self.button(pygame.Rect(panel.x + pad, by, half, sb), stop, self.toggle_analysis, enabled=not done, focusable=False)
        self.deeper_button = self.button(pygame.Rect(panel.x + 2 * pad + half, by, half, sb), self.deeper_text(), self.deeper, enabled=self.depth < DEEPER_STEPS, focusable=False)

    def deeper_text(self) -> str:
        return t("review.deeper")

    def panel_rect(self) -> pygame.Rect:
        b = self.board_rect()
        w = self.app.size[0]
        return pygame.Rect(b.right + self.pad // 2, self.pad // 2, w - b.right - self.pad, b.height - self.pad // 2)

    def text_size(self) -> int:
        return max(13, int(19 * self.app.scale))

    def line(self) -> int:
        return fonts.font(self.text_size(), True).get_linesize()

    def controls_y(self) -> int:
        """Top of Stop/Deeper: under the seat button, the summary lines and the progress bar."""
        panel = self.panel_rect()
        sb = max(widgets.MIN_BUTTON_PX, int(44 * self.app.scale))
        return panel.y + self.pad + sb + self.pad // 2 + (2 + len(self.game_summary(widest=True))) * self.line() + self.pad

    def game_summary(self, widest: bool = False) -> list[str]:
        """The whole game's summary, on two lines when one is too narrow (a small window);
        ``widest``: with the widest figures, for the room kept above the buttons."""
        game = summarise(self.review.entries)
        figures = (100, 999.99, 99) if widest else (round(100 * game.agreement), game.cost, game.costly)
        text = t("review.summary_game", agreement=figures[0], cost=_points(figures[1]), count=figures[2])
        width = self.panel_rect().width - 2 * self.pad
        lines = fonts.wrap(text, max(12, int(self.text_size() * 0.9)), width, True)
        return lines[:2] if widest else lines[: len(self.game_summary(widest=True))]

    # ------------------------------------------------------------ input
    def handle(self, event) -> bool:
        if event.type == getattr(pygame, "DROPFILE", -1) and desktop(self.app):
            open_replay_file(self.app, event.file)
            return True
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_RIGHT: self.forward, pygame.K_LEFT: self.backward,
                pygame.K_HOME: self.start, pygame.K_END: self.end,
                pygame.K_PAGEDOWN: self.next_round, pygame.K_PAGEUP: lambda: self.next_round(-1),
                pygame.K_SPACE: self.toggle_play, pygame.K_o: self.toggle_open,
            }
            if event.key in keys:
                keys[event.key]()
                return True
            if self.board is not None and self.board.view.key(event.key):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.board_rect().collidepoint(event.pos):
                self.press = event.pos
                return True
            for k, r in self.row_rects:
                if r.collidepoint(event.pos):
                    self.go(k)
                    return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            dx, dy = event.pos[0] - self.press[0], event.pos[1] - self.press[1]
            self.press = None
            if abs(dx) > max(40, int(60 * self.app.scale)) and abs(dx) > 2 * abs(dy):
                self.backward() if dx > 0 else self.forward()  # the page follows the finger
            elif self.board is not None:
                self.board.view.felt_tap()  # what a tap does on the game's table (the last trick)
            return True
        if event.type == pygame.MOUSEWHEEL and event.y:
            self.go(self.cursor - event.y)  # the wheel steps through the moves, as on a chess board
            return True
        return super().handle(event)

    def back(self) -> None:
        self.keep_analysis()
        super().back()

    # ------------------------------------------------------------ every frame
    def update(self, dt: float) -> None:
        self._picture_age = getattr(self, "_picture_age", 0.0) + dt
        if self.board is not None:
            self.board.view.update(dt)
        if self.note:
            self.note = (self.note[0], self.note[1] - dt) if self.note[1] > dt else None
        if self.playing:
            self.play_clock += dt
            speed = self.app.speed
            every = PLAYBACK_SECONDS / speed if speed else PLAYBACK_SECONDS / 3
            if self.play_clock >= every:
                self.play_clock = 0.0
                self.forward()
                if self.cursor >= self.total:
                    self.playing = False
                    self.build()
        if self.analysing and self.review is not None and not self.review.done:
            before = len(self.review.entries)
            self.review.step(ANALYSIS_SLICE_MS)
            if len(self.review.entries) != before:
                self.sync_board()  # the expert's choice appears on the table as it comes
                if len(self.review.entries) % KEEP_EVERY == 0:
                    self.keep_analysis()  # an app closed mid-analysis loses little
            if self.review.done:
                self.analysing = False
                self.keep_analysis()
                self.build()

    # ------------------------------------------------------------ drawing
    def text(self, surface, text: str, size: int, colour, pos, anchor: str, box: pygame.Rect, bold: bool = False) -> pygame.Rect:
        """A line inside ``box`` (shrunk to its width), remembered for the layout tests."""
        x = {"topleft": pos[0], "midleft": pos[0], "topright": pos[0], "midright": pos[0]}.get(anchor, pos[0])
        width = box.right - x if anchor.endswith("left") else (x - box.x if anchor.endswith("right") else box.width)
        img = fitted(text, size, max(10, width), colour, bold)
        r = img.get_rect(**{anchor: pos})
        surface.blit(img, r)
        self.drawn.append((text, r, box))
        return r

    def picture_key(self) -> tuple:
        """What the picture depends on: while it is the same, the last one is shown again."""
        from game import i18n

        r = self.review
        return (self.app.size, i18n.language(), self.cursor, self.seat, self.open_hands, self.note and self.note[0],
                id(r), len(r.entries), r.done, self.analysing, self.depth, id(self.board), self.app.settings.table_colour)

    def draw(self, surface: pygame.Surface) -> None:
        """The board and the panel, drawn again when something changed (or every quarter
        second, for the view's own timers); else the last picture (the analysis keeps most
        of each frame)."""
        key = self.picture_key()
        cached = getattr(self, "_picture", None)
        if cached is not None and cached[0] == key and cached[1].get_size() == surface.get_size() and self._picture_age < REDRAW_SECONDS:
            surface.blit(cached[1], (0, 0))
            return
        picture = cached[1] if cached is not None and cached[1].get_size() == surface.get_size() else pygame.Surface(surface.get_size()).convert()
        picture.fill(self.app.table_colour)
        self.draw_picture(picture)
        self._picture = (key, picture)
        self._picture_age = 0.0
        surface.blit(picture, (0, 0))

    def draw_picture(self, surface: pygame.Surface) -> None:
        self.drawn = []
        if self.board is None:
            self.sync_board()
        br = self.board_rect()
        self.board.draw(surface.subsurface(br))
        if self.note:
            size = self.text_size()
            box = br.inflate(-2 * self.pad, 0)
            lines = fonts.wrap(self.note[0], size, box.width - 2 * self.pad)
            hgt = len(lines) * self.line() + self.pad
            rect = pygame.Rect(box.x, box.centery - hgt // 2, box.width, hgt)
            widgets.panel(surface, rect, alpha=235)
            y = rect.y + self.pad // 2
            for ln in lines:
                self.text(surface, ln, size, widgets.WHITE, (rect.centerx, y), "midtop", rect)
                y += self.line()
        self.draw_panel(surface)

    def draw_panel(self, surface) -> None:
        s = self.app.scale
        pad = self.pad
        panel = self.panel_rect()
        widgets.panel(surface, panel, alpha=170)
        inner = panel.inflate(-2 * pad, 0)
        size = self.text_size()
        small = max(12, int(size * 0.9))
        line = self.line()
        entries = sorted(self.review.entries, key=lambda e: e.index)
        y = self.seat_button.rect.bottom + pad // 2
        # The summaries: the whole game, then the round under the cursor.
        rnd = by_round(entries).get(self.rounds[min(self.cursor, len(self.rounds) - 1)])
        for text in self.game_summary():
            self.text(surface, text, small, widgets.WHITE, (inner.x, y), "topleft", inner, True)
            y += line
        if rnd is not None:
            text = t("review.summary_round", round_name=round_text(self.replay.game, self.rounds[min(self.cursor, len(self.rounds) - 1)]), agreement=round(100 * rnd.agreement), cost=_points(rnd.cost))
            self.text(surface, text, small, widgets.SOFT, (inner.x, y), "topleft", inner)
        y += line
        # Progress: a bar, and what the figures are worth.
        bar = pygame.Rect(inner.x, y + 2, inner.width, max(5, int(8 * s)))
        pygame.draw.rect(surface, (40, 46, 56), bar, border_radius=4)
        pygame.draw.rect(surface, GOOD_COLOUR if self.review.done else widgets.GOLD, (bar.x, bar.y, int(bar.width * self.review.progress), bar.height), border_radius=4)
        self.progress_rect = bar
        y = bar.bottom + 3
        self.text(surface, self.status_text(entries), max(11, int(size * 0.78)), widgets.SOFT, (inner.x, y), "topleft", inner)
        # The opinion on the move under the cursor, at the bottom of the panel.
        opinion = self.opinion_lines()
        op_size = max(12, int(size * 0.9))
        # Wrapped a little short of the width: suits are drawn as shapes, wider than the letters measured.
        wrapped = [(ln, colour, bold) for text, colour, bold in opinion for ln in fonts.wrap(text, op_size, int(inner.width * 0.92), bold)]
        op_line = fonts.font(op_size, True).get_linesize()
        top = self.stop_button.rect.bottom + pad
        # The move list keeps six lines at least; the opinion's least important lines (the
        # ranking, the alternatives) give way first.
        max_lines = max(3, (panel.bottom - top - 6 * (line + 2)) // op_line)
        wrapped = wrapped[:max_lines]
        op_top = panel.bottom - pad // 2 - len(wrapped) * op_line
        pygame.draw.line(surface, (90, 100, 115), (inner.x, op_top - pad // 2), (inner.right, op_top - pad // 2))
        yy = op_top
        for text, colour, bold in wrapped:
            self.text(surface, text, op_size, colour, (inner.x, yy), "topleft", inner, bold)
            yy += op_line
        self.draw_moves(surface, pygame.Rect(inner.x, top, inner.width, op_top - pad - top), entries)

    def status_text(self, entries: list[Entry]) -> str:
        worlds = [e.worlds for e in entries if not e.forced and e.estimated]
        if not worlds:
            deals = ""
        elif min(worlds) == max(worlds):
            deals = t("review.deals_same", count=worlds[0])
        else:
            deals = t("review.deals", low=min(worlds), count=max(worlds))
        if self.review.done:
            head = t("review.analysed")
        elif self.analysing:
            head = t("review.analysing", done=len(entries), total=self.review.total)
        else:
            head = t("review.stopped", done=len(entries), total=self.review.total)
        return head + ("  ·  " + deals if deals else "")

    def draw_moves(self, surface, box: pygame.Rect, entries: list[Entry]) -> None:
        """The move list: a line per move (the reviewed player's bright, others dim), a
        heading per round, the cursor's line highlighted and kept in view."""
        self.row_rects = []
        if box.height < 10:
            return
        size = max(12, int(self.text_size() * 0.88))
        line = fonts.font(size, True).get_linesize() + 2
        rows: list[tuple[str, int]] = []  # ("round", its first move), ("move", k), ("end", n)
        for k in range(self.total):
            if k == 0 or self.rounds[k] != self.rounds[k - 1]:
                rows.append(("round", k))
            rows.append(("move", k))
        rows.append(("end", self.total))
        visible = max(1, box.height // line)
        here = next((i for i, (kind, k) in enumerate(rows) if kind in ("move", "end") and k == self.cursor), 0)
        first = min(max(0, here - visible // 2), max(0, len(rows) - visible))
        by_index = {e.index: e for e in entries}
        v = self.board.view
        num_w = fonts.font(size, True).size("000")[0]
        mark_w = fonts.font(size, True).size("?? 00.00")[0]
        name_w = int((box.width - num_w - mark_w) * 0.32)
        for i, (kind, k) in enumerate(rows[first:first + visible]):
            y = box.y + i * line
            row = pygame.Rect(box.x, y, box.width, line)
            if kind == "round":  # a tap on a round's heading jumps to its first move
                self.row_rects.append((k, row))
                self.text(surface, round_text(self.replay.game, self.rounds[k]), max(11, int(size * 0.85)), widgets.GOLD, (box.centerx, y + line // 2), "center", row, True)
                continue
            if k == self.cursor:
                pygame.draw.rect(surface, CURSOR_COLOUR, row, border_radius=5)
            self.row_rects.append((k, row))
            if kind == "end":
                self.text(surface, t("review.final"), size, widgets.SOFT, (box.x + num_w, y + line // 2), "midleft", row)
                continue
            mover = self.movers[k]
            mine = mover == self.seat
            colour = widgets.WHITE if mine else OTHER_COLOUR
            self.text(surface, str(k + 1), max(11, int(size * 0.8)), OTHER_COLOUR, (box.x + num_w - 4, y + line // 2), "midright", row)
            name_box = pygame.Rect(box.x + num_w + 4, y, name_w, line)
            self.text(surface, self.seat_name(mover), size, colour, (name_box.x, y + line // 2), "midleft", name_box, mine)
            move_box = pygame.Rect(name_box.right + 4, y, box.right - mark_w - name_box.right - 8, line)
            self.text(surface, v.move_text(self.replay.moves[k]), size, colour, (move_box.x, y + line // 2), "midleft", move_box, mine)
            e = by_index.get(k)
            mark_box = pygame.Rect(box.right - mark_w, y, mark_w, line)
            if not mine:
                continue
            if e is None:
                self.text(surface, "...", size, OTHER_COLOUR, (box.right - 4, y + line // 2), "midright", mark_box)
            elif e.forced:
                continue
            elif not e.estimated:
                self.text(surface, "–", size, OTHER_COLOUR, (box.right - 4, y + line // 2), "midright", mark_box)
            elif e.costly():
                self.text(surface, "?? " + _points(e.cost), size, COSTLY_COLOUR, (box.right - 4, y + line // 2), "midright", mark_box, True)
            elif e.agrees:
                self.text(surface, "★", size, GOOD_COLOUR, (box.right - 4, y + line // 2), "midright", mark_box, True)
            else:
                self.text(surface, _points(e.cost), size, widgets.SOFT, (box.right - 4, y + line // 2), "midright", mark_box)

    def opinion_lines(self) -> list[tuple[str, tuple, bool]]:
        """What the panel says about the move under the cursor."""
        k = self.cursor
        v = self.board.view
        if k >= self.total:
            # The end: the game's own game-over lines (winner, then each score).
            over = v.gameover(self.states[-1].result())
            return [(t("review.final"), widgets.SOFT, False), (over.winner, widgets.GOLD, True)] + [
                (t("review.score_line", name=name, score=score), widgets.WHITE, False) for name, score in over.lines
            ]
        move = self.replay.moves[k]
        mover = self.movers[k]
        lines = [(t("review.played", name=self.seat_name(mover), play=v.move_text(move)), widgets.WHITE, True)]
        if mover != self.seat:
            return lines + [(t("review.not_reviewed", name=self.seat_name(self.seat)), OTHER_COLOUR, False)]
        e = self.entries.get(k)
        if e is None:
            return lines + [(t("review.waiting"), OTHER_COLOUR, False)]
        if e.forced:
            return lines + [(t("review.forced"), OTHER_COLOUR, False)]
        if not e.estimated:
            return lines + [(t("review.not_estimated", count=len(e.legal), deeper=t("review.deeper")), OTHER_COLOUR, False)]
        if e.agrees:
            lines.append((t("review.agrees"), GOOD_COLOUR, True))
        else:
            lines.append((t("review.prefers", play=v.move_text(e.best)), HINT_COLOUR, True))
            colour = COSTLY_COLOUR if e.costly() else widgets.SOFT
            lines.append((t("review.cost", cost=_points(e.cost), se=_points(e.se)), colour, e.costly()))
        lines.append((t("review.estimated", count=e.worlds), OTHER_COLOUR, False))
        lines += self.alternatives(e)
        return lines

    def alternatives(self, e: Entry) -> list[tuple[str, tuple, bool]]:
        """The other ways to play the same cards (captures), else the cards still legal;
        then the expert's ranking of the candidates."""
        v = self.board.view
        played_cards = sorted(v.move_cards(e.played))
        same = [m for m in e.legal if sorted(v.move_cards(m)) == played_cards and m != e.played]
        out = []
        if same:
            out.append((t("review.other_ways", ways=" · ".join(v.move_text(m) for m in same)), widgets.SOFT, False))
        elif any(v.move_targets(m) for m in e.legal):  # a game of captures: this card had no other
            out.append((t("review.no_other_way"), widgets.SOFT, False))
        else:
            cards = []
            for m in e.legal:
                for c in v.move_cards(m):
                    if c not in cards:
                        cards.append(c)
            if cards:
                out.append((t("review.still_legal", cards=" ".join(v.card_label(c) for c in v.sort_hand(cards))), widgets.SOFT, False))
        if e.values:
            top = e.values[0][1]
            ranking = " · ".join(f"{v.move_text(m)} {_signed(val - top)}" for m, val in e.values[:4])
            out.append((t("review.ranking", moves=ranking), widgets.SOFT, False))
        return out


SUIT_ON_DARK = [(240, 240, 240), (255, 120, 120), (255, 120, 120), (240, 240, 240)]


def fitted(text: str, size: int, width: int, colour, bold: bool = False) -> pygame.Surface:
    """The text in ``width``: a little smaller (90 % at least: it stays readable), then cut
    with an ellipsis (a long capture in a narrow move list)."""
    size = fonts.fit_size(text, size, width, bold, minimum=max(9, int(size * 0.9)))
    img = fonts.render_rich(text, size, colour, bold, SUIT_ON_DARK)
    cut = text
    while img.get_width() > width and len(cut) > 1:
        cut = cut[:-1]
        img = fonts.render_rich(cut.rstrip() + "…", size, colour, bold, SUIT_ON_DARK)
    return img


def _points(value: float) -> str:
    """Expected points to two decimals, with the language's decimal comma."""
    from game import i18n

    text = f"{abs(value):.2f}"
    return text.replace(".", ",") if i18n.language() in ("fr", "nl") else text


def _signed(value: float) -> str:
    return "0" if abs(value) < 0.005 else ("+" if value > 0 else "-") + _points(value)


def open_replay_file(app, path: str | Path, recent: RecentGames | None = None) -> ReviewScene | None:
    """A replay file opened in the review, or a clear message why not."""
    try:
        replay = Replay.open(path)
    except ReplayError as e:
        from game.storage import Message

        app.messages.append(Message("review.bad_file", {"path": str(path), "reason": str(e)}))
        return None
    return app.scenes.push(ReviewScene(app, replay, recent=recent))
