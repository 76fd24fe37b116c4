"""How the table turns taps, clicks, drags and keys into moves, for any game's view.

Everything is read from the viewer's legal moves (the observation's ``legal``) and what
the view says of them (``move_cards``, ``move_targets``, ``move_kind``, ``select_count``,
``drop_kinds``): a tap on a hand card plays its one move, or chooses it when there are
several (captures) or when a confirmation is asked (the view's way, or the "tap, then
confirm" setting); in a phase choosing several cards, taps toggle them and a button per
move kind plays them; a card dragged onto a zone makes the move that zone accepts; a tap
on the stock or the discard pile draws from it.
"""
from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.scenes.views import base as zones

DRAG_START_PX = 14  # pointer travel (at scale 1) before a press on a card becomes a drag


class TableInput:
    """Mixed into TableScene: choosing a move and routing input."""

    def my_turn(self) -> bool:
        cur = self.match.current()
        return cur is not None and self.match.seats[cur].human and not self.steps and self.viewer == cur and self.hand_visible()

    def clear_choice(self) -> None:
        self.selected, self.options, self.active, self.focus_card = [], [], 0, None
        self.readings = None

    def offer(self, moves: list[dict]) -> bool:
        """Several legal moves answer one gesture (the same cards, a joker standing for another
        card or going at the other end): the view's chooser opens with a button for each and a
        way back, when the view labels them (``move_choices``). True if it opened."""
        labelled = self.view.move_choices(moves) if len(moves) > 1 else None
        if not labelled:
            return False
        self.readings = labelled
        self.refresh_actions()
        return True

    def play_or_offer(self, moves: list[dict]) -> None:
        """The gesture's move, or the chooser when it has several (``offer``)."""
        if not self.offer(moves):
            self.play(moves[0])

    def cancel_readings(self) -> None:
        """The chooser's way back: nothing is played, the chosen cards stay chosen."""
        self.readings = None
        self.refresh_actions()

    def confirming(self) -> bool:
        """Does a chosen card wait for a confirmation (the view's way, or the setting)?"""
        return self.view.ALWAYS_CONFIRM or getattr(self.app.settings, "tap_confirm", False)

    def select(self, code: str | None) -> None:
        """Choose one card (None: nothing); its legal moves become the options."""
        if code is None or not self.my_turn():
            self.selected, self.options = [], []
            return
        self.selected = [code]
        self.focus_card = code
        self.options = self.moves_with([code])
        self.active = 0

    def tap_card(self, code: str) -> None:
        """A tap on a card of the viewer's hand."""
        if not self.my_turn():
            return
        self.readings = None  # another card chosen: the chooser for the old choice goes
        self.focus_card = code
        need = self.view.select_count(self.phase())
        if need:  # choosing several cards together: toggle, the button confirms
            if code not in self.selected and not any(code in self.view.move_cards(m) for m in self.legal()):
                self.refuse(code)  # in no legal move of this step (a card the skart may not hold)
                return
            if code in self.selected:
                self.selected.remove(code)
            else:
                self.selected = (self.selected + [code])[-need:]
            self.active = 0
            full = len(self.selected) == need or (self.view.SELECT_UP_TO and self.selected)
            self.options = self.moves_with(self.selected) if full else []
            self.refresh_actions()
            return
        moves = self.moves_with([code])
        if not moves:
            self.refuse(code)
            return
        if self.selected == [code]:
            self.confirm()
        elif self.confirming() or len(moves) > 1:
            self.select(code)
        else:
            self.play(moves[0])

    def refuse(self, code: str) -> None:
        """Not a legal card: nothing is played, and the view says why."""
        self.refused = (code, 1.2)
        self.banner = (self.view.refusal(code), 2.5)
        self.app.sounds.play("tick")

    def confirm(self, option: int | None = None) -> None:
        if self.selected and self.options:
            self.play(self.options[self.active if option is None else option])

    def tap_target(self, code: str) -> bool:
        """A tap on a card of the felt: choose among the options the one taking it."""
        if not self.selected:
            return False
        holding = [i for i, o in enumerate(self.options) if code in self.view.move_targets(o)]
        if len(holding) > 1 and self.offer([self.options[i] for i in holding]):
            return True
        if len(holding) == 1 or (holding and self.active in holding):
            self.confirm(holding[0] if len(holding) == 1 else self.active)
        elif holding:
            self.active = holding[0]
        return bool(holding)

    def drop(self, code: str, pos) -> bool:
        """A hand card dropped at ``pos``: the move it makes on the zone there, if any."""
        zone, target = self.zone_at(pos)
        if zone is None or not self.my_turn():
            return False
        kinds = self.view.drop_kinds(zone)
        if code in self.selected and len(self.selected) > 1:  # the chosen cards dragged together (a meld)
            together = [m for m in self.moves_with(self.selected) if self.view.move_kind(m) in kinds]
            if together:
                first = self.view.move_kind(together[0])
                self.play_or_offer([m for m in together if self.view.move_kind(m) == first])
                return True
            text = self.view.drop_refusal(zone, code)
            if text:
                self.banner = (text, 2.5)
            return False
        mine = self.moves_with([code])
        moves = [m for m in mine if self.view.move_kind(m) in kinds]
        if not moves:
            if not mine and not self.view.select_count(self.phase()):
                self.refuse(code)
            else:
                text = self.view.drop_refusal(zone, code)
                if text:
                    self.refused, self.banner = (code, 1.2), (text, 2.5)
            return False
        self.select(code)
        self.options = moves
        if len(moves) == 1:
            self.confirm(0)
            return True
        if target is not None:
            holding = [i for i, o in enumerate(moves) if target in self.view.move_targets(o) + [self.view.move_cards(o)[-1]]]
            if len(holding) == 1:
                self.confirm(holding[0])
                return True
            if self.offer([moves[i] for i in holding]):
                return True
            if holding:
                self.active = holding[0]
        return False

    def act(self, kind: str) -> None:
        """An action button: the legal move of that kind using the chosen cards."""
        if kind.startswith("view:"):  # the view's own button (sort the hand)
            self.view.view_action(kind[5:])
            return
        if not self.my_turn():
            return
        same = [m for m in self.legal() if self.view.move_kind(m) == kind and sorted(self.view.move_cards(m)) == sorted(self.selected)]
        if same:
            self.play_or_offer(same)
            return
        if not self.view.select_count(self.phase()) and self.options:
            self.confirm()
            return
        self.banner = (self.view.action_refusal(kind, list(self.selected)), 2.5)

    def actions_now(self) -> list[tuple[str, bool]]:
        """Buttons for the current step: (move kind, enabled); the view's own buttons
        (``view:<key>``) last, while the hand is in view."""
        extra = [(f"view:{key}", True) for key, _ in self.view.view_actions()] if self.hand_visible() and not self.frozen else []
        if self.readings and self.my_turn():
            return []  # the chooser of a gesture's readings takes the buttons' place
        if not self.my_turn() or self.choices_now() is not None:
            return extra
        out: dict[str, bool] = {}
        need = self.view.select_count(self.phase())
        for m in self.legal():
            kind = self.view.move_kind(m)
            cards = self.view.move_cards(m)
            if not cards:  # draw, knock, pass without cards: one button each
                out[kind] = True
            elif need:
                out[kind] = out.get(kind, False) or sorted(cards) == sorted(self.selected)
        if self.selected and self.options and not need and getattr(self.app.settings, "tap_confirm", False):
            out["confirm"] = True
        return list(out.items()) + extra

    def choices_now(self) -> list[tuple[str, dict]] | None:
        """The view's chooser for this step (a button per labelled move), or None: the
        readings of the chosen cards when a gesture had several (``offer``), else the step's
        own (declarations)."""
        if not self.my_turn():
            return None
        if self.readings:
            return self.readings
        return self.view.choices(self.phase(), self.legal())

    def choose(self, index: int) -> bool:
        """Play the chooser's move number ``index`` (a button, or a digit key); a choice
        without a move is the way back."""
        options = self.choices_now() or []
        if 0 <= index < len(options):
            move = options[index][1]
            if move is None:
                self.cancel_readings()
            else:
                self.play(move)
            return True
        return False

    def chip_at(self, pos) -> int | None:
        """Compact: the seat whose chip is under a point."""
        if not self.geo.compact:
            return None
        for seat in range(self.match.players):
            if self.panels[self.position(seat)].collidepoint(pos):
                return seat
        return None

    def click(self, pos) -> None:
        if self.seat_detail is not None:  # the open chip's panel: any tap closes it
            seat = self.chip_at(pos)
            self.seat_detail = seat if seat is not None and seat != self.seat_detail else None
            return
        seat = self.chip_at(pos)
        if seat is not None:
            self.seat_detail = seat
            return
        if self.steps:
            self.skip_animations()
            return
        if not self.my_turn():
            if self.felt_area.collidepoint(pos):
                self.view.felt_tap()
            return
        for i, (rect, _) in enumerate(getattr(self, "choice_rects", [])):
            if rect.collidepoint(pos):
                self.choose(i)
                return
        for code, rect in reversed(self.hand_rects):
            if rect.collidepoint(pos):
                self.tap_card(code)
                return
        for code, rect in self.card_rects.items():
            if rect.collidepoint(pos) and self.tap_target(code):
                return
        zone, card = self.zone_at(pos)
        if zone in (zones.STOCK, zones.DISCARD):  # a tap on a pile draws from it
            move = self.view.pile_move(zone, card, self.legal())
            if move is not None:
                self.play(move)
                return
        if self.selected and not self.view.select_count(self.phase()):
            self.select(None)
            return
        if self.felt_area.collidepoint(pos):
            self.view.felt_tap()

    # ------------------------------------------------------------ input
    def handle(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            buttons = list(self.action_buttons.values()) + list(self.hud_buttons.values())
            if any(b.visible and b.rect.collidepoint(event.pos) for b in buttons) or (not self.geo.compact and event.pos[1] <= self.hud_h):
                return False  # a button (pygame_gui) takes this click
            if self.seat_detail is not None or self.chip_at(event.pos) is not None:
                self.click(event.pos)
                return True
            if self.steps:
                self.skip_animations()
                return True
            if self.my_turn():
                for code, rect in reversed(self.hand_rects):
                    if rect.collidepoint(event.pos):
                        self.press = (code, tuple(event.pos))
                        return True
            self.click(event.pos)
            return True
        if event.type == pygame.MOUSEMOTION and self.press is not None:
            start = self.press[1]
            if self.drag_pos is not None or max(abs(event.pos[0] - start[0]), abs(event.pos[1] - start[1])) >= DRAG_START_PX * max(0.6, self.app.scale):
                self.drag_pos = tuple(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            (code, start), dragged = self.press, self.drag_pos is not None
            self.press, self.drag_pos = None, None
            if dragged:
                self.drop(code, event.pos)
            else:
                self.click(start)
            return True
        if event.type == pygame.KEYDOWN:
            if self.steps and event.key != pygame.K_ESCAPE:
                self.skip_animations()
                return True
            return self.key(event)
        return Scene.handle(self, event)

    def key(self, event) -> bool:
        k = event.key
        if k == pygame.K_ESCAPE and self.seat_detail is not None:
            self.seat_detail = None
            return True
        if k == pygame.K_ESCAPE:
            if self.readings:
                self.cancel_readings()
            elif self.selected and not self.view.select_count(self.phase()):
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
        if self.view.key(k):
            return True
        if not self.my_turn():
            return False
        options = self.choices_now()
        if options is not None:  # a chooser: 1-9 pick its buttons, 0 the last (none)
            if pygame.K_1 <= k <= pygame.K_9 or pygame.K_KP1 <= k <= pygame.K_KP9:
                self.choose((k - pygame.K_1) if k <= pygame.K_9 else (k - pygame.K_KP1))
                return True
            if k in (pygame.K_0, pygame.K_KP0):
                self.choose(len(options) - 1)
                return True
        if self.button_step_key(k):
            return True
        hand = self.shown["hand"]
        single = not self.view.select_count(self.phase())
        if pygame.K_1 <= k <= pygame.K_9 or pygame.K_KP1 <= k <= pygame.K_KP9:
            i = (k - pygame.K_1) if k <= pygame.K_9 else (k - pygame.K_KP1)
            if i < len(hand):
                self.tap_card(hand[i])
            return True
        if k in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            i = hand.index(self.focus_card) if self.focus_card in hand else (-1 if k == pygame.K_RIGHT else len(hand))
            code = hand[(i + (1 if k == pygame.K_RIGHT else -1)) % len(hand)]
            if single and self.confirming():
                self.select(code)
            self.focus_card = code
            return True
        if k in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB) and len(self.options) > 1:
            self.active = (self.active + (-1 if k == pygame.K_UP else 1)) % len(self.options)
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus_card is None and not self.selected and hand:
                if single and self.confirming():
                    self.select(hand[0])
                self.focus_card = hand[0]
            elif not single and self.options and (self.focus_card is None or self.focus_card in self.selected):
                chosen = self.options[self.active]
                kind = self.view.move_kind(chosen)
                if not self.offer([o for o in self.options if self.view.move_kind(o) == kind]):
                    self.confirm()
            elif self.focus_card is not None:
                self.tap_card(self.focus_card)
            else:
                self.confirm()
            return True
        return False


    def button_step_key(self, k: int) -> bool:
        """A step whose moves use no card (declarations, annul, pass the lead): arrows or Tab
        move between its buttons, Enter presses the one marked, 1-9 press the n-th."""
        if any(self.view.move_cards(m) for m in self.legal()):
            return False
        kinds = [kind for kind, enabled in self.actions_now() if enabled]
        if not kinds:
            return False
        self.action_focus = getattr(self, "action_focus", 0) % len(kinds)
        if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self.action_focus = (self.action_focus + (-1 if k in (pygame.K_LEFT, pygame.K_UP) else 1)) % len(kinds)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            kind, self.action_focus = kinds[self.action_focus], 0
            self.act(kind)
            return True
        elif pygame.K_1 <= k <= pygame.K_9 and k - pygame.K_1 < len(kinds):
            self.action_focus = 0
            self.act(kinds[k - pygame.K_1])
            return True
        else:
            return False
        for i, kind in enumerate(kinds):
            button = self.action_buttons.get(kind)
            if button is not None:
                button.select() if i == self.action_focus else button.unselect()
        return True
