"""Hostile states: every fault is a NotationError naming its JSON path, never a crash;
decks are named, never read from a path a request gives."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from solver.errors import MonsterError, NotationError, UnknownDeckError
from solver.files import MAX_FILE_BYTES, allow_files
from solver.vbm import GAME, decks
from solver.vbm.picture import render
from solver.vbm.state import State, View, new_state

Doc = dict[str, Any]
PER_SEAT = ("offers", "explorers", "areas", "hands", "pending", "tokens", "portals")


def drafted(players: int = 4, steps: int = 6, settings: dict[str, str] | None = None) -> State:
    """A game ``steps`` decisions past the explorers (first legal move each time)."""
    state = new_state(players, 3, settings)
    while state.phase == "explorer":
        state = state.apply(state.legal_moves()[0])
    for _ in range(steps):
        state = state.apply(state.legal_moves()[-1])
    return state


def seats(doc: Doc, players: int) -> Doc:
    """``doc`` cut or stretched to ``players`` seats (per-seat lists included)."""
    out = copy.deepcopy(doc)
    out["players"] = players
    for key in (*PER_SEAT, "passed", "seen"):
        if out[key]:
            out[key] = (out[key] * players)[:players]
    return out


def placed(doc: Doc, area: list[list[Any]]) -> Doc:
    out = copy.deepcopy(doc)
    out["areas"][0] = area
    return out


TWO = new_state(2, 5).to_json()
ROWS = drafted(2, 3).to_json()
TEAM = drafted(4, 6).to_json()
CARD = TEAM["pile"][0]


def _set(doc: Doc, **changes: Any) -> Doc:
    return {**copy.deepcopy(doc), **changes}


def _pass9(doc: Doc) -> Doc:
    out = copy.deepcopy(doc)
    first = out["first"]
    out["pending"][first]["pass"] = 9
    return out


def _passed(doc: Doc, cards: list[str]) -> Doc:
    out = copy.deepcopy(doc)
    out["passed"][0] = cards
    return out


def _token(doc: Doc, value: int) -> Doc:
    out = copy.deepcopy(doc)
    out["tokens"][0] = [value]
    return out


def _twice(doc: Doc) -> Doc:
    out = copy.deepcopy(doc)
    out["pile"][1] = out["hands"][0][0]
    return out


def _all_chosen(doc: Doc) -> Doc:
    return _set(doc, explorers=[offer[0] for offer in doc["offers"]])


def _row_choice(card: str) -> Doc:
    out = copy.deepcopy(drafted(2, 1).to_json())
    out["pending"][out["first"]]["card"] = card
    return out


CASES: list[tuple[str, Callable[[], Doc], str]] = [
    ("a row-draft choice of no card", lambda: _row_choice("E01"), "pending[0].card"),
    ("one player", lambda: seats(TWO, 1), "players"),
    ("no player", lambda: seats(TWO, 0), "players"),
    ("eight players", lambda: seats(TEAM, 8), "players"),
    ("a 3-player team game", lambda: seats(TEAM, 3), "mode"),
    ("the row draft for 4", lambda: seats(_set(ROWS, mode="rows"), 4), "mode"),
    ("every explorer chosen in the explorer phase", lambda: _all_chosen(TWO), "explorers"),
    (
        "an area of 600 cards",
        lambda: placed(TEAM, [[0, k + 1, CARD] for k in range(600)]),
        "areas[0]",
    ),
    ("a card far away", lambda: placed(ROWS, [[0, 78_000_000_000, CARD]]), "areas[0][0][1]"),
    ("a card in two places", lambda: _twice(TEAM), "pile[1]"),
    (
        "two cards on one cell",
        lambda: placed(TEAM, [[0, 1, CARD], [0, 1, TEAM["pile"][1]]]),
        "pile[0]",
    ),
    ("first: 9", lambda: _set(TEAM, first=9), "first"),
    ("first: another seat", lambda: _set(TEAM, first=3), "first"),
    ("pass: 9", lambda: _pass9(TEAM), f"pending[{TEAM['first']}].pass"),
    ("mission side 7", lambda: _set(TEAM, sides=[7, 0, 0, 0, 0]), "sides[0]"),
    ("a negative token", lambda: _token(TEAM, -5), "tokens[0][0]"),
    ("a token no mission gives", lambda: _token(TEAM, 3), "tokens[0][0]"),
    ("a token without a mission", lambda: _token(TEAM, 10), "tokens[0]"),
    ("another game", lambda: _set(TEAM, game="park"), "game"),
    ("to_move of another seat", lambda: _set(TEAM, to_move=(TEAM["to_move"] + 1) % 4), "to_move"),
    (
        "a hand too big",
        lambda: _set(
            TEAM, hands=[[*TEAM["hands"][0], CARD], *TEAM["hands"][1:]], pile=TEAM["pile"][1:]
        ),
        "hands[0]",
    ),
    ("a turn past the round", lambda: _set(TEAM, turn=9), "turn"),
    ("a round past the game", lambda: _set(TEAM, round=2), "round"),
    ("a missing card", lambda: _set(TEAM, pile=TEAM["pile"][1:]), "pile"),
    ("an unknown card", lambda: _set(TEAM, pile=["NOPE", *TEAM["pile"][1:]]), "pile[0]"),
    (
        "an Explorer not dealt",
        lambda: _set(TEAM, explorers=["E99", *TEAM["explorers"][1:]]),
        "explorers[0]",
    ),
    ("an unknown field", lambda: _set(TEAM, colour="red"), "colour"),
    ("a missing field", lambda: {k: v for k, v in TEAM.items() if k != "pile"}, "pile"),
    ("areas not a list", lambda: _set(TEAM, areas="x"), "areas"),
    ("a claim not made", lambda: _set(TEAM, claimed=[["personal", 0, 0]]), "claimed"),
    ("a pyramid refilled", lambda: _set(TEAM, pyramids=[[10, 10, 10]] * 5), "pyramids[0]"),
    ("a portal not completed", lambda: _set(TEAM, portals=[[[1, 1]], [], [], []]), "portals[0][0]"),
    ("portal tiles out of thin air", lambda: _set(TEAM, portal_left=2), "portal_left"),
    ("a seed of 200 digits", lambda: _set(TEAM, seed=10**200), "seed"),
    ("four mission sides", lambda: _set(TEAM, sides=[0, 0, 0, 0]), "sides"),
    ("an unknown phase", lambda: _set(TEAM, phase="auction"), "phase"),
    ("a hand draft for 2", lambda: _set(ROWS, phase="draft"), "phase"),
    ("one Explorer dealt", lambda: _set(TWO, offers=[["E03"], ["E08", "E10"]]), "offers[0]"),
    (
        "an Explorer dealt twice",
        lambda: _set(TWO, offers=[["E03", "E05"], ["E05", "E10"]]),
        "offers[1]",
    ),
    ("an Explorer not dealt", lambda: _set(TWO, explorers=[None, "E99"]), "explorers[1]"),
    (
        "a row-draft choice out of turn",
        lambda: _set(ROWS, pending=[ROWS["pending"][1], None]),  # seat 1 is first
        "pending[1]",
    ),
    (
        "a choice that names its seat",
        lambda: _set(TEAM, pending=[None, {**TEAM["pending"][1], "seat": 1}, *TEAM["pending"][2:]]),
        "pending[1].seat",
    ),
    (
        "two hands passed to one Spaceship",
        lambda: _set(
            TEAM, pending=[None, TEAM["pending"][1], {**TEAM["pending"][2], "pass": 3}, None]
        ),
        "pending[1].pass",
    ),
    (
        "a choice in the explorer phase",
        lambda: _set(TWO, pending=[ROWS["pending"][1], None]),
        "pending",
    ),
    (
        "a choice hidden in a full state",
        lambda: _set(TEAM, pending=[None, {"pass": 3}, TEAM["pending"][2], None]),
        "pending[1]",
    ),
    (
        "a short row",
        lambda: _set(ROWS, rows=[ROWS["rows"][0][:3]], pile=[*ROWS["rows"][0][3:], *ROWS["pile"]]),
        "rows[0]",
    ),
    (
        "a live row too long",
        lambda: _set(ROWS, live=[*ROWS["live"], ROWS["pile"][0]], pile=ROWS["pile"][1:]),
        "live",
    ),
    (
        "a discard too many",
        lambda: _set(ROWS, discards=[*ROWS["discards"], ROWS["pile"][0]], pile=ROWS["pile"][1:]),
        "discards",
    ),
    ("a passed card of another round", lambda: _passed(TEAM, [TEAM["pile"][0]]), "passed[0][0]"),
    ("passed cards out of order", lambda: _passed(TEAM, ["W18", "G07"]), "passed[0]"),
    ("a known discard never made", lambda: _set(TEAM, seen=[[CARD], [], [], []]), "seen[0][0]"),
    ("a mission claimed twice", lambda: _set(TEAM, claimed=[["personal", 0, 0]] * 2), "claimed[1]"),
    ("a team claim for no team", lambda: _set(TEAM, claimed=[["team", 3, 0]]), "claimed"),
    ("a boolean for a number", lambda: _set(TEAM, turn=True), "turn"),
    ("false for seat 0 to move", lambda: _set(ROWS, to_move=False), "to_move"),
]


@pytest.mark.parametrize(("finding", "make", "path"), CASES, ids=[c[0] for c in CASES])
def test_a_bad_state_is_refused_at_its_path(
    finding: str, make: Callable[[], Doc], path: str
) -> None:
    with pytest.raises(NotationError) as err:
        GAME.from_json(make())
    assert err.value.path == path, (finding, str(err.value))
    assert "Traceback" not in str(err.value) and "index" not in str(err.value)


def test_a_new_game_takes_only_a_seed_its_state_can_carry() -> None:
    with pytest.raises(NotationError) as err:
        new_state(2, 10**30)
    assert err.value.path == "seed"
    assert GAME.from_json(new_state(2, 2**64).to_json()).seed == 2**64


def test_a_request_names_only_built_in_decks() -> None:
    for name in ("/etc/passwd", "/no/such/file.toml", "../deck.toml"):
        with pytest.raises(UnknownDeckError) as err:
            GAME.from_json(_set(TEAM, deck=name))
        assert err.value.path == "deck"
        assert str(err.value) == f"deck: unknown deck {name!r}: the built-in decks are standard"
    with pytest.raises(UnknownDeckError):
        new_state(2, 1, {"deck": "/etc/passwd"})


def test_the_command_line_may_name_a_deck_file_read_with_a_size_limit(tmp_path: Path) -> None:
    text = (Path(decks.__file__).parent / "data" / "deck.toml").read_text("utf-8")
    names = []
    for k in range(decks.DECK_FILES_KEPT + 2):
        path = tmp_path / f"deck{k}.toml"
        path.write_text(text, encoding="utf-8")
        names.append(str(path))
    with allow_files():
        for name in names:
            state = new_state(2, 1, {"deck": name})
            assert GAME.from_json(state.to_json()) == state and state.deck_name == name
        assert decks._deck_file.cache_info().currsize == decks.DECK_FILES_KEPT
        big = tmp_path / "big.toml"
        big.write_text("#" * (MAX_FILE_BYTES + 1), encoding="utf-8")
        with pytest.raises(UnknownDeckError, match="larger than"):
            decks.deck_named(str(big))
    with pytest.raises(UnknownDeckError):  # read once on the command line, still refused here
        decks.deck_named(names[-1])


def mutate(doc: Any, rng: random.Random) -> Any:
    """One random change deep in ``doc``: a number, a card, an entry dropped or doubled."""
    if isinstance(doc, dict) and doc:
        key = rng.choice(sorted(doc))
        return {**doc, key: mutate(doc[key], rng)}
    if isinstance(doc, list) and doc and rng.random() < 0.8:
        k = rng.randrange(len(doc))
        choice = rng.random()
        if choice < 0.6:
            return [*doc[:k], mutate(doc[k], rng), *doc[k + 1 :]]
        if choice < 0.8:
            return doc[:k] + doc[k + 1 :]
        return [*doc, doc[k]]
    return rng.choice([0, 1, -1, 2, 9, 10**9, None, "W01", "E01", [], {}, True, 0.5, [0, 1, "W01"]])


def every_answer(state: State) -> None:
    """Ask a state everything a caller can."""
    state.legal_moves()
    state.scores()
    state.winners()
    for seat in range(state.players):
        view = GAME.view(state, seat)
        assert GAME.view_from_json(view.to_json()) == view
        view_answers(view)


def view_answers(view: View) -> None:
    """Ask a view everything a caller can."""
    render(view)
    view.scores()
    view.winners()
    for move in view.legal_moves()[:3]:
        GAME.validate(view, GAME.move_to_json(move))
    if view.to_move == view.seat and not view.is_terminal():
        GAME.hint(view, 0.02)


def test_mutated_states_and_views_are_refused_or_answered_never_crash() -> None:
    rng = random.Random(12)
    states = [TWO, ROWS, TEAM, drafted(5, 12).to_json(), drafted(6, 40).to_json()]
    states.append(drafted(3, 4, {"mode": "free"}).to_json())
    views = [GAME.view(GAME.from_json(doc), seat).to_json() for doc in states for seat in (0, 1)]
    accepted = 0
    for k in range(2000):
        doc = rng.choice(states if k % 2 else views)
        for _ in range(rng.randint(1, 3)):
            doc = mutate(doc, rng)
        doc = json.loads(json.dumps(doc))
        try:
            read = GAME.read(doc)
        except NotationError as err:
            assert err.path, str(err)
            continue
        with contextlib.suppress(MonsterError):
            every_answer(read) if isinstance(read, State) else view_answers(read)
        accepted += 1
    assert accepted > 20


def test_messages_quote_the_input_briefly() -> None:
    huge = [0] * 10_000
    with pytest.raises(NotationError) as err:
        GAME.move_from_json({"card": "W01", "at": [0, 1], "pass": huge})
    assert len(str(err.value)) < 100
    with pytest.raises(NotationError) as err:
        GAME.from_json(_set(TEAM, turn=huge))
    assert len(str(err.value)) < 100 and err.value.path == "turn"
    with pytest.raises(NotationError) as err:
        GAME.from_json(_set(TEAM, pile=["x" * 10_000, *TEAM["pile"][1:]]))
    assert len(str(err.value)) < 100 and err.value.path == "pile[0]"


def with_portal() -> Doc:
    """A 3-player row-draft state at turn 4 whose seat 0 has just completed a portal
    (four quarter cards swapped into its area from wherever they lay)."""
    state = new_state(3, 8)
    while state.phase == "explorer":
        state = state.apply(state.legal_moves()[0])
    while state.turn < 4:
        state = state.apply(state.legal_moves()[0])
    doc = state.to_json()
    deck = state.deck
    cells = [(0, 1, "se"), (0, 2, "sw"), (1, 1, "ne"), (1, 2, "nw")]
    placed = {c for area in doc["areas"] for _, _, c in area}
    chosen = []
    for _, _, corner in cells:
        chosen.append(
            next(
                c.id
                for c in deck.cards
                if corner in c.portals
                and c.id not in placed
                and c.id not in chosen
                and c.id in state.cards()
            )
        )
    old = [c for _, _, c in doc["areas"][0]]
    swap = dict(zip(chosen, old, strict=True)) | dict(zip(old, chosen, strict=True))
    text = json.dumps({k: v for k, v in doc.items() if k != "areas"})
    for card, other in swap.items():
        text = text.replace(f'"{card}"', f'"@{other}"')
    out: Doc = json.loads(text.replace('"@', '"'))
    out["areas"] = [
        [[r, c, card] for (r, c, _), card in zip(cells, chosen, strict=True)],
        *doc["areas"][1:],
    ]
    return out


def test_portal_tiles_lie_once_on_every_completed_portal() -> None:
    doc = with_portal()
    with pytest.raises(NotationError) as err:
        GAME.from_json(doc)
    assert err.value.path == "portals[0]" and "takes a Portal tile" in str(err.value)
    with pytest.raises(NotationError) as err:
        GAME.from_json({**doc, "portals": [[[1, 2], [1, 2]], [], []], "portal_left": 4})
    assert err.value.path == "portals[0]" and "one Portal tile per portal" in str(err.value)
    state = GAME.from_json({**doc, "portals": [[[1, 2]], [], []], "portal_left": 5})
    assert state.scores()[0].lines["portals"] == state.deck.portal_vp
