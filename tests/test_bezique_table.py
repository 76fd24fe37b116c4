"""The Bezique family on the table, for each of its games (from the registry): setup, the
table mid-deal in each phase and the round summary lay out inside their boxes at 800x480
and 1920x1080, and a human plays every phase with taps and keys: a card to the trick, the
declaration chooser after a won trick (every legal declaration, the Dix, none), carte
blanche, a refused card in the last tricks; the last trick on L; the statistics plug-in
counts what the deals' summaries say."""
from __future__ import annotations

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import registry  # noqa: E402
from game.rules import new_game  # noqa: E402
from game.scenes.match import Match, Seat  # noqa: E402
from game.scenes.menu import MenuScene  # noqa: E402
from game.scenes.setup import SetupScene  # noqa: E402
from game.scenes.summary import SummaryScene  # noqa: E402
from game.scenes.table import TableScene  # noqa: E402
from game.stats import GameTally, game_stats  # noqa: E402
from game.ui import fonts  # noqa: E402
from game.ui.cards import card_name  # noqa: E402
from tests.ui_helpers import DT, click, key, make_app, open_table  # noqa: E402

FAMILY = [e.id for e in registry.ENTRIES if e.family == "bezique"]
SIZES = [(800, 480), (1920, 1080)]


def drive(match: Match, until, seed: int = 3, limit: int = 3000) -> bool:
    """Random legal moves (declaring when it can) for both seats until ``until(state)``."""
    rng = random.Random(seed)
    for _ in range(limit):
        s = match.state
        if until(s):
            return True
        if s.current_player() is None:
            return False
        moves = s.legal_moves()
        declare = [m for m in moves if m[0] in ("declare", "dix")]
        match.play(s.move_to_json(rng.choice(declare) if declare and rng.random() < 0.9 else rng.choice(moves)))
    return until(match.state)


def find_match(gid: str, until, seeds=range(1, 40)) -> Match:
    for seed in seeds:
        match = Match(gid, [Seat("human", "You"), Seat("simple", "Amira")], {}, seed=seed)
        if drive(match, until, seed):
            return match
    pytest.skip(f"no deal of {gid} reached the wanted position")


def human_to_declare(s) -> bool:
    return s.to_move == 0 and s.phase == "declare" and any(m[0] == "declare" for m in s.legal_moves())


def human_to_play(s) -> bool:
    return s.to_move == 0 and s.phase == "play" and s.stage == 1 and len(s.tricks) >= 3


def human_to_follow_forced(s) -> bool:
    """Stage 2, the human follows and may not play every card."""
    if not (s.to_move == 0 and s.phase == "play" and s.stage == 2 and s.trick):
        return False
    return len(s.legal_moves()) < s.hands[0].bit_count()


def fits(table: TableScene) -> None:
    """Everything the table placed lies inside the window, the chooser inside the felt."""
    screen = pygame.Rect((0, 0), table.app.size)
    for p in (table.panels[table.position(s)] for s in (0, 1)):
        assert screen.contains(p)
    assert screen.contains(table.hand_area) and screen.contains(table.stock_rect) and screen.contains(table.trump_rect)
    assert all(screen.contains(r) for _, r in table.hand_rects)
    rects = [r for r, _ in table.choice_rects]
    # On a phone the chooser lies in the action bar and, with more rows, over the felt's bottom.
    room = table.felt_area.union(table.geo.actions) if table.geo.compact else table.felt_area
    for i, r in enumerate(rects):
        assert room.contains(r)
        assert not any(r.colliderect(o) for o in rects[i + 1:])
    with fonts.recording() as drawn:
        table.app.tick(DT)
    for d in drawn:  # the choices' texts (and every other) fit their boxes, none under 12 px
        assert not d.overflows and d.logical_size >= 12, (d.text, d.rect, d.box)


# ------------------------------------------------------------------ screens
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("gid", FAMILY)
def test_table_mid_deal_and_chooser_fit(gid, size):
    for until in (human_to_play, human_to_declare):
        app = make_app(size)
        table = open_table(app, find_match(gid, until))
        app.tick(DT)
        fits(table)
        if table.phase() == "declare":
            assert table.choice_rects and not table.hand_rects[0][0] in table.legal_codes()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("gid", FAMILY)
def test_setup_and_summary_fit(gid, size):
    app = make_app(size)
    app.scenes.reset(MenuScene(app))
    setup = app.scenes.push(SetupScene(app, gid))
    app.run_frames(2)
    for b in setup.elements:
        text = getattr(b, "text", "")
        if text and hasattr(b, "rect"):
            assert fonts.font(max(15, int(22 * app.scale)), True).size(text)[0] <= b.rect.width + 2, text
    match = Match(gid, [Seat("human", "You"), Seat("simple", "Amira")], {}, seed=2)
    table = open_table(app, match)
    summary = None
    rng = random.Random(2)
    while summary is None:
        events = match.play(match.state.move_to_json(rng.choice(match.state.legal_moves())))
        summary = next((e["summary"] for e in events if "summary" in e), None)
    scene = app.scenes.push(SummaryScene(app, match, summary, match.finished, table.view))
    app.run_frames(2)
    tab = scene.table
    assert abs(sum(tab.widths) - 1) < 1e-6 and len(tab.headers) == len(tab.widths)
    width = app.size[0] * 0.9
    size = max(14, int(22 * app.scale))
    for row in [tab.headers] + tab.rows:
        for text, share in zip(row, tab.widths):
            assert fonts.font(size, True).size(text)[0] <= share * width, text
    assert [int(r[-1]) for r in tab.rows] == summary["totals"]


# ------------------------------------------------------------------ playing
@pytest.mark.parametrize("gid", FAMILY)
def test_a_tap_plays_a_card_to_the_trick(gid):
    app = make_app((800, 480))
    table = open_table(app, find_match(gid, human_to_play))
    assert table.my_turn()
    code, rect = table.hand_rects[0]
    click(app, (rect.x + 6, rect.y + rect.height // 3))
    trick = table.match.observation(0)
    assert code not in trick["hand"]


@pytest.mark.parametrize("gid", FAMILY)
def test_the_chooser_offers_every_declaration_with_its_points_and_none(gid):
    app = make_app((1280, 720))
    table = open_table(app, find_match(gid, human_to_declare))
    legal = table.match.observation(0)["legal"]
    labels = [text for _, text in table.choice_rects]
    kinds = {(m["combination"], tuple(sorted(c.split("/")[0] for c in m["cards"]))) for m in legal if m["kind"] == "declare"}
    # One button per distinct declaration (copies of the same cards are one), the Dix, none.
    assert len(labels) == len(kinds) + sum(m["kind"] == "dix" for m in legal) + 1
    assert labels[-1].startswith("0 ") and labels[-1].endswith(table.view.tx("skip"))
    first = next(m for m in legal if m["kind"] == "declare")
    assert str(table.view.points_of(first["combination"])) in labels[0]
    assert table.view.combination_name(first["combination"]) in labels[0]
    before = len(table.match.state.declarations)
    click(app, table.choice_rects[0][0].center)
    assert len(table.match.state.declarations) == before + 1
    assert table.match.state.declarations[-1]["seat"] == 0


@pytest.mark.parametrize("gid", FAMILY)
def test_keys_choose_a_declaration_or_none(gid):
    app = make_app((800, 480))
    table = open_table(app, find_match(gid, human_to_declare))
    state = table.match.state
    before = (len(state.declarations), len(state.tricks))
    key(app, pygame.K_0)  # none: the turn goes on to the draw (or the next lead)
    assert len(state.declarations) == before[0]
    assert state.phase != "declare" or state.to_move != 0 or len(state.tricks) != before[1]
    table = open_table(app, find_match(gid, human_to_declare))
    n = len(table.match.state.declarations)
    key(app, pygame.K_1)
    assert len(table.match.state.declarations) == n + 1


@pytest.mark.parametrize("gid", FAMILY)
def test_a_card_refused_in_the_last_tricks_says_why_and_changes_nothing(gid):
    app = make_app((800, 480))
    table = open_table(app, find_match(gid, human_to_follow_forced))
    legal = table.legal_codes()
    bad = next(c for c in table.shown["hand"] if c not in legal)
    before = table.match.state.to_json()
    table.tap_card(bad)
    assert table.match.state.to_json() == before
    # The reason names the suit to follow (and the card to beat) or the trump to play.
    led = table.match.observation(0)["trick"][0]
    suits = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
    trump = table.match.state.trump_code()
    assert table.banner[0] in (
        table.view.tx("refused_follow", suit=suits[led[1]], card=card_name(led)),
        table.view.tx("refused_trump", suit=suits.get(trump, "")),
    )


@pytest.mark.parametrize("gid", FAMILY)
def test_l_shows_the_last_trick(gid):
    app = make_app((800, 480))
    table = open_table(app, find_match(gid, human_to_play))
    key(app, pygame.K_l)
    assert table.view.peek > 0
    surface = pygame.Surface(app.size)
    assert table.view.draw_felt(surface, set(), set())


def test_carte_blanche_is_offered_to_a_hand_without_courts():
    """Rubicon: "carte blanche" (a hand without king, queen or jack) is shown before the first lead."""
    gid = next(g for g in FAMILY if any(c.id == "carte_blanche" for c in registry.BY_ID[g].load("rules").variant.table))
    cls = registry.BY_ID[gid].load("rules")
    deck = cls.info.deck
    courts = [c for c in deck.codes if c[0] in "JQK"]
    plain = [c for c in deck.codes if c[0] not in "JQK"]
    # The non-dealer gets the first packet: 9 plain cards for whoever is not the dealer.
    probe = new_game(gid, 2, {}, seed=4)
    first = 1 - probe.dealer
    order, p, c = [], iter(plain), iter(courts)
    for packet in (3, 3, 3):
        for seat in (first, 1 - first):
            order += [next(p) if seat == first else next(c) for _ in range(packet)]
    rest = list(p) + list(c)
    order += rest
    state = new_game(gid, 2, {}, seed=4, deck_order=order)
    seats = [Seat("human", "You"), Seat("simple", "Amira")] if first == 0 else [Seat("simple", "Amira"), Seat("human", "You")]
    app = make_app((800, 480))
    table = open_table(app, Match(gid, seats, {}, seed=4, state=state))
    assert table.phase() == "carte_blanche" and len(table.choice_rects) == 2
    click(app, table.choice_rects[0][0].center)
    assert table.match.state.blanche[first] == 1


# ------------------------------------------------------------------ statistics
@pytest.mark.parametrize("gid", FAMILY)
def test_statistics_count_what_the_summaries_say(gid):
    state = new_game(gid, 2, dict(registry.BY_ID[gid].demo), seed=8)
    tally = GameTally.new(gid, [{"name": "Ana", "kind": "human"}, {"name": "Bo", "kind": "human"}])
    rng = random.Random(8)
    while state.current_player() is not None:
        moves = state.legal_moves()
        declare = [m for m in moves if m[0] in ("declare", "dix")]
        tally.record(state.apply(rng.choice(declare) if declare else rng.choice(moves)))
    plugin = game_stats(gid)
    points = {c.id: c.points for c in type(state).variant.table} | {"dix": 10}
    for summary, counted in zip(state.result()["rounds"], tally.rounds):
        for seat in (0, 1):
            kinds = summary["declarations"][seat]
            row = counted[seat]
            assert row["declarations"] == len(kinds)
            assert row["declared"] == sum(points[k] for k in kinds) == sum(
                summary["breakdown"][seat].get(r, 0) for r in ("declarations", "dix", "carte_blanche"))
            assert row["biggest"] == max([0] + [points[k] for k in kinds])
            assert row["brisques"] == sum(summary["breakdown"][seat].get(r, 0) for r in ("brisques", "trump_seven", "turned_seven"))
            for kind in plugin.kinds:
                assert row[f"kind_{kind}"] == kinds.count(kind)


@pytest.mark.parametrize("gid", FAMILY)
def test_the_last_tricks_are_announced_and_points_rise_where_scored(gid):
    """The change to the last tricks gets a banner; each score event shows "+points" by the
    seat that scored it until it fades."""
    app = make_app((800, 480))
    table = open_table(app, find_match(gid, human_to_play))
    view = table.view
    view.animate([{"type": "stage_two", "leader": 0}, {"type": "score", "seat": 1, "points": 20, "reason": "brisques", "total": 20}])
    assert table.steps[0].banner == view.tx("stage_two")
    table.skip_animations()
    assert [p[:2] for p in view.pops] == [[1, view.tx("pop", points=20, reason=view.tx("reason.brisques"))]]
    for _ in range(int(3 / DT)):
        view.update(DT)
    assert view.pops == []


def test_pointing_at_a_declaration_rings_its_cards():
    """The chooser names cards without their copy: pointing at a choice rings the very cards."""
    gid = FAMILY[0]
    app = make_app((1280, 720))
    table = open_table(app, find_match(gid, human_to_declare))
    rect = table.choice_rects[0][0]
    pygame.mouse.set_pos(rect.center)
    if pygame.mouse.get_pos() != rect.center:
        pytest.skip("the dummy video driver does not move the pointer")
    move = table.choices_now()[0][1]
    assert table.choice_cards() == set(move["cards"])


def test_a_trick_s_brisques_are_announced_as_points_won_not_penalties():
    from game.i18n import t

    app = make_app((800, 480))
    table = open_table(app, find_match(FAMILY[0], human_to_play))
    view = table.view
    banner = view.trick_banner(1, 20)
    assert banner == t("trick.takes_scored", name=view.name(1), count=20)
    assert "20" in banner and banner != t("trick.takes_points", name=view.name(1), count=20)
    assert view.trick_banner(0, 10) == t("trick.you_take_scored", count=10)


def twin_declared(s) -> bool:
    """Seat 0 to play in stage 1 holding two copies of a card, one of them declared."""
    if s.to_move != 0 or s.phase != "play" or s.stage != 1:
        return False
    o = s.observation(0)
    bases = [c.split("/")[0] for c in o["hand"]]
    return any(c in o["shown"][0] and bases.count(c.split("/")[0]) > 1 for c in o["hand"])


# Fildinski declares from the won cards lying face up, not from the hand.
@pytest.mark.parametrize("gid", [g for g in FAMILY if new_game(g, 2, {}, 1).info.deck.copies > 1 and new_game(g, 2, {}, 1).variant.source != "won"])
def test_copies_look_alike_and_a_declared_twin_says_what_it_served_in(gid):
    """Issue 35: every card carried a copy badge (1, 2) that meant nothing to a player. Where
    the copy matters (a card never serves twice in one kind of combination), the declared
    copy of two alike cards in the hand says what it has served in; nothing else does."""
    match = find_match(gid, twin_declared)
    app = make_app((800, 480))
    table = open_table(app, match)
    o = match.observation(0)
    view = table.view
    served: dict[str, list[str]] = {}
    for d in o["declarations"]:
        if d["seat"] == 0 and d["combination"] not in ("dix", "carte_blanche"):
            for c in d["cards"]:
                served.setdefault(c, []).append(view.served_name(d["combination"]))
    bases = [c.split("/")[0] for c in o["hand"]]
    noted = {code: lines for r, lines in table.card_notes for code, rr in table.hand_rects if rr == r}
    for code in o["hand"]:
        twin = bases.count(code.split("/")[0]) > 1
        expected = list(dict.fromkeys(served.get(code, []))) if twin and code in o["shown"][0] else []
        assert view.hand_note(code) == expected, code
        assert noted.get(code, []) == expected, code
    assert any(noted.values())
    for lines in noted.values():
        assert all(line and "." not in line for line in lines)  # words, not abbreviations
