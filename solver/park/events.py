"""Monster Park: what a seat is told after a move (``solver.events``, docs/events.md).

Read from two views of one seat, before and after one decision: the action taken
(its card lies face up in the mover's park, its price shows in the tokens), the
tourists invited, then the board prepared for the next player (the tourist and
upgrade spaces refilled, the track moved on, by the monsters' backs only), the
final round and the end.

>>> from solver.park.state import new_state
>>> s = new_state(2, seed=7)
>>> [e.text for e in events(s.view(1), s.apply(s.legal_moves()[0]).view(1))][0]
'Seat 0 took a token (+1 point).'
"""

from __future__ import annotations

from typing import Any

from solver.events import GAME_OVER, Event, ended, listed, points, sentence, who
from solver.game import Seat
from solver.park.cards import AREAS, UPGRADE_KINDS, CardId, Face, Monster
from solver.park.reasons import monster_back, upgrade_name
from solver.park.state import View

CODES = (
    "token-taken",
    "upgrade-bought",
    "monster-invited",
    "passed",
    "tourist-claimed",
    "no-tourist-claimed",
    "tourist-arrived",
    "upgrade-arrived",
    "track-moved",
    "deck-reshuffled",
    "final-round",
    GAME_OVER,
)
"""Every code this module answers, in the order a turn tells them."""


def events(before: View, after: View) -> list[Event]:
    """What the seat of ``before`` sees happen between its two views."""
    mover = before.to_move
    if mover is None:
        return []
    if before.phase == "tourists":
        told = _claimed(before, after, mover)
    else:
        told = _action(before, after, mover)
    if after.turn != before.turn:
        told += _board(before, after, mover)
    return told + ended(before, after)


def _placed(before: View, after: View, seat: Seat) -> list[tuple[str, CardId]]:
    """The cards put into ``seat``'s park, with their area."""
    return [
        (area.value, card)
        for area, old, new in zip(AREAS, before.parks[seat], after.parks[seat], strict=True)
        for card in new[len(old) :]
    ]


def _action(before: View, after: View, mover: Seat) -> list[Event]:
    you = who(mover, before.seat)
    paid = before.tokens[mover] - after.tokens[mover]
    for area, card in _placed(before, after, mover):
        got = before.cards.card(card)
        if isinstance(got, Monster):
            gain = got.points - paid
            params: dict[str, Any] = {
                "seat": mover,
                "monster": card,
                "area": area,
                "size": got.size,
                "character": got.character,
                "value": got.points,
                "price": paid,
                "points": gain,
            }
            text = (
                f"{you} invited {monster_back(got.area, got.size)} ({got.character},"
                f" worth {got.points}) for {_tokens(paid)} ({points(gain)})"
            )
            return [Event("monster-invited", params, sentence(text))]
        upgrade = before.cards.upgrade(card)
        params = {"seat": mover, "upgrade": card, "kind": upgrade.kind, "area": area}
        params |= {"cost": paid, "points": -paid}
        text = f"{you} bought {upgrade_name(upgrade)} for {_tokens(paid)} into the {area} area"
        return [Event("upgrade-bought", params, sentence(f"{text} ({points(-paid)})"))]
    if paid < 0:
        text = f"{you} took a token ({points(-paid)})"
        return [Event("token-taken", {"seat": mover, "points": -paid}, sentence(text))]
    return [Event("passed", {"seat": mover}, sentence(f"{you} passed: no action was possible"))]


def _claimed(before: View, after: View, mover: Seat) -> list[Event]:
    you = who(mover, before.seat)
    gained = after.held[mover][len(before.held[mover]) :]
    if not gained:
        return [Event("no-tourist-claimed", {"seat": mover}, sentence(f"{you} invited no tourist"))]
    told, bank = [], before.bank
    for tourist in gained:
        reward = before.cards.tourist(tourist).reward
        if bank is not None:
            reward = min(reward, bank)
            bank -= reward
        params = {"seat": mover, "tourist": tourist, "points": reward}
        text = f"{you} invited the tourist '{before.cards.tourist(tourist).text}'"
        told.append(Event("tourist-claimed", params, sentence(f"{text} ({points(reward)})")))
    return told


def _board(before: View, after: View, mover: Seat) -> list[Event]:
    """The board prepared for the next player, and the final round."""
    told = []
    for space, tourist in enumerate(after.tourist_row):
        if tourist is not None and tourist not in before.tourist_row:
            text = f"the tourist '{after.cards.tourist(tourist).text}' arrived"
            told.append(Event("tourist-arrived", {"tourist": tourist, "space": space}, text))
    for kind, old, new in zip(UPGRADE_KINDS, before.upgrade_row, after.upgrade_row, strict=True):
        if new is not None and new != old:
            params = {"upgrade": new, "kind": after.cards.upgrade(new).kind, "space": kind}
            text = f"{upgrade_name(after.cards.upgrade(new))} arrived on the {kind} space"
            told.append(Event("upgrade-arrived", params, text))
    if after.reshuffles > before.reshuffles:
        text = "the discarded monsters were shuffled into a new monster deck"
        told.append(Event("deck-reshuffled", {}, text))
    told.append(_track(before, after, mover))
    if after.final_round and not before.final_round:
        text = f"{who(mover, before.seat)} filled a whole park: this is the final round"
        told.append(Event("final-round", {"seat": mover}, text))
    return [Event(e.code, e.params, sentence(e.text)) for e in told]


def _track(before: View, after: View, mover: Seat) -> Event:
    """The front monster discarded, the others moved up, new ones drawn: their backs."""
    track = list(before.track)
    if before.phase == "action":  # a monster invited by this decision leaves its place
        paid = before.tokens[mover] - after.tokens[mover]
        for _, card in _placed(before, after, mover):
            got = before.cards.card(card)
            if isinstance(got, Monster):
                track[_slot(before, (got.area, got.size), paid)] = None
    stayed = sum(face is not None for face in track[1:])
    arrived = [face for face in after.track[stayed:] if face is not None]
    params = {"discarded": _face(track[0]), "arrived": [_face(f) for f in arrived]}
    gone = "" if track[0] is None else f"{monster_back(*track[0])} left the track; "
    came = listed([monster_back(*f) for f in arrived]) or "no monster"
    return Event("track-moved", params, f"{gone}{came} joined the track")


def _slot(view: View, face: Face, paid: int) -> int:
    """The track position a monster of ``face`` was invited from for ``paid`` tokens."""
    return next(i for i, shown in enumerate(view.track) if shown == face and view.price(i) == paid)


def _face(face: Face | None) -> dict[str, Any] | None:
    return None if face is None else {"area": face[0].value, "size": face[1]}


def _tokens(count: int) -> str:
    return "free" if count == 0 else f"{count} token{'s' * (count != 1)}"
