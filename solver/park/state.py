"""A Monster Park state and what one seat sees of it, the positions of ``solver.game``.

A :class:`State` is a :class:`~solver.park.table.Table` that plays by
:mod:`solver.park.rules`; :func:`new_state` sets one up. A :class:`View` is what
one seat sees of a state, and nothing more (:class:`~solver.park.view.SeatView`); it
lays out a full state from that alone (:meth:`View.world`), so each is built from
the other.

The rulebook lays the monster deck and the track face down "so that only the
monster and its size are visible": a seat sees the area and size of every track
monster and of the top card of the monster deck, and of each card discarded from
the track, never its character or points. Parks, held tourists, tokens, the
tourist row and the upgrades on their spaces lie face up. The tourist deck shows
only the tourist picture (its count), an upgrade supply only how many are left.

A hint needs a table to compute with: :meth:`View.world` lays one out from
the view alone, each face-down place given an unseen card of its area and size
in the deck's order, so two states a seat cannot tell apart give the same world.

>>> s = new_state(2, seed=7)
>>> s.to_move, s.tokens, len(s.track), len(s.tourist_row)
(0, (5, 5), 5, 3)
>>> s.legal_moves()[0]
Move(action='token', slot=None, kind=None, area=None, tourists=())
>>> t = s.apply(s.legal_moves()[0])
>>> t.tokens, t.to_move
((6, 5), 1)
>>> v = View.of(s, 1)
>>> v.deck_top == (s.cards.monster(s.deck[0]).area, s.cards.monster(s.deck[0]).size)
True
>>> v.world().legal_moves() == s.legal_moves()
True
>>> new_state(5, seed=7)
Traceback (most recent call last):
...
solver.errors.NotationError: Monster Park takes 2 to 4 players, not 5
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from solver.errors import IllegalMoveError, NotYourTurnError
from solver.formats import FORMAT
from solver.game import Json, Score, ScorePad, Seat
from solver.park import rules
from solver.park.board import EMPTY_PARK
from solver.park.cards import (
    AREAS,
    UPGRADE_KINDS,
    CardId,
    Face,
    card_json,
    face_of,
    load_deck,
)
from solver.park.moves import Move
from solver.park.rules import ROW_LEN, START_TOKENS, TRACK_LEN, track_price
from solver.park.settings import Settings
from solver.park.table import Table
from solver.park.view import SeatView
from solver.seats import check_players, check_seat

MIN_PLAYERS, MAX_PLAYERS = 2, 4
"""The player counts Monster Park takes."""


def new_state(
    players: int, seed: int, settings: Mapping[str, Any] | Settings | None = None
) -> State:
    """Set up a game: shuffled decks, a track of 5, 3 tourists, one upgrade of each kind.

    Seat 0 is the starting player. Raises NotationError for a bad setting or
    player count.
    """
    chosen = settings if isinstance(settings, Settings) else Settings.parse(settings)
    check_players("Monster Park", players, MIN_PLAYERS, MAX_PLAYERS)
    deck = load_deck(chosen.deck)
    rng = random.Random(f"park:{seed}")
    monsters = [m.id for m in deck.monsters]
    rng.shuffle(monsters)
    tourists = [t.id for t in deck.tourists]
    rng.shuffle(tourists)
    supply = []
    for kind in UPGRADE_KINDS:
        ids = [u.id for u in deck.upgrades if u.kind == kind]
        rng.shuffle(ids)
        supply.append(ids)
    return State(
        players=players,
        seed=seed,
        settings=chosen,
        to_move=0,
        phase="action",
        turn=0,
        parks=(EMPTY_PARK,) * players,
        tokens=(START_TOKENS,) * players,
        held=((),) * players,
        track=tuple(monsters[:TRACK_LEN]),
        deck=tuple(monsters[TRACK_LEN:]),
        discard=(),
        reshuffles=0,
        tourist_row=tuple(tourists[:ROW_LEN]),
        tourist_deck=tuple(tourists[ROW_LEN:]),
        upgrade_row=tuple(s[0] if s else None for s in supply),
        upgrade_supply=tuple(tuple(s[1:]) for s in supply),
        bank=None if chosen.bank is None else max(0, chosen.bank),
        final_round=False,
        cards=deck,
    )


class State(Table):
    """A table that plays by the rules: the state protocol of ``solver.game``."""

    def price(self, slot: int) -> int | None:
        """Tokens to invite from track position ``slot``; None when it cannot be bought."""
        return track_price(self.settings, slot)

    def action_error(self, move: Move) -> str | None:
        """The rule an action breaks for the player to move, or None."""
        return rules.action_error(self, move)

    def move_error(self, move: Move) -> str | None:
        """The rule ``move`` breaks for the player to move, or None when it is legal."""
        return rules.move_error(self, move)

    def legal_moves(self) -> list[Move]:
        """Every legal move in a fixed order: token, upgrades, invites; or the tourist claims."""
        return rules.legal_moves(self)

    def apply(self, move: Move) -> State:
        """The state after ``move``. Raises IllegalMoveError naming the rule broken."""
        return rules.apply(self, move)

    def scores(self) -> list[Score]:
        """Tokens plus monster points, per seat (running totals before the end)."""
        return rules.scores(self)

    def winners(self) -> tuple[Seat, ...]:
        """Most points; a tie goes to more monsters in the park; still tied, shared."""
        return rules.winners(self)

    def view(self, seat: Seat) -> View:
        """What ``seat`` may see (``View.of(self, seat)``)."""
        return View.of(self, seat)


def public_scores(state: State) -> ScorePad:
    """``Game.public_scores``: the score pad as every seat sees it. Every line of it
    lies face up (the tokens, the monsters in the parks), so it is the table's own."""
    return ScorePad.of(state)


@dataclass(frozen=True)
class View(SeatView):
    """What ``seat`` sees (:class:`~solver.park.view.SeatView`), playing by the rules
    on the one table it lays out (:meth:`world`)."""

    @classmethod
    def of(cls, state: State, seat: Seat) -> View:
        """The view of ``state`` from ``seat``."""
        check_seat(seat, state.players)
        deck = state.cards
        return cls(
            seat=seat,
            players=state.players,
            settings=state.settings,
            to_move=state.to_move,
            phase=state.phase,
            turn=state.turn,
            parks=state.parks,
            tokens=state.tokens,
            held=state.held,
            track=tuple(None if c is None else face_of(deck, c) for c in state.track),
            deck_count=len(state.deck),
            deck_top=face_of(deck, state.deck[0]) if state.deck else None,
            discard=tuple(face_of(deck, c) for c in state.discard),
            reshuffles=state.reshuffles,
            tourist_row=state.tourist_row,
            tourist_deck=len(state.tourist_deck),
            upgrade_row=state.upgrade_row,
            upgrade_supply=tuple(len(u) for u in state.upgrade_supply),
            bank=state.bank,
            final_round=state.final_round,
            cards=deck,
        )

    # ------------------------------------------------------------ one world

    def world(self) -> State:
        """A full table this view allows, laid out from the view alone: each
        face-down place gets the first unseen monster of its face in deck order,
        the rest of the monster deck the other unseen monsters in that order, the
        tourist deck and supplies their unseen cards in deck order; seed 0."""
        return self._world

    @functools.cached_property
    def _world(self) -> State:
        deck = self.cards
        seen = {c for park in self.parks for area in park for c in area}
        seen |= {c for row in (self.tourist_row, self.upgrade_row) for c in row if c is not None}
        seen |= {c for h in self.held for c in h}
        by_face: dict[Face, list[CardId]] = {}
        for m in deck.monsters:
            if m.id not in seen:
                by_face.setdefault((m.area, m.size), []).append(m.id)

        def take(face: Face) -> CardId:
            return by_face[face].pop(0)

        track = tuple(None if f is None else take(f) for f in self.track)
        discard = tuple(take(f) for f in self.discard)
        top = [take(self.deck_top)] if self.deck_top is not None else []
        left = {c for cards in by_face.values() for c in cards}
        rest = [m.id for m in deck.monsters if m.id in left]
        supply = tuple(
            tuple(u.id for u in deck.upgrades if u.kind == kind and u.id not in seen)
            for kind in UPGRADE_KINDS
        )
        return State(
            players=self.players,
            seed=0,
            settings=self.settings,
            to_move=self.to_move,
            phase=self.phase,
            turn=self.turn,
            parks=self.parks,
            tokens=self.tokens,
            held=self.held,
            track=track,
            deck=tuple(top + rest),
            discard=discard,
            reshuffles=self.reshuffles,
            tourist_row=self.tourist_row,
            tourist_deck=tuple(t.id for t in deck.tourists if t.id not in seen),
            upgrade_row=self.upgrade_row,
            upgrade_supply=supply,
            bank=self.bank,
            final_round=self.final_round,
            cards=deck,
        )

    # ------------------------------------------------------------ the protocol

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves when the decision is its own (the state's order), else []."""
        if self.to_move != self.seat:
            return []
        return self.world().legal_moves()

    def check(self, move: Move) -> None:
        """None when ``move`` is legal for the seat.

        Raises:
            IllegalMoveError: the move breaks a rule (named), or the game is over.
            NotYourTurnError: the decision is another seat's.
        """
        if self.to_move is None:
            raise IllegalMoveError("the game is over")
        if self.to_move != self.seat:
            raise NotYourTurnError(f"not your turn: it is seat {self.to_move}'s")
        why = self.world().move_error(move)
        if why is not None:
            raise IllegalMoveError(why)

    def scores(self) -> list[Score]:
        """Tokens plus the points of the monsters in each park (all face up)."""
        return self.world().scores()

    def winners(self) -> tuple[Seat, ...]:
        """At the end, the winners under the tie rules; else ()."""
        return self.world().winners() if self.is_terminal() else ()

    def to_json(self) -> Json:
        """The view as JSON: face-down monsters as ``{"area", "size"}``, decks as counts."""
        deck = self.cards

        def back(face: Face | None, slot: int | None = None) -> dict[str, Any] | None:
            if face is None:
                return None
            doc: dict[str, Any] = {"area": face[0].value, "size": face[1]}
            if slot is not None:
                doc["price"] = self.price(slot)
            return doc

        def shown(c: CardId | None) -> dict[str, Any] | None:
            return None if c is None else card_json(deck, c)

        return {
            "game": "park",
            "format": FORMAT,
            "view_of": self.seat,
            "players": self.players,
            "settings": self.settings.to_json(),
            "to_move": self.to_move,
            "phase": self.phase,
            "turn": self.turn,
            "parks": [
                {a.value: [shown(c) for c in cards] for a, cards in zip(AREAS, p, strict=True)}
                for p in self.parks
            ],
            "tokens": list(self.tokens),
            "tourists_held": [list(h) for h in self.held],
            "track": [back(f, i) for i, f in enumerate(self.track)],
            "monster_deck": self.deck_count,
            "monster_deck_top": back(self.deck_top),
            "discard": [back(f) for f in self.discard],
            "reshuffles": self.reshuffles,
            "tourist_row": [shown(t) for t in self.tourist_row],
            "tourist_deck": self.tourist_deck,
            "upgrade_row": [shown(u) for u in self.upgrade_row],
            "upgrade_supply": list(self.upgrade_supply),
            "bank": self.bank,
            "final_round": self.final_round,
            "scores": [sc.to_json() for sc in self.scores()],
        }
