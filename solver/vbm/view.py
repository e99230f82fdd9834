"""What one seat may see of a Very Big Monster game, and nothing more.

Seen by everyone: the sets in play, the mission tiles and their tokens, every
play area, the portals, the open rows and the row being drafted (row draft),
the Explorer cards once all are chosen, whose Spaceship each hand went to, the
number of cards on each Spaceship and in the pile.

Seen by the seat alone: its two Explorer offers and its choice; its own hand
(dealt once the Explorers are chosen); its own choice of this turn; the cards it
passed on this round; the discards it knows (hand draft: the cards it held that
went back to the box; row draft: every discard, the rows lie face up).

Hidden from the seat: the seed and the order and content of the pile, the other
hands, the other players' Explorer offers (and their choices until all have
chosen), what they chose this turn in the hand draft (only the Spaceship they
passed to shows) and the discards it never held.

:attr:`View.world` is one full state that agrees with the view, built from the
view alone in one fixed way (unseen cards in id order), for the rules engine to
answer legal moves, checks and scores; nothing a hint ranks depends on which
unseen card went where.

>>> from solver.vbm.rules import new_state
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
from dataclasses import dataclass, replace

from solver.errors import IllegalMoveError, NotationError, NotYourTurnError
from solver.game import Json, Score, ScorePad, Seat, not_your_seat
from solver.vbm.area import Area, frontier
from solver.vbm.cards import Deck, Pos, deck_named
from solver.vbm.fields import shown
from solver.vbm.state import ROUNDS, SIMULTANEOUS, Move, State, undecided


def hidden_discards(players: int, mode: str, round_: int, known: int) -> int:
    """How many discards a seat has not seen: one per player at each round's end in
    the hand draft, none in the row draft (its discards lie face up)."""
    return 0 if mode == "rows" else players * min(round_, ROUNDS) - known


def shown_explorers(state: State, seat: Seat | None) -> tuple[str | None, ...]:
    """The Explorer cards ``seat`` sees: its own, and every one once all are chosen
    (``seat`` None: what every seat sees)."""
    choosing = state.phase == "explorer"
    return tuple(e if s == seat or not choosing else None for s, e in enumerate(state.explorers))


def public_scores(state: State) -> ScorePad:
    """``Game.public_scores``: the score pad as every seat sees it. The play areas,
    portals and tokens lie open; an Explorer card counts once all are shown."""
    return ScorePad.of(replace(state, explorers=shown_explorers(state, None)))


@dataclass(frozen=True)
class View:
    """What ``seat`` knows (see the module docstring).

    Args:
        seat: whose view.
        players / mode / deck_name / sides / phase / round / turn / first: as in
            the state.
        to_move: the seat whose decision is pending (None: the game is over).
        sets: the card sets in play.
        offer: the seat's two Explorer offers.
        kept: whether each seat has kept its Explorer card (a seat sees that the
            others have chosen, not what).
        explorers: the chosen Explorer cards; another seat's is None until all
            are chosen.
        areas: every play area.
        hand: the seat's own hand (None while the Explorers are being chosen).
        hand_sizes: the number of cards on each Spaceship.
        pending: this turn's choices; another seat's hand-draft choice shows
            only its ``pass_to`` (its card and cell are None).
        pile: the number of cards not yet dealt or revealed.
        discards: the discards the seat knows, in the order made.
        passed: the cards the seat passed on this round.
        sand_direction: the setting of that name, as in the state.
        explorer_tokens: the setting of that name, as in the state.
    """

    seat: Seat
    players: int
    mode: str
    deck_name: str
    sides: tuple[int, ...]
    phase: str
    round: int
    turn: int
    first: int
    to_move: Seat | None
    sets: tuple[int, ...]
    offer: tuple[str, ...]
    kept: tuple[bool, ...]
    explorers: tuple[str | None, ...]
    areas: tuple[Area, ...]
    hand: tuple[str, ...] | None
    hand_sizes: tuple[int, ...]
    pending: tuple[Move | None, ...]
    pile: int
    rows: tuple[tuple[str, ...], ...]
    live: tuple[str, ...]
    tokens: tuple[tuple[int, ...], ...]
    pyramids: tuple[tuple[int, ...], ...]
    claimed: frozenset[tuple[str, int, int]]
    portals: tuple[tuple[Pos, ...], ...]
    portal_left: int
    discards: tuple[str, ...]
    passed: tuple[str, ...]
    sand_direction: str = "arrow"
    explorer_tokens: str = "own"

    @classmethod
    def of(cls, state: State, seat: Seat) -> View:
        """The view of ``state`` from ``seat``.

        Raises:
            NotationError: a seat the game does not have.
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
            raise NotationError(
                f"seat {shown(seat)} is not in a {state.players}-player game", path="seat"
            )
        deck = state.deck
        sets = tuple(sorted({deck.by_id[c].set for c in state.cards()}))
        choosing = state.phase == "explorer"
        pending = tuple(
            p if p is None or s == seat or state.mode == "rows" else Move(pass_to=p.pass_to)
            for s, p in enumerate(state.pending)
        )
        if state.mode == "rows":
            discards = state.discards
        else:
            known = set(state.seen[seat])
            discards = tuple(c for c in state.discards if c in known)
        return cls(
            seat=seat,
            players=state.players,
            mode=state.mode,
            deck_name=state.deck_name,
            sides=state.sides,
            phase=state.phase,
            round=state.round,
            turn=state.turn,
            first=state.first,
            to_move=state.to_move,
            sets=sets,
            offer=state.offers[seat],
            kept=tuple(e is not None for e in state.explorers),
            explorers=shown_explorers(state, seat),
            areas=state.areas,
            hand=None if choosing else state.hands[seat],
            hand_sizes=tuple(len(h) for h in state.hands),
            pending=pending,
            pile=len(state.pile),
            rows=state.rows,
            live=state.live,
            tokens=state.tokens,
            pyramids=state.pyramids,
            claimed=state.claimed,
            portals=state.portals,
            portal_left=state.portal_left,
            discards=discards,
            passed=state.passed[seat] if state.passed else (),
            sand_direction=state.sand_direction,
            explorer_tokens=state.explorer_tokens,
        )

    # --------------------------------------------------------- the protocol
    @property
    def deck(self) -> Deck:
        """The deck the game is played with."""
        return deck_named(self.deck_name)

    def is_terminal(self) -> bool:
        """True once the last turn has been revealed."""
        return self.phase == "over"

    def waiting(self) -> tuple[Seat, ...]:
        """Every seat with a decision in this step (as :meth:`State.waiting
        <solver.vbm.state.State.waiting>`): what the seat sees of who has chosen."""
        if self.phase == "over":
            return ()
        if self.phase in SIMULTANEOUS:
            return undecided(self.phase, self.first, self.kept, self.pending)
        return () if self.to_move is None else (self.to_move,)

    def require_decision(self) -> None:
        """NotYourTurnError unless the seat has a decision in this step."""
        if self.seat not in self.waiting():
            raise NotYourTurnError(f"not your turn: it is seat {self.to_move}'s")

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves while it has a decision (the state's order), else [];
        in a simultaneous step each names the seat, so any waiting seat's move applies."""
        if self.seat not in self.waiting():
            return []
        moves = self.world.choices(self.seat)
        if self.phase not in SIMULTANEOUS:
            return moves
        return [replace(m, seat=self.seat) for m in moves]

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
        from solver.vbm.codec import view_to_json

        return view_to_json(self)

    # ------------------------------------------------------------ the world
    def unseen(self) -> list[str]:
        """The cards of the sets in play the seat has not seen, in id order."""
        return sorted(set(self.deck_cards()) - set(self.seen_cards()))

    def deck_cards(self) -> list[str]:
        """Every card of the sets in play, in deck order."""
        return [c.id for c in self.deck.cards if c.set in self.sets]

    def seen_cards(self) -> list[str]:
        """The cards the seat sees or knows the place of (its passed cards included)."""
        cards = [c for area in self.areas for _, _, c in area]
        for group in (self.hand or (), *self.rows, self.live, self.discards, self.passed):
            cards += group
        cards += [p.card for p in self.pending if p is not None and p.card is not None]
        return cards

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
