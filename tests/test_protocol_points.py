"""What docs/protocol.md says the engine does on the points an outside check of the rules
found unclear (issue 33): one test per point, each through the protocol's events and states."""
from __future__ import annotations

import random

from game.protocol import Session
from game.rules import game_class
from tests.bezique_helpers import arrange, play


def ask(session: Session, **req) -> dict:
    answer = session.handle(req)
    assert answer["ok"], answer
    return answer


def games_events(game: str, players: int, options: dict, seeds, level: str = "random"):
    """(session, events of one move, the state before it) for every move of bot games."""
    for seed in seeds:
        session = Session()
        ask(session, cmd="new", game=game, players=players, options=options, seed=seed)
        while ask(session, cmd="legal")["to_move"] is not None:
            before = ask(session, cmd="state")["state"]
            answer = ask(session, cmd="bot", level=level, seed=seed, play=True)
            yield session, answer["events"], before


def test_a_rummy_layoff_names_the_end_of_the_run_it_went_to_also_for_a_natural_card():
    """docs: a ``layoff`` event's ``end`` is the end of the run the card went to, ``low`` or
    ``high`` (a natural card too), and ``""`` on a set."""
    seen = set()
    for session, events, before in games_events("basic_rummy", 3, {"hands": 1}, range(1, 40)):
        for e in (e for e in events if e["type"] == "layoff"):
            meld = ask(session, cmd="state")["state"]["table"][e["meld"]]
            natural = not e["card"].startswith("X")
            if meld["kind"] == "set":
                assert e["end"] == ""
            else:
                assert e["end"] in ("low", "high")
                assert meld["cards"][0 if e["end"] == "low" else -1] == e["card"]
            seen.add((meld["kind"], natural))
        if {("run", True), ("set", True)} <= seen:
            return
    raise AssertionError(f"no natural card laid off on both kinds: {seen}")


def test_a_triomphe_forcee_declaration_event_has_its_points_as_in_declared():
    """docs: ``declare`` is as in ``declared`` (``seat``, ``combo``, ``cards``, ``points``);
    Triomphe Forcée adds ``chips``, the chips it took from the pot (its points)."""
    for session, events, before in games_events("triomphe_forcee", 4, {"deals": 5}, range(1, 30), "simple"):
        for e in (e for e in events if e["type"] == "declare"):
            declared = ask(session, cmd="state")["state"]["declared"]
            entry = next(d for d in reversed(declared) if d["seat"] == e["seat"] and d["combo"] == e["combo"])
            assert e["points"] == e["chips"] == entry["points"] and e["cards"] == entry["cards"]
            return
    raise AssertionError("no declaration in 29 games")


def test_the_excuse_owner_stays_named_for_the_deal_once_the_low_card_is_given():
    """docs: ``excuse_owner`` names who played the Excuse once its trick is won, for the rest
    of the deal; ``excuse_creditor`` only while a low card is owed."""
    for session, events, before in games_events("la_rigueur", 4, {}, range(1, 30)):
        given = [e for e in events if e["type"] == "excuse" and e["card"] is not None]
        if given and not any(e["type"] == "round_end" for e in events):
            state = ask(session, cmd="state")["state"]
            assert state["excuse_owner"] == given[-1]["owner"] and state["excuse_creditor"] is None
            return
    raise AssertionError("no low card given for the Excuse mid-deal in 29 games")


def test_a_bezique_trick_end_lists_the_cards_in_play_order_and_names_its_leader():
    """docs: ``trick_end`` (``winner``, ``leader``, ``cards`` in play order, ``brisques``, ``trick``)."""
    checked = 0
    for session, events, before in games_events("bezique", 2, {"target": 500}, range(1, 3)):
        for e in (e for e in events if e["type"] == "trick_end"):
            # one move an answer: the follower's card ends the trick the leader's opened
            follower = next(p for p in events if p["type"] == "play")
            assert e["cards"] == before["trick"] + [follower["card"]] and e["leader"] == before["leader"] != follower["seat"]
            checked += 1
    assert checked > 20


def test_a_bezique_deal_is_complete_only_with_its_last_tricks_points():
    """docs: ``complete`` is false when the game ended before the deal's end because a total
    reached the target: the last trick's brisques reaching it end the game before the last
    trick's bonus, so that deal is not complete; the bonus itself reaching it completes it."""
    for winning_card, complete in (("AC", False), ("KC", True)):  # an ace is a brisque: 10 points
        s = arrange("marjolet", [["9C"], [winning_card]], turned=None, trump="H", stage=2, stock_size=0)
        data = s.to_json()
        data["totals"] = [0, 490]  # the target is 500
        s = type(s).from_json(data)
        events = play(s, "9C", winning_card)
        end = next(e for e in events if e["type"] == "round_end")["summary"]
        assert s.finished and end["complete"] is complete
        assert ("last_trick" in end["breakdown"][1]) is complete


def test_one_answer_may_hold_the_next_deals_start_and_a_turned_seven_that_ends_the_game():
    """docs: an answer's events may run past a deal's end: its ``round_end``, the next deal's
    ``round_start`` and, when the turned trump is a 7, the dealer's ``score`` for it, which
    may end the game at once (``round_end`` with ``complete`` false, ``game_end``)."""
    cls = game_class("binage")
    target = 500
    for seed in range(300):
        s = cls.new(2, {}, seed)
        rng = random.Random(seed)
        while s.round_no == 0 and not s.finished:
            before = s.to_json()
            move = rng.choice(s.legal_moves())
            s.apply(move)
        if s.finished or s.info.deck.code(s.turned)[0] != "7":
            continue
        # the same last move, the next dealer 10 short of the target once the deal is scored
        dealer = s.dealer
        totals = list(before["totals"])
        totals[dealer] += target - s.totals[dealer]
        if totals[1 - dealer] + s.scores[1 - dealer] >= target:
            continue
        state = cls.from_json(dict(before, totals=totals))
        events = state.apply(move)
        kinds = [e["type"] for e in events]
        assert kinds[-5:] == ["round_end", "round_start", "score", "round_end", "game_end"], kinds
        assert events[-3]["reason"] == "turned_seven" and events[-3]["seat"] == dealer
        assert events[-5]["summary"]["complete"] is True and events[-2]["summary"]["complete"] is False
        assert state.finished and state.result()["winners"] == [dealer]
        return
    raise AssertionError("no second deal with a turned seven in 300 seeds")


def test_a_bezique_draw_counts_the_turned_trump_in_the_stock_left():
    """docs: ``draw``'s ``stock`` is the cards left to draw after it, the turned trump
    included (as the observation's ``stock``): the draw of the last card under the turned
    trump says 1, the draw of the turned trump 0."""
    for session, events, before in games_events("marjolet", 2, {}, range(1, 3)):
        draws = [e for e in events if e["type"] == "draw"]
        if not draws:
            continue
        state = ask(session, cmd="state")["state"]
        if any(e["type"] == "round_end" for e in events):
            continue
        assert draws[-1]["stock"] == len(state["stock"]) + (state["turned"] is not None)
        obs = ask(session, cmd="observe", seat=0)["observation"]
        assert obs["stock"] == draws[-1]["stock"]
        if "card" in draws[-1]:  # the turned trump, drawn face up last
            assert [d["stock"] for d in draws] == [1, 0]
            return
    raise AssertionError("the turned trump was never drawn")


def test_every_games_state_names_its_seat_to_move_to_move():
    """One contract: every game's state names the seat to move ``to_move``, ``null`` once
    the game is over (the rummy games named it ``turn`` before format 3)."""
    from game.registry import ENTRIES

    for entry in ENTRIES:
        cls = entry.load("rules")
        options = dict(cls.info.extra.get("contract_options") or {})
        state = cls.new(cls.info.min_players, options, seed=2)
        rng = random.Random(2)
        for _ in range(2000):
            data = state.to_json()
            assert data["to_move"] == state.current_player() and "turn" not in data, entry.id
            if state.finished:
                break
            state.apply(rng.choice(state.legal_moves()))
        assert state.finished and state.to_json()["to_move"] is None, entry.id
