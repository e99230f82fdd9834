"""Very Big Monster: what a seat is told after a move (``solver.events``, docs/events.md).

Read from two views of one seat. In the Explorer choice and the hand draft a
choice stays hidden until every seat has chosen: another seat's choice shows only
as made (and the Spaceship the rest went to); then every card is revealed and
placed together, portals are completed and mission tokens taken. The row draft
lies face up: the row picked, the cards kept and discarded. Then the rounds, the
rows revealed, and the end.

>>> from solver.vbm.state import new_state
>>> s = new_state(2, 7)
>>> [e.text for e in events(s.view(1), s.apply(s.legal_moves()[0]).view(1))]
['Seat 0 kept an Explorer card.']
"""

from __future__ import annotations

from typing import Any

from solver.events import GAME_OVER, Event, ended, listed, points, sentence, who, whose
from solver.game import Seat
from solver.vbm.cards import Pos
from solver.vbm.labels import label
from solver.vbm.moves import Move
from solver.vbm.state import View
from solver.vbm.table import ROUNDS

CODES = (
    "explorer-chosen",
    "explorers-revealed",
    "card-chosen",
    "card-discarded",
    "card-placed",
    "portal-completed",
    "mission-token-taken",
    "round-ended",
    "row-revealed",
    GAME_OVER,
)
"""Every code this module answers, in the order a turn tells them."""


def events(before: View, after: View) -> list[Event]:
    """What the seat of ``before`` sees happen between its two views."""
    if before.is_terminal():
        return []
    if before.phase == "explorer":
        told = _explorers(before, after)
    else:
        told = _chosen(before, after) + _discarded(before, after) + _revealed(before, after)
        told += _new_rows(before, after)
        if after.round > before.round:
            text = f"round {after.round} of {ROUNDS} is over"
            text += "" if after.is_terminal() else ": new hands were dealt"
            told.append(Event("round-ended", {"round": after.round}, sentence(text)))
    return told + ended(before, after)


def _explorers(before: View, after: View) -> list[Event]:
    """Explorer cards kept (only the seat told sees its own), then all revealed."""
    told = []
    for seat, (was, now) in enumerate(zip(before.kept, after.kept, strict=True)):
        if now and not was:
            own = after.explorers[seat] if seat == before.seat else None
            text = f"{who(seat, before.seat)} kept an Explorer card"
            if own is not None:
                text = f'you kept the Explorer "{after.deck.explorer(own).text}"'
            told.append(Event("explorer-chosen", {"seat": seat, "explorer": own}, sentence(text)))
    if after.phase != "explorer":
        cards = [
            f'{whose(seat, before.seat)} "{after.deck.explorer(card).text}"'
            for seat, card in enumerate(after.explorers)
            if card is not None
        ]
        text = sentence("every Explorer card is revealed: " + listed(cards))
        told.append(Event("explorers-revealed", {"explorers": list(after.explorers)}, text))
    return told


def _chosen(before: View, after: View) -> list[Event]:
    """Choices made that are not yet revealed (hand draft: hidden but the Spaceship)."""
    told = []
    for seat, (was, now) in enumerate(zip(before.pending, after.pending, strict=True)):
        if was is not None or now is None:
            continue
        you = who(seat, before.seat)
        params: dict[str, Any] = {"seat": seat, "card": now.card, "at": _at(now.at)}
        params["pass_to"] = now.pass_to
        text = f"{you} chose a card"
        if now.card is not None:
            text = f"{you} chose to place {_place(after, now.card, now.at)}"
        if now.pass_to is not None:
            text += f" and passed the rest to {whose(now.pass_to, before.seat)} Spaceship"
        told.append(Event("card-chosen", params, sentence(text)))
    return told


def _discarded(before: View, after: View) -> list[Event]:
    """Cards the seat sees go back to the box (the row draft's lie face up)."""
    fresh = after.discards[len(before.discards) :]
    mover = before.to_move if before.mode == "rows" else None
    told = []
    for card in fresh:
        text = f"{_card(after, card)} went back to the box"
        if mover is not None:
            text = f"{who(mover, before.seat)} discarded {_card(after, card)}"
        told.append(Event("card-discarded", {"seat": mover, "card": card}, sentence(text)))
    return told


def _revealed(before: View, after: View) -> list[Event]:
    """The turn's cards placed together, then portals and missions."""
    if all(len(a) == len(b) for a, b in zip(before.areas, after.areas, strict=True)):
        return []
    scores = [s.total for s in before.scores()], [s.total for s in after.scores()]
    portal_vp = after.deck.portal_vp
    placed, more = [], []
    for seat in range(after.players):
        gain = scores[1][seat] - scores[0][seat]
        for at in after.portals[seat][len(before.portals[seat]) :]:
            gain -= portal_vp
            text = f"{who(seat, before.seat)} completed a portal ({points(portal_vp)})"
            params: dict[str, Any] = {"seat": seat, "at": _at(at), "points": portal_vp}
            more.append(Event("portal-completed", params, sentence(text)))
        for tile, team, value in _tokens(before, after, seat):
            gain -= value
            side = after.deck.missions[tile][after.sides[tile]]
            kind = "team" if team else "personal"
            text = f"{who(seat, before.seat)} took a {value}-point token of the {kind} mission"
            text += f' "{side.text}" ({points(value)})'
            params = {"seat": seat, "mission": tile, "team": team, "value": value, "points": value}
            more.append(Event("mission-token-taken", params, sentence(text)))
        r, c, card = after.areas[seat][-1]
        text = f"{who(seat, before.seat)} placed {_place(after, card, (r, c))}"
        params = {"seat": seat, "card": card, "at": [r, c], "points": gain}
        placed.append(Event("card-placed", params, sentence(f"{text} ({points(gain)})")))
    return placed + more


def _tokens(before: View, after: View, seat: Seat) -> list[tuple[int, bool, int]]:
    """The mission tokens ``seat`` took: ``(tile, team, value)``, tile by tile. A tile's
    personal missions done this turn take its top token, then its team missions the
    next; a mission done on an emptied tile gives none."""
    done = after.claimed - before.claimed
    mate = (seat + after.players // 2) % after.players if after.mode == "team" else None
    got = []
    for tile, pyramid in enumerate(before.pyramids):
        personal = any(kind == "personal" and t == tile for kind, _, t in done)
        if ("personal", seat, tile) in done and pyramid:
            got.append((tile, False, pyramid[0]))
        team = None if mate is None else ("team", min(seat, mate), tile)
        below = pyramid[1:] if personal else pyramid
        if team in done and below:
            got.append((tile, True, below[0]))
    return got


def _new_rows(before: View, after: View) -> list[Event]:
    told = []
    for index, row in enumerate(after.rows):
        if row not in before.rows:
            text = "a new row is open: " + listed([_card(after, c) for c in row])
            told.append(Event("row-revealed", {"row": index, "cards": list(row)}, sentence(text)))
    return told


def _place(view: View, card: str, at: Pos | None) -> str:
    """``Sand S09 at row 2, column -1`` (a minus sign), as the move's label words it."""
    return label(Move(card, at), view).removeprefix("Place ")


def _card(view: View, card: str) -> str:
    known = view.deck.by_id.get(card)
    return card if known is None else f"{known.terrain.value.capitalize()} {card}"


def _at(at: Pos | None) -> list[int] | None:
    return None if at is None else [at[0], at[1]]
