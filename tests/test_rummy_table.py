"""The rummy family at the table, driven headless through real input (clicks, drags, buttons,
keys) on fixed deals: draw by a tap on the stock or the pile, a meld by choosing cards and
the Meld button, a lay-off by dragging a card onto a meld (or choosing it and tapping the
meld), a discard refused with its reason (the card just taken from the pile), Classic's one
meld a turn, Jersey Gin's upcard round and its second discard, Boathouse's go-out with the
end-of-hand screen showing every hand spread, the sort and arrange buttons (and keys), a
hot-seat hand-off, a save resumed at the table; and every game's table, summary and setup
laid out inside the window at 800x480 (seven players in Basic Rummy)."""
from __future__ import annotations

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import registry  # noqa: E402
from game.app import App  # noqa: E402
from game.i18n import t  # noqa: E402
from game.rules import GAMES, new_game  # noqa: E402
from game.rules.melds import best_arrangement  # noqa: E402
from game.scenes.handoff import HandoffScene  # noqa: E402
from game.scenes.match import Match, Seat  # noqa: E402
from game.scenes.summary import SummaryScene  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.storage import MemoryStorage  # noqa: E402
from game.ui.cards import card_name  # noqa: E402
from tests import ui_helpers  # noqa: E402
from tests.ui_helpers import DT, button_with_text, click, drag, key, make_app, press, push_table, settle, tick_until  # noqa: E402

FAMILY = [e.id for e in registry.ENTRIES if e.family == "rummy"]


class FirstLegalBot:
    """The AI seats of these tests: the first legal move of their observation (quick, fixed)."""

    ms = 1.0
    match: Match | None = None

    def begin(self, obs):
        self.obs = obs

    def step(self, ms):
        return True

    def move(self):
        return FirstLegalBot.match.state.move_from_json(self.obs["legal"][0])


@pytest.fixture(autouse=True)
def quick_bots(monkeypatch):
    monkeypatch.setattr("game.scenes.match.make_player_bot", lambda *a, **k: FirstLegalBot())


def code(gid: str, c: str) -> str:
    """A card's code in the game's deck (the first copy in a two-deck game)."""
    return c if GAMES[gid].info.deck.copies == 1 else f"{c}/1"


def dealt(gid: str, hands: list[list[str]], pile: str, stock: list[str], options=None, kinds=None) -> Match:
    """A match whose first hand is fixed: seat 0 is dealt first and plays first."""
    cls = GAMES[gid]
    n = len(hands)
    opts = dict(options or {})
    seed = next(s for s in range(1, 500) if cls.new(n, opts, s).dealer == n - 1)
    deck = cls.info.deck
    hands = [[code(gid, c) for c in h] for h in hands]
    head = [hands[i % n][i // n] for i in range(len(hands[0]) * n)] + [code(gid, pile)] + [code(gid, c) for c in stock]
    order = head + [c for c in deck.codes if c not in head]
    state = new_game(gid, n, opts, seed=seed, deck_order=order)
    assert sorted(state.observation(0)["hand"]) == sorted(hands[0])
    kinds = kinds or ["human"] + ["simple"] * (n - 1)
    names = ["You", "Amira", "Bruno", "Chen", "Dana", "Emil", "Fay"]
    match = Match(gid, [Seat(k, names[i]) for i, k in enumerate(kinds)], opts, seed=seed, state=state)
    FirstLegalBot.match = match
    return match


def open_table(app: App, match: Match) -> TableScene:
    FirstLegalBot.match = match
    return ui_helpers.open_table(app, match)


def dealt_table(gid: str, deal: dict, size=(800, 480), storage=None) -> tuple[App, TableScene]:
    """A new app with the fixed ``deal`` of ``gid`` (see ``dealt``) open at its table."""
    app = make_app(size, storage)
    return app, open_table(app, dealt(gid, **deal))


def draw_from_stock(app: App, table: TableScene) -> None:
    """A tap on the stock draws its top card; then the table settles."""
    click(app, table.stock_rect.center)
    settle(app, table)


def card_at(table: TableScene, c: str):
    """A point of a hand card that is not under its neighbour (the card's visible strip)."""
    rects = table.hand_rects
    i = [k for k, _ in rects].index(c)
    r = rects[i][1]
    nxt = rects[i + 1][1] if i + 1 < len(rects) and rects[i + 1][1].y == r.y else None
    right = min(r.right, nxt.x) if nxt else r.right
    return ((r.x + right) // 2, r.y + r.height // 4)


def choose(app: App, table: TableScene, cards: list[str]) -> None:
    for c in cards:
        click(app, card_at(table, c))
    assert sorted(table.selected) == sorted(cards)


def tx(gid: str, key: str, **kw) -> str:
    return t(f"{gid}.{key}", **kw)


# ------------------------------------------------------------------ fixed deals
CLASSIC = dict(
    hands=[["7H", "8H", "9H", "4C", "4D", "4S", "KS", "2D", "JC", "5S"],
           ["AC", "3C", "6D", "8D", "TD", "QC", "2S", "9S", "KD", "JH"]],
    pile="QD", stock=["6H", "TC", "TS"],
)


def test_a_meld_by_choosing_cards_and_the_button_then_one_meld_a_turn_then_a_lay_off_by_drag():
    gid = "classic_rummy"
    app, table = dealt_table(gid, CLASSIC)
    state = table.match.state
    assert table.phase() == "draw"
    draw_from_stock(app, table)
    assert "6H" in table.match.observation(0)["hand"] and table.phase() == "play"
    choose(app, table, ["7H", "8H", "9H"])
    assert not table.action_buttons["discard"].is_enabled  # three cards chosen: not a discard
    press(app, table, "meld")
    obs = table.match.observation(0)
    assert [(m["owner"], sorted(m["cards"])) for m in obs["table"]] == [(0, ["7H", "8H", "9H"])]
    settle(app, table)
    # Classic Rummy: one meld a turn; the chosen cards dragged onto the felt say why not.
    before = state.to_json()
    choose(app, table, ["4C", "4D", "4S"])
    app.tick(DT)
    assert "meld" not in table.action_buttons
    drag(app, card_at(table, "4D"), table.felt_area.center)
    assert state.to_json() == before and table.banner[0] == tx(gid, "refused_one_meld")
    for c in ["4C", "4D", "4S"]:
        click(app, card_at(table, c))  # unchoose
    # The 6♥ dragged onto the meld lays it off there.
    drag(app, card_at(table, "6H"), table.card_rects["8H"].center)
    meld = table.match.observation(0)["table"][0]
    assert sorted(meld["cards"]) == ["6H", "7H", "8H", "9H"] and table.match.state.current_player() == 0
    settle(app, table)
    # A card dragged onto the pile is the discard that ends the turn.
    drag(app, card_at(table, "KS"), table.discard_rect.center)
    obs = table.match.observation(0)
    assert obs["pile"][-1] == "KS" and obs["turn"] == 1


def test_a_lay_off_by_choosing_the_card_then_tapping_the_meld():
    gid = "classic_rummy"
    app, table = dealt_table(gid, CLASSIC, (1280, 720))
    draw_from_stock(app, table)
    choose(app, table, ["7H", "8H", "9H"])
    press(app, table, "meld")
    settle(app, table)
    choose(app, table, ["6H"])
    app.tick(DT)
    assert table.card_rects["9H"]  # the meld is on the felt where it can be tapped
    click(app, table.card_rects["9H"].center)
    assert sorted(table.match.observation(0)["table"][0]["cards"]) == ["6H", "7H", "8H", "9H"]


BASIC = dict(
    hands=[["7H", "8H", "9H", "2C", "5D", "JS", "KC"], ["AC", "3C", "6D", "8D", "TD", "QC", "2S"]],
    pile="9C", stock=["4H", "TC", "TS", "3D"],
)


def test_the_card_taken_from_the_pile_may_not_be_discarded_and_the_table_says_why():
    gid = "basic_rummy"
    app, table = dealt_table(gid, BASIC)
    state = table.match.state
    nine = code(gid, "9C")
    # Before drawing, a card of the hand is refused with the step's reason.
    click(app, card_at(table, code(gid, "KC")))
    assert table.banner[0] == tx(gid, "refused_draw") and table.phase() == "draw"
    click(app, table.discard_rect.center)  # a tap on the pile takes its top card
    obs = table.match.observation(0)
    assert nine in obs["hand"] and obs["last_pile_card"] == nine
    settle(app, table)
    before = state.to_json()
    reason = tx(gid, "refused_pile_card", card=card_name(nine))
    click(app, card_at(table, nine))  # in no move of this step (it makes no meld here): refused
    assert state.to_json() == before and table.banner[0] == reason and not table.selected
    drag(app, card_at(table, nine), table.discard_rect.center)
    assert state.to_json() == before and table.banner[0] == reason
    # Another card goes: the turn passes.
    table.clear_choice()
    drag(app, card_at(table, code(gid, "KC")), table.discard_rect.center)
    assert table.match.observation(0)["pile"][-1] == code(gid, "KC")


def test_a_meld_that_would_leave_only_the_pile_card_is_refused_with_the_reason():
    gid = "basic_rummy"
    app, table = dealt_table(gid, dict(hands=[["3H", "4H", "5H", "6H", "7C", "7D", "7S"],
                                              ["AC", "3C", "6D", "8D", "TD", "QC", "2S"]], pile="QD", stock=["4S"]))
    click(app, table.discard_rect.center)  # the Q♦ from the pile
    settle(app, table)
    choose(app, table, [code(gid, c) for c in ["3H", "4H", "5H", "6H"]])
    press(app, table, "meld")
    settle(app, table)
    before = table.match.state.to_json()
    sevens = [code(gid, c) for c in ["7C", "7D", "7S"]]
    choose(app, table, sevens)
    app.tick(DT)
    assert "meld" not in table.action_buttons  # no such move: the button is not offered
    drag(app, card_at(table, sevens[1]), table.felt_area.center)
    queen = code(gid, "QD")
    assert table.match.state.to_json() == before
    assert table.banner[0] == tx(gid, "refused_keeps_pile_card", card=card_name(queen))


def test_sort_and_arrange_buttons_and_keys_with_the_deadwood_in_the_status_line():
    gid = "basic_rummy"
    app, table = dealt_table(gid, BASIC)
    draw_from_stock(app, table)  # the 4♥ joins 7-8-9♥? no: a gap; deadwood stays
    hand = table.shown["hand"]
    suits = [c[1] for c in hand]
    assert suits == sorted(suits, key="CDSH".index)  # by suit first
    click(app, table.action_buttons["view:sort"].rect.center)
    ranks = ["A23456789TJQK".index(c[0]) for c in table.shown["hand"]]
    assert ranks == sorted(ranks)
    assert table.action_buttons["view:sort"].text == tx(gid, "sort_suit")
    click(app, table.action_buttons["view:arrange"].rect.center)
    state = table.match.state
    deck = state.info.deck
    arr = best_arrangement(deck, [deck.card(c) for c in table.shown["hand"]], type(state).meld_rule(state.options))
    melded = [deck.code(c) for m in arr.melds for c in m]
    assert table.shown["hand"][:len(melded)] == melded and len(melded) == 3
    assert tx(gid, "status_deadwood", count=arr.points) in table.prompt_text()
    key(app, pygame.K_s)  # S sorts again: by suit (the button said so), then by rank
    assert [c[1] for c in table.shown["hand"]] == sorted((c[1] for c in table.shown["hand"]), key="CDSH".index)
    key(app, pygame.K_s)
    ranks = ["A23456789TJQK".index(c[0]) for c in table.shown["hand"]]
    assert ranks == sorted(ranks)
    key(app, pygame.K_a)
    assert table.shown["hand"][:3] == melded


BOATHOUSE = dict(
    hands=[["AH", "2H", "3H", "4H", "5C", "5D", "5S"], ["AC", "3C", "6D", "8D", "TD", "QC", "2S"]],
    pile="KD", stock=["9S", "TC", "TS", "3D"],
)


def test_boathouse_go_out_and_the_end_of_hand_screen_spreads_every_hand():
    gid = "boathouse_rummy"
    app, table = dealt_table(gid, BOATHOUSE)
    draw_from_stock(app, table)
    nine = code(gid, "9S")
    assert "meld" not in table.action_buttons  # nothing is melded before going out
    choose(app, table, [nine])
    press(app, table, "go_out")
    tick_until(app, lambda: isinstance(app.scenes.top, SummaryScene), 400)
    scene = app.scenes.top
    assert isinstance(scene, SummaryScene)
    summary = table.match.state.rounds[-1]
    assert summary["out"] == 0
    tab = scene.table
    assert [r[0] for r in tab.rows] == ["You", "Amira"]
    mine = tab.spreads[0]
    assert sorted(sorted(cards) for kind, cards in mine if kind == "meld") == sorted(sorted(m) for m in summary["hands"][0]["melds"])
    assert not [c for kind, c in mine if kind == "deadwood"]
    theirs = tab.spreads[1]
    dead = [c for kind, cards in theirs if kind == "deadwood" for c in cards]
    assert sorted(dead) == sorted(summary["hands"][1]["deadwood"]) and len(dead) == 7
    assert tab.rows[1][2] == str(summary["hands"][1]["deadwood_points"])
    assert tab.rows[0][3] == str(summary["points"][0]) and summary["points"][0] == summary["hands"][1]["deadwood_points"]
    assert tx(gid, "note_out", name="You") in tab.notes and t("summary.target", count=250) in tab.notes


JERSEY = dict(
    hands=[["7H", "8H", "9H", "4C", "4D", "4S", "KS", "2D", "JC", "5S"],
           ["AC", "3C", "6D", "8D", "TD", "QC", "2S", "9S", "KD", "JH"],
           ["AD", "3D", "5D", "7D", "9D", "JD", "2H", "4H", "6H", "TH"]],
    pile="6C", stock=["QS", "TC"],
)


def test_jersey_upcard_round_take_by_a_tap_or_pass_by_the_button():
    gid = "jersey_gin"
    app, table = dealt_table(gid, JERSEY)
    assert table.phase() == "upcard"
    app.tick(DT)
    assert {"take_upcard", "pass"} <= set(table.action_buttons)
    assert tx(gid, "prompt_upcard", card=card_name("6C")) in table.prompt_text()
    click(app, table.discard_rect.center)
    obs = table.match.observation(0)
    assert "6C" in obs["hand"] and obs["phase"] == "play" and obs["turn"] == 0
    # Another deal: the Pass button gives the upcard to the next player.
    table = open_table(app, dealt(gid, **JERSEY))
    press(app, table, "pass")
    obs = table.match.observation(0)
    assert obs["turn"] == 1 and "6C" not in obs["hand"] and obs["pile"] == ["6C"]


def test_jersey_upcard_is_marked_as_a_playable_card_only_while_it_may_be_taken():
    from game.ui import widgets

    gid = "jersey_gin"
    app, table = dealt_table(gid, JERSEY)
    app.tick(DT)
    r = dict(table.discard_fan_rects)["6C"]
    assert r.y < table.discard_rect.y  # lifted, as a playable hand card is
    assert tuple(app.screen.get_at((r.x + r.width // 2, r.y)))[:3] == tuple(widgets.GOLD)[:3]  # and dotted in gold
    # Once taken and thrown, the pile's top card is no longer offered that way.
    click(app, table.discard_rect.center)
    settle(app, table)
    assert table.match.observation(0)["phase"] == "play"
    choose(app, table, ["KS"])
    drag(app, card_at(table, "KS"), table.discard_rect.center)
    settle(app, table)
    fan = dict(table.discard_fan_rects)
    assert fan and all(rect.y == table.discard_rect.y for rect in fan.values())
    # Basic Rummy's pile is drawn from, never an upcard: not marked either.
    other = "basic_rummy"
    table = open_table(app, dealt(other, [h[:7] for h in JERSEY["hands"][:2]], "6C", ["QS", "TC"]))
    app.tick(DT)
    assert table.phase() == "draw" and dict(table.discard_fan_rects)[code(other, "6C")].y == table.discard_rect.y


def test_jersey_draws_the_second_discard_by_a_tap_on_it():
    gid = "jersey_gin"
    rng = random.Random(4)
    for seed in range(1, 60):
        match = Match(gid, [Seat("human", "You"), Seat("simple", "Amira"), Seat("simple", "Bruno")], {}, seed=seed)
        FirstLegalBot.match = match
        for _ in range(300):
            obs = match.observation(0)
            if obs["turn"] == 0 and obs["phase"] == "draw" and any(m.get("from") == "pile2" for m in obs["legal"]):
                break
            if match.state.current_player() is None:
                break
            mover = match.state.current_player()
            legal = [m for m in match.observation(mover)["legal"] if m["kind"] not in ("knock",)] or match.observation(mover)["legal"]
            match.play(rng.choice(legal))
        else:
            continue
        if obs["turn"] == 0 and obs["phase"] == "draw" and any(m.get("from") == "pile2" for m in obs["legal"]):
            break
    else:
        pytest.skip("no position with the second discard to draw")
    app = make_app((800, 480))
    table = open_table(app, match)
    top, second = obs["pile"][-1], obs["pile"][-2]
    app.tick(DT)
    fan = dict(table.discard_fan_rects)
    under = fan[second]
    point = (under.x + 3, under.centery)  # its strip left of the top card
    assert not fan[top].collidepoint(point)
    click(app, point)
    obs = table.match.observation(0)
    assert second in obs["hand"] and obs["pile"][-1] == top


def test_hot_seat_hands_the_device_over_and_hides_the_hand():
    gid = "basic_rummy"
    app = make_app((800, 480))
    match = dealt(gid, kinds=["human", "human"], **BASIC)
    table = push_table(app, match)
    tick_until(app, lambda: isinstance(app.scenes.top, HandoffScene), 100)
    assert isinstance(app.scenes.top, HandoffScene) and app.scenes.top.seat == 0
    app.scenes.top.tap()
    app.tick(DT)
    settle(app, table)
    draw_from_stock(app, table)
    drag(app, card_at(table, code(gid, "KC")), table.discard_rect.center)
    tick_until(app, lambda: isinstance(app.scenes.top, HandoffScene), 100)
    assert isinstance(app.scenes.top, HandoffScene) and app.scenes.top.seat == 1
    assert not table.hand_visible() and "view:sort" not in dict(table.actions_now())
    app.scenes.top.tap()
    app.tick(DT)
    assert table.viewer == 1 and table.hand_visible() and table.phase() == "draw"
    assert sorted(table.shown["hand"]) == sorted(code(gid, c) for c in BASIC["hands"][1])


def test_a_game_saved_at_every_move_resumes_at_the_table():
    gid = "classic_rummy"
    storage = MemoryStorage()
    app, table = dealt_table(gid, CLASSIC, storage=storage)
    draw_from_stock(app, table)
    choose(app, table, ["7H", "8H", "9H"])
    press(app, table, "meld")
    settle(app, table)
    saved = table.match.state.to_json()
    app2 = make_app((800, 480), storage)
    app2.run_frames(2)
    assert app2.match is not None and app2.match.state.to_json() == saved
    click(app2, button_with_text(app2, t("menu.continue_game", game=t(f"{gid}.title"))).rect.center)
    resumed = app2.scenes.top
    assert isinstance(resumed, TableScene)
    settle(app2, resumed)
    assert resumed.phase() == "play" and sorted(resumed.shown["hand"]) == sorted(table.shown["hand"])
    assert {"7H", "8H", "9H"} <= set(resumed.card_rects)  # the meld is on the felt again


# ------------------------------------------------------------------ every game fits the window
def random_position(gid: str, players: int, until, seed: int) -> Match | None:
    rng = random.Random(seed)
    match = Match(gid, [Seat("human" if i == 0 else "simple", f"P{i}") for i in range(players)], {}, seed=seed)
    FirstLegalBot.match = match
    for _ in range(2000):
        if match.state.current_player() is None:
            return None
        obs = match.observation(0)
        if until(obs):
            return match
        legal = match.observation(match.state.current_player())["legal"]
        melds = [m for m in legal if m["kind"] in ("meld", "layoff")]
        ends = [m for m in legal if m["kind"] not in ("knock", "go_out")] or legal
        match.play(rng.choice(melds) if melds and rng.random() < 0.7 else rng.choice(ends))
    return None


@pytest.mark.parametrize("gid", ["basic_rummy", "classic_rummy", "boathouse_rummy", "jersey_gin"])
def test_the_table_fits_800x480_with_every_meld_and_button_in_sight(gid):
    players = {"basic_rummy": 7, "jersey_gin": 3}.get(gid, 2)

    def busy(obs):
        return obs["turn"] == 0 and obs["phase"] == "play" and (len(obs["table"]) >= 3 or gid in ("boathouse_rummy", "jersey_gin"))

    match = next((m for s in range(1, 30) if (m := random_position(gid, players, busy, s))), None)
    assert match is not None
    app = make_app((800, 480))
    table = open_table(app, match)
    table.view.view_action("arrange")
    app.tick(DT)
    screen = pygame.Rect((0, 0), app.size)
    assert all(screen.contains(r) for _, r in table.hand_rects) and len(table.hand_rects) == len(match.observation(0)["hand"])
    assert screen.contains(table.stock_rect) and all(screen.contains(r) for _, r in table.discard_fan_rects)
    on_felt = [table.card_rects[c] for m in match.observation(0)["table"] for c in m["cards"]]
    felt = table.felt_area.inflate(table.pad * 2, table.pad * 2)
    assert all(felt.contains(r) for r in on_felt)
    buttons = [b.rect for b in table.action_buttons.values()]
    assert all(screen.contains(b) for b in buttons)
    assert not any(b.colliderect(r) for b in buttons for r in on_felt)  # buttons never hide a meld
    for i, b in enumerate(buttons):
        assert not any(b.colliderect(o) for o in buttons[i + 1:])
    # Every meld's cards show their index: no card hides more than the share of the next.
    cw = min((r.width for r in on_felt), default=0)
    assert not on_felt or cw >= 18


def test_jersey_gin_the_others_lay_off_on_the_gin_hand_then_done_and_the_summary():
    gid = "jersey_gin"
    hands = [["9H", "5C", "8D", "4D", "KS", "QS", "2D", "JC", "AS", "6D"],
             ["2C", "3C", "4C", "7D", "7H", "7S", "TH", "JH", "QH", "5S"],
             ["AD", "3D", "5D", "9D", "JD", "2H", "4H", "6H", "AC", "8C"]]
    match = dealt(gid, hands, "KH", ["QC", "TC", "9C"])
    # You pass the upcard; Amira takes it and goes gin; Bruno lays nothing off.
    for move in ({"kind": "pass"}, {"kind": "take_upcard"}, {"kind": "knock", "card": "5S"}, {"kind": "pass"}):
        match.play(move)
    app = make_app((800, 480))
    table = open_table(app, match)
    assert table.phase() == "layoff" and table.match.observation(0)["gin"]
    assert tx(gid, "prompt_layoff") in table.prompt_text()
    app.tick(DT)
    assert table.action_buttons["pass"].text == tx(gid, "action.done")
    drag(app, card_at(table, "9H"), table.card_rects["TH"].center)
    assert "9H" in table.match.observation(0)["table"][2]["cards"]
    settle(app, table)
    press(app, table, "pass")
    tick_until(app, lambda: isinstance(app.scenes.top, SummaryScene), 300)
    tab = app.scenes.top.table
    summary = table.match.state.rounds[-1]
    assert summary["gin"] and summary["out"] == 1
    assert tab.spreads[0][0] == ("layoff", ["9H"])  # laid off on Amira's run, framed in gold
    assert tab.rows[1][3] == str(50 + summary["hands"][0]["deadwood_points"] + summary["hands"][2]["deadwood_points"])
    assert tx(gid, "note_gin", name="Amira") in tab.notes


def test_the_joker_swap_by_a_drag_then_the_joker_must_be_used():
    gid = "basic_rummy"
    hands = [["X1", "8C", "9C", "3H", "2D", "5S", "KH"], ["AC", "3C", "6D", "8D", "TD", "QC", "2S"]]
    match = dealt(gid, hands, "QD", ["4H", "JS", "7C", "QS", "TC"])
    joker = code(gid, "X1")
    three = sorted(code(gid, c) for c in ("X1", "8C", "9C"))
    match.play({"kind": "draw", "from": "stock"})
    match.play(next(m for m in match.observation(0)["legal"] if m["kind"] == "meld" and sorted(m["cards"]) == three))
    natural = code(gid, match.observation(0)["table"][0]["jokers"][joker])  # the 7♣ or the 10♣
    match.play({"kind": "discard", "card": code(gid, "4H")})
    match.play({"kind": "draw", "from": "stock"})  # Amira: the J♠
    match.play({"kind": "discard", "card": code(gid, "JS")})
    match.play({"kind": "draw", "from": "stock"})  # you: the 7♣
    if natural != code(gid, "7C"):
        match.play({"kind": "discard", "card": code(gid, "7C")})
        match.play({"kind": "draw", "from": "stock"})  # Amira: the Q♠
        match.play({"kind": "discard", "card": code(gid, "QS")})
        match.play({"kind": "draw", "from": "stock"})  # you: the 10♣
    assert natural in match.observation(0)["hand"]
    app = make_app((800, 480))
    table = open_table(app, match)
    drag(app, card_at(table, natural), table.card_rects[code(gid, "8C")].center)
    obs = table.match.observation(0)
    assert natural in obs["table"][0]["cards"] and joker in obs["hand"] and obs["phase"] == "joker"
    settle(app, table)
    assert table.view.prompt([], [], "joker").startswith(tx(gid, "prompt_joker", card=card_name(joker)))
    # The joker may not be discarded now: the refusal says why.
    before = table.match.state.to_json()
    drag(app, card_at(table, code(gid, "KH")), table.discard_rect.center)
    assert table.match.state.to_json() == before and table.banner[0] == tx(gid, "refused_joker")
    choose(app, table, [joker])
    click(app, table.card_rects[code(gid, "9C")].center)  # either end of the run: a chooser asks which
    ends = table.choices_now()
    assert [m["end"] for _, m in ends[:2]] == ["low", "high"] and ends[2][1] is None
    click(app, table.choice_rects[1][0].center)
    obs = table.match.observation(0)
    assert obs["table"][0]["cards"][-1] == joker and obs["phase"] == "play"


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)])
def test_a_joker_on_the_table_shows_the_card_it_stands_for(size):
    """Issue 35: a joker in a meld did not say what it stood for. A run's joker shows its
    rank and suit, a set's its rank, on the part of the joker in sight."""
    gid = "basic_rummy"
    hands = [["X1", "8C", "9C", "X2", "5D", "5S", "KH"], ["AC", "3C", "6D", "8D", "TD", "QC", "2S"]]
    match = dealt(gid, hands, "QD", ["4H", "JS", "7C", "QS", "TC"])
    match.play({"kind": "draw", "from": "stock"})
    run = sorted(code(gid, c) for c in ("8C", "9C", "X1"))
    match.play(next(m for m in match.observation(0)["legal"] if m["kind"] == "meld" and sorted(m["cards"]) == run))
    app = make_app(size)
    table = open_table(app, match)
    settle(app, table)
    meld = match.observation(0)["table"][0]
    joker = code(gid, "X1")
    face, chip = table.view.stands_for[joker]
    assert face == meld["jokers"][joker] and face in ("7C", "TC")
    # On the joker, inside the part the next card leaves in sight, and big enough to read.
    card = table.card_rects[joker]
    assert card.contains(chip) or (card.left <= chip.left and chip.right <= card.right + 1)
    step = card.width if meld["cards"][-1] == joker else table.card_rects[meld["cards"][meld["cards"].index(joker) + 1]].x - card.x
    assert chip.right <= card.x + step + 1 and chip.height >= 24
    gold = table.app.screen.get_at((chip.x + 1, chip.centery))[:3]
    assert abs(gold[0] - 230) < 40 and gold[2] < 120  # the chip's gold frame


def test_a_joker_in_the_end_of_hand_summary_shows_the_card_it_stands_for(monkeypatch):
    """Issue 35: the summary spreads each hand's melds; a joker there shows the card it stood
    for, as on the table (the rules' summary names it: ``hands[seat]["jokers"]``)."""
    gid = "boathouse_rummy"
    deal = dict(BOATHOUSE, hands=[["AH", "2H", "X1", "4H", "5C", "5D", "5S"], BOATHOUSE["hands"][1]])
    app, table = dealt_table(gid, deal)
    draw_from_stock(app, table)
    choose(app, table, [code(gid, "9S")])
    press(app, table, "go_out")
    tick_until(app, lambda: isinstance(app.scenes.top, SummaryScene), 400)
    scene = app.scenes.top
    joker = code(gid, "X1")
    summary = table.match.state.rounds[-1]
    assert summary["hands"][0]["jokers"] == {joker: "3H"} and "jokers" not in summary["hands"][1]
    assert scene.table.card_marks[0] == {joker: "3H"}
    marked = []
    monkeypatch.setattr(type(scene.view), "draw_card_mark", lambda self, surface, rect, visible, mark: marked.append(mark))
    scene.draw(app.screen)
    assert marked == ["3H"]
