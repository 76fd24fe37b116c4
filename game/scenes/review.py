"""The review of a finished game: every position of its replay, move by move, with the
expert's opinion of each move of the reviewed player.

The table as the reviewed player saw it before the move under the cursor (or with every
hand open), drawn by the game's own view through the table's layout (``ReviewBoard``): the
card played is lifted, the card the expert prefers framed in green, the cards a capture
takes ringed. Beside it (under it on a screen held upright: docs/layout.md), the summary (agreement with the expert
and expected cost, for the game and the round), the analysis's progress bar with Stop /
Resume and Deeper, the move list (costly moves marked ``??``) and the opinion on the move
under the cursor: what the expert prefers, what the move cost in expected points and over
how many sampled deals that was estimated, the other ways to play the same card (a game
with captures) or the cards that were still legal (a trick game), and the expert's
ranking of the candidates. On a phone the open hands are laid out in the panel, in place
of the move list, every card's index readable (the board's seat chips are too small).
On a phone on its side the board takes the whole height, its buttons in a column beside
it; where the table's geometry does not fit the board beside (or above) the panel (a
tarot's 28 cards, ten seats, a short screen upright), the board and the panel take turns,
a button switching them; what the phone's bar has no room for is in a More sheet.

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
from game.scenes.views.base import said
from game.scenes.table_layout import HINT_COLOUR, TableLayout
from game.scenes.table_picture import TableBase
from game.ui import fonts, widgets
from game.ui.cards import CARD_RATIO, suit_colours_on_dark
from game.ui import screen_layout as sl
from game.ui import units
from game.ui.units import units_for

CHECKPOINT = 16  # a copy of every 16th position is kept; the others are played from it
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
TIGHT_HEIGHT = 430  # logical px: a phone on its side at most this high has the tight layout
TRICK_CARD_LEAST = 30  # logical px: a trick's card narrower than this on the board is unreadable
UPRIGHT_PANEL_LEAST = 300  # logical px: a panel under the board lower than this takes turns with it
TIGHT_BOARD_SHARE = 0.58  # of the width, the tight layout's board (the whole height)


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
        # Every position is played through once: who moves and the round, for the list; a
        # copy of every CHECKPOINT-th position, from which any other is a few moves away
        # (copies of every position made a long game slow to open on a phone).
        self.checkpoints: dict[int, object] = {}
        self.movers: list[int] = []
        self.rounds: list[int] = []
        for k, state, _ in replay.positions():
            if k % CHECKPOINT == 0:
                self.checkpoints[k] = state.clone()
            self.movers.append(state.current_player())
            self.rounds.append(_round_of(state))
        self.final = replay.final_state()
        self.rounds.append(self.rounds[-1] if self.rounds else 1)
        humans = [i for i, s in enumerate(replay.seats) if s.get("kind") == "human"]
        self.seat = seat if seat is not None else (humans[0] if humans else 0)
        self.cursor = 0  # the move under review (len(moves): the final position)
        self.open_hands = False
        self.sheet = False  # the More sheet over a phone on its side (``layout_tight``)
        self.show_moves = False  # the panel in the board's place (``takes_turns``: no room for both)
        self.playing = False
        self.play_clock = 0.0
        self.analysing = True
        self.depth = 0
        self.review: Review | None = None
        self.press: tuple[int, int] | None = None
        self.note: tuple[str, float] | None = None
        self.row_rects: list[tuple[int, pygame.Rect]] = []
        # A finger on the move list: where it went down, the move under it, the move shown then
        # and the rows dragged so far. A drag scrubs through the moves (the list follows the
        # finger, the board the list); a press released where it began is a tap on that move.
        self.row_press: tuple[tuple[int, int], int, int, int, int] | None = None
        self.board: ReviewBoard | None = None
        self.drawn: list[tuple[str, pygame.Rect, pygame.Rect]] = []  # (text, where, its box): tests
        self.opinion_scroll = sl.PixelScroll()  # the opinion on the move, when taller than its room
        self.hands_scroll = sl.PixelScroll()  # a phone's open hands, in the panel
        self.m = sl.measures(app)
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
    def state(self, k: int):
        """The position before move ``k`` (``total``: the end), a copy of its own."""
        if k >= self.total:
            return self.final.clone()
        base = k - k % CHECKPOINT
        state = self.checkpoints[base].clone()
        for move in self.replay.moves[base:k]:
            state.play_json(move)
        return state

    @property
    def total(self) -> int:
        return len(self.replay.moves)

    def go(self, k: int) -> None:
        self.cursor = max(0, min(self.total, k))
        self.opinion_scroll.to(0)
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
        if self.open_hands and self.hands_in_panel() and self.takes_turns():
            self.show_moves = True  # the hands are laid out in the panel: show it
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
        return self.regions()[0]

    def panel_rect(self) -> pygame.Rect:
        return self.regions()[1]

    def regions(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The board and the panel, by shape (docs/layout.md): upright, the board across the
        top and the panel under it; on its side and on a desktop, the board on the left and
        the panel on the right, the bar of buttons under both. A phone on its side (``tight``)
        has no height to spare for a bar under the board: the board takes the whole height and
        the buttons go in the right-hand column, the steps above the panel, More and Back
        under it. On a phone whose board would be too small for the table (``takes_turns``)
        the board and the panel take turns in the same place, a button switching them."""
        m = sl.measures(self.app)
        w = m.width
        if self.tight() and self.takes_turns():
            left = pygame.Rect(0, 0, getattr(self, "column_x", w - m.margin - m.bh) - m.gap, m.height)
            return left, pygame.Rect(m.margin, m.margin, left.width - m.margin, m.height - 2 * m.margin)
        if self.tight():
            board = pygame.Rect(0, 0, int(w * TIGHT_BOARD_SHARE), m.height)
            x = board.right + m.gap
            top = getattr(self, "steps_bottom", m.margin + m.bh) + m.gap
            bottom = getattr(self, "bar_top", m.height - m.margin - m.bh) - m.gap
            return board, pygame.Rect(x, top, w - x - m.margin, bottom - top)
        top = getattr(self, "bar_top", m.height - m.margin - m.bh) - m.gap
        if m.upright and self.takes_turns():
            board = pygame.Rect(0, 0, w, top)
            return board, pygame.Rect(m.margin, m.margin, w - 2 * m.margin, top - m.margin)
        if m.upright:
            board_h = self.upright_board_height(m)
            board = pygame.Rect(0, 0, w, board_h)
            return board, pygame.Rect(m.margin, board_h + m.gap, w - 2 * m.margin, top - board_h - m.gap)
        share = 0.62 if m.shape == "desktop" else 0.58
        board = pygame.Rect(0, 0, int(w * share), top)
        return board, pygame.Rect(board.right + m.gap, m.margin, w - board.right - m.gap - m.margin, top - m.margin)

    @staticmethod
    def upright_board_height(m: sl.Measures) -> int:
        return min(int(m.width * 1.0), int(m.height * 0.42))

    def takes_turns(self) -> bool:
        """On a phone, whether the board beside (or above) the panel is too small for the
        table's geometry: then the board and the panel take turns. Measured once for a window
        size and a seat."""
        from game import i18n

        key = (self.app.size, self.app.density, self.seat, i18n.language())  # not Play/Pause: no flip mid-playback
        cached = self.__dict__.get("_turns")
        if cached is None or cached[0] != key:  # asked many times a frame: measured once
            self._turns = cached = (key, self.measure_turns())
        return cached[1]

    def measure_turns(self) -> bool:
        m = sl.measures(self.app)
        if self.tight():
            size = (int(m.width * TIGHT_BOARD_SHARE), m.height)
        elif m.shape == units.PORTRAIT:
            size = (m.width, self.upright_board_height(m))
            # The panel under it holds its buttons, the summaries, a few moves and the
            # opinion, or the two take turns (at 360x640 the move list had no room left).
            texts = [text for text, _, _ in self.bar_buttons()]
            _, bar_top = sl.bottom_groups([texts[:5], texts[5:]], m)
            if bar_top - m.gap - size[1] - m.gap < m.px(UPRIGHT_PANEL_LEAST):
                return True
        else:
            return False
        return not self.board_fits(size)

    def board_fits(self, size: tuple[int, int]) -> bool:
        """Whether the table's geometry at ``size`` holds the largest hand (every index
        showing), a readable trick and its seat chips clear of the felt, the status line and
        the hand (a tarot's 28 cards at 640x360 need three quarters of the width; ten seats'
        chips beside the panel left the trick 10 px cards; at 360x640 the chips ran over
        the status line)."""
        key = (tuple(size), self.seat)
        cache = self.__dict__.setdefault("_fits", {})
        if key in cache:
            return cache[key]
        probe = ReviewBoard(self.app, self.replay, self.state(self.cursor), self.seat, size)
        probe.shown = {}
        probe.set_position(self.state(self.cursor), None, None)
        plan = probe.geometry_key()[2]
        geo = probe.geo
        zones = list(geo.seats.values()) + [geo.felt, geo.prompt, geo.hand_area]
        apart = not any(a.width and b.width and a.clip(b).width > 1 and a.clip(b).height > 1 for i, a in enumerate(zones) for b in zones[i + 1:])
        # The trick's cards as large as the geometry's own test asks at least (30 logical px).
        fits = apart and geo.hand_layout(plan, probe.index_share()).fits and (not geo.trick or geo.tw >= self.app.units.px(TRICK_CARD_LEAST))
        cache[key] = fits
        return fits

    def board_shown(self) -> bool:
        """The board is on screen (not the panel in its place)."""
        return not (self.takes_turns() and self.show_moves)

    def panel_shown(self) -> bool:
        return not (self.takes_turns() and not self.show_moves)

    def tight(self) -> bool:
        """A phone on its side, 430 logical px high or less (640x360 .. 932x430): under a
        bar of buttons the board was too low for the table's geometry (the seat chips ran
        over the status line and the felt's texts)."""
        return self.app.shape == units.SHORT and self.app.units.logical[1] <= TIGHT_HEIGHT

    @property
    def pad(self) -> int:
        return self.app.units.px(6) if self.app.shape in sl.COMPACT else max(self.app.units.px(6), int(10 * self.app.scale))

    def sync_board(self) -> None:
        r = self.board_rect()
        if self.board is None or self.board.app.size != r.size or self.board.viewer != self.seat:
            self.board = ReviewBoard(self.app, self.replay, self.state(self.cursor), self.seat, r.size)
            self.board.shown = {}
        k = self.cursor
        played = self.replay.moves[k] if k < self.total else None
        entry = self.entries.get(k)
        # A phone's board has chips, not panels, for the other seats: their open hands are
        # laid out in the panel instead, at a size where every index reads.
        self.board.open_hands = self.open_hands and not self.hands_in_panel()
        self.board.set_position(self.state(k), played, entry.best if entry and not entry.forced and entry.estimated else None)
        self.board.caption = self.caption()

    def caption(self) -> str:
        k = self.cursor
        if k >= self.total:
            return t("review.final")
        if self.app.shape in sl.COMPACT:
            # A phone's board has a narrow status line: the move's number there, the move
            # itself in the panel's first line ("Ana played 7♣"), whole.
            return t("review.caption_short", move=k + 1, moves=self.total)
        v = self.board.view
        return t("review.caption", move=k + 1, moves=self.total, name=self.seat_name(self.movers[k]), play=v.move_text(self.replay.moves[k]))

    def round_word(self) -> str:
        """The game's own word for a round (its registry entry's ``round_word``)."""
        entry = registry.BY_ID.get(self.replay.game)
        return entry.round_word if entry is not None else "round"

    def seat_name(self, seat: int) -> str:
        seats = self.replay.seats
        return str(seats[seat].get("name", "")) if 0 <= seat < len(seats) else ""

    def said(self, key: str, seat: int, **params) -> str:
        """A line about a seat: in the second person (``key + "_you"``) when it was the one
        human of the game ("Coups de Vous" read the name "Vous" as a third person)."""
        humans = [i for i, s in enumerate(self.replay.seats) if s.get("kind") == "human"]
        return said(key, self.seat_name(seat), humans == [seat], **params)

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
        m = sl.measures(self.app)
        self.m = m
        self.bar = {}
        self.seat_button = self.stop_button = self.deeper_button = None
        if self.tight():
            self.layout_tight(m)
            return
        turns = self.takes_turns()
        self.sheet = self.sheet and turns  # the More sheet is for a phone's layouts only
        # The bar: the steps (« ‹ › » Play) first, then the rest; rows as the width asks. A
        # phone upright whose board and panel take turns: the switch, More and Back under
        # the steps, the rest in the More sheet (the board keeps the height of a row).
        items = self.bar_buttons()
        if turns:
            groups = [items[:5], [self.switch_item(), self.more_item(), items[-1]]]
            rest = items[5:-1]
        else:
            groups = [items[:5], items[5:]]
        rects, self.bar_top = sl.bottom_groups([[text for text, _, _ in group] for group in groups], m)
        if self.sheet:
            self.layout_sheet(m, rest)
            return
        for rect, (text, action, enabled) in zip(rects, groups[0] + groups[1]):
            self.bar[text] = self.button(rect, text, action, enabled, focusable=False)
        self.sync_board()
        # The panel's buttons: whose moves, stop/resume, deeper (on one row when they fit).
        panel = self.panel_rect()
        if not self.controls_in_panel():  # the board in the panel's place: the panel's buttons wait
            self.controls_bottom = panel.y
            return
        inner = panel.inflate(-2 * self.pad, 0)
        stop = t("review.stop") if self.analysing else t("review.resume")
        controls = [self.said("review.moves_of", self.seat), stop, self.deeper_text()]
        rects, bottom = sl.button_grid(controls, inner.x, inner.width, panel.y + self.pad, m)
        self.seat_button = self.button(rects[0], controls[0], self.next_seat, focusable=False)
        self.stop_button = self.button(rects[1], stop, self.toggle_analysis, enabled=not self.review.done, focusable=False)
        self.deeper_button = self.button(rects[2], controls[2], self.deeper, enabled=self.depth < DEEPER_STEPS, focusable=False)
        self.controls_bottom = bottom

    def controls_in_panel(self) -> bool:
        """Whether the panel holds whose moves, stop/resume and deeper: not on a phone on its
        side, nor while the board is in the panel's place; there the More sheet holds them."""
        return not self.tight() and self.panel_shown()

    def switch_item(self) -> tuple[str, object, bool]:
        """The button that shows the panel in the board's place, or the board again."""
        return (t("review.show_board") if self.show_moves else t("review.show_moves"), self.toggle_moves, True)

    def more_item(self) -> tuple[str, object, bool]:
        return (t("review.more"), self.toggle_sheet, True)

    def layout_tight(self, m: sl.Measures) -> None:
        """A phone on its side: the board the whole height on the left; on the right the
        steps (« ‹ › », and Play when the row holds it), the panel (progress, move list,
        opinion), then More and Back. More opens a sheet over the screen with the rest: the
        summaries, Play, the next round, open hands, whose moves, stop/resume, deeper, export.
        When the board and the panel take turns, the buttons are a column on the right: the
        steps, the switch, More and Back."""
        items = self.bar_buttons()
        placed: list[tuple[pygame.Rect, tuple]] = []
        if self.takes_turns():
            column_items = items[:4] + [self.switch_item(), self.more_item(), items[-1]]
            width = max(sl.button_width(text, m) for text, _, _ in column_items)
            self.column_x = m.width - m.margin - width
            rest = items[4:-1]
            n = len(column_items)
            gap = max(0, min(m.gap, (m.height - 2 * m.margin - n * m.bh) // max(1, n - 1)))
            for i, item in enumerate(column_items):
                placed.append((pygame.Rect(self.column_x, m.margin + i * (m.bh + gap), width, m.bh), item))
            self.steps_bottom = self.bar_top = m.margin
        else:
            board = pygame.Rect(0, 0, int(m.width * TIGHT_BOARD_SHARE), m.height)
            column = pygame.Rect(board.right + m.gap, m.margin, m.width - board.right - m.gap - m.margin, m.height - 2 * m.margin)
            steps = items[:4]
            if len(sl.rows_of([sl.button_width(text, m) for text, _, _ in items[:5]], column.width, m.gap)) == 1:
                steps.append(items[4])  # Play beside the steps when the row holds it
            rest = [item for item in items[:-1] if item not in steps]
            rects, self.steps_bottom = sl.button_grid([text for text, _, _ in steps], column.x, column.width, column.y, m)
            placed += list(zip(rects, steps))
            bottom = [self.more_item(), items[-1]]
            self.bar_top = column.bottom - sl.grid_height([text for text, _, _ in bottom], column.width, m)
            rects, _ = sl.button_grid([text for text, _, _ in bottom], column.x, column.width, self.bar_top, m)
            placed += list(zip(rects, bottom))
        if self.sheet:
            self.layout_sheet(m, rest)
            return
        for rect, (text, action, enabled) in placed:
            self.bar[text] = self.button(rect, text, action, enabled, focusable=False)
        self.controls_bottom = self.panel_rect().y
        self.sync_board()

    def layout_sheet(self, m: sl.Measures, rest: list[tuple]) -> None:
        """The More sheet's buttons: ``rest`` (what the phone's bar has no room for), whose
        moves, stop/resume and deeper unless the panel holds them (``controls_in_panel``: not
        the same three buttons twice), and Close, under its summaries (drawn by ``draw_sheet``)."""
        # What changes the board or the list closes the sheet, to be seen; stop/resume and
        # deeper keep it open (its progress line shows what they did).
        sheet_items = [(text, self.closing(action), enabled) for text, action, enabled in rest]
        if not self.controls_in_panel():
            stop = t("review.stop") if self.analysing else t("review.resume")
            sheet_items += [
                (self.said("review.moves_of", self.seat), self.closing(self.next_seat), True),
                (stop, self.toggle_analysis, not self.review.done),
                (self.deeper_text(), self.deeper, self.depth < DEEPER_STEPS),
            ]
        sheet_items.append((t("review.close_more"), self.toggle_sheet, True))
        box = self.sheet_box(m, [text for text, _, _ in sheet_items])
        inner = box.inflate(-2 * sl.dialog_pad(m), -2 * sl.dialog_pad(m))
        height = sl.grid_height([text for text, _, _ in sheet_items], inner.width, m)
        rects, _ = sl.button_grid([text for text, _, _ in sheet_items], inner.x, inner.width, inner.bottom - height, m)
        for rect, (text, action, enabled) in zip(rects, sheet_items):
            self.bar[text] = self.button(rect, text, action, enabled, focusable=False)
        self.sheet_text_box = pygame.Rect(inner.x, inner.y, inner.width, inner.height - height - m.gap)
        self.controls_bottom = self.panel_rect().y
        self.sync_board()

    def summary_texts(self, entries: list) -> tuple[str, str | None]:
        """The summary of the whole game and of the round under the cursor (None: no move of
        it reviewed yet). Before the expert has looked at any move the game's says so, not a
        perfect score."""
        game = summarise(entries)
        if not game.moves:
            return t("review.summary_none"), None
        text = t("review.summary_game", agreement=round(100 * game.agreement), cost=_points(game.cost), count=game.costly)
        here = self.rounds[min(self.cursor, len(self.rounds) - 1)]
        rnd = by_round(entries).get(here)
        if rnd is None or not rnd.moves:
            return text, None
        return text, t("review.summary_round", round_name=round_text(self.replay.game, here), agreement=round(100 * rnd.agreement), cost=_points(rnd.cost))

    def sheet_lines(self) -> list[tuple[str, int, tuple, bool]]:
        """The More sheet's texts: the summaries of the game and of the round under the
        cursor, and the analysis's progress ((text, size, colour, bold))."""
        entries = sorted(self.review.entries, key=lambda e: e.index)
        small = self.small_size()
        game_text, round_text_ = self.summary_texts(entries)
        out = [(game_text, small, widgets.WHITE, True)]
        if round_text_:
            out.append((round_text_, small, widgets.SOFT, False))
        out.append((self.status_text(entries), fonts.min_size(), widgets.SOFT, False))
        return out

    def sheet_box(self, m: sl.Measures, texts: list[str]) -> pygame.Rect:
        """The sheet's box: as wide as a dialog may be, as tall as its texts and buttons."""
        width = m.width - 2 * m.margin
        inner_w = width - 2 * sl.dialog_pad(m)
        text_h = sum(sl.wrapped_height(text, size, inner_w, bold) for text, size, _, bold in self.sheet_lines())
        height = text_h + m.gap + sl.grid_height(texts, inner_w, m) + 2 * sl.dialog_pad(m)
        return sl.centred_box(m, width, height)

    def toggle_moves(self) -> None:
        self.show_moves = not self.show_moves
        self.build()

    def closing(self, action):
        """``action``, then the sheet closed (when the action left it open)."""
        def act() -> None:
            action()
            if self.sheet and self.app.scenes.top is self:
                self.toggle_sheet()
        return act

    def toggle_sheet(self) -> None:
        self.sheet = not self.sheet
        self.build()

    def draw_sheet(self, surface) -> None:
        """The More sheet over the review: a shade, its panel, the summaries (the buttons are
        pygame_gui's)."""
        m = self.m
        box = self.sheet_box(m, [text for text in self.bar])
        widgets.shade(surface, 170)
        widgets.panel(surface, box, alpha=235, radius=m.px(10), colour=(18, 26, 36))
        area = self.sheet_text_box
        y = area.y
        for text, size, colour, bold in self.sheet_lines():
            y = self.paragraph(surface, text, size, colour, pygame.Rect(area.x, y, area.width, 0), bold)
        self.row_rects = []  # the move list is under the sheet: a tap there closes the sheet

    def deeper_text(self) -> str:
        return t("review.deeper")

    def text_size(self) -> int:
        return self.app.units.text(19)

    def small_size(self) -> int:
        return self.app.units.text(17, least=12)

    def line(self) -> int:
        return fonts.font(self.text_size(), True).get_linesize()

    # ------------------------------------------------------------ input
    def handle(self, event) -> bool:
        if self.sheet and self.handle_sheet(event):
            return True
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
        if self.opinion_scroll.handle(event, self.line()):
            return True
        if self.open_hands and self.hands_in_panel() and self.hands_scroll.handle(event, self.line()):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.board_shown() and self.board_rect().collidepoint(event.pos):
                self.press = event.pos
                return True
            for k, r in self.row_rects:
                if r.collidepoint(event.pos):
                    self.row_press = (event.pos, k, self.cursor, 0, max(1, r.height))
                    return True
        if event.type == pygame.MOUSEMOTION and self.row_press is not None:
            start, k, shown, dragged, row_h = self.row_press
            rows = (start[1] - event.pos[1]) // row_h  # up: later moves come into the list
            if rows != dragged:
                self.go(shown + rows)
                self.row_press = (start, k, shown, rows, row_h)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.row_press is not None:
            start, k, _, dragged, row_h = self.row_press
            self.row_press = None
            if not dragged and abs(event.pos[1] - start[1]) < max(10, row_h // 3):
                self.go(k)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            dx, dy = event.pos[0] - self.press[0], event.pos[1] - self.press[1]
            self.press = None
            if abs(dx) > max(self.app.units.px(40), int(60 * self.app.scale)) and abs(dx) > 2 * abs(dy):
                self.backward() if dx > 0 else self.forward()  # the page follows the finger
            elif self.board is not None:
                self.board.view.felt_tap()  # what a tap does on the game's table (the last trick)
            return True
        if event.type == pygame.MOUSEWHEEL and event.y:
            self.go(self.cursor - event.y)  # the wheel steps through the moves, as on a chess board
            return True
        return super().handle(event)

    def handle_sheet(self, event) -> bool:
        """The More sheet open: its buttons act; Esc or a tap outside it closes it; the
        board and the list under it take nothing."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.toggle_sheet()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            box = self.sheet_box(self.m, list(self.bar))
            if not box.collidepoint(event.pos):
                self.toggle_sheet()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEWHEEL, pygame.KEYDOWN)

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
        """A line inside ``box`` (never under 12 px: it must fit), remembered for the tests."""
        r = fonts.blit_text(surface, text, size, colour, pos, anchor, bold, max_width=box.width, suit_colours=suit_colours_on_dark(self.app.settings.four_colour_suits), box=box)
        self.drawn.append((text, r, box))
        return r

    def text_in(self, surface, text: str, size: int, colour, box: pygame.Rect, bold: bool = False, align: str = "left") -> list[pygame.Rect]:
        """A text in ``box``: shrunk to 12 px at most, then on two lines, then cut with "…"."""
        rects = fonts.draw_in_box(surface, text, size, colour, box, align=align, bold=bold, suit_colours=suit_colours_on_dark(self.app.settings.four_colour_suits))
        for r in rects:
            self.drawn.append((text, r, box))
        return rects

    def paragraph(self, surface, text: str, size: int, colour, box: pygame.Rect, bold: bool = False) -> int:
        """``text`` wrapped to ``box``'s width from its top (every line whole); returns the y under it."""
        line = fonts.font(size, bold).get_linesize()
        y = box.y
        for part in fonts.wrap(text, size, box.width, bold):
            r = fonts.blit_text(surface, part, size, colour, (box.x, y), "topleft", bold, max_width=box.width, suit_colours=suit_colours_on_dark(self.app.settings.four_colour_suits), box=pygame.Rect(box.x, y, box.width, line))
            self.drawn.append((part, r, pygame.Rect(box.x, y, box.width, line)))
            y += line
        return y

    def picture_key(self) -> tuple:
        """What the picture depends on: while it is the same, the last one is shown again."""
        from game import i18n

        r = self.review
        return (self.app.size, i18n.language(), self.cursor, self.seat, self.open_hands, self.note and self.note[0],
                id(r), len(r.entries), r.done, self.analysing, self.depth, id(self.board), self.app.settings.table_colour,
                self.opinion_scroll.offset, self.hands_scroll.offset, self.sheet, self.show_moves)

    def draw(self, surface: pygame.Surface) -> None:
        """The board and the panel, drawn again when something changed (or every quarter
        second, for the view's own timers); else the last picture (the analysis keeps most
        of each frame). The texts of a picture drawn once are noted again each time it is
        shown (the layout tests)."""
        key = self.picture_key()
        cached = getattr(self, "_picture", None)
        if cached is not None and cached[0] == key and cached[1].get_size() == surface.get_size() and self._picture_age < REDRAW_SECONDS:
            surface.blit(cached[1], (0, 0))
            fonts.replay(cached[2], 0, 0)
            return
        picture = cached[1] if cached is not None and cached[1].get_size() == surface.get_size() else pygame.Surface(surface.get_size()).convert()
        picture.fill(self.app.table_colour)
        with fonts.capturing() as texts:
            self.draw_picture(picture)
        self._picture = (key, picture, texts)
        self._picture_age = 0.0
        surface.blit(picture, (0, 0))
        fonts.replay(texts, 0, 0)

    def draw_picture(self, surface: pygame.Surface) -> None:
        self.drawn = []
        if self.board is None:
            self.sync_board()
        br = self.board_rect()
        if self.board_shown():
            with fonts.capturing() as board_texts:  # drawn in the board's own coordinates
                self.board.draw(surface.subsurface(br))
            fonts.replay(board_texts, br.x, br.y)
        if self.note:
            m = self.m
            box = br.inflate(-2 * m.margin, 0)
            size = self.text_size()
            lines = fonts.wrap(self.note[0], size, box.width - 2 * self.pad)
            hgt = len(lines) * self.line() + 2 * self.pad
            rect = pygame.Rect(box.x, box.centery - hgt // 2, box.width, hgt)
            widgets.panel(surface, rect, alpha=235)
            self.paragraph(surface, self.note[0], size, widgets.WHITE, rect.inflate(-2 * self.pad, -2 * self.pad))
        if self.panel_shown():
            self.draw_panel(surface)
        else:
            self.row_rects = []
        if self.sheet:
            self.draw_sheet(surface)

    def draw_panel(self, surface) -> None:
        m = self.m
        pad = self.pad
        panel = self.panel_rect()
        widgets.panel(surface, panel, alpha=170, radius=m.px(10))
        inner = panel.inflate(-2 * pad, 0)
        small = self.small_size()
        entries = sorted(self.review.entries, key=lambda e: e.index)
        y = self.controls_bottom + pad
        # The summaries: the whole game, then the round under the cursor (in the More sheet
        # on a phone on its side, the panel keeping its height for the moves and the opinion).
        if not self.tight():
            game_text, round_text_ = self.summary_texts(entries)
            y = self.paragraph(surface, game_text, small, widgets.WHITE, pygame.Rect(inner.x, y, inner.width, 0), True)
            if round_text_:
                y = self.paragraph(surface, round_text_, small, widgets.SOFT, pygame.Rect(inner.x, y, inner.width, 0))
        # Progress: a bar, and what the figures are worth.
        bar = pygame.Rect(inner.x, y + m.px(3), inner.width, max(m.px(4), int(8 * m.scale)))
        pygame.draw.rect(surface, (40, 46, 56), bar, border_radius=bar.height // 2)
        pygame.draw.rect(surface, GOOD_COLOUR if self.review.done else widgets.GOLD, (bar.x, bar.y, int(bar.width * self.review.progress), bar.height), border_radius=bar.height // 2)
        self.progress_rect = bar
        y = self.paragraph(surface, self.status_text(entries), fonts.min_size(), widgets.SOFT, pygame.Rect(inner.x, bar.bottom + m.px(3), inner.width, 0))
        top = y + pad
        # The opinion on the move under the cursor at the bottom of the panel, as tall as it
        # needs up to half of what is left (it scrolls beyond); the move list above it.
        opinion = self.opinion_lines()
        op_size = self.text_size() if not m.compact else max(fonts.min_size(), self.small_size())
        wrapped = [(ln, colour, bold) for text, colour, bold in opinion for ln in fonts.wrap(text, op_size, inner.width - m.px(6), bold)]
        op_line = fonts.font(op_size, True).get_linesize()
        rows_least = 3 * self.move_row_height()
        room = panel.bottom - pad - top
        op_h = min(len(wrapped) * op_line, max(room // 2, room - max(rows_least, room * 3 // 5)))
        op_h = max(op_h, min(len(wrapped), 2) * op_line)
        op_box = pygame.Rect(inner.x, panel.bottom - pad // 2 - op_h, inner.width, op_h)
        self.opinion_scroll.fit(op_box, len(wrapped) * op_line)
        pygame.draw.line(surface, (90, 100, 115), (inner.x, op_box.y - pad // 2), (inner.right, op_box.y - pad // 2))
        clip = surface.get_clip()
        surface.set_clip(op_box)
        yy = op_box.y - self.opinion_scroll.offset
        for text, colour, bold in wrapped:
            if op_box.y - op_line < yy < op_box.bottom:
                r = fonts.blit_text(surface, text, op_size, colour, (inner.x, yy), "topleft", bold, max_width=inner.width, suit_colours=suit_colours_on_dark(self.app.settings.four_colour_suits), box=pygame.Rect(inner.x, yy, inner.width, op_line))
                if op_box.contains(r):
                    self.drawn.append((text, r, inner))
            yy += op_line
        surface.set_clip(clip)
        self.opinion_scroll.draw_bar(surface, m)
        middle = pygame.Rect(inner.x, top, inner.width, op_box.y - pad - top)
        if self.open_hands and self.hands_in_panel():
            self.row_rects = []
            self.draw_hands(surface, middle)
        else:
            self.draw_moves(surface, middle, entries)

    def hands_in_panel(self) -> bool:
        """Open hands go in the panel (in place of the move list) on a phone's screen."""
        return self.app.shape in sl.COMPACT

    def draw_hands(self, surface, box: pygame.Rect) -> None:
        """Every other seat's hand, face up: its name, then its cards overlapped so each
        index shows (11 logical px at least), on as many rows as they need; the list scrolls
        when it is taller than the box."""
        m = self.m
        board = self.board
        hands = board.hands()
        seats = [s for s in range(self.replay.players) if s != self.seat]
        small = self.small_size()
        name_h = fonts.font(small, True).get_linesize()
        cw = m.px(44)  # the index is a quarter of a card's width: 11 px
        ch = int(cw * CARD_RATIO)
        step_least = int(cw * 0.36)
        width = box.width - m.px(8)
        per_row = max(1, (width - cw) // step_least + 1)
        plan = []
        for seat in seats:
            cards = hands.get(seat, [])
            rows = [cards[i:i + per_row] for i in range(0, len(cards), per_row)] or [[]]
            plan.append((seat, rows))
        height = sum(name_h + len(rows) * (ch + m.px(4)) + m.gap for _, rows in plan)
        self.hands_scroll.fit(box, height)
        clip = surface.get_clip()
        surface.set_clip(box)
        y = box.y - self.hands_scroll.offset
        for seat, rows in plan:
            if box.y <= y and y + name_h <= box.bottom:
                self.text(surface, self.seat_name(seat), small, widgets.GOLD, (box.x, y), "topleft", pygame.Rect(box.x, y, width, name_h), True)
            y += name_h
            for row in rows:
                step = min(cw + m.px(4), (width - cw) // max(1, len(row) - 1)) if len(row) > 1 else 0
                for i, code in enumerate(row):
                    surface.blit(board.face(code, cw), (box.x + i * step, y))
                y += ch + m.px(4)
            y += m.gap
        surface.set_clip(clip)
        self.hands_scroll.draw_bar(surface, m)

    def move_row_height(self) -> int:
        """A move's row: a touch target (a tap goes to that move)."""
        m = self.m
        return max(m.u.touch, fonts.font(self.text_size(), True).get_linesize() + m.px(4))

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
        """The move list: a row per move (the reviewed player's bright, others dim), a
        heading per round, the cursor's row highlighted and kept in view."""
        self.row_rects = []
        m = self.m
        if box.height < m.px(20):
            return
        size = self.text_size()
        small = self.small_size()
        line = self.move_row_height()
        head = max(m.u.touch, fonts.font(small, True).get_linesize() + m.px(4))  # a tap goes to the round's first move
        rows: list[tuple[str, int]] = []  # ("round", its first move), ("move", k), ("end", n)
        for k in range(self.total):
            if k == 0 or self.rounds[k] != self.rounds[k - 1]:
                rows.append(("round", k))
            rows.append(("move", k))
        rows.append(("end", self.total))
        heights = [head if kind == "round" else line for kind, _ in rows]
        here = next((i for i, (kind, k) in enumerate(rows) if kind in ("move", "end") and k == self.cursor), 0)
        # The cursor's row in the middle of what shows (its round's heading above it when it
        # is the round's first move), as far as the list allows.
        first = here
        used = heights[here]
        if first > 0 and rows[first - 1][0] == "round" and used + heights[first - 1] <= box.height:
            first -= 1
            used += heights[first]
        while first > 0 and used + heights[first - 1] <= box.height // 2:
            first -= 1
            used += heights[first]
        last = here
        while last + 1 < len(rows) and used + heights[last + 1] <= box.height:
            last += 1
            used += heights[last]
        while first > 0 and used + heights[first - 1] <= box.height:
            first -= 1
            used += heights[first]
        by_index = {e.index: e for e in entries}
        v = self.board.view
        num_w = fonts.font(small, True).size("000")[0]
        mark_w = fonts.font(size, True).size("?? 000.00")[0] + m.px(4)
        # The mover's name in a column of its own where the list is wide enough; in a narrow
        # one the move has the room (the reviewed player's moves are the bright ones).
        name_w = int((box.width - num_w - mark_w) * 0.32) if box.width >= m.px(280) else 0
        y = box.y
        for kind, k in rows[first:last + 1]:
            hgt = head if kind == "round" else line
            row = pygame.Rect(box.x, y, box.width, hgt)
            y += hgt
            if kind == "round":  # a tap on a round's heading jumps to its first move
                self.row_rects.append((k, row))
                self.text(surface, round_text(self.replay.game, self.rounds[k]), small, widgets.GOLD, row.center, "center", row, True)
                continue
            if k == self.cursor:
                pygame.draw.rect(surface, CURSOR_COLOUR, row, border_radius=m.px(5))
            self.row_rects.append((k, row))
            if kind == "end":
                self.text(surface, t("review.final"), size, widgets.SOFT, (box.x + num_w + m.px(4), row.centery), "midleft", row)
                continue
            mover = self.movers[k]
            mine = mover == self.seat
            colour = widgets.WHITE if mine else OTHER_COLOUR
            self.text(surface, str(k + 1), small, OTHER_COLOUR, (box.x + num_w, row.centery), "midright", pygame.Rect(box.x, row.y, num_w, hgt))
            name_box = pygame.Rect(box.x + num_w + m.px(4), row.y, name_w, hgt)
            if name_w:
                self.text(surface, fonts.ellipsize(self.seat_name(mover), size, name_box.width, mine, shrink=False), size, colour, (name_box.x, row.centery), "midleft", name_box, mine)
            move_box = pygame.Rect(name_box.right + m.px(4), row.y, box.right - mark_w - name_box.right - m.px(8), hgt)
            self.text_in(surface, v.move_text(self.replay.moves[k]), size, colour, move_box, mine)
            e = by_index.get(k)
            mark_box = pygame.Rect(box.right - mark_w, row.y, mark_w, hgt)
            at = (box.right - m.px(2), row.centery)
            if not mine:
                continue
            if e is None:
                self.text(surface, "...", size, OTHER_COLOUR, at, "midright", mark_box)
            elif e.forced:
                continue
            elif not e.estimated:
                self.text(surface, "–", size, OTHER_COLOUR, at, "midright", mark_box)
            elif e.costly():
                self.text(surface, "?? " + _points(e.cost), size, COSTLY_COLOUR, at, "midright", mark_box, True)
            elif e.agrees:
                self.text(surface, "★", size, GOOD_COLOUR, at, "midright", mark_box, True)
            else:
                self.text(surface, _points(e.cost), size, widgets.SOFT, at, "midright", mark_box)

    def tap_zones(self) -> list:
        from game.scenes.base import TouchTarget

        return [TouchTarget("row", str(k), r) for k, r in self.row_rects]

    def opinion_lines(self) -> list[tuple[str, tuple, bool]]:
        """What the panel says about the move under the cursor."""
        k = self.cursor
        v = self.board.view
        if k >= self.total:
            # The end: the game's own game-over lines (winner, then each score).
            over = v.gameover(self.final.result())
            return [(t("review.final"), widgets.SOFT, False), (over.winner, widgets.GOLD, True)] + [
                (t("review.score_line", name=name, score=score), widgets.WHITE, False) for name, score in over.lines
            ]
        move = self.replay.moves[k]
        mover = self.movers[k]
        lines = [(self.said("review.played", mover, play=v.move_text(move)), widgets.WHITE, True)]
        if mover != self.seat:
            # Whose moves are reviewed is chosen with the panel's button, behind More on a
            # phone on its side.
            follow = t("review.not_reviewed_more", name=self.seat_name(self.seat)) if self.tight() else t("review.not_reviewed", name=self.seat_name(self.seat))
            return lines + [(follow, OTHER_COLOUR, False)]
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
