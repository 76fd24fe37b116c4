"""The one small interface every game implements.

A game module declares, up front and as data, what kind of game it is (``GameInfo``:
players, deck, options) and implements one ``State`` class with a handful of verbs:

    State.new(players, options, seed, deck_order)   a new game, deterministic for a seed
    state.current_player()                          seat to move, None once finished
    state.legal_moves()                             list of moves (hashable, game-specific)
    state.apply(move)                               play it; returns the events it caused
    state.observation(seat)                         what that seat may see (a JSON dict)
    state.result()                                  totals, winners, per-round results
    state.to_json() / State.from_json(d)            full state; a loaded state plays on
    State.move_to_json(m) / State.move_from_json(d)  identically

A game may declare its state and moves as fields instead of writing those four verbs
(``FIELDS`` and ``MOVE_KINDS``, see fields.py): the JSON, its validation and the error
messages are then the shared ones below. What every game's JSON has in common:

* a move is ``{"kind": ..., ...}`` (``play``, ``capture``, ``draw``, ``meld``, ``layoff``,
  ``discard``, ``declare``, ``exchange``, ``pass``, ...);
* an observation has ``phase`` (what kind of decision is being made) and ``legal`` for
  the seat to move;
* ``apply`` returns events (dicts with ``type``), among them ``round_start``,
  ``round_end`` (with the round summary) and ``game_end``;
* a round summary is ``{"round": n, "sides": [[seats], ...], "points": [per side],
  "totals": [per side], ...the game's own details}``;
* ``result()["winners"]`` is the list of winning seats (empty until the game is over).

Every piece of chance (shuffles) is drawn from ``round_rng(seed, round)`` so the full
state never has to store a random generator: a seed and a round number recreate it.

Nothing here or anywhere under ``game/rules`` may import pygame: rules run headless in
the simulator, the protocol, the bots and the browser build alike.
"""
from __future__ import annotations

import copy
import json
import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Hashable, Sequence

from game.cards import Deck
from game.rules import fields as _fields
from game.rules.fields import Field, FieldError, Shown

Move = Hashable
JSON = dict[str, Any]


class RulesError(ValueError):
    """An illegal move, an unknown option, a malformed state: always a clear message."""


@dataclass(frozen=True)
class Option:
    name: str
    choices: tuple[Any, ...]
    default: Any
    help: str = ""


@dataclass(frozen=True)
class GameInfo:
    """What kind of game this is, readable before any logic (as in OpenSpiel)."""

    id: str
    name: str
    min_players: int
    max_players: int
    deck: Deck
    options: tuple[Option, ...] = ()
    teams: str = "none"  # "none", "optional" (2v2 at four) or "fixed" partnerships
    description: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def option(self, name: str) -> Option:
        for o in self.options:
            if o.name == name:
                return o
        raise RulesError(f"{self.id}: unknown option {name!r}; options are {[o.name for o in self.options]}")

    def resolve(self, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Options filled with defaults; unknown names or values raise RulesError."""
        if not isinstance(players, int) or isinstance(players, bool):
            raise RulesError(f"{self.id}: players must be an integer, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise RulesError(f"{self.id}: {self.min_players} to {self.max_players} players, not {players}")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RulesError(f"{self.id}: options must be an object, not {options!r}")
        options = dict(options)
        out = {}
        for o in self.options:
            value = options.pop(o.name, o.default)
            # True == 1 and 21.0 == 21 in Python: a choice must match in type too (no bool for a
            # number, no float for an integer), or a float would reach an index later.
            if not any(value == c and type(value) is type(c) for c in o.choices):
                raise RulesError(f"{self.id}: option {o.name} must be one of {list(o.choices)}, not {value!r}")
            out[o.name] = value
        if options:
            raise RulesError(
                f"{self.id}: unknown option(s) {sorted(options)}; options are {[o.name for o in self.options]}"
            )
        return out

    def check_seed(self, seed: Any) -> int:
        """A seed is an integer (bools are refused though Python counts them as ints)."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RulesError(f"{self.id}: seed must be an integer, not {seed!r}")
        return seed

    def describe(self) -> JSON:
        return {
            "id": self.id,
            "name": self.name,
            "players": [self.min_players, self.max_players],
            "teams": self.teams,
            "deck": self.deck.name,
            "options": [
                {"name": o.name, "choices": list(o.choices), "default": o.default, "help": o.help}
                for o in self.options
            ],
        }


def parse_deck_order(deck: Deck, deck_order: Any, in_play: int | None = None) -> list[int]:
    """The cards of a deck order given as codes, top first, each card of the deck once.

    With ``in_play`` (a mask, for games that set cards aside), an order of exactly the cards
    in play is accepted too, and a full-deck order has the others skipped.
    """
    if not isinstance(deck_order, (list, tuple)):
        raise RulesError("deck order must be a list of card codes, top of the deck first")
    try:
        order = [deck.card(c) for c in deck_order]
    except (ValueError, AttributeError) as e:
        raise RulesError(f"deck order: {e}") from None
    if sorted(order) == list(range(deck.size)):
        return order if in_play is None else [c for c in order if in_play >> c & 1]
    if in_play is not None and sorted(order) == [c for c in range(deck.size) if in_play >> c & 1]:
        return order
    if in_play is None:
        raise RulesError(f"deck order must hold each of the {deck.size} cards exactly once")
    raise RulesError(
        f"deck order must hold each of the {deck.size} cards (or the {in_play.bit_count()} in play) exactly once"
    )


def seat_result(finished: bool, winners: list[int], totals: list, rounds: list, **extra: Any) -> JSON:
    """``result()`` of a game without partnerships: each seat is its own side."""
    return {"finished": finished, "winners": winners, "draw": finished and not winners, "totals": totals,
            "sides": [[x] for x in range(len(totals))], "side_totals": list(totals), "rounds": rounds, **extra}


_WRITERS: dict[type, Any] = {}  # per State class, its compiled observation writer


def _read_options(world: "State", options: dict) -> None:
    world.options = dict(options)


def public_fields(observation: tuple) -> tuple[Field, ...]:
    """The state fields of an observation's declaration (its ``Field`` entries but
    ``players``, which every state writes apart): a state declared as what its seats see
    plus what they do not."""
    return tuple(e for e in observation if isinstance(e, Field) and e is not PLAYERS)


# Fields and entries most states and observations declare.
ROUND = Field("round_no", "int", "round")
DEALER = Field("dealer", "int")
TO_MOVE = Field("to_move", "opt_int")  # the seat to move, null once the game is over
FINISHED = Shown("finished", "s.to_move is None")
GAME = Shown("game", "s.info.id")
SEAT = Shown("seat", "seat")
PLAYERS = Field("players", "int")
OPTIONS = Shown("options", "dict(s.options)", read=_read_options)
HAND = Shown("hand", "codes_of(s.hands[seat])")
HAND_COUNTS = Shown("hand_counts", "[h.bit_count() for h in s.hands]")


def round_rng(seed: int, round_no: int) -> random.Random:
    """The generator for all chance of one round: recreated from (seed, round), never stored."""
    return random.Random(f"{seed}:{round_no}")


class State(ABC):
    info: ClassVar[GameInfo]

    @classmethod
    @abstractmethod
    def new(
        cls, players: int, options: dict[str, Any] | None = None, seed: int = 0, deck_order: Sequence[str] | None = None
    ) -> "State": ...

    @classmethod
    def check_options(cls, players: int, options: dict[str, Any]) -> None:
        """RulesError if options (resolved) mean nothing together at this player count;
        ``new`` refuses them, and setup offers only the choices that pass. Default: any."""

    @abstractmethod
    def current_player(self) -> int | None: ...

    @abstractmethod
    def legal_moves(self) -> list[Move]: ...

    @abstractmethod
    def apply(self, move: Move) -> list[JSON]:
        """Play a legal move (RulesError otherwise, state unchanged); returns events."""

    @abstractmethod
    def result(self) -> JSON: ...

    # What a seat sees, declared once (fields.py): ``Field`` entries (a state attribute as
    # JSON, read back into a sampled world) and ``Shown`` entries (the seat's own cards,
    # counts, facts derived for readers), in the observation's key order. The observation is
    # written from it (``legal`` last for the seat to move, unless declared: MOVER_LEGAL
    # places it); the sampler's
    # worlds are read back from it, and only the hidden cards are dealt (``hidden_dealer``).
    OBSERVATION: ClassVar[tuple] = ()

    def observation(self, seat: int) -> JSON:
        try:
            observe = _WRITERS[type(self)]
        except KeyError:
            observe = self._observation_writer()
        if type(seat) is not int or not 0 <= seat < self.players:
            self.check_seat(seat)
        return observe(self, seat)

    @classmethod
    def _observation_writer(cls):
        if not cls.OBSERVATION:
            raise NotImplementedError(f"{cls.info.id} declares no OBSERVATION and writes no observation")
        _WRITERS[cls] = _fields.observation_writer(cls.OBSERVATION, cls.info.deck)
        return _WRITERS[cls]

    def check_seat(self, seat: Any) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise RulesError(f"{self.info.id}: seat must be 0 to {self.players - 1}, not {seat!r}")

    @classmethod
    def observed(cls, observation: JSON) -> "State":
        """The public part of a world for this observation (every declared entry read back),
        before its hidden cards are dealt: the sampler's template."""
        t = cls.__new__(cls)
        t.seed = 0
        try:
            _fields.read_observation(t, cls.OBSERVATION, cls.info.deck, observation, f"{cls.info.id} observation")
        except FieldError as e:
            raise RulesError(str(e)) from None
        t.after_observation(observation)
        return t

    def after_observation(self, observation: JSON) -> None:
        """Derived attributes of a template read from an observation (as ``after_load``)."""

    def hidden_dealer(self, observation: JSON):
        """``deal(world, rng)``: deal a copy of this template (``observed``) the cards the
        observing seat has not seen, at random, in keeping with what it has seen (and draw
        anything else a world needs by chance, as its seed)."""
        raise NotImplementedError(f"{self.info.id} has no sampler yet")

    @classmethod
    def sampler(cls, observation: JSON):
        """``sample`` for many worlds of one observation: the observation is read once, and
        each call ``(rng) -> world`` copies the template and deals the hidden cards."""
        template = cls.observed(observation)
        deal = template.hidden_dealer(observation)
        # each world a copy of the template as ``fast_copy`` makes it, what to copy found once
        src = template.__dict__
        lists = [k for k, v in src.items() if type(v) is list]
        nested = None if cls.copy_nested is State.copy_nested else template.copy_nested

        def world(rng: random.Random) -> "State":
            w = object.__new__(cls)
            d = w.__dict__
            d.update(src)
            for k in lists:
                d[k] = src[k].copy()
            if nested is not None:
                nested(w)
            deal(w, rng)
            return w

        return world

    def copy_nested(self, copy: "State") -> None:
        """Give a copy (``fast_copy``, the sampler's worlds) its own of what play changes
        inside this state's attributes beyond its lists (a trick record, dicts in a list)."""

    def fast_copy(self) -> "State":
        """A copy that plays on independently: the attributes copied, lists one level deep,
        and what ``copy_nested`` adds."""
        s = object.__new__(type(self))
        d = s.__dict__
        d.update(self.__dict__)
        for k, v in d.items():
            if type(v) is list:
                d[k] = v.copy()
        self.copy_nested(s)
        return s

    # The state and moves as declared fields (fields.py). A game that declares them gets the
    # four JSON verbs below; one that writes its own overrides them.
    FIELDS: ClassVar[tuple[Field, ...]] = ()
    MOVE_KINDS: ClassVar[dict[str, tuple[Field, ...]]] = {}
    FORMAT: ClassVar[int] = 1  # version of this game's state JSON; bump when FIELDS change

    def to_json(self) -> JSON:
        if not self.FIELDS:
            raise NotImplementedError(f"{self.info.id} declares no FIELDS and writes no to_json")
        d: JSON = {
            "format": self.FORMAT,
            "game": self.info.id,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
        }
        d.update(_fields.write(self, self.FIELDS, self.info.deck))
        d.update(self.json_extra())
        return d

    def json_extra(self) -> JSON:
        """Derived, read-only facts written with the state for readers (totals, winners)."""
        return {}

    def after_load(self) -> None:
        """Rebuild derived attributes after from_json and check the state is whole
        (every card accounted for...); raise RulesError with a clear message if not."""

    @classmethod
    def from_json(cls, data: JSON) -> "State":
        if not cls.FIELDS:
            raise NotImplementedError(f"{cls.info.id} declares no FIELDS and reads no JSON")
        if not isinstance(data, dict):
            raise RulesError(f"a {cls.info.id} state must be a JSON object, not {type(data).__name__}")
        if data.get("game") != cls.info.id:
            raise RulesError(f"not a {cls.info.id} state (game={data.get('game')!r})")
        fmt = data.get("format", 1)  # a state written without a format is of the first one
        if not isinstance(fmt, int) or isinstance(fmt, bool) or not 1 <= fmt <= cls.FORMAT:
            raise RulesError(f"{cls.info.id} state format {fmt!r}: this program reads formats 1 to {cls.FORMAT}")
        if fmt < cls.FORMAT:
            try:
                data = cls.upgrade_json(copy.deepcopy(data), fmt)
            except KeyError as e:
                raise RulesError(f"{cls.info.id} state format {fmt}: cannot read it (field {e.args[0]!r} is missing)") from None
            except (TypeError, ValueError, AttributeError, IndexError) as e:
                raise RulesError(f"{cls.info.id} state format {fmt}: cannot read it ({type(e).__name__}: {e})") from None
        s = cls.__new__(cls)
        s.players = data.get("players")
        s.options = cls.info.resolve(s.players, data.get("options"))
        s.seed = cls.info.check_seed(data.get("seed"))
        try:
            _fields.read(s, cls.FIELDS, cls.info.deck, data, f"{cls.info.id} state")
        except FieldError as e:
            raise RulesError(str(e)) from None
        s.after_load()
        return s

    @classmethod
    def upgrade_json(cls, data: JSON, fmt: int) -> JSON:
        """A state written in an older ``format`` of this game, rewritten in the current one
        (saved games and protocol clients keep old states); ``data`` is a copy to change."""
        raise RulesError(f"{cls.info.id} state format {fmt} is no longer read")

    @classmethod
    def move_to_json(cls, move: Move) -> JSON:
        if not cls.MOVE_KINDS:
            raise NotImplementedError(f"{cls.info.id} declares no MOVE_KINDS")
        return _fields.move_to_json(cls.move_tuple(move), cls.MOVE_KINDS, cls.info.deck)

    @classmethod
    def move_from_json(cls, data: Any) -> Move:
        if not cls.MOVE_KINDS:
            raise NotImplementedError(f"{cls.info.id} declares no MOVE_KINDS")
        if isinstance(data, dict) and "kind" not in data:
            data = cls.upgrade_move_json(data)
        try:
            return cls.move_from_tuple(_fields.move_from_json(data, cls.MOVE_KINDS, cls.info.deck))
        except FieldError as e:
            raise RulesError(f"{cls.info.id}: {e}") from None

    @classmethod
    def move_tuple(cls, move: Move) -> tuple:
        """The move as ``(kind, value, ...)`` in the order of its MOVE_KINDS fields. A game
        whose moves already are such tuples keeps this default; one with a leaner form in
        its hot loops (a bare card) converts here and in ``move_from_tuple``."""
        return move

    @classmethod
    def move_from_tuple(cls, move: tuple) -> Move:
        """The game's move from ``(kind, value, ...)``; RulesError if the values do not
        make a move (a wrong number of cards...)."""
        return move

    @classmethod
    def upgrade_move_json(cls, data: JSON) -> JSON:
        """A move in an older JSON form without ``kind`` rewritten with it (the protocol is
        public: old clients keep working). Default: unchanged (refused as kind-less)."""
        return data

    # What the contract tests (tests/test_contract.py) check every game against.
    # Observation keys that name a card the rules fix (the card that leads the first
    # trick), not where a card is: the hidden-card check skips them.
    RULE_CARD_KEYS: ClassVar[tuple[str, ...]] = ()

    def card_locations(self) -> dict[str, int]:
        """Where every card of the deck is: a mask per place (hands, stock, table, piles,
        cards set aside...). The masks are disjoint and together hold the whole deck."""
        raise NotImplementedError(f"{self.info.id} does not list its card locations")

    def check_cards_whole(self) -> None:
        """RulesError unless every card is accounted for once: the places of
        ``card_locations`` are disjoint and hold the whole deck (a loaded state's check; a
        list of cards naming one twice is refused as it is read, fields.py)."""
        deck = self.info.deck
        seen = 0
        for place, mask in self.card_locations().items():
            if seen & mask:
                raise RulesError(f"malformed {self.info.id} state: {' '.join(deck.codes_of(seen & mask))} of {place} "
                                 "is in two places (a card twice)")
            seen |= mask
        if seen != deck.full_mask:
            missing = deck.full_mask & ~seen
            raise RulesError(f"malformed {self.info.id} state: {seen.bit_count()} cards accounted for, not "
                             f"{deck.size}: {' '.join(deck.codes_of(missing))} missing")

    def hidden_cards(self, seat: int) -> int:
        """The cards ``seat`` may not see now (other hands, the stock...): its observation
        never names one of them."""
        raise NotImplementedError(f"{self.info.id} does not say which cards a seat cannot see")

    @classmethod
    def sample(cls, observation: JSON, rng: random.Random) -> "State":
        """A full state consistent with a seat's observation, hidden cards dealt at random.

        Searches over hidden information (the expert bots) call this; every sampled state
        must show exactly the given observation to that seat.
        """
        return cls.sampler(observation)(rng)

    def why_illegal(self, move: Move) -> str:
        """A clear message for a move that is not legal now: what the player to move may do
        instead (a game may say more: rummy's reasons, tarot's rule names)."""
        gid = self.info.id
        text = self.move_json_text(move)
        if text is None:
            return f"{gid}: not a move: {move!r}"
        shown = self.move_to_json(move)
        seat = self.current_player()
        if seat is None:
            return f"{gid}: illegal move {text}: the game is over"
        legal = [self.move_to_json(m) for m in self.legal_moves()]
        reason = ""
        if isinstance(shown, dict):
            kinds = sorted({m.get("kind") for m in legal if isinstance(m, dict)}, key=str)
            kind = shown.get("kind")
            card = shown.get("card")
            if isinstance(card, str):
                hand = self.observation(seat).get("hand")
                same_card = [m for m in legal if m.get("card") == card]
                playable = sorted({m["card"] for m in legal if isinstance(m.get("card"), str)})
                if isinstance(hand, list) and card not in hand:
                    reason = f"{card} is not in seat {seat}'s hand"
                elif same_card:
                    reason = f"{card} may only be played as {json.dumps(same_card[:8], ensure_ascii=False)}"
                elif kind in kinds:
                    reason = f"{card} may not be played now; seat {seat} may play {playable}"
            if not reason and kind not in kinds:
                reason = f"seat {seat} is to {' or '.join(map(str, kinds))}, not {kind}"
        if not reason:
            more = f" (and {len(legal) - 12} more)" if len(legal) > 12 else ""
            reason = f"the legal moves of seat {seat} are {json.dumps(legal[:12], ensure_ascii=False)}{more}"
        return f"{gid}: illegal move {text}: {reason}"

    def move_json_text(self, move: Move) -> str | None:
        """A move as the JSON the protocol shows in its refusals, or None if it is not a move."""
        try:
            return json.dumps(self.move_to_json(move), ensure_ascii=False)
        except Exception:
            return None

    @classmethod
    def move_text(cls, move: Move) -> str:
        """A short readable form of a move, for logs and the protocol."""
        return str(cls.move_to_json(move))

    # Shared conveniences built on the verbs above.
    @property
    def finished(self) -> bool:
        return self.current_player() is None

    def clone(self) -> "State":
        return type(self).from_json(self.to_json())

    def play_json(self, data: Any) -> list[JSON]:
        move = self.move_from_json(data)
        if move not in self.legal_moves():
            raise RulesError(f"illegal move {data!r}; legal moves are {[self.move_to_json(m) for m in self.legal_moves()]}")
        return self.apply(move)
