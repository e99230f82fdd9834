"""Every invariant the rulebook implies for a state and a seat's view, each fault
named by its JSON path.

:func:`check_state` takes a state whose fields are already bounded in type and
length (``reading`` reads them so) and checks it could come from play: the cards
are whole sets, each in one place; each phase has the sizes, seats and numbers
its turn implies; every card touches the area it was placed in; this turn's
choices are legal; missions, tokens and portal tiles agree with the areas.

:func:`check_view` takes a view read the same way and checks its own facts (hand,
hidden choices, sets, how many cards are unseen), then the full state it
describes (:attr:`View.world <solver.vbm.state.View.world>`) against every
invariant of a state: a fault there is named at the view's own path.

>>> from dataclasses import replace
>>> from solver.vbm.state import new_state
>>> state = new_state(2, 3)
>>> check_state(state)
>>> check_state(replace(state, explorers=(state.offers[0][0], state.offers[1][0])))
Traceback (most recent call last):
...
solver.errors.NotationError: explorers: every Explorer is chosen: the explorer phase is over
"""

from __future__ import annotations

from dataclasses import fields

from solver.errors import NotationError
from solver.vbm.area import EXPLORER_POS, frontier
from solver.vbm.rules import sets_wanted
from solver.vbm.scoring import combined
from solver.vbm.state import State, View
from solver.vbm.table import HAND, ROUNDS, TURNS_PER_ROUND, tally
from solver.vbm.view import hidden_discards

#: Most cards one play area holds (the row draft's 20).
MAX_AREA = 20


def _fail(message: str, path: str) -> None:
    raise NotationError(message, path=path)


def row_counts(players: int, total: int, turn: int) -> tuple[int, int]:
    """Open rows and cards left in the pile at the start of ``turn`` of the row draft
    (0 rows: the game is over)."""
    size = 2 * players
    rows, pile = 1, total - size
    for done in range(1, turn + 1):
        rows -= 1
        want = 2 if done >= players - 1 else 1
        while rows < want and pile >= size:
            rows, pile = rows + 1, pile - size
        if rows <= 0:
            return 0, pile
    return rows, pile


def row_turns(players: int, total: int) -> int:
    """How many turns the row draft lasts."""
    turn = 0
    while row_counts(players, total, turn)[0] > 0 and turn <= MAX_AREA:
        turn += 1
    return turn


def check_state(state: State) -> None:
    """NotationError naming the first fault (see the module docstring)."""
    if state.phase in ("explorer", "over") and any(p is not None for p in state.pending):
        _fail("no card is being chosen in this phase", "pending")
    total = _check_cards(state)
    _check_explorers(state)
    _check_phase(state, total)
    _check_areas(state)
    _check_pending(state)
    _check_round_cards(state)
    _check_missions(state)
    _check_portals(state)


def _check_cards(state: State) -> int:
    """Cards: each in one place, and together whole sets (as many as the mode uses)."""
    deck = state.deck
    seen: set[str] = set()
    places = [(f"areas[{s}]", [c for _, _, c in area]) for s, area in enumerate(state.areas)]
    places += [(f"hands[{s}]", list(h)) for s, h in enumerate(state.hands)]
    places += [("pile", list(state.pile)), ("live", list(state.live))]
    places += [(f"rows[{k}]", list(r)) for k, r in enumerate(state.rows)]
    places += [("discards", list(state.discards))]
    if state.mode == "rows":
        places += [
            (f"pending[{s}].card", [p.card]) for s, p in enumerate(state.pending) if p and p.card
        ]
    for path, cards in places:
        for k, card in enumerate(cards):
            if card in seen:
                where = path if path.endswith(".card") else f"{path}[{k}]"
                _fail(f"card {card!r} is in two places", where)
            seen.add(card)
    sets = {deck.by_id[c].set for c in state.cards()}
    want = sets_wanted(state.players, state.mode)
    if len(sets) != want:
        _fail(
            f"a {state.players}-player {state.mode} game uses {want} whole sets, not {len(sets)}",
            "pile",
        )
    missing = [c.id for c in deck.cards if c.set in sets and c.id not in seen]
    if missing:
        _fail(f"card {missing[0]!r} of a set in play is nowhere", "pile")
    return len(seen)


def _check_explorers(state: State) -> None:
    deck_ids = {e.id for e in state.deck.explorers}
    dealt: set[str] = set()
    for s, offer in enumerate(state.offers):
        if len(offer) != 2 or len(set(offer)) != 2 or not set(offer) <= deck_ids:
            _fail("each player is dealt two different Explorer cards", f"offers[{s}]")
        if dealt & set(offer):
            _fail("an Explorer card is dealt to two players", f"offers[{s}]")
        dealt |= set(offer)
    for s, chosen in enumerate(state.explorers):
        if chosen is not None and chosen not in state.offers[s]:
            _fail(
                f"keep one of the two Explorer cards dealt ({', '.join(state.offers[s])})",
                f"explorers[{s}]",
            )
    chosen_count = sum(e is not None for e in state.explorers)
    if state.phase == "explorer":  # every seat chooses at once, in any order
        if chosen_count == state.players:
            _fail("every Explorer is chosen: the explorer phase is over", "explorers")
    elif chosen_count != state.players:
        _fail("every player keeps an Explorer card before the first turn", "explorers")


def _check_phase(state: State, total: int) -> None:
    """Round, turn, first player and the size of every pile the phase implies."""
    players, draft = state.players, state.mode != "rows"
    phase = state.phase
    if (draft and phase == "rows") or (not draft and phase == "draft"):
        _fail(f"a {state.mode} game has no {phase} phase", "phase")
    rnd = (
        ROUNDS
        if phase == "over" and draft
        else 0
        if phase == "explorer" or not draft
        else state.round
    )
    if state.round != rnd or (draft and phase == "draft" and state.round >= ROUNDS):
        _fail(f"must be {rnd} in this phase", "round")
    if draft:
        turn = 0 if phase in ("explorer", "over") else state.turn
        if state.turn != turn or turn >= TURNS_PER_ROUND:
            _fail(f"a round has {TURNS_PER_ROUND} turns (0 to 8): must be {min(turn, 8)}", "turn")
        first = 0 if phase in ("explorer", "over") else (rnd * TURNS_PER_ROUND + turn) % players
        placed = TURNS_PER_ROUND * rnd + turn
        hand = HAND - turn if phase != "over" else 0
        pile = players * HAND if rnd == 0 else 0
        rows = live = 0
        discards = players * rnd
    else:
        turns = row_turns(players, total)
        turn = 0 if phase == "explorer" else turns if phase == "over" else state.turn
        if state.turn != turn or (phase == "rows" and turn >= turns):
            _fail(f"the row draft lasts {turns} turns: must be {min(turn, turns)}", "turn")
        first = turn % players
        placed, hand = turn, 0
        rows, pile = row_counts(players, total, turn)
        live = 0
        chosen = sum(p is not None for p in state.pending)
        if chosen:
            rows, live = rows - 1, 2 * players - 2 * chosen
        discards = turn * players + chosen
    if state.first != first:
        _fail(f"the first player of this turn is seat {first}, not {state.first}", "first")
    for s in range(players):
        if len(state.areas[s]) != placed:
            _fail(
                f"holds {placed} cards at this point of the game, not {len(state.areas[s])}",
                f"areas[{s}]",
            )
        if len(state.hands[s]) != hand:
            _fail(
                f"holds {hand} cards at this point of the game, not {len(state.hands[s])}",
                f"hands[{s}]",
            )
    for path, found, want in (
        ("rows", len(state.rows), rows),
        ("live", len(state.live), live),
        ("discards", len(state.discards), discards),
    ):
        if found != want:
            _fail(f"holds {want} at this point of the game, not {found}", path)
    for k, row in enumerate(state.rows):
        if len(row) != 2 * players:
            _fail(f"a row holds {2 * players} cards", f"rows[{k}]")
    if len(state.pile) != pile:
        _fail(f"holds {pile} cards at this point of the game, not {len(state.pile)}", "pile")


def _check_areas(state: State) -> None:
    """Each card was placed edge to edge with the area as it then was."""
    for s, area in enumerate(state.areas):
        for k, (r, c, _) in enumerate(area):
            if (r, c) == EXPLORER_POS:
                _fail("the Explorer card lies there", f"areas[{s}][{k}]")
            if (r, c) not in frontier(area[:k]):
                _fail(
                    f"a card must touch an edge of the area on a free space, not ({r}, {c})",
                    f"areas[{s}][{k}]",
                )


def _check_pending(state: State) -> None:
    """This turn's choices, each one legal: in the hand draft made at once, in any order
    (each passing to a Spaceship no other choice took); in the row draft in turn from
    the first player."""
    if state.phase not in ("draft", "rows"):
        return
    order = state.order()
    chosen = sum(p is not None for p in state.pending)
    if chosen >= state.players:
        _fail("when every player has chosen, the cards are revealed", "pending")
    for k, s in enumerate(order):
        move, path = state.pending[s], f"pending[{s}]"
        if state.mode == "rows" and (move is None) != (k >= chosen):
            _fail(
                f"players choose in turn from seat {state.first}: "
                f"seat {order[min(k, chosen)]} is next",
                path,
            )
        if move is None:
            continue
        if (
            move.card is None
            or move.at is None
            or move.row is not None
            or move.discard is not None
            or move.explorer is not None
        ):
            _fail("a choice of this turn is a card and its place (and where the rest went)", path)
        if move.at not in frontier(state.areas[s]):
            _fail("a card must touch an edge of the area on a free space", f"{path}.at")
        if state.mode == "rows":
            if move.pass_to is not None:
                _fail("the row draft passes no cards", f"{path}.pass")
            continue
        hand = state.hands[s]
        if move.card not in hand:
            _fail(f"card {move.card!r} is not on that Spaceship", f"{path}.card")
        # Passing to one's own Spaceship needs every other one taken, so only the last
        # to choose may, and then the turn is revealed: a choice kept here never does.
        taken = {p.pass_to for t, p in enumerate(state.pending) if p is not None and t != s}
        targets = [t for t in range(state.players) if t != s and t not in taken]
        if len(hand) <= 2:
            targets = []
        if move.pass_to is None if targets else move.pass_to is not None:
            _fail(
                f"the rest goes to a free Spaceship: one of {targets}"
                if targets
                else "the last card is discarded",
                f"{path}.pass",
            )
        if move.pass_to is not None and move.pass_to not in targets:
            _fail(f"the rest goes to a free Spaceship: one of {targets}", f"{path}.pass")


def _check_round_cards(state: State) -> None:
    """Cards passed on are of this round; discards known are discards."""
    if state.mode == "rows":
        return
    this_round = state.round_cards()
    discards = set(state.discards)
    for name, groups, allowed in (
        ("passed", state.passed, this_round),
        ("seen", state.seen, discards),
    ):
        for s, group in enumerate(groups):
            if list(group) != sorted(set(group)):
                _fail("lists each card once, in id order", f"{name}[{s}]")
            for k, card in enumerate(group):
                if card not in allowed:
                    what = "a card of this round" if name == "passed" else "a discarded card"
                    _fail(f"card {card!r} is not {what}", f"{name}[{s}][{k}]")


def _check_missions(state: State) -> None:
    """Claims are exactly the missions the areas complete; tokens come from them."""
    deck = state.deck
    sides = [tile[side] for tile, side in zip(deck.missions, state.sides, strict=True)]
    counts = [
        dict(tally(state.deck_name, area, state.sand_direction).counts) for area in state.areas
    ]
    teams = state.teams
    done: set[tuple[str, int, int]] = set()
    for tile, side in enumerate(sides):
        done |= {
            ("personal", s, tile)
            for s in range(state.players)
            if counts[s][side.counter] >= side.personal
        }
        for t, (a, b) in enumerate(teams or ()):
            if combined(counts[a], counts[b])[side.counter] >= side.team:
                done.add(("team", t, tile))
        rewards = side.rewards[:1] if state.mode == "free" else side.rewards
        pile = state.pyramids[tile]
        if tuple(rewards[len(rewards) - len(pile) :]) != pile or len(pile) > len(rewards):
            _fail(f"what is left of the pyramid {list(rewards)} (top first)", f"pyramids[{tile}]")
    for claim in sorted(state.claimed ^ done):
        kind, who, tile = claim
        verb = "is claimed but not" if claim in state.claimed else "is not claimed but"
        _fail(
            f"the {kind} mission of tile {tile} for "
            f"{'team' if kind == 'team' else 'seat'} {who} {verb} completed",
            "claimed",
        )
    values = {v for side in sides for v in side.rewards}
    for s, tokens in enumerate(state.tokens):
        mine = sum(
            1
            for kind, who, _ in state.claimed
            if (kind == "personal" and who == s) or (kind == "team" and teams and s in teams[who])
        )
        if len(tokens) > mine:
            _fail(f"holds more tokens than the {mine} missions completed", f"tokens[{s}]")
        for k, v in enumerate(tokens):
            if v not in values:
                _fail(f"no mission in play gives a token worth {v}", f"tokens[{s}][{k}]")


def _check_portals(state: State) -> None:
    """Portal tiles lie on completed portals; while tiles are left every one has one."""
    taken = 0
    for s, points in enumerate(state.portals):
        done = tally(state.deck_name, state.areas[s]).portal_points
        for k, point in enumerate(points):
            if point not in done:
                _fail("a Portal tile lies only on a completed portal", f"portals[{s}][{k}]")
        if len(set(points)) != len(points):
            _fail("one Portal tile per portal", f"portals[{s}]")
        if state.portal_left > 0 and set(points) != done:
            _fail(
                "every completed portal takes a Portal tile while tiles are left", f"portals[{s}]"
            )
        taken += len(points)
    if taken + state.portal_left != state.deck.portal_tiles:
        _fail(
            f"{state.deck.portal_tiles} Portal tiles in all: "
            f"{taken} taken leaves {state.deck.portal_tiles - taken}",
            "portal_left",
        )


def check_view(view: View) -> None:
    """The view's own facts, then the state it describes (see the module docstring)."""
    if len(view.hand_sizes) != view.players:
        raise NotationError(f"needs {view.players} entries", path="hand_sizes")
    if sorted(set(view.sets)) != list(view.sets) or any(
        s not in view.deck.sets() for s in view.sets
    ):
        raise NotationError("must list sets of the deck, each once, in order", path="sets")
    if view.hand is not None and len(view.hand) != view.hand_sizes[view.seat]:
        raise NotationError(f"your Spaceship holds {view.hand_sizes[view.seat]} cards", path="hand")
    if (view.hand is None) != (view.phase == "explorer"):
        raise NotationError(
            "your hand shows from the first turn on (it is dealt once the Explorers are chosen)",
            path="hand",
        )
    if view.phase == "explorer":
        for s, e in enumerate(view.explorers):
            if e is not None and s != view.seat:
                raise NotationError(
                    "another player's Explorer stays hidden until all are chosen",
                    path=f"explorers[{s}]",
                )
    for s, p in enumerate(view.pending):
        masked = p is not None and p.card is None
        if masked and (s == view.seat or view.mode == "rows"):
            raise NotationError(
                "this choice is not hidden from you: it needs its card", path=f"pending[{s}]"
            )
        if p is not None and not masked and s != view.seat and view.mode != "rows":
            raise NotationError(
                'another player\'s choice this turn stays hidden: show only its "pass"',
                path=f"pending[{s}]",
            )
    if len(view.offer) != 2:
        raise NotationError("you were dealt two Explorer cards", path="offer")
    hidden = hidden_discards(view.players, view.mode, view.round, len(view.discards))
    if hidden < 0:
        raise NotationError("more discards than the rounds played have made", path="discards")
    slots = (
        view.pile
        + hidden
        + sum(size for s, size in enumerate(view.hand_sizes) if s != view.seat or view.hand is None)
    )
    placed = {c for area in view.areas for _, _, c in area} | set(view.hand or ())
    pool = len(view.unseen()) + len(set(view.passed) - placed)
    if slots != pool:
        raise NotationError(
            f"the sets in play leave {pool} cards unseen, not {slots} (hands, pile, discards)",
            path="pile",
        )
    world = view.world
    try:
        check_state(world)
    except NotationError as err:
        raise NotationError(err.message, path=_view_path(err.path or "", view.seat)) from None
    again = View.of(world, view.seat)
    for field in fields(View):
        if getattr(again, field.name) != getattr(view, field.name):
            raise NotationError("does not agree with the rest of the view", path=field.name)


def _view_path(path: str, seat: int) -> str:
    """Where in a view a fault of the state it describes lies (``passed[0][2]`` -> ``passed[2]``).

    >>> _view_path("passed[1][2]", 1), _view_path("hands[3]", 1), _view_path("areas[0][1]", 1)
    ('passed[2]', 'hand_sizes[3]', 'areas[0][1]')
    """
    head, _, rest = path.partition("[")
    index, _, tail = rest.partition("]")
    if head not in ("passed", "seen", "hands", "offers") or not index.isdigit():
        return path
    own = int(index) == seat
    if head in ("passed", "seen"):
        return ("passed" if head == "passed" else "discards") + tail if own else head
    if head == "hands":
        return "hand" + tail if own else f"hand_sizes[{index}]"
    return "offer" + tail if own else f"explorers[{index}]"
