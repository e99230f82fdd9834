"""A Very Big Monster state and what one seat sees of it, the positions of ``solver.game``.

A :class:`State` is a :class:`~solver.vbm.table.Table` that plays by
:mod:`solver.vbm.rules`; :func:`new_state` deals one from a player count, a seed
and the named settings (:mod:`solver.vbm.settings`): the seed picks the sets,
shuffles them, deals the explorers and turns the mission tiles. A :class:`View`
is what one seat sees of it (:class:`~solver.vbm.view.SeatView`), and lays out a
full state from that alone: each is built from the other.

:attr:`View.world` is one full state that agrees with the view, built from the
view alone in one fixed way (unseen cards in id order), for the rules engine to
answer legal moves, checks and scores; nothing a hint ranks depends on which
unseen card went where.

>>> state = new_state(4, 1)
>>> state.mode, len(state.hands[0]), len(state.pile), state.teams
('team', 10, 40, ((0, 2), (1, 3)))
>>> [len(row) for row in new_state(2, 1).rows], len(new_state(3, 1).rows[0])
([4], 6)
>>> state = new_state(4, 2)
>>> state = state.apply(state.legal_moves()[0])
>>> view = View.of(state, 1)
>>> view.explorers[0], view.kept[0], view.to_move, view.legal_moves()[0].seat
(None, True, 1, 1)
>>> View.of(view.world, 1) == view
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from solver.errors import IllegalMoveError, NotationError
from solver.game import Json, Score, ScorePad, Seat, not_your_seat
from solver.vbm.area import frontier
from solver.vbm.decks import deck_named
from solver.vbm.moves import Move
from solver.vbm.rules import SEED_LIMIT, apply_move, sets_wanted
from solver.vbm.settings import read_settings
from solver.vbm.table import HAND, SIMULTANEOUS, Table
from solver.vbm.turns import pyramids_for
from solver.vbm.view import SeatView, hidden_discards, shown_explorers
from solver.vbm.writing import state_to_json, view_to_json


def new_state(players: int, seed: int, settings: Mapping[str, Any] | None = None) -> State:
    """The set-up state: explorers dealt (two each), cards shuffled and dealt.

    Raises:
        NotationError: an unknown setting or a bad value (its path names the
            setting), a mode the player count cannot play, a seed out of range, a
            deck too small for the table.
    """
    chosen = read_settings(players, settings)
    if isinstance(seed, bool) or not isinstance(seed, int) or not -SEED_LIMIT <= seed <= SEED_LIMIT:
        raise NotationError(
            f"a seed is a whole number below 2**64, not {str(seed)[:40]}", path="seed"
        )
    mode = str(chosen.mode)
    deck = deck_named(chosen.deck)
    rng = random.Random(f"vbm/{seed}")
    want_sets = sets_wanted(players, mode)
    if len(deck.sets()) < want_sets or len(deck.explorers) < 2 * players:
        raise NotationError(f"deck {deck.name!r} is too small for {players} players")
    sets = sorted(rng.sample(deck.sets(), want_sets))
    cards = [card.id for card in deck.cards if card.set in sets]
    rng.shuffle(cards)
    explorers = [e.id for e in deck.explorers]
    rng.shuffle(explorers)
    offers = tuple(tuple(explorers[2 * s : 2 * s + 2]) for s in range(players))
    sides = chosen.mission_sides
    if sides is None:
        sides = tuple(rng.randrange(2) for _ in deck.missions)
    if mode == "rows":
        size = 2 * players
        hands: tuple[tuple[str, ...], ...] = ((),) * players
        rows: tuple[tuple[str, ...], ...] = (tuple(cards[:size]),)
        pile = tuple(cards[size:])
    else:
        if len(cards) < 2 * HAND * players:
            raise NotationError(f"deck {deck.name!r} has too few cards for {players} players")
        hands = tuple(tuple(cards[s * HAND : (s + 1) * HAND]) for s in range(players))
        rows, pile = (), tuple(cards[players * HAND : 2 * players * HAND])
    return State(
        players=players,
        seed=seed,
        mode=mode,
        deck_name=deck.name,
        sides=sides,
        phase="explorer",
        round=0,
        turn=0,
        first=0,
        offers=offers,
        explorers=(None,) * players,
        areas=((),) * players,
        hands=hands,
        pending=(None,) * players,
        pile=pile,
        rows=rows,
        live=(),
        tokens=((),) * players,
        pyramids=pyramids_for(deck, sides, mode),
        claimed=frozenset(),
        portals=((),) * players,
        portal_left=deck.portal_tiles,
        discards=(),
        passed=((),) * players if mode != "rows" else (),
        seen=((),) * players if mode != "rows" else (),
        sand_direction=chosen.sand_direction,
        explorer_tokens=chosen.explorer_tokens,
    )


class State(Table):
    """A table that plays by the rules: the state protocol of ``solver.game``."""

    def apply(self, move: Move) -> State:
        """The state after ``move``; IllegalMoveError names the rule it breaks."""
        return apply_move(self, move)

    def to_json(self) -> Json:
        """The whole state, seed and undealt cards included."""
        return state_to_json(self)

    def view(self, seat: int) -> View:
        """What ``seat`` may see (:meth:`View.of`)."""
        return View.of(self, seat)


def public_scores(state: State) -> ScorePad:
    """``Game.public_scores``: the score pad as every seat sees it. The play areas,
    portals and tokens lie open; an Explorer card counts once all are shown."""
    return ScorePad.of(replace(state, explorers=shown_explorers(state, None)))


class View(SeatView):
    """What one seat sees (:class:`~solver.vbm.view.SeatView`), with the full state it
    lays out from that alone (:attr:`world`) and what the rules answer on it."""

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves while it has a decision (the state's order), else [];
        in a simultaneous step each names the seat, so any waiting seat's move applies."""
        if self.seat not in self.waiting():
            return []
        return self.world.choices(self.seat, named=self.phase in SIMULTANEOUS)

    def check(self, move: Move) -> None:
        """None when ``move`` is legal for the seat; else IllegalMoveError naming the rule.

        A move that names no seat is the seat to move's; one that names another
        seat is refused as not this seat's, whatever that seat holds.

        Raises:
            NotYourTurnError: the seat has no decision now.
        """
        if self.is_terminal():
            raise IllegalMoveError("the game is over: no more cards are placed")
        if move.seat is not None and move.seat != self.seat:
            raise not_your_seat(move.seat)
        self.require_decision()
        if move.seat is None and self.to_move != self.seat:
            raise IllegalMoveError(
                f'a move without "seat" is seat {self.to_move}\'s: seat {self.seat} names '
                f'itself with "seat": {self.seat}'
            )
        self.world.apply(move)

    def scores(self) -> list[Score]:
        """Every seat's running score (an Explorer not yet shown scores nothing)."""
        return replace(self.world, explorers=self.explorers).scores()

    def score_detail(self) -> Json | None:
        """Team mode: the team standing as far as the seat knows (as :meth:`scores`)."""
        return replace(self.world, explorers=self.explorers).score_detail()

    def winners(self) -> tuple[Seat, ...]:
        """At the end, the winning seats; () before."""
        return self.world.winners() if self.is_terminal() else ()

    def view(self, seat: Seat) -> Json:
        """This view as JSON; only its own seat may ask."""
        if seat != self.seat:
            raise NotationError(
                f"a view of seat {self.seat} cannot show seat {seat}'s view", path="seat"
            )
        return self.to_json()

    def to_json(self) -> Json:
        """The view as JSON, with ``"view_of"``; hidden choices show only ``"pass"``."""
        return view_to_json(self)

    @functools.cached_property
    def world(self) -> State:
        """One full state that agrees with the view, from the view alone.

        The other hands hold first the cards the seat passed on that are not yet
        placed (they are on some other Spaceship), then unseen cards in id order;
        then the pile, then the discards the seat never held. A hidden choice of
        this turn keeps the first card of that hand on that area's first open cell.
        Hidden Explorer offers are the spare Explorers in id order.
        """
        placed = {c for area in self.areas for _, _, c in area}
        mine = set(self.hand or ())
        pool = sorted(c for c in set(self.passed) if c not in placed and c not in mine)
        pool += sorted(set(self.unseen()) - set(pool))
        hands: list[tuple[str, ...]] = []
        for s, size in enumerate(self.hand_sizes):
            if s == self.seat and self.hand is not None:
                hands.append(self.hand)
            else:
                hands.append(tuple(pool[:size]))
                pool = pool[size:]
        pile, pool = tuple(pool[: self.pile]), pool[self.pile :]
        hidden = hidden_discards(self.players, self.mode, self.round, len(self.discards))
        discards = self.discards + tuple(pool[: max(hidden, 0)])
        pending = tuple(
            Move(hands[s][0], frontier(self.areas[s])[0], p.pass_to)
            if p is not None and p.card is None and hands[s]
            else p
            for s, p in enumerate(self.pending)
        )
        offers, explorers = self._explorers()
        draft = self.mode != "rows"
        return State(
            players=self.players,
            seed=0,
            mode=self.mode,
            deck_name=self.deck_name,
            sides=self.sides,
            phase=self.phase,
            round=self.round,
            turn=self.turn,
            first=self.first,
            offers=offers,
            explorers=explorers,
            areas=self.areas,
            hands=tuple(hands),
            pending=pending,
            pile=pile,
            rows=self.rows,
            live=self.live,
            tokens=self.tokens,
            pyramids=self.pyramids,
            claimed=self.claimed,
            portals=self.portals,
            portal_left=self.portal_left,
            discards=discards,
            passed=tuple(self.passed if s == self.seat else () for s in range(self.players))
            if draft
            else (),
            seen=tuple(
                tuple(sorted(self.discards)) if s == self.seat else () for s in range(self.players)
            )
            if draft
            else (),
            sand_direction=self.sand_direction,
            explorer_tokens=self.explorer_tokens,
        )

    def _explorers(self) -> tuple[tuple[tuple[str, ...], ...], tuple[str | None, ...]]:
        """Offers and choices for the world: hidden ones from the spare Explorers."""
        shown = {e for e in self.explorers if e is not None}
        spare = sorted(
            e.id for e in self.deck.explorers if e.id not in self.offer and e.id not in shown
        )
        offers: list[tuple[str, ...]] = []
        explorers: list[str | None] = []
        for s, chosen in enumerate(self.explorers):
            if s == self.seat:
                offers.append(self.offer)
                explorers.append(chosen)
            elif chosen is not None:
                offers.append((chosen, *spare[:1]))
                explorers.append(chosen)
                spare = spare[1:]
            else:
                offers.append(tuple(spare[:2]))
                spare = spare[2:]
                explorers.append(offers[-1][0] if self.kept[s] and offers[-1] else None)
        return tuple(offers), tuple(explorers)
