"""The Monster Park game state: setup, legal moves, applying a move, the end.

>>> s = new_game(2, seed=7)
>>> s.to_move, s.tokens, len(s.track), len(s.tourist_row)
(0, (5, 5), 5, 3)
>>> s.legal_moves()[0]
Move(action='token', slot=None, kind=None, area=None, tourists=())
>>> t = s.apply(s.legal_moves()[0])
>>> t.tokens, t.to_move
((6, 5), 1)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from solver.errors import IllegalMoveError
from solver.game import Score, Seat
from solver.park.cards import AREAS, UPGRADE_KINDS, Area, CardId, Deck, Monster, load_deck
from solver.park.checks import quote
from solver.park.moves import Move
from solver.park.rules import (
    EMPTY_PARK,
    Park,
    claim_error,
    claim_options,
    counts,
    is_full,
    place_error,
)
from solver.park.settings import Settings

if TYPE_CHECKING:
    from solver.park.view import ParkView

TRACK_LEN = 5
ROW_LEN = 3
START_TOKENS = 5


@dataclass(frozen=True)
class ParkState:
    """Everything on the table. ``to_move`` is None once the game is over.

    ``phase`` is ``action`` (choose one of the three actions), ``tourists``
    (choose which tourists to invite after it) or ``over``. Decks list their
    cards top first; ``reshuffles`` counts how often the discard pile became
    the monster deck (each shuffle is seeded from ``seed`` and that count).
    """

    players: int
    seed: int
    settings: Settings
    to_move: Seat | None
    phase: str
    turn: int
    parks: tuple[Park, ...]
    tokens: tuple[int, ...]
    held: tuple[tuple[CardId, ...], ...]
    track: tuple[CardId | None, ...]
    deck: tuple[CardId, ...]
    discard: tuple[CardId, ...]
    reshuffles: int
    tourist_row: tuple[CardId | None, ...]
    tourist_deck: tuple[CardId, ...]
    upgrade_row: tuple[CardId | None, ...]
    upgrade_supply: tuple[tuple[CardId, ...], ...]
    bank: int | None
    final_round: bool
    cards: Deck = field(compare=False, repr=False)
    """The deck the settings name, loaded once when the state is set up or read."""

    # ------------------------------------------------------------------ moves

    def price(self, slot: int) -> int | None:
        """Tokens to invite from track position ``slot``; None when it cannot be bought."""
        return track_price(self.settings, slot)

    def action_error(self, move: Move) -> str | None:
        """The rule an action breaks for the player to move, or None."""
        seat = self.to_move
        assert seat is not None
        have = self.tokens[seat]
        park = self.parks[seat]
        deck = self.cards
        if move.action == "token":
            if self.bank is not None and self.bank < 1:
                return "the bank is empty: no token can be taken"
            return None
        if move.action == "upgrade":
            assert move.kind is not None and move.area is not None
            card_id = self.upgrade_row[UPGRADE_KINDS.index(move.kind)]
            if card_id is None:
                return f"the {move.kind} supply is empty"
            upgrade = deck.upgrade(card_id)
            if upgrade.cost > have:
                return f"{move.kind} cost {upgrade.cost} tokens; you have {have}"
            return place_error(deck, park, upgrade, move.area)
        if move.action == "invite":
            assert move.slot is not None
            card_id = self.track[move.slot]
            if card_id is None:
                return f"track position {move.slot} is empty"
            price = self.price(move.slot)
            if price is None:
                return (
                    f"track position {move.slot} has no price: its monster cannot be invited "
                    "(setting fifth_slot_buyable)"
                )
            if price > have:
                return (
                    f"inviting from track position {move.slot} costs {price} tokens; "
                    f"you have {have}"
                )
            monster = deck.monster(card_id)
            return place_error(deck, park, monster, move.area or monster.area)
        if move.action == "pass":
            if self._actions():
                return "you may only pass when none of the three actions is possible"
            return None
        return "tourists are invited after an action: choose an action first"

    def _actions(self) -> list[Move]:
        moves = [Move("token")]
        moves += [Move("upgrade", kind=k, area=a) for k in UPGRADE_KINDS for a in AREAS]
        for slot, card_id in enumerate(self.track):
            if card_id is not None:
                moves.append(Move("invite", slot=slot, area=self.cards.monster(card_id).area))
        return [m for m in moves if self.action_error(m) is None]

    def legal_moves(self) -> list[Move]:
        """Every legal move in a fixed order: token, upgrades, invites; or the tourist claims."""
        if self.to_move is None:
            return []
        if self.phase == "tourists":
            return [Move("tourists")] + [
                Move("tourists", tourists=c) for c in self._claims(self.parks[self.to_move])
            ]
        return self._actions() or [Move("pass")]

    def _claims(self, park: Park) -> list[tuple[CardId, ...]]:
        assert self.to_move is not None
        held = len(self.held[self.to_move])
        return claim_options(self.cards, park, held, self.tourist_row, self.settings.run_gaps)

    def move_error(self, move: Move) -> str | None:
        """The rule ``move`` breaks for the player to move, or None when it is legal."""
        seat = self.to_move
        if seat is None:
            return "the game is over"
        if not isinstance(move, Move):
            return "not a Monster Park move"
        if self.phase != "tourists":
            return self.action_error(move)
        if move.action != "tourists":
            return "this turn's action is done: choose which tourists to invite (or none)"
        return claim_error(
            self.cards,
            self.parks[seat],
            len(self.held[seat]),
            self.tourist_row,
            move.tourists,
            self.settings.run_gaps,
        )

    def apply(self, move: Move) -> ParkState:
        """The state after ``move``. Raises IllegalMoveError naming the rule broken."""
        why = self.move_error(move)
        if why is not None:
            raise IllegalMoveError(why)
        seat = self.to_move
        assert seat is not None  # move_error: the game is on
        if self.phase == "tourists":
            return self._claim(move)
        deck = self.cards
        tokens = list(self.tokens)
        bank = self.bank
        park = self.parks[seat]
        track, upgrade_row = self.track, self.upgrade_row
        if move.action == "token":
            tokens[seat] += 1
            bank = None if bank is None else bank - 1
        elif move.action == "upgrade":
            assert move.kind is not None and move.area is not None
            k = UPGRADE_KINDS.index(move.kind)
            card_id = upgrade_row[k]
            assert card_id is not None
            cost = deck.upgrade(card_id).cost
            park = _placed(park, move.area, card_id)
            tokens[seat] -= cost
            bank = None if bank is None else bank + cost
            upgrade_row = (*upgrade_row[:k], None, *upgrade_row[k + 1 :])
        elif move.action == "invite":
            assert move.slot is not None
            card_id = track[move.slot]
            assert card_id is not None
            price = self.price(move.slot) or 0
            park = _placed(park, deck.monster(card_id).area, card_id)
            tokens[seat] -= price
            bank = None if bank is None else bank + price
            track = (*track[: move.slot], None, *track[move.slot + 1 :])
        parks = (*self.parks[:seat], park, *self.parks[seat + 1 :])
        after = replace(
            self, parks=parks, tokens=tuple(tokens), bank=bank, track=track, upgrade_row=upgrade_row
        )
        if after._claims(park):
            return replace(after, phase="tourists")
        return after._end_turn()

    def _claim(self, move: Move) -> ParkState:
        seat = self.to_move
        assert seat is not None
        held = self.held[seat]
        tokens, bank = list(self.tokens), self.bank
        for tourist_id in move.tourists:
            reward = self.cards.tourist(tourist_id).reward
            if bank is not None:
                reward = min(reward, bank)
                bank -= reward
            tokens[seat] += reward
        row = tuple(None if t in move.tourists else t for t in self.tourist_row)
        held_all = (*self.held[:seat], held + move.tourists, *self.held[seat + 1 :])
        after = replace(self, tokens=tuple(tokens), bank=bank, tourist_row=row, held=held_all)
        return after._end_turn()

    def _end_turn(self) -> ParkState:
        """Prepare the board for the next player and pass the turn (or end the game)."""
        seat = self.to_move
        assert seat is not None
        tourist_deck = list(self.tourist_deck)
        row = tuple(
            t if t is not None or not tourist_deck else tourist_deck.pop(0)
            for t in self.tourist_row
        )
        discard = list(self.discard)
        if self.track[0] is not None:
            discard.append(self.track[0])
        track: list[CardId | None] = [c for c in self.track[1:] if c is not None]
        deck, reshuffles = list(self.deck), self.reshuffles
        while len(track) < TRACK_LEN:
            if not deck and discard:
                reshuffles += 1
                deck = discard
                random.Random(f"park:{self.seed}:reshuffle:{reshuffles}").shuffle(deck)
                discard = []
            track.append(deck.pop(0) if deck else None)
        upgrade_row, supply = self._refilled_upgrades()
        final_round = self.final_round or is_full(self.parks[seat])
        nxt = (seat + 1) % self.players
        turn = self.turn + 1
        over = (final_round and nxt == 0) or turn >= self.settings.round_limit * self.players
        return replace(
            self,
            to_move=None if over else nxt,
            phase="over" if over else "action",
            turn=turn,
            tourist_row=row,
            tourist_deck=tuple(tourist_deck),
            track=tuple(track),
            deck=tuple(deck),
            discard=tuple(discard),
            reshuffles=reshuffles,
            upgrade_row=upgrade_row,
            upgrade_supply=supply,
            final_round=final_round,
        )

    def _refilled_upgrades(
        self,
    ) -> tuple[tuple[CardId | None, ...], tuple[tuple[CardId, ...], ...]]:
        row = list(self.upgrade_row)
        supply = [list(s) for s in self.upgrade_supply]
        for k in range(len(row)):
            if row[k] is not None:
                continue
            source = k
            if not supply[k] and self.settings.upgrade_refill == "any":
                source = max(range(len(supply)), key=lambda i: (len(supply[i]), -i))
            if supply[source]:
                row[k] = supply[source].pop(0)
        return tuple(row), tuple(tuple(s) for s in supply)

    # ------------------------------------------------------------------ the end

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON (see ``solver.park.notation``)."""
        from solver.park.notation import state_to_json

        return state_to_json(self)

    def view(self, seat: Seat) -> ParkView:
        """What ``seat`` may see (``ParkView.of(self, seat)``)."""
        from solver.park.view import ParkView

        return ParkView.of(self, seat)

    def is_terminal(self) -> bool:
        """True once the final round is over."""
        return self.to_move is None

    def scores(self) -> list[Score]:
        """Tokens plus monster points, per seat (running totals before the end)."""
        out = []
        for seat in range(self.players):
            c = counts(self.cards, self.parks[seat])
            lines = {"tokens": self.tokens[seat], "monster points": c.points}
            out.append(Score(seat, self.tokens[seat] + c.points, lines))
        return out

    def winners(self) -> tuple[Seat, ...]:
        """Most points; a tie goes to more monsters in the park; still tied, shared."""
        keys = [(s.total, counts(self.cards, self.parks[s.seat]).monsters) for s in self.scores()]
        best = max(keys)
        return tuple(seat for seat, key in enumerate(keys) if key == best)


def track_price(settings: Settings, slot: int) -> int | None:
    """Tokens to invite from track position ``slot`` (0, 1, 2, 3 as printed; the fifth
    per the settings); None when it cannot be bought."""
    if slot == TRACK_LEN - 1 and not settings.fifth_slot_buyable:
        return None
    return settings.fifth_slot_price if slot == TRACK_LEN - 1 else slot


def _placed(park: Park, area: Area, card_id: CardId) -> Park:
    i = AREAS.index(area)
    return (*park[:i], park[i] + (card_id,), *park[i + 1 :])


def new_game(
    players: int, seed: int, settings: Mapping[str, Any] | Settings | None = None
) -> ParkState:
    """Set up a game: shuffled decks, a track of 5, 3 tourists, one upgrade of each kind.

    Seat 0 is the starting player. Raises NotationError for a bad setting or
    player count.
    """
    from solver.errors import NotationError

    rules = settings if isinstance(settings, Settings) else Settings.parse(settings)
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise NotationError(f"Monster Park takes 2-4 players, not {quote(players)}")
    deck = load_deck(rules.deck)
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
    return ParkState(
        players=players,
        seed=seed,
        settings=rules,
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
        bank=None if rules.bank is None else max(0, rules.bank),
        final_round=False,
        cards=deck,
    )


def is_monster(deck: Deck, card_id: CardId) -> bool:
    """True when ``card_id`` names a monster."""
    return isinstance(deck.card(card_id), Monster)
