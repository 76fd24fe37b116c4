"""Declared fields: one reader and writer of state and move JSON for every game."""
from __future__ import annotations

import pytest

from game.cards import FRENCH52, mask
from game.rules.fields import Field, FieldError, decode, encode, move_from_json, move_to_json, read, write

FIELDS = (
    Field("round_no", "int", "round"),
    Field("dealer", "opt_int"),
    Field("open", "bool"),
    Field("hands", "masks"),
    Field("stock", "cards"),
    Field("top", "card"),
    Field("melds", "card_lists"),
    Field("log", "json"),
)
KINDS = {"play": (Field("card", "card"),), "meld": (Field("cards", "mask"),), "pass": ()}
C = FRENCH52.card


class Box:
    pass


def _box():
    b = Box()
    b.round_no, b.dealer, b.open = 3, None, True
    b.hands = [mask([C("AS"), C("TD")]), 0]
    b.stock = [C("KH"), C("2C")]
    b.top = C("QS")
    b.melds = [[C("3H"), C("4H"), C("5H")]]
    b.log = [{"type": "x", "n": 1}]
    return b


def test_a_state_round_trips_through_its_fields():
    data = write(_box(), FIELDS, FRENCH52)
    assert data["round"] == 3 and data["hands"] == [["TD", "AS"], []] and data["stock"] == ["KH", "2C"]
    back = Box()
    read(back, FIELDS, FRENCH52, data)
    assert vars(back) == vars(_box())


@pytest.mark.parametrize(
    "key,bad,words",
    [("round", "3", "integer"), ("open", 1, "true or false"), ("hands", [["ZZ"]], "unknown card"),
     ("hands", [["AS", "AS"]], "twice"), ("stock", "KH", "list"), ("top", 5, "string")],
)
def test_a_bad_field_is_named_in_the_error(key, bad, words):
    data = write(_box(), FIELDS, FRENCH52)
    data[key] = bad
    with pytest.raises(FieldError, match=words) as e:
        read(Box(), FIELDS, FRENCH52, data)
    assert repr(key) in str(e.value)


def test_a_missing_field_is_named():
    data = write(_box(), FIELDS, FRENCH52)
    del data["melds"]
    with pytest.raises(FieldError, match="'melds' is missing"):
        read(Box(), FIELDS, FRENCH52, data)


def test_moves_are_tuples_with_a_kind():
    move = ("meld", mask([C("3H"), C("4H"), C("5H")]))
    data = move_to_json(move, KINDS, FRENCH52)
    assert data == {"kind": "meld", "cards": ["3H", "4H", "5H"]}
    assert move_from_json(data, KINDS, FRENCH52) == move
    assert move_from_json({"kind": "pass"}, KINDS, FRENCH52) == ("pass",)
    for bad, words in [({"card": "AS"}, "kind"), ({"kind": "jump"}, "unknown move kind"),
                       ({"kind": "play"}, "missing"), ({"kind": "play", "card": "AS", "x": 1}, "unknown field"),
                       ({"kind": "play", "card": "1Z"}, "unknown card"), ("AS", "JSON object")]:
        with pytest.raises(FieldError, match=words):
            move_from_json(bad, KINDS, FRENCH52)


def test_every_kind_round_trips():
    samples = {"int": 4, "opt_int": None, "bool": False, "str": "x", "json": {"a": [1]}, "ints": [1, 2],
               "mask": 0b101, "masks": [0b1, 0], "card": 7, "cards": [3, 1], "card_lists": [[2], []]}
    for kind, value in samples.items():
        assert decode(kind, encode(kind, value, FRENCH52), FRENCH52, kind) == value


def test_plays_and_tricks_fields_round_trip_and_name_a_bad_entry():
    from game.cards import FRENCH52
    from game.rules.fields import FieldError, decode, encode

    plays = [(0, FRENCH52.card("2C")), (1, FRENCH52.card("QS"))]
    tricks = [(0, plays, 1), (1, [(1, FRENCH52.card("AH"))], None)]
    assert encode("plays", plays, FRENCH52) == [{"seat": 0, "card": "2C"}, {"seat": 1, "card": "QS"}]
    for kind, value in (("plays", plays), ("tricks", tricks)):
        assert decode(kind, encode(kind, value, FRENCH52), FRENCH52, "x") == value
    for kind, bad, words in (
        ("plays", [{"seat": 0}], "a play is"),
        ("plays", [{"seat": "0", "card": "2C"}], "seat"),
        ("tricks", [{"leader": 0, "plays": [], "winner": "x"}], "winner"),
        ("tricks", [{"leader": 0, "plays": [{"seat": 0, "card": "ZZ"}], "winner": 0}], "ZZ"),
    ):
        with pytest.raises(FieldError, match=words):
            decode(kind, bad, FRENCH52, "state field 'trick'")


def test_an_orlan_capture_of_nothing_is_refused_clearly():
    from game.rules import RulesError
    from game.rules.orlan import OrlanState

    with pytest.raises(RulesError, match="at least one card"):
        OrlanState.move_from_json({"kind": "capture", "card": "7H", "capture": []})
    with pytest.raises(RulesError, match="kinds are"):
        OrlanState.move_from_json({"kind": "lay", "card": "7H"})
    assert OrlanState.move_from_json({"card": "7H", "capture": []}) == OrlanState.move_from_json({"kind": "play", "card": "7H"})
