"""The one table for every game: your hand at the bottom, the other seats around, the
felt in the middle with the zones the game's view declares (game/scenes/views).

The scene keeps ``shown``, the table's picture of the game, which animations move step
by step towards the viewer's true observation; it asks the Match (and through it the
State interface) what is legal and what happened, and the view what it all looks like.
Turn flow, every frame:

* animations first (deal, play, capture, trick collected), skippable with a click or a key;
* then a human turn: tap a card (or several, when the phase chooses several), drag it
  onto a zone, or tap then confirm; buttons for the moves of the current step; an
  optional turn timer that plays the simple AI's move at zero; a hand-off screen
  between humans;
* or an AI turn, thought in slices of a few milliseconds per frame (bot.begin / step /
  move) so the table keeps drawing at 60 fps, paced so a person can follow.
"""
from __future__ import annotations

import time

import pygame

from game.i18n import t
from game.scenes.animation import Flight, Step, Thinker
from game.scenes import catalog
from game.scenes.base import Scene, TouchTarget
from game.scenes.match import Match, make_player_bot
from game.scenes.table_input import TableInput
from game.scenes.table_layout import TableLayout
from game.scenes.table_picture import BareTable, TableBase, standalone_view
from game.scenes.views import base as zones
from game.scenes.views import view_for
from game.ui import fonts, widgets
from game.ui.units import is_phone

__all__ = ["TableScene", "Flight", "Step", "Thinker", "table_scene", "BareTable", "standalone_view", "view_for"]

AI_MIN_THINK = 0.7  # seconds an AI turn lasts at least (normal speed), to be followable


def table_scene(app, match: Match) -> "TableScene":
    return TableScene(app, match)


class TableScene(TableInput, TableLayout, TableBase, Scene):
    name = "table"
    fills_screen = True  # its background covers the window

    def __init__(self, app, match: Match) -> None:
        Scene.__init__(self, app)
        self.match = match
        self.setup_table(app, match, view_for(match.game_id), self._default_viewer())
        self.revealed_for: int | None = None  # hot seat: the human who tapped "I'm ready"
        self.thinking_seat: int | None = None
        self.thinker: Thinker | None = None
        self.think_time = 0.0
        self.timer_seat: int | None = None
        self.hint_bot = None
        self.pending_summary: dict | None = None
        self.game_over = False
        self.seat_detail: int | None = None  # compact: the chip tapped open
        self.hud_buttons: dict[str, object] = {}
        self.draw_ms = 0.0  # how long drawing the table takes (a moving average), for the bots' slices
        self._actions_shown = None
        self._relayout = False
        self._legal: tuple | None = None
        self.sync()
        if self.view.fresh_deal():
            self.deal_animation()

    # ------------------------------------------------------------ seats and picture
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
        """Picture = the viewer's observation (held while a finished round awaits its summary)."""
        if self.frozen:
            return
        self.obs = self.match.observation(self.viewer)
        self._legal = None
        self.shown = self.view.show(self.obs, self.shown)
        self.selected = [c for c in self.selected if c in self.shown["hand"]]

    def phase(self) -> str:
        return self.view.phase(self.obs)

    def legal(self) -> list[dict]:
        """The viewer's legal moves as JSON (empty when it is not their turn); read once
        per frame and after every move, not once per use."""
        if not self.my_turn():
            return []
        key = (self.app.frame, self.viewer, id(self.match.state))
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, list(self.match.observation(self.viewer).get("legal", [])))
        return self._legal[1]

    def legal_codes(self) -> set[str]:
        return {c for m in self.legal() for c in self.view.move_cards(m)}

    def moves_with(self, cards: list[str]) -> list[dict]:
        """Legal moves that use exactly these hand cards (one card: every move playing it)."""
        want = sorted(cards)
        return [m for m in self.legal() if sorted(self.view.move_cards(m)) == want]

    def face(self, code: str, width: int, named: bool = True) -> pygame.Surface:
        return self.view.face(code, width, named)

    # ------------------------------------------------------------ animations
    def dur(self, seconds: float) -> float:
        sp = self.app.speed
        return 0.0 if sp == 0 else seconds / sp

    def add(self, step: Step) -> None:
        self.steps.append(step)

    def deal_animation(self) -> None:
        """Cards fly from the stock to every hand, one round of the table at a time (the
        picture already holds the dealt cards)."""
        step = Step(self.dur(0.3), sound="deal")
        holder = step.flights  # filled when the step starts, from the layout of that moment

        def start():
            counts = self.shown["hand_counts"]
            order = self.view.deal_order()
            k = 0
            for i in range(max(counts) if counts else 0):
                for seat in order:
                    if i < counts[seat]:
                        holder.append(Flight(None, self.deal_source(), self.seat_hand_rect(seat, i), self.dur(self.view.DEAL_GAP) * k))
                        k += 1
            if holder:
                step.dur += holder[-1].delay

        step.start_fn = start
        step.done_fn = self._dealt
        self.hide_hands = True
        self.hand_plan = 0  # a new deal: the hand's room is planned for its size again
        self.add(step)

    def _dealt(self) -> None:
        self.hide_hands = False

    def sync_and_deal(self) -> None:
        self.sync()
        self.deal_animation()

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
    def tick_timers(self, dt: float) -> None:
        if self.banner:
            self.banner = (self.banner[0], self.banner[1] - dt)
            if self.banner[1] <= 0:
                self.banner = None
        if self.refused:
            self.refused = (self.refused[0], self.refused[1] - dt)
            if self.refused[1] <= 0:
                self.refused = None
        self.view.update(dt)

    def update(self, dt: float) -> None:
        if self._relayout and self.app.scenes.top is self:
            self.build()  # the geometry changed (a larger hand this round): buttons follow
        self.tick_timers(dt)
        if self.steps:
            self.run_steps(dt)
            if self.steps:
                return
        if self.pending_summary is not None:
            summary, self.pending_summary = self.pending_summary, None
            self.app.scenes.push(catalog.make("summary", self.app, self.match, summary, self.game_over, self.view))
            return
        self.refresh_actions()
        if self.match.finished:
            return
        cur = self.match.current()
        if self.match.seats[cur].human:
            self.human_turn(cur, dt)
        else:
            self.ai_turn(cur, dt)

    def human_turn(self, seat: int, dt: float) -> None:
        if self.match.hot_seat and self.revealed_for != seat:
            self.viewer = seat
            self.revealed_for = None
            self.selected, self.options = [], []
            self.sync()
            self.app.scenes.push(catalog.make("handoff", self.app, self, seat))
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
        if self.hint_bot is not None and self.hint_bot.tick():
            move = self.match.state.move_to_json(self.hint_bot.move())
            self.hint = {"move": move, "text": self.view.explain(move)}
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
        # A frame holds the bot's slice and the table's drawing: on a large screen (a 3x
        # phone) the drawing takes longer, the slice less.
        self.thinker.max_slice = max(Thinker.SLICE_MS, Thinker.MAX_SLICE_MS - max(0.0, self.draw_ms - 2.0))
        if self.thinker.tick() and self.think_time >= self.dur(AI_MIN_THINK):
            move = self.thinker.move()
            self.thinking_seat = None
            self.thinker = None
            self.play(self.match.state.move_to_json(move))

    def play(self, move: dict) -> None:
        self.clear_choice()
        self.hint = None
        self.hint_bot = None
        self.timer_seat = None
        self.timer_left = None
        events = self.match.play(move)
        self._legal = None
        self.app.save_match()
        ends = [e for e in events if "summary" in e]
        if ends:
            self.frozen = True  # from now on the picture only follows the animations
        if any(e["type"] == "game_end" for e in events):
            self.game_over = True
        self.view.animate(events)
        for e in ends:
            self.add(Step(0, done=lambda summary=e["summary"]: self._hold_summary(summary)))
        if not ends:
            self.add(Step(0, done=self.sync))
        self.refresh_buttons()
        if self.app.speed == 0:
            self.skip_animations()
            # No animation: the next step's buttons now, not a frame late (a tap in the
            # frame drawn after an AI's move would meet the buttons of the step before).
            self.refresh_actions()

    def _hold_summary(self, summary: dict) -> None:
        self.pending_summary = summary

    def refresh_buttons(self) -> None:
        b = self.hud_buttons.get("table.undo") if hasattr(self, "hud_buttons") else None
        if b is not None:
            if self.match.can_undo() and not self.match.finished:
                b.enable()
            else:
                b.disable()

    def after_summary(self) -> None:
        """Called when the round summary closes: next round (deal) or game over."""
        if self.game_over:
            self.app.scenes.replace(catalog.make("gameover", self.app, self.match, self.view))
            return
        self.revealed_for = None
        self.frozen = False
        self.viewer = self._default_viewer()
        self.sync()
        self.deal_animation()
        self.view.after_round()

    def pause(self) -> None:
        self.app.scenes.push(catalog.make("pause", self.app, self))

    def toggle_sound(self) -> None:
        self.app.settings.sound = not self.app.settings.sound
        self.app.sounds.enabled = self.app.settings.sound
        self.build()

    def undo(self) -> None:
        if not self.app.settings.undo_allowed or not self.match.can_undo():
            return
        self.steps.clear()
        self.pending_summary = None
        self.frozen = False
        self.match.undo()
        self._legal = None
        self.app.save_match()
        self.thinking_seat = None
        self.thinker = None
        self.timer_seat = None
        self.clear_choice()
        self.hint, self.hint_bot = None, None
        self.sync()
        self.refresh_buttons()

    def ask_hint(self) -> None:
        if not self.my_turn() or len(self.match.humans) != 1:
            return
        self.hint = None
        bot = make_player_bot("expert", self.match.game_id, seed=self.match.seed + 99, ms=400)
        self.hint_bot = Thinker(bot, self.match.observation(self.viewer))

    def explain(self, move: dict) -> str:
        return self.view.explain(move)

    # ------------------------------------------------------------ status line
    def prompt_text(self) -> str:
        if self.steps or self.match.finished or self.frozen or (self.banner and (self.view.BANNER_AT == "prompt" or self.geo.compact)):
            return ""
        peek = self.view.peek_text()
        if peek:
            return peek
        cur = self.match.current()
        if not self.match.seats[cur].human:
            return self.view.waiting_text(cur, self.phase())
        if not self.my_turn():
            return ""
        if self.hint:
            return t("hint.prefix") + " " + self.hint["text"]
        if self.hint_bot is not None:
            return t("hint.thinking")
        return self.view.prompt(self.selected, self.options, self.phase())

    # ------------------------------------------------------------ buttons
    def hud_items(self) -> list[tuple[str, object, bool]]:
        """The HUD's buttons: (text key, action, enabled), the Menu's last."""
        items = [("table.sound_off" if self.app.settings.sound else "table.sound_on", self.toggle_sound, True)]
        if len(self.match.humans) == 1:
            if self.app.settings.undo_allowed:
                items.append(("table.undo", self.undo, self.match.can_undo()))
            items.append(("table.hint", self.ask_hint, True))
        items.append(("table.menu", self.pause, True))
        return items

    def hud_labels(self) -> list[str]:
        return [t(key) for key, _, _ in self.hud_items()]

    def hud_signature(self) -> tuple:
        return (self.app.settings.sound, self.app.settings.undo_allowed, len(self.match.humans))

    def menu_extras(self) -> list[tuple[str, object, bool]]:
        """The HUD's buttons that did not fit beside the round's text: the pause menu offers
        them (a phone: Hint, Undo and Sound behind the one Menu button)."""
        items = self.hud_items()[:-1]
        if not self.geo.menu_only:
            return []
        return items

    def layout(self) -> None:
        geo = self.geo
        self.layout_version = getattr(self, "layout_version", 0) + 1
        zones.clear_painters()
        self.hud_buttons = {}
        for (key, action, enabled), rect in zip(self.hud_items(), geo.hud_slots):
            if rect.width and rect.height:
                self.hud_buttons[key] = self.button(rect, t(key), action, enabled, focusable=False)
        self.action_buttons = {}
        self._actions_shown = None
        self.refresh_actions()
        self._relayout = False

    def layout_changed(self) -> None:
        self._relayout = bool(self.elements) or self._relayout

    def settings_changed(self) -> None:
        pass

    def showing_banners(self) -> bool:
        return self.app.scenes.top is self

    def draw(self, surface) -> None:
        t0 = time.perf_counter()
        TableLayout.draw(self, surface)
        self.draw_ms = 0.9 * self.draw_ms + 0.1 * (time.perf_counter() - t0) * 1000.0

    def refresh_actions(self) -> None:
        """Buttons for what the current step allows (pass these cards, draw, knock...)."""
        now = tuple(self.actions_now()) if not self.steps else ()
        choices = (self.choices_now() or []) if not self.steps else []
        own = dict(self.view.view_actions())
        key = (now, tuple(label for label, _ in choices), tuple(own.values()), id(self.geo))
        if key == self._actions_shown:
            return
        self._actions_shown = key
        for b in self.action_buttons.values():
            b.kill()
            if b in self.elements:
                self.elements.remove(b)
        self.action_buttons = {}
        s = self.app.scale
        bh = max(widgets.button_height(s) if not self.geo.compact else self.app.units.touch, self.app.units.touch)
        gap = self.pad
        self.choice_rects = []
        if choices:
            self.place_choices([label for label, _ in choices], bh, gap)
        if not now:
            return

        def label(kind: str) -> str:
            if kind == "confirm":
                return t("table.confirm")
            return own.get(kind[5:], kind) if kind.startswith("view:") else self.view.action_label(kind)

        labels = [(kind, label(kind), enabled) for kind, enabled in now]
        font = fonts.font(fonts.ui_font_size(s), True)
        for kind, rect in zip([k for k, _, _ in labels], self.action_rects([text for _, text, _ in labels], font, bh, gap)):
            text = next(text for k, text, _ in labels if k == kind)
            enabled = next(e for k, _, e in labels if k == kind)
            self.action_buttons[kind] = self.button(rect, text, lambda k=kind: self.act(k), enabled, focusable=False)

    def action_rects(self, texts: list[str], font, bh: int, gap: int) -> list[pygame.Rect]:
        """Where the step's buttons go: compact, in the action bar (more rows grow up over
        the felt's bottom); desktop, on the felt (along its bottom when its middle holds the
        game). Each as wide as its text needs, at least a touch target."""
        geo = self.geo
        s = self.app.scale
        touch = self.app.units.touch
        if geo.compact:
            area = geo.actions
            widths = [max(touch, font.size(text)[0] + 2 * gap) for text in texts]
            low = True
        else:
            area = self.felt_area
            widths = [min(int(area.width * 0.8), max(int(160 * s), font.size(text)[0] + 3 * gap)) for text in texts]
            low = self.view.BUTTONS_LOW or self.shown.get(zones.TRICK) or self.shown.get(zones.OPEN) or self.view.felt_text(set())
        rows: list[list[int]] = [[]]
        for i, bw in enumerate(widths):
            if rows[-1] and sum(widths[j] + gap for j in rows[-1]) + bw > area.width:
                rows.append([])
            rows[-1].append(i)
        if geo.compact:  # a row's buttons share its width, none narrower than its text needs
            for row in rows:
                need = sum(widths[i] for i in row) + gap * (len(row) - 1)
                spare = (area.width - need) // max(1, len(row))
                for i in row:
                    widths[i] = min(widths[i] + max(0, spare), area.width)
        height = len(rows) * bh + (len(rows) - 1) * (gap // 2)
        if geo.compact:
            y = area.bottom - height
        else:
            y = self.felt_area.bottom - height - gap if low else self.felt_area.centery - height // 2
            y = max(self.felt_area.y, y)
        out: list[pygame.Rect | None] = [None] * len(texts)
        for row in rows:
            total = sum(widths[i] for i in row) + gap * (len(row) - 1)
            x = area.centerx - total // 2
            for i in row:
                out[i] = pygame.Rect(x, y, widths[i], bh)
                x += widths[i] + gap
            y += bh + gap // 2
        return out

    def place_choices(self, labels: list[str], bh: int, gap: int) -> None:
        """The chooser's buttons (``choice_rects``: (rect, text) per choice), numbered, in
        rows centred on the felt (along its bottom, in the buttons' place, for a view whose
        felt's middle holds the game: ``BUTTONS_LOW``; in the action bar and up over the
        felt, compact). The table draws them itself (``draw_choices``) so suit signs in a
        label are drawn as shapes; a tap plays the choice."""
        geo = self.geo
        # Compact: within the action bar's width (rows grow up over the felt), never over
        # the status line beside it on a phone on its side; there, a choice too long for the
        # bar's half of the row takes the felt's width, its rows just above the status row.
        area = geo.actions if geo.compact and geo.actions.width else self.felt_area
        bottom = geo.actions.bottom
        last = len(labels) - 1
        # Keys 1-9 for the first choices, 0 for the last one (none); a phone has no keys.
        if is_phone(self.app.logical_size):
            texts = list(labels)
        else:
            texts = [f"{0 if i == last else i + 1}  {text}" if i == last or i < 9 else text for i, text in enumerate(labels)]
        self.choice_size = size = self.app.units.text(20, least=14)
        natural = [fonts.render_rich(text, size, widgets.WHITE, True).get_width() + 3 * gap for text in texts]
        if geo.compact and geo.actions.y == geo.prompt.y and max(natural) > area.width - 2 * gap:
            area, bottom = self.felt_area.copy(), geo.actions.y - gap // 2
            # between the piles at the felt's sides (the stock, the discard pile): a choice
            # over one would hide it and take its taps
            for pile in (z.rect for z in self.tap_zones() if z.kind == "pile"):
                if pile.bottom > bottom - 3 * bh and pile.top < bottom:
                    if pile.centerx < area.centerx:
                        area.width -= max(0, pile.right - area.x)
                        area.x = max(area.x, pile.right)
                    else:
                        area.width = min(area.width, pile.x - area.x)
        widths = [min(area.width - 2 * gap, w) for w in natural]
        widths = [max(w, self.app.units.touch) for w in widths]
        rows: list[list[int]] = [[]]
        used = 0
        for i, bw in enumerate(widths):
            if rows[-1] and used + gap + bw > area.width - 2 * gap:
                rows.append([])
                used = 0
            used += (gap if rows[-1] else 0) + bw
            rows[-1].append(i)
        bh = max(self.app.units.touch, min(bh, max(24, area.height // max(1, len(rows)) - gap // 2)))
        step = bh + gap // 2
        if geo.compact:
            y = bottom - len(rows) * step + gap // 2
        else:
            y = area.centery - (len(rows) * step - gap // 2) // 2
            if self.view.BUTTONS_LOW:
                y = area.bottom - len(rows) * step + gap // 2 - gap
            y = max(area.y, min(y, area.bottom - len(rows) * step))
        self.choice_rects = [None] * len(texts)
        for row in rows:
            total = sum(widths[i] for i in row) + gap * (len(row) - 1)
            x = area.centerx - total // 2
            for i in row:
                self.choice_rects[i] = (pygame.Rect(x, y, widths[i], bh), texts[i])
                x += widths[i] + gap
            y += step

    def choice_cards(self) -> set[str]:
        """The cards of the choice under the pointer (``move_targets`` of its move), ringed
        in the hand and in the face-up rows so a player sees which copies it takes."""
        rects = self.choice_rects
        if not rects or self.steps:
            return set()
        mouse = pygame.mouse.get_pos()
        hover = next((i for i, (r, _) in enumerate(rects) if r.collidepoint(mouse)), None)
        options = self.choices_now() or []
        if hover is None or hover >= len(options) or options[hover][1] is None:  # None: the way back
            return set()
        return set(self.view.move_targets(options[hover][1]))

    # ------------------------------------------------------------ touch targets
    def tap_zones(self) -> list:
        """Everything a tap acts on besides the buttons: the hand's cards (the part of each
        left uncovered), the chooser's choices, the piles, the seat chips, the cards of the
        open table and the melds."""
        out = [TouchTarget("card", code, part) for code, part in self.hand_targets()]
        out += [TouchTarget("choice", text, rect) for rect, text in self.choice_rects]
        if self.has(zones.STOCK):
            out.append(TouchTarget("pile", "stock", self.stock_rect.copy()))
        if self.has(zones.DISCARD):
            fan = self.discard_fan_rects
            parts = [r for _, r in fan]
            out += [TouchTarget("pile", code, part) for (code, _), part in zip(fan, _fan_parts(parts))] if fan else [TouchTarget("pile", "discard", self.discard_rect.copy())]
        if self.geo.compact:
            out += [TouchTarget("seat", self.view.name(seat), self.panels[self.position(seat)].copy()) for seat in range(self.match.players)]
        if self.has(zones.OPEN):
            out += [TouchTarget("table", code, self.card_rects[code].copy()) for code in self.shown.get(zones.OPEN, []) if code in self.card_rects]
        for span in self.view.meld_spans():
            out.append(TouchTarget("meld", span[0], span[1]))
        return out


def _fan_parts(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The visible part of each card of a fanned pile (each under the next, peeking out on its left)."""
    out = []
    for i, r in enumerate(rects):
        right = rects[i + 1].x if i + 1 < len(rects) and rects[i + 1].colliderect(r) else r.right
        out.append(pygame.Rect(r.x, r.y, max(0, right - r.x), r.height))
    return out
