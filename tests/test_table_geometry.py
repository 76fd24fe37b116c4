"""The table's geometry (game/scenes/table_geometry.py), pure, over every registered game at
every player count, with the largest hand a seat holds, at phone, tablet and desktop sizes
(and a 3x phone): nothing off screen, every touch target 44x44 logical and none over
another, every card of your hand showing its whole index (even with the cards of the row
below lifted), no trick card (or its name tag) over another."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.registry import BY_ID  # noqa: E402
from game.scenes.table_geometry import FAN_SHOW, TableSpec, table_geometry  # noqa: E402
from game.scenes.table_layout import visible_parts  # noqa: E402
from game.scenes.views import base as z  # noqa: E402
from game.scenes.views import view_for  # noqa: E402
from game.ui import fonts  # noqa: E402
from game.ui.units import TOUCH, units_for  # noqa: E402
from tests.table_cases import SIZES, cases, largest_hand  # noqa: E402

pygame.font.init()
@pytest.fixture(autouse=True)
def no_kiosk_buttons(monkeypatch):
    """Kiosk mode raises the smallest button for its process; these measure the app's own."""
    from game.ui import widgets

    monkeypatch.setattr(widgets, "MIN_BUTTON_PX", TOUCH)


HUD_TEXTS = ["Sound: on", "Undo", "Hint", "Menu"]


def geometry(game_id: str, players: int, size):
    w, h, d = size
    view = view_for(game_id)
    spec = TableSpec.of(view, BY_ID[game_id].info.deck.name)
    u = units_for((w * d, h * d), d)
    font = fonts.font(fonts.ui_font_size(u.scale), True)
    widths = [max(u.touch, font.size(text)[0] + u.px(24)) for text in HUD_TEXTS]
    return spec, u, table_geometry(u, spec, players, largest_hand(game_id, players), widths)


def discard_parts(spec, geo) -> list[pygame.Rect]:
    """The discard pile's fanned cards as the table draws them, each's visible part."""
    if not spec.has(z.DISCARD):
        return []
    step = geo.fan_step
    rects = [geo.discard.move(-(spec.discard_fan - 1 - k) * step, 0) for k in range(spec.discard_fan)]
    return [pygame.Rect(r.x, r.y, (rects[i + 1].x - r.x) if i + 1 < len(rects) else r.width, r.height) for i, r in enumerate(rects)]


def targets(spec, geo, hand: int) -> list[tuple[str, pygame.Rect]]:
    lay = geo.hand_layout(hand, spec.index_share or 0.34)
    rects = [pygame.Rect(lay.rect(i)) for i in range(hand)]
    out = [(f"card {i}", part) for i, part in enumerate(visible_parts(rects))]
    out += [(f"hud {i}", r) for i, r in enumerate(geo.hud_slots) if r.width]
    if geo.compact:
        out += [(f"seat {k}", r) for k, r in geo.seats.items()]
    if spec.has(z.STOCK):
        out.append(("stock", geo.stock))
    out += [(f"discard {i}", r) for i, r in enumerate(discard_parts(spec, geo))]
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}@{s[2]}")
def test_every_game_lays_out_its_table(size):
    problems = []
    for game_id, players in cases():
        hand = largest_hand(game_id, players)
        spec, u, geo = geometry(game_id, players, size)
        where = f"{game_id} {players}p hand {hand}"
        screen = pygame.Rect(0, 0, *u.size)
        lay = geo.hand_layout(hand, spec.index_share or 0.34)
        if not lay.fits:
            problems.append(f"{where}: the hand does not fit its area")
        # Nothing off screen.
        named = [("hand area", geo.hand_area), ("felt", geo.felt), ("prompt", geo.prompt)]
        named += [(f"seat {k}", r) for k, r in geo.seats.items()] + [(f"hud {i}", r) for i, r in enumerate(geo.hud_slots) if r.width]
        named += [(f"card {i}", pygame.Rect(lay.rect(i, True))) for i in range(hand)]
        named += [(f"trick {k}", r.union(r.move(0, geo.line))) for k, r in geo.trick.items()]
        named += [(k, getattr(geo, k)) for k in ("stock", "discard", "trump") if k in spec.piles]
        for name, r in named:
            if not screen.contains(r):
                problems.append(f"{where}: {name} off screen {tuple(r)}")
        # Touch targets: 44x44 logical, none over another.
        ts = targets(spec, geo, hand)
        need = TOUCH * u.density - 0.5
        for name, r in ts:
            if r.width < need or r.height < need:
                problems.append(f"{where}: {name} is {r.width / u.density:.0f}x{r.height / u.density:.0f} logical")
        for i, (a, ra) in enumerate(ts):
            for b, rb in ts[i + 1:]:
                if ra.colliderect(rb):
                    problems.append(f"{where}: {a} {tuple(ra)} overlaps {b} {tuple(rb)}")
        if geo.compact and geo.actions.height < need:
            problems.append(f"{where}: the action bar is {geo.actions.height / u.density:.0f} logical px high")
        # Every card's whole index shows, with every card lifted as playable or not.
        iw, ih = geo.hand_index(lay.card[0])
        for raised in (False, True):
            rects = [pygame.Rect(lay.rect(i, raised)) for i in range(hand)]
            for i, part in enumerate(visible_parts(rects)):
                if part.width < iw or part.height < ih:
                    problems.append(f"{where}: card {i} shows {part.width}x{part.height} of its {iw}x{ih} index (lifted: {raised})")
                    break
        # No trick card, nor the name tag under it, over another; all on the felt.
        tag_h = fonts.font(geo.tag, True).get_linesize()
        boxes = [(k, pygame.Rect(r.x, r.y, r.width, r.height + tag_h)) for k, r in geo.trick.items()]
        if not spec.has(z.TRICK):
            continue
        if len(geo.trick) != players:
            problems.append(f"{where}: {len(geo.trick)} places in the trick for {players} seats")
        for i, (a, ra) in enumerate(boxes):
            if not geo.felt.contains(ra):
                problems.append(f"{where}: trick card {a} leaves the felt")
            for b, rb in boxes[i + 1:]:
                if ra.colliderect(rb):
                    problems.append(f"{where}: trick cards {a} and {b} overlap")
        if geo.tw < u.px(30):
            problems.append(f"{where}: trick cards {geo.tw / u.density:.0f} logical px wide")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])


def test_the_shapes_choose_their_arrangement():
    _, _, phone = geometry("olsen", 5, (390, 844, 3))
    _, _, desk = geometry("olsen", 5, (1920, 1080, 1))
    assert phone.compact and set(phone.seats) == {"bottom", "chip1", "chip2", "chip3", "chip4"}
    assert not desk.compact and set(desk.seats) >= {"bottom", "left", "topleft", "topright", "right"}
    # Upright, the chips are along the top, the hand across the bottom, the felt between.
    chips = [r for k, r in phone.seats.items() if k != "bottom"]
    assert max(r.bottom for r in chips) <= phone.felt.y < phone.felt.bottom <= phone.prompt.y < phone.hand_area.y
    assert phone.hand_area.bottom <= phone.units.size[1]


def test_a_fan_of_the_discard_pile_keeps_each_card_a_touch_target():
    spec, u, geo = geometry("jersey_gin", 3, (390, 844, 1))
    assert spec.discard_fan == 2 and geo.fan_step >= u.touch
    spec, u, geo = geometry("jersey_gin", 3, (1920, 1080, 1))
    assert geo.fan_step == max(u.touch, int(geo.stock.width * FAN_SHOW))
