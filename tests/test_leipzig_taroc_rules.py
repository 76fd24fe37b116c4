"""Leipzig Taroc, one test per rule of the text (docs/rules/dutch_games.txt,
"Leipzig Taroc, 3 spelers", with its variants) and of RULES-NOTES.md (Tarot family)."""
import random

import pytest

from game.rules.base import RulesError
from game.rules.leipzig_taroc import VALUES, LeipzigTarocState, combinations_in
from game.rules.tarot import EXC_BIT, ROIS, TRUMPS, count_by_threes
from tests.tarot_helpers import D, codes, deck_order, legal_codes, mask, play, position

LT = LeipzigTarocState
DEFAULTS = LT.info.resolve(3, {})


def lt_new(hands: dict, extra=(), options=None, seed=0):
    """Seat 2 deals first (seat 0 is on its right)."""
    hands = {s: codes(h) if isinstance(h, str) else list(h) for s, h in hands.items()}
    return LT.new(3, options or {}, seed, deck_order(3, hands, 25, 2, list(extra), 3))


def skart_state(dealer_cards: str):
    """The skart step with the dealer (seat 2) holding these cards and plain suit cards."""
    s = LT.new(3, seed=0)
    wanted = mask(dealer_cards)
    plain = [c for c in range(78) if c >= 22 and not ROIS >> c & 1 and not wanted >> c & 1]
    dealer = wanted
    for c in plain[: 28 - wanted.bit_count()]:
        dealer |= 1 << c
    rest = [c for c in range(78) if not dealer >> c & 1]
    s.hands = [sum(1 << c for c in rest[:25]), sum(1 << c for c in rest[25:]), dealer]
    s.check_cards_whole()
    return s


def to_declarations(s, skart=None):
    s.apply(("discard", skart if skart is not None else s.legal_moves()[0][1]))
    return s


def finish(s, rng=None):
    rng = rng or random.Random(0)
    start = len(s.rounds)
    while len(s.rounds) == start:
        s.apply(rng.choice(s.legal_moves()))


def test_25_each_and_the_dealer_takes_the_last_3():
    """"Iedere speler krijgt 25 kaarten, de Deler neemt de laatste 3 kaarten zelf op handen\""""
    s = lt_new({}, extra=["RH", "T21", "2C"])
    assert [h.bit_count() for h in s.hands] == [25, 25, 28]
    assert s.hands[2] & mask("RH T21 2C") == mask("RH T21 2C")
    assert s.phase == "skart" and s.current_player() == 2


def test_the_skart_never_holds_a_roi_nor_normally_a_trump_and_may_hold_the_excuse():
    """"Heren mogen niet worden afgelegd. Troeven normaal ook niet ... Het Excuus mag altijd
    worden afgelegd.\""""
    s = skart_state("EXC T05 T06 T07 T08 RH")
    moves = [m[1] for m in s.legal_moves()]
    assert not any(m & (ROIS | TRUMPS) for m in moves)
    assert any(m & EXC_BIT for m in moves)


@pytest.mark.parametrize("trumps,excuse,allowed", [
    ("T01 T09 T15", False, "T01 T09 T15"),
    ("T01 T09", True, "T01 T09 EXC"),
    ("T01 T09 T15 T16", False, None),
    ("T02 T09 T15", False, None),
])
def test_trumps_may_be_discarded_only_with_the_pagat_and_two_others(trumps, excuse, allowed):
    """"behalve als hij de †1 en exact twee andere troeven bezit, of de †1, ☆ en één andere troef,
    in beide gevallen hij ze alledrie mag afleggen.\""""
    s = skart_state(trumps + (" EXC" if excuse else ""))
    trump_skarts = [m[1] for m in s.legal_moves() if m[1] & TRUMPS]
    assert trump_skarts == ([mask(allowed)] if allowed else [])


def test_a_refused_skart_names_the_rule():
    s = skart_state("T05 T06 T07 RH")
    with pytest.raises(RulesError, match="a Roi may never be discarded"):
        s.play_json({"kind": "discard", "cards": ["RH", "T05", "T06"]})
    with pytest.raises(RulesError, match="trumps only as"):
        s.play_json({"kind": "discard", "cards": ["T07", "T05", "T06"]})
    with pytest.raises(RulesError, match="the skart is 3 cards, not 2"):
        s.play_json({"kind": "discard", "cards": ["T07", "T05"]})


def test_the_skart_counts_for_the_dealer():
    """"Deler legt gedekt drie kaarten af, die aan het einde van het spel tellen bij zijn eigen
    slagen.\""""
    s = LT.new(3, {"deals": 3}, seed=1)
    rng = random.Random(1)
    while s.current_player() is not None:
        s.apply(rng.choice(s.legal_moves()))
    summary = s.rounds[-1]
    assert summary["card_points"][s.dealer] == count_by_threes(s.won[s.dealer] | D.mask_of(summary["skart"]), VALUES)


def test_the_dealer_declares_first_then_in_playing_order():
    """"De spelers mogen nu combinaties van kaarten op handen roemen ..., de Deler begint."
    (RULES-NOTES: then in playing order.)"""
    s = to_declarations(lt_new({0: [f"T{n:02d}" for n in range(2, 12)], 2: ["RH", "RC", "RD", "RS"]}))
    assert s.phase == "declare"
    seen = []
    while s.phase == "declare":
        seen.append(s.current_player())
        s.apply(s.legal_moves()[-1] if s.legal_moves()[0][1] == "none" else s.legal_moves()[0])
    assert seen[0] == 2 and 0 in seen and seen.index(0) > seen.index(2)


def test_matadors_and_their_sequence():
    """"Matadors; †1, †21 & ☆ voor 10 spelpunten. Hier mogen vervolgens voor 5 punten elk troeven
    van bovenaf worden toegevoegd in een niet doorbroken straat, beginnend dus bij †20, vervolgens
    †19, †18 etc.\""""
    found = dict((n, p) for n, _, p in combinations_in(mask("T01 T21 EXC T20 T19 T17"), DEFAULTS))
    assert found["matadors"] == 20
    assert dict((n, p) for n, _, p in combinations_in(mask("T01 T21 EXC T19"), DEFAULTS))["matadors"] == 10
    assert "matadors" not in dict((n, p) for n, _, p in combinations_in(mask("T01 T21 T20"), DEFAULTS))


def test_cavallerie_and_half_cavallerie():
    """"Cavallerie; Vier hofkaarten uit dezelfde bloem; 10 spelpunten. Halve Cavallerie; Drie
    hofkaarten uit dezelfde bloem plust het Excuus; 5 spelpunten, mag nooit samen met een
    Cavallerie geroemd worden.\""""
    found = dict((n, p) for n, _, p in combinations_in(mask("RH DH CH VH EXC RC DC CC"), DEFAULTS))
    assert found["cavallerie_H"] == 10 and found["half_cavallerie_C"] == 5
    assert "half_cavallerie_H" not in found


def test_ten_or_more_trumps_without_the_excuse():
    """"Tien of meer troeven; 10 spelpunten voor tien troeven, +5 voor iedere troef meer dan tien.
    Het Excuus is geen troef in deze zin.\""""
    ten = " ".join(f"T{n:02d}" for n in range(2, 12))
    assert dict((n, p) for n, _, p in combinations_in(mask(ten), DEFAULTS))["trumps"] == 10
    assert dict((n, p) for n, _, p in combinations_in(mask(ten + " T12 T13"), DEFAULTS))["trumps"] == 20
    nine_and_excuse = " ".join(f"T{n:02d}" for n in range(2, 11)) + " EXC"
    assert "trumps" not in dict((n, p) for n, _, p in combinations_in(mask(nine_and_excuse), DEFAULTS))


def test_four_rois_and_three_rois_with_the_excuse():
    """"Vier Heren; 10 spelpunten. Drie Heren & het Excuus; 5 spelpunten, niet samen met Vier
    Heren te roemen.\""""
    four = dict((n, p) for n, _, p in combinations_in(mask("RH RC RD RS EXC"), DEFAULTS))
    assert four["four_rois"] == 10 and "three_rois_excuse" not in four
    assert dict((n, p) for n, _, p in combinations_in(mask("RH RC RD EXC"), DEFAULTS))["three_rois_excuse"] == 5


def test_declarations_are_shown_and_paid_at_once_by_both_others():
    """"Roem moet je altijd laten zien, en wordt onmiddellijk uitbetaald door beide andere spelers
    in spelpunten.\""""
    s = to_declarations(lt_new({0: ["RH", "RC", "RD", "RS"]}))
    while s.current_player() != 0:
        s.apply(("declare", "none"))
    events = s.apply(("declare", "four_rois"))
    assert s.totals == [20, -10, -10]
    assert any(e["type"] == "declare" and e["cards"] == ["RC", "RD", "RH", "RS"] for e in events)
    shown = s.observation(1)["declared"]
    assert shown == [{"seat": 0, "combo": "four_rois", "cards": ["RC", "RD", "RH", "RS"], "points": 10}]


def test_the_player_on_the_dealers_right_leads():
    """"Speler rechts van de Deler leidt.\""""
    s = to_declarations(lt_new({}))
    while s.phase != "play":
        s.apply(s.legal_moves()[-1])
    assert s.current_player() == 0


def test_the_excuse_may_not_lead():
    """"Het Excuus mag niet leiden\""""
    s = position(LT, 3, {0: "EXC 2C 3C", 1: "4C 5C 6C", 2: "7C 8C 9C"})
    assert legal_codes(s) == {"2C", "3C"}


def test_out_of_trumps_the_excuse_must_be_played_as_the_last_trump():
    """"Echter, zodra je geen troeven meer hebt, ben je verplicht het Excuus te spelen als je
    laatste troef." RULES-NOTES: when a player must trump and holds no trump, he plays it."""
    s = position(LT, 3, {0: "2H 3C", 1: "EXC 4C 5C", 2: "T02 7C"}, trick="", leader=0)
    play(s, "2H")
    assert legal_codes(s) == {"EXC"}
    s = position(LT, 3, {0: "T03 3C", 1: "EXC 4C 5C", 2: "T02 7C"})
    play(s, "T03")
    assert legal_codes(s) == {"EXC"}
    s = position(LT, 3, {0: "2H 3C", 1: "EXC 4H 5C", 2: "T02 7C"})
    play(s, "2H")
    assert legal_codes(s) == {"EXC", "4H"}  # following suit, the Excuse stays a free choice


def test_in_the_22nd_trick_the_holder_must_play_the_excuse():
    """RULES-NOTES: "In the 22nd trick a player still holding the Excuse must play it (it may not
    be played later).\""""
    s = position(LT, 3, {0: "2C 3C 4C 5C", 1: "EXC 6C 7C 8C", 2: "9C TC VC CC"}, tricks_done=21)
    play(s, "2C")
    assert legal_codes(s) == {"EXC"}


def test_a_holder_to_lead_the_22nd_trick_passes_the_lead_to_his_right():
    """"Is de 22e slag aangebroken en is de houder van het Excuus aan slag, dan moet hij de slag
    overgeven aan de speler rechts van hem, en het Excuus aan die slag spelen.\""""
    s = position(LT, 3, {0: "2C 3C 4C 5C", 1: "EXC 6C 7C 8C", 2: "9C TC VC CC"}, leader=1, tricks_done=21)
    assert s.legal_moves() == [("pass_lead",)]
    events = s.apply(("pass_lead",))
    assert events == [{"type": "pass_lead", "seat": 1, "to": 2}] and s.current_player() == 2
    play(s, "9C 2C")
    assert legal_codes(s) == {"EXC"}
    play(s, "EXC")
    assert len(s.tricks) == 22 and s.won[1] & EXC_BIT


def test_the_excuse_is_never_played_to_the_last_three_tricks():
    """"Het Excuus mag niet leiden of aan de laatste drie slagen gespeeld worden\": whoever still
    holds it at the 22nd trick plays it there, so no random game sees it later."""
    for seed in range(6):
        s = LT.new(3, {"deals": 3}, seed=seed)
        rng = random.Random(seed)
        while s.current_player() is not None:
            if s.phase == "play" and len(s.tricks) >= 22:
                assert not any(h & EXC_BIT for h in s.hands)
            s.apply(rng.choice(s.legal_moves()))


def test_no_low_card_is_given_if_the_excuse_owner_never_wins_a_trick():
    """"De teruggave van een lege kaart vindt niet plaats als de speler van het Excuus nooit een
    slag wint." (He keeps the Excuse alone: "telt deze in zijn eentje als 4 punten".)"""
    s = position(LT, 3, {0: "2C 5S", 1: "EXC 4S", 2: "3C 7S"})
    play(s, "2C EXC 3C")
    events = play(s, "7S 5S 4S")
    assert {"type": "excuse", "owner": 1, "to": 2, "card": None} in events
    assert s.rounds[-1]["card_points"][1] == 4


def test_pagat_lost_to_an_opponent_pays_both_others_five():
    """"Verliest een speler de †1 aan een tegenspeler, dan betaalt hij beide andere spelers elk 5
    spelpunten.\""""
    s = position(LT, 3, {0: "T01 2C", 1: "T05 3C", 2: "T02 4C"})
    events = play(s, "T01 T05 T02")
    assert s.totals == [-10, 5, 5]
    assert {"type": "pagat", "seat": 0, "points": -5, "last_trick": False} in events


def test_pagat_lost_in_the_last_trick_costs_ten_and_winning_it_earns_ten_each():
    """"Gebeurt dit in de laatste slag, dan zijn dit 10 spelpunten. Wint hij iemand de laatste
    slag met de †1, dan betalen de andere spelers hem 10 punten elk.\""""
    s = position(LT, 3, {0: "T01", 1: "T05", 2: "T02"}, tricks_done=24)
    play(s, "T01 T05 T02")
    assert s.rounds[-1]["points"][0] - s.rounds[-1]["card_score"][0] == -20
    s = position(LT, 3, {0: "T01", 1: "2C", 2: "3C"}, tricks_done=24)
    play(s, "T01 2C 3C")
    assert s.rounds[-1]["points"][0] - s.rounds[-1]["card_score"][0] == 20


def test_card_points_total_78_and_score_above_or_below_26():
    """"Er zijn in totaal 78 punten op de slagen en de kaarten." "Wanneer een speler meer dan 26
    punten heeft behaald, dan scoort hij in spelpunten het aantal punten dat hij méér heeft
    behaald dan 26. Scoort een speler minder dan 26 punten, dan verliest hij ... dit verschil."
    "Scores kunnen dus ook negatief zijn.\""""
    assert count_by_threes(D.full_mask, VALUES) == 78
    for seed in range(4):
        s = LT.new(3, seed=seed)
        finish(s, random.Random(seed))
        r = s.rounds[-1]
        assert sum(r["card_points"]) == 78
        assert r["card_score"] == [p - 26 for p in r["card_points"]]
        assert sum(r["points"]) == 0 and sum(s.totals) == 0


def test_a_game_is_a_fixed_number_of_deals():
    """RULES-NOTES: "A game is a fixed number of deals, a multiple of three (default 6).\""""
    s = LT.new(3, seed=3)
    rng = random.Random(3)
    while s.current_player() is not None:
        s.apply(rng.choice(s.legal_moves()))
    assert len(s.rounds) == 6


def test_nuremberg_pays_ten_trumps_only_above_26():
    """Nuremberg Taroc: "Een roem van 10 of meer troeven wordt niet meteen uitbetaald, maar pas
    als de roemer méér dan 26 punten behaald op het einde van het spel.\""""
    trumps = [f"T{n:02d}" for n in range(2, 13)]
    s = to_declarations(lt_new({0: trumps}, options={"ten_trumps": "nuremberg"}))
    while s.current_player() != 0:
        s.apply(("declare", "none"))
    points = dict((n, p) for n, _, p in s.combos(0))["trumps"]
    s.apply(("declare", "trumps"))
    assert s.totals == [0, 0, 0] and s.pending[0] == points
    finish(s)
    r = s.rounds[-1]
    assert r["declarations_paid_late"][0] == (points if r["card_points"][0] > 26 else 0)


def test_prague_vienna_annulment_for_one_or_two_trumps():
    """Praag-Wenen: "De deal mag worden geannuleerd door een speler die een enkele troef of
    slechts twee troeven krijgt toebedeeld\""""
    hands = {0: ["T01", "T02"] + [c for c in D.codes if c[0] not in "TE" or c[:1] == "T" and len(c) == 2][:23]}
    order = deck_order(3, {0: hands[0]}, 25, 2, [], 3)
    s = LT.new(3, {"annul_few_trumps": True}, 0, order)
    assert s.phase == "annul" and s.current_player() == 0
    events = s.apply(("declare", "annul"))
    assert events[0] == {"type": "redeal", "seat": 0, "round": 0} and s.deal_count == 1
    assert sum(h.bit_count() for h in s.hands) == 78


def test_prague_vienna_hidden_declarations():
    """Praag-Wenen: "Geroemde kaarten hoef je niet te laten zien\""""
    s = to_declarations(lt_new({0: ["RH", "RC", "RD", "RS"]}, options={"declarations": "hidden"}))
    while s.current_player() != 0:
        s.apply(("declare", "none"))
    s.apply(("declare", "four_rois"))
    assert s.observation(1)["declared"] == [{"seat": 0, "combo": "four_rois", "points": 10}]
    assert s.observation(0)["declared"][0]["cards"]


def test_prague_vienna_a_hidden_cavallerie_is_announced_without_its_suit():
    # The declare event is heard by all (the table shows it): it names the kind, as the
    # others' observation does, never the suit.
    s = to_declarations(lt_new({0: ["RH", "DH", "CH", "VH"]}, options={"declarations": "hidden"}))
    while s.current_player() != 0:
        s.apply(("declare", "none"))
    events = s.apply(("declare", "cavallerie_H"))
    said = [e for e in events if e["type"] == "declare"]
    assert said and said[0]["combo"] == "cavallerie" and "cards" not in said[0]
    assert s.observation(1)["declared"] == [{"seat": 0, "combo": "cavallerie", "points": 10}]
    assert s.observation(0)["declared"][0]["combo"] == "cavallerie_H"


def test_prague_vienna_three_matadors_for_20():
    """Praag-Wenen: "Méér dan de drie basis Matadors is niet toegestaan, maar wel 20 punten waard\""""
    opts = {**DEFAULTS, "declarations": "three_matadors"}
    assert dict((n, (c, p)) for n, c, p in combinations_in(mask("T01 T21 EXC T20"), opts))["matadors"] == (mask("T01 T21 EXC"), 20)


def test_prague_vienna_no_extra_for_trumps_above_ten_with_an_agreed_base():
    """Praag-Wenen: "Méér dan tien troeven scoort niet extra, maar het basis aantal punten moet
    worden overeengekomen\""""
    opts = {**DEFAULTS, "ten_trumps": "15"}
    twelve = " ".join(f"T{n:02d}" for n in range(2, 14))
    assert dict((n, p) for n, _, p in combinations_in(mask(twelve), opts))["trumps"] == 15


def test_prague_vienna_excuse_not_forced():
    """Praag-Wenen: "Je bent niet verplicht het Excuus te spelen wanneer je geen troef meer hebt en
    je niet kunt bedienen\""""
    s = position(LT, 3, {0: "2H 3C", 1: "EXC 4C 5C", 2: "T02 7C"}, options={"excuse": "not_forced"})
    play(s, "2H")
    assert legal_codes(s) == {"EXC", "4C", "5C"}


def test_prague_vienna_excuse_may_lead_and_the_others_must_trump():
    """Praag-Wenen: "Het Excuus mag een slag leiden, in welk geval de andere spelers moeten
    troeven\""""
    s = position(LT, 3, {0: "EXC 2C", 1: "T04 4C", 2: "T02 7C"}, options={"excuse": "may_lead"})
    assert "EXC" in legal_codes(s)
    play(s, "EXC")
    assert legal_codes(s) == {"T04"}


def test_illegal_declarations_are_refused_and_change_nothing():
    """A combination the hand does not hold is refused with a clear message."""
    s = to_declarations(lt_new({0: ["RH", "RC", "RD", "RS"]}))
    while s.current_player() != 0:
        s.apply(("declare", "none"))
    before = s.to_json()
    with pytest.raises(RulesError, match="illegal move"):
        s.play_json({"kind": "declare", "combo": "matadors"})
    assert s.to_json() == before
