"""Declared fields: a game's state and moves are read and written by one piece of code.

A game declares its full state as a tuple of ``Field`` (the attribute name and how it is
written in JSON) and its moves as a table of kinds, each with its fields::

    FIELDS = (Field("round_no", "int"), Field("hands", "masks"), Field("stock", "cards"), ...)
    MOVE_KINDS = {"play": (Field("card", "card"),), "meld": (Field("cards", "mask"),), "pass": ()}

``State.to_json``/``from_json`` and ``move_to_json``/``move_from_json`` in base.py are
built on these, so validation (types, card codes, a clear message naming the field) is
written once. A move is then a tuple ``(kind, value, ...)`` in its fields' order: hashable,
cheap, and its JSON is ``{"kind": kind, name: value, ...}`` with cards as codes.

Kinds of field:

========== ============================== =====================================
kind        in the state                   in JSON
========== ============================== =====================================
int         int                            number
opt_int     int or None                    number or null
bool        bool                           true / false
str         str                            string
json        any JSON value (copied)        as is
ints        list of int                    list of numbers
mask        card bitmask                   list of codes, deck order
masks       list of bitmasks               list of lists of codes
card        card or None                   code or null
cards       list of cards, order kept      list of codes (each card once)
card_lists  list of lists of cards         list of lists of codes
plays       list of (seat, card)           list of {"seat": n, "card": code}
tricks      list of (leader, plays, winner) list of {"leader": n, "plays": [...],
                                           "winner": n or null}
records     list of JSON objects (copied)  as is (a game's round summaries)
captures    list of (seat, card, mask)     list of {"seat": n, "card": code,
                                           "capture": [codes]}
capture_rounds list of (mask, captures)    list of {"table": [codes], "plays": [...]}
                                           (a table and the plays made from it)
========== ============================== =====================================
"""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

from game.cards import Deck


class FieldError(ValueError):
    """A field that cannot be read; the message names the field and what was wrong."""


KINDS = (
    "int", "opt_int", "bool", "str", "json", "records", "ints", "mask", "masks", "card", "cards", "card_lists", "plays", "tricks",
    "captures", "capture_rounds",
)


@dataclass(frozen=True)
class Field:
    name: str
    kind: str
    json_name: str = ""  # the key in JSON when it differs from the attribute name

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"field {self.name}: unknown kind {self.kind!r}; kinds are {KINDS}")

    @property
    def key(self) -> str:
        return self.json_name or self.name


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _card(deck: Deck, code: Any, where: str) -> int:
    if not isinstance(code, str):
        raise FieldError(f"{where}: a card code must be a string, not {code!r}")
    try:
        return deck.card(code)
    except ValueError as e:
        raise FieldError(f"{where}: {e}") from None


def _cards(deck: Deck, codes: Any, where: str) -> list[int]:
    if not isinstance(codes, list):
        raise FieldError(f"{where}: must be a list of card codes, not {codes!r}")
    cards = [_card(deck, c, where) for c in codes]
    if len(set(cards)) != len(cards):
        twice = sorted({c for c in cards if cards.count(c) > 1})
        raise FieldError(f"{where}: card {' '.join(deck.code(c) for c in twice)} appears twice")
    return cards


def _mask(deck: Deck, codes: Any, where: str) -> int:
    m = 0
    for c in _cards(deck, codes, where):
        if m >> c & 1:
            raise FieldError(f"{where}: card {deck.code(c)} appears twice")
        m |= 1 << c
    return m


def _list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise FieldError(f"{where}: must be a list, not {value!r}")
    return value


def copy_json(value: Any) -> Any:
    """A copy of JSON-like data (dicts, lists, tuples of plain values): what deepcopy gives
    for it, several times faster (observations copy their rounds' records at every move)."""
    t = type(value)
    if t is list:
        return [copy_json(v) for v in value]
    if t is dict:
        return {k: copy_json(v) for k, v in value.items()}
    if t is tuple:
        return tuple(copy_json(v) for v in value)
    if t in (int, str, float, bool) or value is None:
        return value
    return copy.deepcopy(value)


def encode(kind: str, value: Any, deck: Deck) -> Any:
    if kind in ("int", "opt_int", "bool", "str"):
        return value
    if kind in ("json", "records"):
        return copy_json(value)
    if kind == "ints":
        return list(value)
    if kind == "mask":
        return deck.codes_of(value)
    if kind == "masks":
        return [deck.codes_of(m) for m in value]
    if kind == "card":
        return None if value is None else deck.code(value)
    if kind == "cards":
        return [deck.code(c) for c in value]
    if kind == "card_lists":
        return [[deck.code(c) for c in cards] for cards in value]
    if kind == "plays":
        return [{"seat": s, "card": deck.code(c)} for s, c in value]
    if kind == "tricks":
        return [{"leader": lead, "plays": encode("plays", plays, deck), "winner": w} for lead, plays, w in value]
    if kind == "captures":
        return [{"seat": s, "card": deck.code(c), "capture": deck.codes_of(m)} for s, c, m in value]
    if kind == "capture_rounds":
        return [{"table": deck.codes_of(t), "plays": encode("captures", p, deck)} for t, p in value]
    raise AssertionError(kind)


def decode(kind: str, value: Any, deck: Deck, where: str) -> Any:
    if kind == "int":
        if not _is_int(value):
            raise FieldError(f"{where}: must be an integer, not {value!r}")
        return value
    if kind == "opt_int":
        if value is not None and not _is_int(value):
            raise FieldError(f"{where}: must be an integer or null, not {value!r}")
        return value
    if kind == "bool":
        if not isinstance(value, bool):
            raise FieldError(f"{where}: must be true or false, not {value!r}")
        return value
    if kind == "str":
        if not isinstance(value, str):
            raise FieldError(f"{where}: must be a string, not {value!r}")
        return value
    if kind == "records":  # a list of JSON objects (a game's round summaries)
        items = _list(value, where)
        if not all(isinstance(v, dict) for v in items):
            raise FieldError(f"{where}: must be a list of objects")
        kind = "json"
    if kind == "json":
        try:
            json.dumps(value)
        except (TypeError, ValueError):
            raise FieldError(f"{where}: not a JSON value") from None
        return copy_json(value)
    if kind == "ints":
        items = _list(value, where)
        if not all(_is_int(v) for v in items):
            raise FieldError(f"{where}: must be a list of integers, not {value!r}")
        return list(items)
    if kind == "mask":
        return _mask(deck, value, where)
    if kind == "masks":
        return [_mask(deck, v, f"{where}[{i}]") for i, v in enumerate(_list(value, where))]
    if kind == "card":
        return None if value is None else _card(deck, value, where)
    if kind == "cards":
        return _cards(deck, value, where)
    if kind == "card_lists":
        return [_cards(deck, v, f"{where}[{i}]") for i, v in enumerate(_list(value, where))]
    if kind == "plays":
        return [_play(deck, v, f"{where}[{i}]") for i, v in enumerate(_list(value, where))]
    if kind == "tricks":
        out = []
        for i, v in enumerate(_list(value, where)):
            here = f"{where}[{i}]"
            if not isinstance(v, dict) or set(v) != {"leader", "plays", "winner"}:
                raise FieldError(f'{here}: a trick is {{"leader": seat, "plays": [...], "winner": seat or null}}')
            out.append((
                decode("int", v["leader"], deck, f"{here} leader"),
                decode("plays", v["plays"], deck, f"{here} plays"),
                decode("opt_int", v["winner"], deck, f"{here} winner"),
            ))
        return out
    if kind == "captures":
        out = []
        for i, v in enumerate(_list(value, where)):
            here = f"{where}[{i}]"
            if not isinstance(v, dict) or set(v) != {"seat", "card", "capture"}:
                raise FieldError(f'{here}: a play is {{"seat": n, "card": code, "capture": [codes]}}, not {v!r}')
            out.append((decode("int", v["seat"], deck, f"{here} seat"), _card(deck, v["card"], f"{here} card"),
                        _mask(deck, v["capture"], f"{here} capture")))
        return out
    if kind == "capture_rounds":
        out = []
        for i, v in enumerate(_list(value, where)):
            here = f"{where}[{i}]"
            if not isinstance(v, dict) or set(v) != {"table", "plays"}:
                raise FieldError(f'{here}: a round is {{"table": [codes], "plays": [...]}}, not {v!r}')
            out.append((_mask(deck, v["table"], f"{here} table"), decode("captures", v["plays"], deck, f"{here} plays")))
        return out
    raise AssertionError(kind)


def _play(deck: Deck, value: Any, where: str) -> tuple[int, int]:
    if not isinstance(value, dict) or set(value) != {"seat", "card"}:
        raise FieldError(f'{where}: a play is {{"seat": n, "card": code}}, not {value!r}')
    return decode("int", value["seat"], deck, f"{where} seat"), _card(deck, value["card"], f"{where} card")


def write(obj: Any, fields: tuple[Field, ...], deck: Deck) -> dict[str, Any]:
    """The declared fields of ``obj`` as a JSON dict."""
    return {f.key: encode(f.kind, getattr(obj, f.name), deck) for f in fields}


def read(obj: Any, fields: tuple[Field, ...], deck: Deck, data: dict[str, Any], what: str = "state") -> None:
    """Set the declared fields of ``obj`` from ``data``; FieldError names a missing or bad one."""
    for f in fields:
        if f.key not in data:
            raise FieldError(f"{what}: field {f.key!r} is missing")
        setattr(obj, f.name, decode(f.kind, data[f.key], deck, f"{what} field {f.key!r}"))


def move_to_json(move: tuple, kinds: dict[str, tuple[Field, ...]], deck: Deck) -> dict[str, Any]:
    kind, *values = move
    out: dict[str, Any] = {"kind": kind}
    for f, v in zip(kinds[kind], values):
        out[f.key] = encode(f.kind, v, deck)
    return out


def move_from_json(data: Any, kinds: dict[str, tuple[Field, ...]], deck: Deck) -> tuple:
    """A move tuple from its JSON; FieldError says which kind or field is wrong."""
    if not isinstance(data, dict):
        raise FieldError(f"a move must be a JSON object with a 'kind', not {data!r}")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        raise FieldError(f"unknown move kind {kind!r}; kinds are {sorted(kinds)}")
    fields = kinds[kind]
    extra = set(data) - {"kind"} - {f.key for f in fields}
    if extra:
        raise FieldError(f"move {kind!r}: unknown field(s) {sorted(extra)}; fields are {[f.key for f in fields]}")
    values = []
    for f in fields:
        if f.key not in data:
            raise FieldError(f"move {kind!r}: field {f.key!r} is missing")
        values.append(decode(f.kind, data[f.key], deck, f"move {kind!r} field {f.key!r}"))
    return (kind, *values)



# ---------------------------------------------------------------- observations
@dataclass(frozen=True)
class Shown:
    """An observation entry that is not a field of the state as it stands: the seat's own
    cards, a count, a fact derived for readers. ``value`` is a Python expression of ``s``
    (the state) and ``seat`` (``"len(s.stock)"``; ``codes_of(mask)`` and ``code(card)``
    give card codes), or a function ``(state, seat) -> value``; ``read``, when a sampled
    world needs it back, ``(world, value)`` sets what it says on the world."""

    key: str
    value: Any
    read: Any = None


# How an observation shows a field: an expression on ``s`` (the state). Unlike ``encode``
# (the state's JSON, a copy the caller owns) an observation shares its round summaries,
# which are never changed once recorded: copying them at every move would cost more than
# the rest of the observation.
_SHOW = {
    "int": "s.{0}", "opt_int": "s.{0}", "bool": "s.{0}", "str": "s.{0}",
    "json": "copy_json(s.{0})", "records": "s.{0}", "ints": "list(s.{0})",
    "mask": "codes_of(s.{0})", "masks": "[codes_of(m) for m in s.{0}]",
    "card": "None if s.{0} is None else code(s.{0})", "cards": "[code(c) for c in s.{0}]",
    "card_lists": "[[code(c) for c in x] for x in s.{0}]",
    "plays": "encode('plays', s.{0}, deck)", "tricks": "encode('tricks', s.{0}, deck)",
    "captures": "encode('captures', s.{0}, deck)",
    "capture_rounds": "encode('capture_rounds', s.{0}, deck)",
}


# The legal moves, in JSON, for the seat to move only (the others' observations have no
# "legal"). An observation that declares no "legal" entry has this one last.
MOVER_LEGAL = Shown("legal", None)


def observation_writer(entries: tuple, deck: Deck):
    """A function ``(state, seat) -> observation`` writing the declared entries (``Field`` or
    ``Shown``) in their order. It is compiled once into dict displays, as fast as a
    hand-written observation (observations are built at every move of every bot)."""
    env: dict[str, Any] = {"copy_json": copy_json, "codes_of": deck.codes_of, "code": deck.code, "encode": encode,
                           "deck": deck}
    if not any(e.key == "legal" for e in entries):
        entries = (*entries, MOVER_LEGAL)
    parts: list[list[str]] = [[]]  # the entries before MOVER_LEGAL and after it
    for i, e in enumerate(entries):
        if e is MOVER_LEGAL:
            parts.append([])
        elif isinstance(e, Field):
            parts[-1].append(f"{e.key!r}: {_SHOW[e.kind].format(e.name)}")
        elif isinstance(e.value, str):
            parts[-1].append(f"{e.key!r}: {e.value}")
        else:
            env[f"shown_{i}"] = e.value
            parts[-1].append(f"{e.key!r}: shown_{i}(s, seat)")
    lines = ["def observe(s, seat):", "    obs = {" + ", ".join(parts[0]) + "}"]
    if len(parts) > 1:
        lines += ["    if s.current_player() == seat:",
                  "        obs['legal'] = [s.move_to_json(m) for m in s.legal_moves()]"]
        if parts[1]:
            lines.append("    obs.update({" + ", ".join(parts[1]) + "})")
    lines.append("    return obs")
    exec(compile("\n".join(lines) + "\n", "<observation>", "exec"), env)
    return env["observe"]


def read_observation(obj: Any, entries: tuple, deck: Deck, observation: dict, what: str) -> None:
    """Set on ``obj`` what the declared entries say (every ``Field``, and each ``Shown`` that
    can be read back): a sampled world's public part. FieldError names what is wrong."""
    for e in entries:
        if e is MOVER_LEGAL:
            continue
        if e.key not in observation:
            if isinstance(e, Field) or e.read is not None:
                raise FieldError(f"{what}: {e.key!r} is missing")
            continue
        if isinstance(e, Field):
            setattr(obj, e.name, decode(e.kind, observation[e.key], deck, f"{what} {e.key!r}"))
        elif e.read is not None:
            e.read(obj, observation[e.key])
