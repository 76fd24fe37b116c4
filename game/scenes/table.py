"""The table: your hand at the bottom, the other seats around, the table cards in the middle.

The scene keeps a *view* of the game (hands, table, piles, stock) that animations move
step by step towards the true observation; it only asks the Match (and through it the
State interface) what is legal and what happened. Turn flow, every frame:

* animations first (deal, play, capture, sweep), skippable with a click or a key;
* then a human turn (select a card, pick one of its captures, confirm; optional turn
  timer that plays the simple AI's move at zero; hand-off screen between humans),
* or an AI turn, thought in slices of a few milliseconds per frame (bot.begin / step /
  move) so the table keeps drawing at 60 fps, paced so a person can follow.
"""
from __future__ import annotations

import time

import pygame

from game.i18n import t
from game.scenes.base import Scene
from game.scenes.match import Match, make_player_bot
from game.ui import fonts, widgets
from game.ui.cards import CARD_RATIO, card_name, suit_colours

AI_MIN_THINK = 0.7  # seconds an AI turn lasts at least (normal speed), to be followable
OPTION_COLOURS = [(255, 215, 64), (80, 200, 255), (255, 120, 200), (140, 255, 140), (255, 160, 80), (200, 160, 255)]
TEAM_COLOURS = [(255, 200, 80), (120, 200, 255)]


def _rank_key(code: str) -> tuple:
    return ("A23456789TJQK".index(code[0]), "CDHS".index(code[1]))


def _lerp(a: pygame.Rect, b: pygame.Rect, f: float) -> pygame.Rect:
    f = 1 - (1 - f) ** 3  # ease out
    return pygame.Rect(a.x + (b.x - a.x) * f, a.y + (b.y - a.y) * f, a.w + (b.w - a.w) * f, a.h + (b.h - a.h) * f)


class Flight:
    def __init__(self, code: str | None, src: pygame.Rect, dst: pygame.Rect, delay: float = 0.0):
        self.code, self.src, self.dst, self.delay = code, pygame.Rect(src), pygame.Rect(dst), delay


class Step:
    """One stage of an animation: cards flying, a pause with highlights, a banner."""

    def __init__(self, dur: float, flights=(), start=None, done=None, banner: str | None = None, highlight=(), sound: str | None = None):
        self.dur = dur
        # A list given here is kept, not copied: animations fill it when the step starts.
        self.flights = flights if isinstance(flights, list) else list(flights)
        self.start_fn, self.done_fn = start, done
        self.banner = banner
        self.highlight = set(highlight)
        self.sound = sound
        self.t = 0.0
        self.started = False


class Thinker:
    """Runs a bot a slice per frame (bot.begin, then bot.step(ms) each frame, then bot.move).

    A bot that declines to start an iteration longer than the slice would never progress
    at 4 ms; when a step comes back at once without a decision, the slice grows a little
    (14 ms at most, still inside a 60 fps frame; more only if the machine is so loaded
    that even that stalls), and a wall-clock deadline (a few times the bot's budget)
    always ends the turn with the best move found so far.
    """

    SLICE_MS = 4.0
    MAX_SLICE_MS = 14.0
    STALLED_MAX_MS = 40.0

    def __init__(self, bot, obs) -> None:
        self.bot = bot
        self.slice = self.SLICE_MS
        self.done = False
        self.stalls = 0
        self.started = time.perf_counter()
        budget = getattr(bot, "ms", 1000.0) or 1000.0
        self.deadline = self.started + 4 * budget / 1000.0 + 1.5
        bot.begin(obs)

    def tick(self) -> bool:
        if self.done:
            return True
        t0 = time.perf_counter()
        self.done = self.bot.step(self.slice)
        if not self.done and (time.perf_counter() - t0) * 1000.0 < 0.25 * self.slice:
            self.stalls += 1
            limit = self.STALLED_MAX_MS if self.stalls > 30 else self.MAX_SLICE_MS
            self.slice = min(limit, self.slice + 2.0)
        else:
            # Drift back down: the slice settles just above one iteration's cost.
            self.slice = max(self.SLICE_MS, self.slice - 0.25)
        if not self.done and time.perf_counter() > self.deadline:
            self.done = True
        return self.done

    def move(self):
        return self.bot.move()


class TableScene(Scene):
    name = "table"

    def __init__(self, app, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.viewer = self._default_viewer()
        self.revealed_for: int | None = None  # hot seat: the human who tapped "I'm ready"
        self.view: dict = {}
        self.steps: list[Step] = []
        self.selected: str | None = None
        self.options: list[dict] = []
        self.active = 0
        self.thinking_seat: int | None = None
        self.thinker: Thinker | None = None
        self.think_time = 0.0
        self.timer_left: float | None = None
        self.timer_seat: int | None = None
        self.hint: dict | None = None
        self.hint_bot = None
        self.banner: tuple[str, float] | None = None
        self.pending_summary: dict | None = None
        self.game_over = False
        self.hand_rects: list[tuple[str, pygame.Rect]] = []
        self.hide_hands = False  # during the deal animation, hands appear when it ends
        self.last_move = ""
        self.table_rects: dict[str, pygame.Rect] = {}
        self.sync()
        if self.fresh_deal():
            self.deal_animation()

    def fresh_deal(self) -> bool:
        """A round that has not started yet (not a game resumed mid-round)."""
        v = self.view
        return not any(v["piles"]) and all(c == 4 for c in v["hand_counts"]) and len(v["table"]) == 4

    # ------------------------------------------------------------ seats and view
    def _default_viewer(self) -> int:
        humans = self.match.humans
        if not humans:
            return 0
        cur = self.match.current()
        if self.match.hot_seat and cur in humans:
            return cur
        return humans[0]

    def hand_visible(self) -> bool:
        """Is the bottom hand shown face up? Never for a hot-seat player who has not tapped in."""
        if not self.match.humans:
            return False
        if self.match.hot_seat:
            # Only during that player's own turn: the device may already be changing hands.
            return self.revealed_for == self.viewer and self.match.current() == self.viewer
        return True

    def sync(self) -> None:
        """View = the true observation of the viewer (keeping the table's visual order)."""
        obs = self.match.observation(self.viewer)
        old = self.view.get("table", [])
        table = [c for c in old if c in obs["table"]] + sorted((c for c in obs["table"] if c not in old), key=_rank_key)
        self.view = {
            "hand": sorted(obs["hand"], key=_rank_key),
            "hand_counts": list(obs["hand_counts"]),
            "table": table,
            "piles": [list(p) for p in obs["piles"]],
            "stock": obs["stock_count"],
            "last_capturer": obs["last_capturer"],
            "dealer": obs["dealer"],
            "totals": list(obs["totals"]),
            "round": obs["round"],
        }

    def rel(self, seat: int) -> int:
        return (seat - self.viewer) % self.match.players

    # Where the other seats sit, clockwise from the viewer (at the bottom), per table size.
    POSITIONS = {2: ("top",), 3: ("left", "right"), 4: ("left", "top", "right"), 5: ("left", "topleft", "topright", "right")}

    def position(self, seat: int) -> str:
        r = self.rel(seat)
        return "bottom" if r == 0 else self.POSITIONS[self.match.players][r - 1]

    # ------------------------------------------------------------ layout
    def layout(self) -> None:
        self.layout_version = getattr(self, "layout_version", 0) + 1
        w, h = self.app.size
        s = self.app.scale
        self.pad = max(6, int(10 * s))
        bh = max(widgets.MIN_BUTTON_PX, int(46 * s))
        self.hud_h = bh + 2 * self.pad // 2
        # Hand cards: about a quarter of the height, never wider than half the window for 4.
        cw = int(min(h * 0.235 / CARD_RATIO, (w * 0.5 - 3 * self.pad) / 4))
        self.cw = cw
        self.ch = int(cw * CARD_RATIO)
        self.tw = int(cw * 0.82)  # table cards
        self.sw = max(18, int(cw * 0.36))  # small backs (other hands, piles)
        pw = max(168, int(min(w * 0.18, 300 * s)))
        self.small = max(13, int(17 * s))
        self.line = fonts.font(self.small, True).get_linesize()
        sh = int(self.sw * CARD_RATIO)
        top_y = self.hud_h + self.pad
        hand_y = h - self.ch - self.pad
        side_h = self.pad // 2 + 2 * self.line + 2 * sh + 2 * self.pad
        top_h = self.pad // 2 + self.line + sh + self.pad
        self.panels = {
            "top": pygame.Rect(w // 2 - int(pw * 1.1), top_y, int(pw * 2.2), top_h),
            "left": pygame.Rect(self.pad, top_y + int(h * 0.08), pw, side_h),
            "right": pygame.Rect(w - pw - self.pad, top_y + int(h * 0.08), pw, side_h),
        }
        hand_w = 4 * cw + 3 * self.pad
        self.hand_area = pygame.Rect(w // 2 - hand_w // 2, hand_y, hand_w, self.ch)
        self.panels["bottom"] = pygame.Rect(self.pad, hand_y + self.pad, self.hand_area.x - 3 * self.pad, self.ch - self.pad)
        self.side_area = pygame.Rect(self.hand_area.right + 2 * self.pad, hand_y + self.pad, w - self.hand_area.right - 3 * self.pad, self.ch - self.pad)
        n = self.match.players
        has_top = n in (2, 4)
        has_sides = n >= 3
        tx0 = self.panels["left"].right + self.pad if has_sides else self.pad * 3
        tx1 = self.panels["right"].x - self.pad if has_sides else w - self.pad * 3
        ty0 = (self.panels["top"].bottom if has_top else self.hud_h) + self.pad
        ty1 = hand_y - int(max(18, 26 * s)) - self.pad  # room for the prompt line above the hand
        self.table_area = pygame.Rect(tx0, ty0, tx1 - tx0, ty1 - ty0)
        self.felt_area = self.table_area.copy()
        # The first line of the felt is kept for the last move played.
        self.table_area.y += self.line
        self.table_area.height -= self.line
        self.stock_rect = pygame.Rect(0, 0, self.sw * 2, int(self.sw * 2 * CARD_RATIO))
        self.stock_rect.midleft = (self.side_area.x + self.pad, self.side_area.centery)
        # HUD buttons (right side): menu, hint, undo, sound.
        labels = [("table.menu", self.pause, True)]
        single = len(self.match.humans) == 1
        if single:
            labels.insert(0, ("table.hint", self.ask_hint, True))
            if self.app.settings.undo_allowed:
                labels.insert(0, ("table.undo", self.undo, self.match.can_undo()))
        labels.insert(0, ("table.sound_off" if self.app.settings.sound else "table.sound_on", self.toggle_sound, True))
        x = w - self.pad
        self.hud_buttons = {}
        for key, action, enabled in reversed(labels):
            text = t(key)
            bw = max(int(bh * 1.6), fonts.font(max(15, int(22 * s)), True).size(text)[0] + 2 * self.pad + 10)
            x -= bw
            b = self.button(pygame.Rect(x, self.pad // 2, bw, bh), text, action, enabled, focusable=False)
            self.hud_buttons[key] = b
            x -= self.pad // 2
        self.hud_text_right = x

    def settings_changed(self) -> None:
        pass

    # ------------------------------------------------------------ geometry helpers
    def seat_hand_rect(self, seat: int, i: int = 0) -> pygame.Rect:
        pos = self.position(seat)
        if pos == "bottom":
            # Centred on the cards actually held (4 at most).
            n = max(1, min(4, self.view["hand_counts"][seat])) if self.view else 4
            x0 = self.hand_area.centerx - (n * self.cw + (n - 1) * self.pad) // 2
            return pygame.Rect(x0 + i * (self.cw + self.pad), self.hand_area.y, self.cw, self.ch)
        p = self.panels[pos]
        r = pygame.Rect(0, 0, self.sw, int(self.sw * CARD_RATIO))
        lines = 1 if pos == "top" else 2
        r.topleft = (p.x + self.pad + i * self.sw // 2, p.y + self.pad // 2 + lines * self.line + 2)
        return r

    def pile_rect(self, seat: int) -> pygame.Rect:
        pos = self.position(seat)
        r = pygame.Rect(0, 0, self.sw, int(self.sw * CARD_RATIO))
        p = self.panels[pos]
        if pos == "bottom":
            r.bottomleft = (p.x + self.pad, p.bottom - self.pad)
        elif pos == "top":
            r.topleft = (p.centerx, self.seat_hand_rect(seat).y)
        else:
            r.topleft = (p.x + self.pad, self.seat_hand_rect(seat).bottom + self.pad // 2)
        return r

    def layout_table(self, codes: list[str]) -> dict[str, pygame.Rect]:
        area = self.table_area
        n = max(1, len(codes))
        tw = self.tw
        gap = max(4, self.pad // 2)
        while True:
            th = int(tw * CARD_RATIO)
            per_row = max(1, (area.width + gap) // (tw + gap))
            rows = -(-n // per_row)
            if rows * (th + gap) - gap <= area.height or tw <= 24:
                break
            tw = int(tw * 0.9)
        th = int(tw * CARD_RATIO)
        per_row = max(1, (area.width + gap) // (tw + gap))
        rows = -(-n // per_row)
        out = {}
        y0 = area.centery - (rows * (th + gap) - gap) // 2
        for i, code in enumerate(codes):
            r, c = divmod(i, per_row)
            in_row = min(per_row, n - r * per_row)
            x0 = area.centerx - (in_row * (tw + gap) - gap) // 2
            out[code] = pygame.Rect(x0 + c * (tw + gap), y0 + r * (th + gap), tw, th)
        return out

    # ------------------------------------------------------------ animations
    def dur(self, seconds: float) -> float:
        sp = self.app.speed
        return 0.0 if sp == 0 else seconds / sp

    def add(self, step: Step) -> None:
        self.steps.append(step)

    DEAL_GAP = 0.05  # seconds between two dealt cards

    def deal_order(self) -> list[int]:
        """Seats in dealing order: from the player after the dealer."""
        n = self.match.players
        dealer = self.view["dealer"]
        return [(dealer + j) % n for j in range(1, n + 1)]

    def deal_source(self) -> pygame.Rect:
        return self.stock_rect

    def deal_animation(self) -> None:
        """Cards fly from the stock to every hand, one round of the table at a time (the
        view already holds the dealt cards)."""
        step = Step(self.dur(0.3), sound="deal")
        holder = step.flights  # filled when the step starts, from the layout of that moment

        def start():
            counts = self.view["hand_counts"]
            order = self.deal_order()
            src = self.deal_source()
            k = 0
            for i in range(max(counts) if counts else 0):
                for seat in order:
                    if i < counts[seat]:
                        holder.append(Flight(None, src, self.seat_hand_rect(seat, i), self.dur(self.DEAL_GAP) * k))
                        k += 1
            if holder:
                step.dur += holder[-1].delay

        step.start_fn = start
        self.hide_hands = True
        step.done_fn = self._dealt
        self.add(step)

    def _dealt(self) -> None:
        self.hide_hands = False

    def animate_events(self, events: list[dict]) -> None:
        for e in events:
            kind = e["type"]
            if kind in ("capture", "lay"):
                self.animate_move(e)
            elif kind == "deal":
                self.add(Step(0, done=self._sync_and_deal))
            elif kind == "round_end":
                self.pending_summary = e["summary"]
                leftover = e["summary"].get("leftover", [])
                to = e["summary"].get("leftover_to")
                if leftover and to is not None:
                    self._animate_leftover(leftover, to)
            elif kind == "game_end":
                self.game_over = True

    def _sync_and_deal(self) -> None:
        self.sync()
        self.deal_animation()

    def animate_move(self, e: dict) -> None:
        seat, card, cap = e["seat"], e["card"], list(e["capture"])
        view = self.view
        # One line on the felt saying what was just played, so nobody has to watch every card.
        name = self.match.seats[seat].name
        if cap:
            self.last_move = t("table.last_capture", name=name, card=card_name(card), taken=" ".join(card_name(c) for c in cap))
        else:
            self.last_move = t("table.last_lay", name=name, card=card_name(card))
        # Source: the card's place in the bottom hand, or the seat's face-down hand.
        if self.position(seat) == "bottom" and card in view["hand"]:
            src = self.seat_hand_rect(seat, view["hand"].index(card))
        else:
            src = self.seat_hand_rect(seat, max(0, view["hand_counts"][seat] - 1))
        landing = self.layout_table(view["table"] + [card])[card]

        def start_play():
            if card in view["hand"]:
                view["hand"].remove(card)
            view["hand_counts"][seat] = max(0, view["hand_counts"][seat] - 1)

        def land():
            view["table"].append(card)

        banner = t("table.bi_qahwa") if e.get("bi_qahwa") else None
        self.add(Step(self.dur(0.35), [Flight(card, src, landing)], start=start_play, done=land, sound="play", banner=banner))
        if not cap:
            if banner:
                self.add(Step(self.dur(0.6), banner=banner, highlight=[card], sound="bi_qahwa"))
            return
        sweep = bool(e.get("sweep"))
        banner = t("table.sweep") if sweep else None
        self.add(Step(self.dur(0.5 if not sweep else 0.8), banner=banner, highlight=[card, *cap], sound="sweep" if sweep else "capture"))
        taken = [card, *cap]
        flights_holder: list[Flight] = []
        step = Step(self.dur(0.4), flights_holder)

        def start_take():
            rects = self.layout_table(view["table"])
            dst = self.pile_rect(seat)
            for k, c in enumerate(taken):
                flights_holder.append(Flight(c, rects.get(c, landing), dst, self.dur(0.03) * k))
            for c in taken:
                if c in view["table"]:
                    view["table"].remove(c)

        def done_take():
            view["piles"][seat].extend(taken)
            view["last_capturer"] = seat

        step.start_fn, step.done_fn = start_take, done_take
        self.add(step)

    def _animate_leftover(self, leftover: list[str], seat: int) -> None:
        holder: list[Flight] = []
        view = self.view

        def start():
            rects = self.layout_table(view["table"])
            for k, c in enumerate(leftover):
                if c in rects:
                    holder.append(Flight(c, rects[c], self.pile_rect(seat), self.dur(0.03) * k))
            view["table"] = [c for c in view["table"] if c not in leftover]

        def done():
            view["piles"][seat].extend(leftover)

        self.add(Step(self.dur(0.5), banner=t("table.leftover", name=self.match.seats[seat].name), highlight=leftover))
        self.add(Step(self.dur(0.45), holder, start=start, done=done))

    def animating(self) -> bool:
        return bool(self.steps)

    def skip_animations(self) -> None:
        while self.steps:
            self._finish(self.steps.pop(0))

    def _begin(self, step: Step) -> None:
        step.started = True
        if step.start_fn:
            step.start_fn()
        if step.sound:
            self.app.sounds.play(step.sound)

    def _finish(self, step: Step) -> None:
        if not step.started:
            self._begin(step)
        if step.done_fn:
            step.done_fn()

    def run_steps(self, dt: float) -> None:
        while self.steps:
            step = self.steps[0]
            if not step.started:
                self._begin(step)
            step.t += dt
            dt = 0
            if step.t < step.dur:
                return
            self.steps.pop(0)
            self._finish(step)
            if self.steps and self.steps[0].dur > 0:
                return

    # ------------------------------------------------------------ turn flow
    def update(self, dt: float) -> None:
        if self.banner:
            self.banner = (self.banner[0], self.banner[1] - dt)
            if self.banner[1] <= 0:
                self.banner = None
        if self.steps:
            self.run_steps(dt)
            if self.steps:
                return
        if self.pending_summary is not None:
            summary, self.pending_summary = self.pending_summary, None
            from game.scenes.summary import SummaryScene

            self.app.scenes.push(SummaryScene(self.app, self.match, summary, self.game_over))
            return
        if self.match.finished:
            return
        cur = self.match.current()
        if self.match.seats[cur].human:
            self.human_turn(cur, dt)
        else:
            self.ai_turn(cur, dt)

    def human_turn(self, seat: int, dt: float) -> None:
        if self.match.hot_seat and self.revealed_for != seat:
            from game.scenes.handoff import HandoffScene

            self.viewer = seat
            self.revealed_for = None
            self.selected = None
            self.sync()
            self.app.scenes.push(HandoffScene(self.app, self, seat))
            return
        if self.viewer != seat:
            self.viewer = seat
            self.sync()
            self.build()
        if self.timer_seat != seat:
            self.timer_seat = seat
            self.timer_left = float(self.match.timer) if self.match.timer else None
            self.app.sounds.play("turn")
            self.refresh_buttons()
        if self.hint_bot is not None:
            if self.hint_bot.tick():
                move = self.match.state.move_to_json(self.hint_bot.move())
                self.hint = {"move": move, "text": self.explain(move)}
                self.hint_bot = None
        if self.timer_left is not None:
            self.timer_left -= dt
            if self.timer_left <= 0:
                self.timer_left = None
                self.timeout_move(seat)

    def reveal(self, seat: int) -> None:
        """The hot-seat player tapped: show their hand."""
        self.revealed_for = seat
        self.viewer = seat
        self.sync()

    def timeout_move(self, seat: int) -> None:
        bot = make_player_bot("simple", self.match.game_id, seed=self.match.seed + self.app.frame, iterations=50)
        move = bot.choose(self.match.observation(seat))
        self.banner = (t("table.timeout"), 1.5)
        self.play(self.match.state.move_to_json(move))

    def ai_turn(self, seat: int, dt: float) -> None:
        if self.thinking_seat != seat or self.thinker is None:
            self.thinking_seat = seat
            self.think_time = 0.0
            self.thinker = Thinker(self.match.bots[seat], self.match.observation(seat))
        self.think_time += dt
        done = self.thinker.tick()
        if done and self.think_time >= self.dur(AI_MIN_THINK):
            move = self.thinker.move()
            self.thinking_seat = None
            self.thinker = None
            self.play(self.match.state.move_to_json(move))

    def play(self, move: dict) -> None:
        seat = self.match.current()
        self.selected = None
        self.options = []
        self.hint = None
        self.hint_bot = None
        self.timer_seat = None
        self.timer_left = None
        events = self.match.play(move)
        del seat
        self.app.save_match()
        self.animate_events(events)
        if not any(e["type"] == "round_end" for e in events):
            self.add(Step(0, done=self.sync))
        self.refresh_buttons()
        if self.app.speed == 0:
            self.skip_animations()

    def refresh_buttons(self) -> None:
        b = self.hud_buttons.get("table.undo") if hasattr(self, "hud_buttons") else None
        if b is not None:
            if self.match.can_undo() and not self.match.finished:
                b.enable()
            else:
                b.disable()

    def after_summary(self) -> None:
        """Called when the round summary closes: next round (deal) or game over."""
        self.last_move = ""
        if self.game_over:
            from game.scenes.gameover import GameOverScene

            self.app.scenes.replace(GameOverScene(self.app, self.match))
            return
        self.revealed_for = None
        self.viewer = self._default_viewer()
        self.sync()
        self.deal_animation()

    # ------------------------------------------------------------ player actions
    def my_turn(self) -> bool:
        cur = self.match.current()
        return cur is not None and self.match.seats[cur].human and not self.steps and self.viewer == cur and self.hand_visible()

    def select(self, code: str | None) -> None:
        if code is None or not self.my_turn():
            self.selected, self.options = None, []
            return
        groups = self.match.moves_by_card()
        self.selected = code
        self.options = groups.get(code, [])
        self.active = 0

    def confirm(self, option: int | None = None) -> None:
        if self.selected is None or not self.options:
            return
        self.play(self.options[self.active if option is None else option])

    def click(self, pos) -> None:
        if self.steps:
            self.skip_animations()
            return
        if not self.my_turn():
            return
        for code, rect in reversed(self.hand_rects):
            if rect.collidepoint(pos):
                if code == self.selected:
                    self.confirm()
                else:
                    self.select(code)
                return
        if self.selected is not None:
            for code, rect in self.table_rects.items():
                if rect.collidepoint(pos):
                    holding = [i for i, o in enumerate(self.options) if code in o.get("capture", [])]
                    if len(holding) == 1 or self.active in holding:
                        self.confirm(holding[0] if len(holding) == 1 else self.active)
                    elif holding:
                        self.active = holding[0]
                    return
            self.select(None)

    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if event.pos[1] > self.hud_h:
                self.click(event.pos)
                return True
            return False
        if event.type == pygame.KEYDOWN:
            if self.steps and event.key not in (pygame.K_ESCAPE,):
                self.skip_animations()
                return True
            return self.key(event)
        return super().handle(event) if event.type != pygame.KEYDOWN else False

    def key(self, event) -> bool:
        k = event.key
        if k == pygame.K_ESCAPE:
            if self.selected is not None:
                self.select(None)
            else:
                self.pause()
            return True
        if k == pygame.K_m:
            self.toggle_sound()
            return True
        if k == pygame.K_h and len(self.match.humans) == 1:
            self.ask_hint()
            return True
        if (k == pygame.K_u or (k == pygame.K_z and event.mod & pygame.KMOD_CTRL)) and self.app.settings.undo_allowed:
            self.undo()
            return True
        if not self.my_turn():
            return False
        hand = self.view["hand"]
        if pygame.K_1 <= k <= pygame.K_9 or pygame.K_KP1 <= k <= pygame.K_KP9:
            i = (k - pygame.K_1) if k <= pygame.K_9 else (k - pygame.K_KP1)
            if i < len(hand):
                if hand[i] == self.selected:
                    self.confirm()
                else:
                    self.select(hand[i])
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            i = hand.index(self.selected) if self.selected in hand else (-1 if k == pygame.K_RIGHT else len(hand))
            i = (i + (1 if k == pygame.K_RIGHT else -1)) % len(hand)
            self.select(hand[i])
            return True
        if k in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB) and len(self.options) > 1:
            self.active = (self.active + (-1 if k == pygame.K_UP else 1)) % len(self.options)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.selected is None and hand:
                self.select(hand[0])
            else:
                self.confirm()
            return True
        return False

    def pause(self) -> None:
        from game.scenes.pause import PauseScene

        self.app.scenes.push(PauseScene(self.app, self))

    def toggle_sound(self) -> None:
        self.app.settings.sound = not self.app.settings.sound
        self.app.sounds.enabled = self.app.settings.sound
        self.build()

    def undo(self) -> None:
        if not self.app.settings.undo_allowed or not self.match.can_undo():
            return
        self.steps.clear()
        self.pending_summary = None
        self.match.undo()
        self.app.save_match()
        self.thinking_seat = None
        self.thinker = None
        self.timer_seat = None
        self.selected, self.options, self.hint, self.hint_bot = None, [], None, None
        self.sync()
        self.refresh_buttons()

    def ask_hint(self) -> None:
        if not self.my_turn() or len(self.match.humans) != 1:
            return
        self.hint = None
        bot = make_player_bot("expert", self.match.game_id, seed=self.match.seed + 99, ms=400)
        self.hint_bot = Thinker(bot, self.match.observation(self.viewer))

    def explain(self, move: dict) -> str:
        """One line: the card to play, cards taken, points at stake."""
        card = card_name(move["card"])
        taken = list(move.get("capture", []))
        if not taken:
            return t("hint.lay", card=card)
        cards = taken + [move["card"]]
        clubs = sum(1 for c in cards if c[1] == "C")
        extras = []
        if "2C" in cards:
            extras.append(t("hint.two_clubs"))
        if "TD" in cards:
            extras.append(t("hint.ten_diamonds"))
        line = t("hint.capture", card=card, count=len(cards), clubs=clubs)
        if move["card"][0] == "J":
            line = t("hint.sweep", card=card, count=len(cards), clubs=clubs)
        if extras:
            line += " " + t("hint.points", what=", ".join(extras), count=len(extras))
        return line

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        s = self.app.scale
        st = self.app.settings
        four = st.four_colour_suits
        small = max(13, int(17 * s))
        view = self.view
        step = self.steps[0] if self.steps else None
        highlight = step.highlight if step else set()
        flying = set()
        if step:
            flying = {f.code for f in step.flights if f.code}
        # Static layer (felt, HUD bar, seat panels) drawn once per layout, then one opaque blit.
        surface.blit(self.background(surface.get_size()), (0, 0))
        target = self.match.options.get("target", 21)
        hud_text = t("table.hud", round=view["round"] + 1, target=target)
        fonts.blit_text(surface, hud_text, max(14, int(20 * s)), widgets.WHITE, (self.pad, self.hud_h // 2), "midleft", bold=True, max_width=self.hud_text_right - 2 * self.pad)
        # Seats
        for seat in range(self.match.players):
            self.draw_seat(surface, seat, small)
        # Table cards
        table = [c for c in view["table"] if c not in flying]
        self.table_rects = self.layout_table(view["table"]) if view["table"] else {}
        option_of: dict[str, list[int]] = {}
        for i, o in enumerate(self.options):
            for c in o.get("capture", []):
                option_of.setdefault(c, []).append(i)
        hint_caps = set(self.hint["move"].get("capture", [])) if self.hint else set()
        for code in table:
            r = self.table_rects[code]
            lift = 0
            if code in option_of and self.active in option_of[code]:
                lift = max(3, self.pad)
            rr = r.move(0, -lift)
            surface.blit(self.app.cards.face(code, r.width, four), rr)
            if code in highlight:
                pygame.draw.rect(surface, widgets.GOLD, rr.inflate(6, 6), max(2, int(3 * s)), border_radius=8)
            if code in option_of:
                for k, oi in enumerate(option_of[code]):
                    col = OPTION_COLOURS[oi % len(OPTION_COLOURS)]
                    width = max(3, int(4 * s)) if oi == self.active else max(2, int(2 * s))
                    pygame.draw.rect(surface, col, rr.inflate(6 + 6 * k, 6 + 6 * k), width, border_radius=8)
                    if len(self.options) > 1:
                        badge = pygame.Rect(0, 0, int(small * 1.3), int(small * 1.3))
                        badge.center = (rr.x + badge.width // 2 + k * badge.width, rr.y)
                        pygame.draw.circle(surface, col, badge.center, badge.width // 2)
                        fonts.blit_text(surface, str(oi + 1), small, (20, 20, 20), badge.center, "center", bold=True)
            if code in hint_caps:
                pygame.draw.rect(surface, (120, 255, 160), rr.inflate(10, 10), max(2, int(3 * s)), border_radius=10)
        if not view["table"]:
            fonts.blit_text(surface, t("table.empty"), small, widgets.DIM, self.table_area.center, "center")
        if self.last_move:
            fonts.blit_text(surface, self.last_move, small, widgets.SOFT, (self.felt_area.centerx, self.felt_area.y), "midtop", max_width=self.felt_area.width)
        # Stock
        self.draw_stock(surface, small)
        # Hand
        self.draw_hand(surface, flying, four, small)
        # Prompt, timer, hint
        self.draw_prompt(surface, small)
        # Flying cards on top of everything
        if step:
            for f in step.flights:
                frac = 1.0 if step.dur <= 0 else max(0.0, min(1.0, (step.t - f.delay) / max(1e-6, step.dur - f.delay)))
                if step.t < f.delay:
                    continue
                r = _lerp(f.src, f.dst, frac)
                # Card sizes in flight go in steps of 8 px, so the cache holds a few sizes only.
                width = max(8, (r.width + 4) // 8 * 8)
                img = self.app.cards.face(f.code, width, four) if f.code else self.app.cards.back(st.card_back, width)
                surface.blit(img, r)
        banner = (step.banner if step and step.banner else None) or (self.banner[0] if self.banner else None)
        if banner:
            self.draw_banner(surface, banner)

    def background(self, size) -> pygame.Surface:
        key = (tuple(size), self.app.table_colour, self.layout_version, self.match.players, self.viewer)
        if getattr(self, "_bg_key", None) != key:
            s = self.app.scale
            bg = pygame.Surface(size).convert()
            bg.fill(self.app.table_colour)
            widgets.panel(bg, pygame.Rect(0, 0, size[0], self.hud_h), alpha=110, radius=0)
            felt = self.felt_area.inflate(self.pad * 2, self.pad * 2)
            lighter = tuple(min(255, c + 14) for c in self.app.table_colour)
            pygame.draw.rect(bg, lighter, felt, border_radius=max(12, int(30 * s)))
            for seat in range(self.match.players):
                widgets.panel(bg, self.panels[self.position(seat)], alpha=130)
            self._bg, self._bg_key = bg, key
        return self._bg

    def draw_banner(self, surface, text: str) -> None:
        s = self.app.scale
        size = max(22, int(44 * s))
        img = fonts.render(text, fonts.fit_size(text, size, int(surface.get_width() * 0.8), True), widgets.GOLD, True)
        r = img.get_rect(center=self.table_area.center)
        widgets.panel(surface, r.inflate(int(40 * s), int(16 * s)), alpha=190)
        surface.blit(img, r)

    def seat_label(self, seat: int) -> str:
        return self.match.seats[seat].name

    def draw_seat(self, surface, seat: int, small: int) -> None:
        pos = self.position(seat)
        p = self.panels[pos]
        view = self.view
        cur = self.match.current()
        turn = cur == seat and not self.match.finished
        if turn:
            pygame.draw.rect(surface, widgets.GOLD, p, max(2, int(3 * self.app.scale)), border_radius=14)
        x, y = p.x + self.pad, p.y + self.pad // 2
        name = self.seat_label(seat)
        tag = ""
        if not self.match.seats[seat].human:
            tag = " · " + t(f"kind.{self.match.seats[seat].kind}")
        name_img_w = p.width - 2 * self.pad - int(small * 1.6)
        if pos == "top":
            name_img_w = p.width // 2
        r = fonts.blit_text(surface, name + tag, small, widgets.WHITE, (x, y), bold=True, max_width=name_img_w)
        # Dealer chip and last-capturer star.
        cx = r.right + int(small * 0.8)
        if view["dealer"] == seat:
            pygame.draw.circle(surface, (250, 250, 250), (cx, r.centery), small * 0.6)
            fonts.blit_text(surface, t("table.dealer_chip"), int(small * 0.8), (20, 20, 20), (cx, r.centery), "center", bold=True)
            cx += int(small * 1.4)
        if self.match.teams:
            # Team colour as a stripe along the panel's left edge.
            stripe = pygame.Rect(p.x, p.y + 8, max(4, self.pad // 2), p.height - 16)
            pygame.draw.rect(surface, TEAM_COLOURS[self.match.side_of(seat)], stripe, border_radius=3)
        score = t("table.score", count=view["totals"][seat])
        if self.match.teams:
            score = t("table.team_score", team=self.match.side_of(seat) + 1, count=view["totals"][seat])
        if pos == "top":
            r2 = fonts.blit_text(surface, score, small, widgets.GOLD, (p.right - self.pad, r.y), "topright", bold=True)
        else:
            r2 = fonts.blit_text(surface, score, small, widgets.GOLD, (x, r.bottom + 1), bold=True, max_width=p.width - 2 * self.pad)
        pile = view["piles"][seat]
        clubs = sum(1 for c in pile if c[1] == "C")
        pile_text = t("table.pile", count=len(pile), clubs=clubs)
        if view["last_capturer"] == seat:
            pile_text += "  " + t("table.last_capturer")
        cols = suit_colours(self.app.settings.four_colour_suits)
        white_suits = [(255, 255, 255)] * 4
        del cols
        pr = self.pile_rect(seat)
        # Other players' hands: small backs, with the count.
        back = self.app.cards.back(self.app.settings.card_back, self.sw)
        if pos != "bottom":
            count = 0 if self.hide_hands else view["hand_counts"][seat]
            for i in range(count):
                surface.blit(back, self.seat_hand_rect(seat, i))
            hx = self.seat_hand_rect(seat, max(0, count - 1)).right + 4
            fonts.blit_text(surface, t("table.hand_count", count=count), small, widgets.SOFT, (hx, self.seat_hand_rect(seat).centery), "midleft")
            text_pos = (pr.right + self.pad // 2, pr.centery)
        else:
            text_pos = (pr.right + self.pad // 2, pr.centery)
        if pile:
            for k in range(min(3, max(1, len(pile) // 6))):
                surface.blit(back, pr.move(k * 2, -k * 2))
        else:
            pygame.draw.rect(surface, (255, 255, 255), pr, 1, border_radius=4)
        max_w = p.right - text_pos[0] - self.pad // 2
        if pos == "top":
            max_w = p.right - text_pos[0] - self.pad
        fonts.blit_text(surface, pile_text, small, widgets.SOFT, text_pos, "midleft", max_width=max_w, suit_colours=white_suits)
        del r2

    def draw_stock(self, surface, small: int) -> None:
        r = self.stock_rect
        n = self.view["stock"]
        if n:
            back = self.app.cards.back(self.app.settings.card_back, r.width)
            for k in range(min(4, 1 + n // 10)):
                surface.blit(back, r.move(-k * 2, -k * 2))
        else:
            pygame.draw.rect(surface, (255, 255, 255), r, 1, border_radius=6)
        fonts.blit_text(surface, t("table.stock", count=n), small, widgets.WHITE, (r.right + self.pad, r.centery), "midleft", bold=True, max_width=self.side_area.right - r.right - self.pad)

    def draw_hand(self, surface, flying: set, four: bool, small: int) -> None:
        view = self.view
        self.hand_rects = []
        visible = self.hand_visible()
        capturing = set()
        if visible and self.my_turn():
            for code, opts in self.match.moves_by_card().items():
                if any(o.get("capture", []) for o in opts):
                    capturing.add(code)
        bottom_seat = self.viewer
        cards = view["hand"] if visible else [None] * view["hand_counts"][bottom_seat]
        if self.hide_hands:
            cards = []
        hint_card = self.hint["move"]["card"] if self.hint else None
        for i, code in enumerate(cards):
            if code is not None and code in flying:
                continue
            r = self.seat_hand_rect(bottom_seat, i)
            if code is not None and code == self.selected:
                r = r.move(0, -int(self.ch * 0.15))
            if code is None:
                surface.blit(self.app.cards.back(self.app.settings.card_back, r.width), r)
                continue
            surface.blit(self.app.cards.face(code, r.width, four), r)
            self.hand_rects.append((code, r))
            if code in capturing:
                # "Can capture" mark: a gold border and a dot at the top.
                pygame.draw.rect(surface, widgets.GOLD, r.inflate(4, 4), max(2, int(3 * self.app.scale)), border_radius=10)
                pygame.draw.circle(surface, widgets.GOLD, (r.centerx, r.y), max(5, small // 2))
            if code == self.selected:
                pygame.draw.rect(surface, (255, 255, 255), r.inflate(8, 8), max(2, int(3 * self.app.scale)), border_radius=12)
            if code == hint_card:
                pygame.draw.rect(surface, (120, 255, 160), r.inflate(12, 12), max(2, int(4 * self.app.scale)), border_radius=12)

    def prompt_text(self) -> str:
        if self.steps or self.match.finished:
            return ""
        cur = self.match.current()
        if not self.match.seats[cur].human:
            return t("table.thinking", name=self.match.seats[cur].name)
        if not self.my_turn():
            return ""
        if self.hint:
            return t("hint.prefix") + " " + self.hint["text"]
        if self.hint_bot is not None:
            return t("hint.thinking")
        if self.selected is None:
            return t("table.your_turn")
        if not self.options or not self.options[0].get("capture", []):
            return t("table.confirm_lay", card=card_name(self.selected))
        if len(self.options) == 1:
            return t("table.confirm_capture", card=card_name(self.selected), taken=" ".join(card_name(c) for c in self.options[0].get("capture", [])))
        parts = [f"{i + 1}) " + "+".join(card_name(c) for c in o.get("capture", [])) for i, o in enumerate(self.options)]
        return t("table.choose_capture", card=card_name(self.selected), options="  ".join(parts))

    def draw_prompt(self, surface, small: int) -> None:
        text = self.prompt_text()
        w = surface.get_width()
        y = self.hand_area.y - int(self.ch * 0.15) - self.pad // 2
        if text:
            size = max(14, int(19 * self.app.scale))
            img_size = fonts.fit_size(text, size, int(w * 0.96), True)
            img = fonts.render_rich(text, img_size, widgets.WHITE, True, suit_colours(self.app.settings.four_colour_suits) if False else None)
            r = img.get_rect(midbottom=(w // 2, y))
            widgets.panel(surface, r.inflate(16, 6), alpha=140, radius=8)
            surface.blit(img, r)
        if self.timer_left is not None and self.my_turn():
            # Countdown inside the player's own panel: a bar under the score and the seconds left.
            p = self.panels["bottom"]
            total = max(1, self.match.timer)
            frac = max(0.0, self.timer_left / total)
            col = (90, 220, 120) if frac > 0.3 else (240, 80, 60)
            bar_h = max(8, int(10 * self.app.scale))
            bar = pygame.Rect(p.x + self.pad, p.y + self.pad // 2 + 2 * self.line + self.pad // 2, p.width - 2 * self.pad, bar_h)
            pygame.draw.rect(surface, (40, 40, 40), bar, border_radius=4)
            pygame.draw.rect(surface, col, (bar.x, bar.y, int(bar.width * frac), bar.height), border_radius=4)
            fonts.blit_text(surface, t("table.timer", count=int(self.timer_left + 0.999)), small, col, (p.right - self.pad, p.y + self.pad // 2), "topright", bold=True)
