"""Every registered game played from its first deal to the game-over screen by a finger
alone, on a phone held upright (390x844) and on its side (844x390), with the game's short
options (the smallest target, the fewest deals: game.samples.short_options): every move of
every human seat is made by taps (and one drag a game) on what the screen shows, the round
summaries are closed by a tap on Continue, the pause menu opened by a tap on Menu and closed
by a tap on Resume, and in the one hot-seat game (two humans) the hand-off screen is tapped
away each time the phone changes hands. The other seats are simple AIs. Only finger events
reach the app (pygame FINGERDOWN, FINGERMOTION, FINGERUP with x, y in 0..1 of the window).

The human's moves are chosen to show every step a game has: a kind of move not made yet is
made first when one is offered (a reading from the set-or-run chooser, a knock, a meld, a
lay-off, a declaration, the skart, the pass of three cards...), and the test asserts, per
game, the steps with buttons and choosers it made by finger (REQUIRED). Aluette has only
card plays; its five deals are played through. The whole matrix (34 games) takes about
20 s of one core."""
from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game import registry  # noqa: E402
from game.app import App  # noqa: E402
from game.i18n import t  # noqa: E402
from game.samples import short_options  # noqa: E402
from game.scenes import catalog  # noqa: E402
from game.scenes.match import Match, Seat  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.storage import MemoryStorage  # noqa: E402
from game.ui.units import TOUCH  # noqa: E402
from tests.test_rummy_table import dealt  # noqa: E402
from tests.test_table_touch import DT, make_move  # noqa: E402
from tests.test_touch_from_shelf import drop_point, hand_card, slide, tap_button  # noqa: E402

SIZES = [(390, 844), (844, 390)]
# Every registered game at its fewest seats, one human; and one hot-seat game (two humans).
GAMES = [(e.id, e.info.min_players, 1) for e in registry.ENTRIES] + [("olsen", 3, 2)]
# Options that bring in a step with buttons the short options leave out.
# (Jersey Gin: three hands, as its one hand ends at the knock before a card is dragged.)
EXTRA_OPTIONS = {"olsen": {"pass3": True}, "jersey_gin": {"hands": 3}}
# The steps of each game that need the action bar's buttons or a chooser (with the options
# and deals here): each made by finger at least once, at each size. An entry is the start of
# a step's name ("declare:" any declaration), "|" between alternatives.
REQUIRED = {
    "orlan": ("capture",),
    "olsen": ("pass",),  # three cards passed: chosen by taps, then the Pass button
    "basic_rummy": ("draw_", "meld+reading", "discard"),  # the set-or-run chooser
    "classic_rummy": ("meld", "layoff"),
    "jersey_gin": ("knock|gin", "pass"),  # the others lay off on the knock; Done
    "maison_troggen": ("discard",),  # the skart: three cards, then its button
    "leipzig_taroc": ("discard",),
    "triomphe_forcee": ("declare:",),
    "bezique": ("declare",),  # the declaration chooser
    "marjolet": ("declare",),
    "rubicon": ("declare",),
}
# First deals that bring in the steps a random hand seldom reaches (tests.test_rummy_table's
# ``dealt``: seat 0 dealt first, then the pile's card and the top of the stock): in Basic
# Rummy 5♥ 6♥ and a joker, a run that reads 4♥-5♥-6♥ or 5♥-6♥-7♥ (the chooser); in Jersey
# Gin a hand two points from gin (the knock).
DEALS = {
    "basic_rummy": dict(hands=[["5H", "6H", "X1", "7C", "7S", "KD", "2C"], ["AC", "3C", "6D", "8D", "TD", "QC", "2S"]], pile="QD", stock=["4C", "TC", "TS"]),
    "jersey_gin": dict(
        hands=[["AH", "2H", "3H", "5C", "5D", "5S", "9S", "9D", "9C", "2C"], ["4D", "6D", "8D", "TD", "QD", "4S", "6S", "8S", "TS", "QS"], ["3D", "7D", "JD", "3S", "7S", "JS", "4C", "6C", "8C", "TC"]],
        pile="KC", stock=["QC", "KH", "QH"],
    ),
}


@pytest.fixture(autouse=True)
def no_kiosk_buttons(monkeypatch):
    from game.ui import widgets

    monkeypatch.setattr(widgets, "MIN_BUTTON_PX", TOUCH)


def steps_of(table, legal: list[dict]) -> list[str]:
    """What a player does to make each move: its kind, and "+reading" when its gesture (the
    same kind, the same cards) has several readings that no card of the table tells apart, so
    the chooser opens for it (Orlan's captures are told apart by a card only one of them takes;
    its chooser is for a tap on a card they share)."""
    view = table.view
    keys = [(view.move_kind(m), tuple(sorted(view.move_cards(m)))) for m in legal]
    groups: dict[tuple, list[dict]] = {}
    for key, m in zip(keys, legal):
        groups.setdefault(key, []).append(m)

    def told_apart(same):
        targets = [set(view.move_targets(m)) for m in same]
        return all(t - set().union(*(o for j, o in enumerate(targets) if j != i)) for i, t in enumerate(targets))

    readings = {key for key, same in groups.items() if len(same) > 1 and view.move_choices(same) and not told_apart(same)}
    return [f"{key[0]}+reading" if key in readings else key[0] for key in keys]


def pick(rng: random.Random, table, legal: list[dict], made: set[str]) -> tuple[dict, str]:
    """A move of a step not made yet if there is one (a chooser's first, then the step with
    the fewest moves: a knock before one of eleven discards), else any step, then any move
    of it; and its step."""
    steps: dict[str, list[dict]] = {}
    for step, m in zip(steps_of(table, legal), legal):
        steps.setdefault(step, []).append(m)
    fresh = sorted((not k.endswith("+reading"), len(steps[k]), k) for k in steps if k not in made)
    step = fresh[0][2] if fresh else rng.choice(sorted(steps))
    return rng.choice(steps[step]), step


def play_a_whole_game(game_id: str, players: int, humans: int, size) -> dict:
    """The game played to its game-over screen by finger; what was done, for the asserts."""
    settings = Settings(language="en", sound=False, animation_speed="off")
    app = App(size, headless=True, settings=settings, storage=MemoryStorage(), seed=6)
    options = {**short_options(game_id), **EXTRA_OPTIONS.get(game_id, {})}
    kinds = ["human" if i < humans else "simple" for i in range(players)]
    if game_id in DEALS:
        match = dealt(game_id, **DEALS[game_id], options=options, kinds=kinds)
    else:
        match = Match(game_id, [Seat(k, f"Player {i + 1}") for i, k in enumerate(kinds)], options, seed=6)
    app.match = match
    app.scenes.reset(catalog.make("menu", app))
    table = app.scenes.push(catalog.make("table", app, match))

    # Every move of a human seat must be played while a finger event is being handled.
    fingers = {"down": False}
    untouched: list[dict] = []
    play = match.play

    def watched_play(move):
        seat = match.current()
        if match.seats[seat].human and not fingers["down"]:
            untouched.append(move)
        return play(move)

    match.play = watched_play

    def by_finger(action, *args):
        fingers["down"] = True
        try:
            action(*args)
        finally:
            fingers["down"] = False

    rng = random.Random(f"{game_id}{players}{size}")
    done = {"moves": 0, "made": set(), "chooser": 0, "summaries": 0, "handoffs": 0, "dragged": 0, "paused": 0}
    for _ in range(60000):
        app.tick(DT)
        top = app.scenes.top
        if top.name == "gameover":
            break
        if top.name == "summary":
            by_finger(tap_button, app, t("summary.continue"))
            done["summaries"] += 1
            continue
        if top.name == "handoff":
            by_finger(tap_button, app, t("handoff.ready"))
            done["handoffs"] += 1
            continue
        assert top is table, top.name
        if not table.my_turn() or table.steps:
            continue
        if not done["paused"] and done["moves"] == 1:
            # Once a game: Menu, the pause overlay, Resume, all by finger.
            tap_button(app, t("table.menu"))
            assert app.scenes.top.name == "pause"
            tap_button(app, t("pause.resume"))
            assert app.scenes.top is table
            done["paused"] += 1
        choices = table.choices_now()
        legal = [m for _, m in choices if m is not None] if choices else table.legal()
        table._touch_before = before = match.state.to_json()
        move, step = pick(rng, table, legal, done["made"])
        drop = drop_point(table, move) if not choices and not done["dragged"] else None
        start = hand_card(app, table.view.move_cards(move)[0]) if drop is not None else None
        if start is not None:  # once a game: the card dragged from the hand onto the table
            by_finger(slide, app, start.center, drop)
            done["dragged"] += match.state.to_json() != before
        else:
            by_finger(make_move, app, table, move)
            if match.state.to_json() == before and table.choices_now():
                # The gesture has several readings (a set or a run, which end of a run):
                # the chooser opened; its button for this one.
                done["chooser"] += 1
                by_finger(make_move, app, table, move)
        done["made"].add(step)
        for _ in range(3):
            if match.state.to_json() != before:
                break
            app.tick(DT)
        assert match.state.to_json() != before, (game_id, table.phase(), move)
        done["moves"] += 1
    assert app.scenes.top.name == "gameover", f"{game_id}: the game did not end ({done})"
    assert match.finished and not untouched, untouched[:3]
    return done


@pytest.mark.parametrize("size", SIZES, ids=["upright", "on its side"])
@pytest.mark.parametrize("game_id, players, humans", GAMES, ids=[f"{g}-{n}p-{h}h" for g, n, h in GAMES])
def test_a_whole_game_by_finger(game_id, players, humans, size):
    done = play_a_whole_game(game_id, players, humans, size)
    assert done["moves"] >= 3 and done["paused"] == 1
    assert done["dragged"] == 1, "no card of the hand was dragged onto the table"
    assert done["summaries"] >= 1, "no round summary was closed"
    # The steps with buttons and choosers this game has, each taken by finger.
    for need in REQUIRED.get(game_id, ()):
        assert any(step.startswith(alt) for alt in need.split("|") for step in done["made"]), (need, sorted(done["made"]))
    if any(step.endswith("+reading") for step in done["made"]):
        assert done["chooser"] >= 1, "the readings' chooser never opened"
    if humans > 1:
        assert done["handoffs"] >= 2, "the phone never changed hands"
