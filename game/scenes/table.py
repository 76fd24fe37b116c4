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

import pygame

from game.i18n import t
from game.scenes.animation import Flight, Step, Thinker
from game.scenes import catalog
from game.scenes.base import Scene
from game.scenes.match import Match, make_player_bot
from game.scenes.table_input import TableInput
from game.scenes.table_layout import TableLayout
from game.scenes.views import BareTable, standalone_view, view_for

__all__ = ["TableScene", "Flight", "Step", "Thinker", "table_scene", "BareTable", "standalone_view", "view_for"]

AI_MIN_THINK = 0.7  # seconds an AI turn lasts at least (normal speed), to be followable


def table_scene(app, match: Match) -> "TableScene":
    return TableScene(app, match)


class TableScene(TableInput, TableLayout, Scene):
    name = "table"

    def __init__(self, app, match: Match) -> None:
        Scene.__init__(self, app)
        self.match = match
        self.view = view_for(match.game_id)(self)
        self.viewer = self._default_viewer()
        self.revealed_for: int | None = None  # hot seat: the human who tapped "I'm ready"
        self.shown: dict = {}
        self.obs: dict = {}
        self.steps: list[Step] = []
        self.selected: list[str] = []  # hand cards chosen for the next move
        self.options: list[dict] = []  # legal moves using the selection (several: a choice)
        self.readings: list[tuple[str, dict | None]] | None = None  # a gesture's several moves, chooser open
        self.active = 0
        self.focus_card: str | None = None  # keyboard cursor in the hand
        self.press: tuple[str, tuple[int, int]] | None = None  # a press on a hand card
        self.drag_pos: tuple[int, int] | None = None  # where a dragged card is
        self.thinking_seat: int | None = None
        self.thinker: Thinker | None = None
        self.think_time = 0.0
        self.timer_left: float | None = None
        self.timer_seat: int | None = None
        self.hint: dict | None = None
        self.hint_bot = None
        self.banner: tuple[str, float] | None = None
        self.refused: tuple[str, float] | None = None  # a refused card flashes red
        self.pending_summary: dict | None = None
        self.frozen = False  # a round ended: the picture waits for its summary
        self.game_over = False
        self.hand_rects: list[tuple[str, pygame.Rect]] = []
        self.card_rects: dict[str, pygame.Rect] = {}  # cards on the felt, where drawn
        self.hide_hands = False  # during the deal animation, hands appear when it ends
        self.action_buttons: dict[str, object] = {}
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

    def face(self, code: str, width: int) -> pygame.Surface:
        return self.view.face(code, width)

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
        self.add(step)

    def _dealt(self) -> None:
        self.hide_hands = False

    def sync_and_deal(self) -> None:
        self.sync()
        self.deal_animation()

    def fly_from_hand(self, seat: int, card: str) -> pygame.Rect:
        """Where a card leaves a hand: its place in the bottom hand, or the seat's backs."""
        hand = self.shown["hand"]
        if self.position(seat) == "bottom" and card in hand:
            return self.seat_hand_rect(seat, hand.index(card))
        return self.seat_hand_rect(seat, max(0, self.shown["hand_counts"][seat] - 1))

    def take_from_hand(self, seat: int, card: str) -> None:
        if card in self.shown["hand"]:
            self.shown["hand"].remove(card)
        self.shown["hand_counts"][seat] = max(0, self.shown["hand_counts"][seat] - 1)

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
        if self.steps or self.match.finished or self.frozen or (self.banner and self.view.BANNER_AT == "prompt"):
            return ""
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
