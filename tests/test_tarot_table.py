"""The tarot family on the one table, driven headless through real input: every game's
screens fit at 800x480 and 1920x1080, seats and play run counter-clockwise, a 28-card hand
keeps every index visible, and a human plays each step (skart, declarations, Death, cards)
with taps, keys and buttons."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import random  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import registry  # noqa: E402
from game.app import App  # noqa: E402
from game.i18n import t  # noqa: E402
from game.rules import new_game  # noqa: E402
from game.scenes.gameover import GameOverScene  # noqa: E402
from game.scenes.match import Match, Seat  # noqa: E402
from game.scenes.menu import MenuScene  # noqa: E402
from game.scenes.setup import SetupScene  # noqa: E402
from game.scenes.summary import SummaryScene  # noqa: E402
from game.ui import deck_art, fonts  # noqa: E402

from game.settings import Settings  # noqa: E402
from game.storage import MemoryStorage  # noqa: E402
from tests.ui_helpers import button_with_text, click, key, make_app, open_table, press, settle  # noqa: E402

TAROT = [e.id for e in registry.ENTRIES if e.family == "tarot"]
SIZES = [(800, 480), (1920, 1080)]


def players_of(game_id: str) -> list[int]:
    info = registry.entry(game_id).info
    return sorted({info.min_players, info.max_players})


def drive(match: Match, until, seed: int = 3) -> None:
    """Random legal moves for every seat until ``until(match)`` holds."""
    rng = random.Random(seed)
    for _ in range(20000):
        cur = match.current()
        if cur is None or until(match):
            return
        match.play(rng.choice(match.observation(cur)["legal"]))
    raise AssertionError("the game did not reach the wanted point")


def new_match(game_id: str, players: int, human: int = 0, seed: int = 3, options=None) -> Match:
    seats = [Seat("human", "You") if i == human else Seat("simple", f"Bot {i}") for i in range(players)]
    return Match(game_id, seats, options or {}, seed=seed)


class TextRecorder:
    """Every text drawn through the fonts module (game.ui.fonts.recording), for the test."""

    def __init__(self, monkeypatch) -> None:
        self.drawn: list[fonts.DrawnText] = []
        monkeypatch.setattr(fonts, "_RECORDERS", [self.drawn])

    def check(self, app: App) -> None:
        screen = pygame.Rect((0, 0), app.size)
        assert self.drawn
        for d in self.drawn:
            assert screen.contains(d.rect), (d.text, d.rect)
            assert not d.overflows, (d.text, d.rect, d.box)
            assert d.logical_size >= 12, (d.text, d.size)
        self.drawn.clear()


def buttons_fit(app: App) -> None:
    """Every button's label is narrower than the button."""
    for b in app.scenes.top.elements:
        text = getattr(b, "text", None)
        if text and hasattr(b, "rect"):
            size = max(15, int(22 * app.scale))
            assert fonts.font(size, True).size(text)[0] <= b.rect.width + 2, text


def mid_round(m: Match) -> bool:
    o = m.observation(0)
    return o["phase"] == "play" and len(o["tricks"]) >= 3 and m.current() == 0


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", TAROT)
def test_setup_table_summary_and_game_over_fit(game_id, size, monkeypatch):
    rec = TextRecorder(monkeypatch)
    app = make_app(size)
    app.scenes.reset(MenuScene(app))
    setup = app.scenes.push(SetupScene(app, game_id))
    app.run_frames(3)
    rec.check(app)
    buttons_fit(app)
    while setup.players != registry.entry(game_id).info.max_players:  # every seat's row
        setup.cycle_players()
    app.run_frames(2)
    rec.check(app)
    buttons_fit(app)
    for players in players_of(game_id):
        match = new_match(game_id, players)
        drive(match, mid_round)
        table = open_table(app, match)
        app.run_frames(2)
        rec.check(app)
        screen = pygame.Rect((0, 0), size)
        assert all(screen.contains(table.panels[table.position(s)]) for s in range(players))
        used = [table.panels[table.position(s)] for s in range(players)]
        assert all(not a.colliderect(b) for i, a in enumerate(used) for b in used[i + 1:])
        assert table.hand_rects and all(screen.contains(r) for _, r in table.hand_rects)
        drive(match, lambda m: bool(m.state.rounds))
        app.scenes.push(SummaryScene(app, match, match.state.rounds[0], False, table.view))
        app.run_frames(2)
        rec.check(app)
        buttons_fit(app)
        drive(match, lambda m: False)
        assert match.finished
        app.scenes.replace(GameOverScene(app, match, table.view))
        app.run_frames(2)
        rec.check(app)


@pytest.mark.parametrize("game_id,players,right,left", [
    ("maison_troggen", 3, 1, 2), ("la_rigueur", 4, 1, 3), ("triomphe_forcee", 6, 1, 5), ("triomphe_forcee", 10, 1, 9),
])
@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_seats_run_counter_clockwise(game_id, players, right, left, size):
    """"Play runs counter-clockwise": the next seat (seat + 1) sits on the viewer's right
    (a panel right of the middle on a desktop; a chip right of the other's on a phone)."""
    app = make_app(size)
    table = open_table(app, new_match(game_id, players))
    rects = {s: table.panels[table.position(s)] for s in range(players)}
    if table.geo.compact:
        assert rects[right].centerx > rects[left].centerx
    else:
        assert rects[right].centerx > app.size[0] // 2 > rects[left].centerx
    # Going round from the viewer's right: up the right side, across the top right to left.
    assert table.trick_rect(right).centerx > table.trick_rect(left).centerx


def skart_match(game_id: str, seed: int = 3) -> Match:
    """The human is the first dealer (seat 2) and has the skart to make."""
    match = new_match(game_id, 3, human=2, seed=seed)
    assert match.observation(2)["phase"] == "skart" and match.current() == 2
    return match


def test_a_28_card_hand_keeps_every_index_visible_trumps_apart_at_800x480():
    app = make_app((800, 480))
    table = open_table(app, skart_match("maison_troggen"))
    hand = table.shown["hand"]
    assert len(hand) == 28
    groups = ["T" if c[0] == "T" and c[1:].isdigit() else "E" if c == "EXC" else "S" for c in hand]
    # Suit cards first, then the Excuse, then every trump in ascending order.
    assert groups == sorted(groups, key="SET".index)
    trumps = [int(c[1:]) for c, g in zip(hand, groups) if g == "T"]
    assert trumps == sorted(trumps)
    rects = dict(table.hand_rects)
    assert set(rects) == set(hand)
    index_w = deck_art.index_extent(table.cw, "tarot78")[0]
    for a, b in zip(hand, hand[1:]):
        ra, rb = rects[a], rects[b]
        if ra.y == rb.y:
            assert rb.x - ra.x >= min(index_w, ra.width) * 0.9, (a, b)


@pytest.mark.parametrize("game_id,forbidden_key", [("maison_troggen", "maison_troggen.skart.reason"),
                                                   ("leipzig_taroc", "leipzig_taroc.skart.reason_roi")])
def test_the_skart_by_taps_refuses_forbidden_cards_with_the_reason(game_id, forbidden_key):
    app = make_app((800, 480))
    match = skart_match(game_id)
    table = open_table(app, match)
    view = table.view
    allowed = view.skart_candidates()
    hand = table.shown["hand"]
    roi = next(c for c in hand if c[0] == "R" and c not in allowed)
    assert view.hand_mark(roi) is not None  # marked before any tap
    table.tap_card(roi)
    assert table.selected == [] and table.banner[0] == t(forbidden_key)
    legal = [m for m in match.observation(2)["legal"]]
    chosen = legal[0]["cards"]
    for code in chosen:
        table.tap_card(code)
    assert sorted(table.selected) == sorted(chosen)
    app.run_frames(2)
    click(app, button_with_text(app, t("tarot.skart_button")).rect.center)
    obs = match.observation(2)
    assert obs["skart_count"] == 3 and sorted(obs["own_skart"]) == sorted(chosen) and len(obs["hand"]) == 25


def leipzig_with_declaration():
    """A deal whose dealer (seat 2) still holds a declaration after the first legal skart."""
    for seed in range(1, 400):
        s = new_game("leipzig_taroc", 3, {}, seed=seed)
        s.apply(s.legal_moves()[0])
        if s.phase == "declare" and s.current_player() == 2 and s.combos(2):
            return seed, [c[0] for c in s.combos(2)]
    raise AssertionError("no deal with a declaration for the dealer")


def test_leipzig_declarations_are_buttons_and_each_is_shown_to_all():
    seed, combos = leipzig_with_declaration()
    app = make_app((800, 480))
    match = new_match("leipzig_taroc", 3, human=2, seed=seed)
    table = open_table(app, match)
    legal = match.observation(2)["legal"]
    table.tap_card(legal[0]["cards"][0])
    for code in legal[0]["cards"][1:]:
        table.tap_card(code)
    click(app, button_with_text(app, t("tarot.skart_button")).rect.center)
    settle(app, table)
    assert match.observation(2)["phase"] == "declare" and match.current() == 2
    labels = [b.text for b in table.action_buttons.values()]
    assert len(labels) == len(match.observation(2)["legal"]) and t("leipzig_taroc.combo.none") in labels
    first = match.observation(2)["legal"][0]["combo"]
    press(app, table, f"declare:{first}")
    declared = match.observation(0)["declared"]
    assert declared[0]["seat"] == 2 and declared[0]["combo"] == first
    settle(app, table)
    # Another seat's view shows the declared cards face up in the declarer's panel.
    shown = table.view.show(match.observation(0), {})
    assert set(shown["faceup"][2]) == set(declared[0]["cards"])


def triomphe_with_death_for_seat_0():
    for seed in range(1, 400):
        s = new_game("triomphe_forcee", 4, {}, seed=seed)
        if s.current_player() == 0 and s.phase == "declare" and "T13" in s.observation(0)["hand"]:
            return seed
    raise AssertionError("no deal with Death for seat 0")


def test_triomphe_forcee_death_takes_the_pot_by_its_only_button():
    seed = triomphe_with_death_for_seat_0()
    app = make_app((800, 480))
    match = new_match("triomphe_forcee", 4, seed=seed)
    table = open_table(app, match)
    pot = match.observation(0)["pot"]
    assert pot == 4 and table.shown["pot"] == 4
    assert list(table.action_buttons) == ["declare:death"]
    chips = table.view.chips(0)
    press(app, table, "declare:death")
    summary = match.state.rounds[-1]
    assert summary["death"] == 0 and summary["pot_won"] == pot
    assert table.view.chips(0) == chips  # the table's picture waits for the summary
    table.skip_animations()
    app.run_frames(3)
    assert isinstance(app.scenes.top, SummaryScene)


@pytest.mark.parametrize("game_id", TAROT)
def test_a_card_by_tap_and_by_keys_and_a_refused_card_says_why(game_id):
    app = make_app((800, 480))
    players = registry.entry(game_id).info.min_players
    match = new_match(game_id, players)
    drive(match, lambda m: mid_round(m) and bool(m.observation(0)["trick"]) and len(m.observation(0)["legal"]) < len(m.observation(0)["hand"]))
    table = open_table(app, match)
    obs = match.observation(0)
    legal = {m["card"] for m in obs["legal"]}
    bad = next(c for c in table.shown["hand"] if c not in legal)
    before = len(obs["hand"])
    table.tap_card(bad)
    assert len(match.observation(0)["hand"]) == before and table.banner[0]
    assert table.banner[0] != t("trick.refused") or bad == "EXC"  # a reason, not the bare refusal
    # Keys: Right to a legal card, Enter plays it.
    hand = table.shown["hand"]
    target = next(c for c in hand if c in legal)
    table.focus_card = hand[hand.index(target) - 1] if hand.index(target) else None
    key(app, pygame.K_RIGHT) if table.focus_card else None
    if table.focus_card != target:
        table.focus_card = target
    key(app, pygame.K_RETURN)
    assert len(match.observation(0)["hand"]) == before - 1


def test_leipzig_annulment_is_a_choice_of_two_buttons():
    """Prague-Vienna: "a player dealt one or two trumps may annul the deal"."""
    for seed in range(1, 400):
        s = new_game("leipzig_taroc", 3, {"annul_few_trumps": True}, seed=seed)
        if s.phase == "annul" and s.current_player() == 0:
            break
    else:
        raise AssertionError("no deal to annul for seat 0")
    app = make_app((800, 480))
    match = new_match("leipzig_taroc", 3, seed=seed, options={"annul_few_trumps": True})
    table = open_table(app, match)
    labels = {k: b.text for k, b in table.action_buttons.items()}
    assert labels == {"declare:annul": t("leipzig_taroc.combo.annul"), "declare:none": t("leipzig_taroc.keep_deal")}
    deal = match.observation(0)["deal_count"]
    press(app, table, "declare:annul")
    assert match.observation(0)["deal_count"] == deal + 1  # a new deal


def test_a_declaration_of_a_suit_names_the_suit_in_words_on_its_button():
    """pygame_gui's font has no suit glyphs (a button showed an empty box for the suit of
    "Half Cavallerie"): the buttons say the suit in words, in every language."""
    for seed in range(1, 600):
        s = new_game("leipzig_taroc", 3, {}, seed=seed)
        s.apply(s.legal_moves()[0])
        suited = [c[0] for c in s.combos(2) if c[0][-2:] in ("_C", "_D", "_H", "_S")] if s.phase == "declare" \
            and s.current_player() == 2 else []
        if suited:
            break
    else:
        raise AssertionError("no deal with a declaration of a suit for the dealer")
    for language in ("en", "fr", "nl"):
        app = App((390, 844), headless=True, settings=Settings(language=language, sound=False), storage=MemoryStorage())
        match = new_match("leipzig_taroc", 3, human=2, seed=seed)
        table = open_table(app, match)
        legal = match.observation(2)["legal"]
        for code in legal[0]["cards"]:
            table.tap_card(code)
        click(app, button_with_text(app, t("tarot.skart_button")).rect.center)
        settle(app, table)
        text = table.action_buttons[f"declare:{suited[0]}"].text
        assert not set(text) & set("\u2663\u2666\u2665\u2660"), text
        assert t(f"suit.{suited[0][-1]}") in text, text


def test_declarations_by_keys_arrows_and_enter():
    seed, combos = leipzig_with_declaration()
    app = make_app((800, 480))
    match = new_match("leipzig_taroc", 3, human=2, seed=seed)
    table = open_table(app, match)
    skart = match.observation(2)["legal"][0]
    match.play(skart)
    table.sync()
    app.run_frames(2)
    kinds = [k for k, on in table.actions_now() if on]
    assert kinds[-1] == "declare:none" and len(kinds) >= 2
    key(app, pygame.K_RIGHT)  # from the first button to the second
    key(app, pygame.K_RETURN)
    declared = match.observation(2)["declared"]
    if kinds[1] == "declare:none":
        assert declared == [] and match.current() != 2
    else:
        assert declared[-1]["combo"] == kinds[1].partition(":")[2]


def test_leipzig_pass_the_lead_at_the_22nd_trick_by_its_button():
    """"If its holder is to lead the 22nd trick, the lead passes to the player on the right
    and the Excuse is played to that trick"."""
    rng = random.Random(1)
    state = new_game("leipzig_taroc", 3, {"deals": 3}, seed=1)
    moves = []
    while state.legal_moves() != [("pass_lead",)]:
        legal = [m for m in state.legal_moves() if m != ("play", 21)] or state.legal_moves()
        move = rng.choice(legal)
        moves.append(state.move_to_json(move))
        state.apply(move)
    seat = state.current_player()
    match = new_match("leipzig_taroc", 3, human=seat, seed=1, options={"deals": 3})
    for m in moves:
        match.play(m)
    app = make_app((800, 480))
    table = open_table(app, match)
    assert list(table.action_buttons) == ["pass_lead"]
    assert table.action_buttons["pass_lead"].text == t("tarot.pass_lead_button")
    assert table.view.prompt([], [], "play") == t("tarot.pass_lead_prompt")
    press(app, table, "pass_lead")
    obs = match.observation(seat)
    assert obs["leader"] == (seat + 1) % 3 and "EXC" in obs["hand"]
