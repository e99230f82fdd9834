"""Tests for solver/monstrolicious/reading.py and invariants.py: a state or view the rules
cannot reach is refused on reading, naming the JSON path of the fault."""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from solver.errors import NotationError
from solver.game import RandomPlayer
from solver.monstrolicious import GAME
from solver.monstrolicious.cards import BUFFET, HIDDEN, TRAP, Placed
from solver.monstrolicious.invariants import check_worlds
from solver.monstrolicious.players import GreedyPlayer
from solver.monstrolicious.state import State, new_state

Doc = dict[str, Any]
Keys = BUFFET.keys


def read_state(doc: Doc) -> Any:
    return GAME.from_json(doc)


def read_view(doc: Doc) -> Any:
    return GAME.view_from_json(doc)


def _states() -> Iterator[State]:
    for seed in range(60):
        make: Callable[[int], Any] = GreedyPlayer if seed % 2 else RandomPlayer
        players = [make(seed), make(seed + 1)]
        state = new_state(2, seed)
        yield state
        while not state.is_terminal():
            state = state.apply(players[state.current].choose(state))
            yield state


def _first(found: Callable[[State], Any]) -> tuple[State, Any]:
    """The first state of the seeded games where ``found`` gives something, and that."""
    for state in _states():
        hit = found(state)
        if hit is not None:
            return state, hit
    raise AssertionError("no seeded game reaches such a state")


def _doc(state: State) -> Doc:
    doc: Doc = json.loads(json.dumps(state.to_json()))
    return doc


def _refused(read: Callable[[Doc], Any], doc: Doc, path: str, words: str) -> None:
    with pytest.raises(NotationError) as err:
        read(doc)
    assert err.value.path == path, str(err.value)
    assert words in err.value.message
    assert "\n" not in str(err.value)


def _board_tile(state: State, keep: Callable[[Placed], bool]) -> Any:
    """``(seat, dessert, tile)`` of the first tile on the board that ``keep`` accepts."""
    for s in (0, 1):
        for key, t in zip(Keys, state.board[s], strict=True):
            if t is not None and keep(t):
                return s, key, t
    return None


def _face_down(state: State) -> Any:
    return _board_tile(state, lambda t: not t.face_up)


def test_a_tile_its_own_bounds_exclude_is_refused() -> None:
    state, (s, key, tile) = _first(
        lambda st: _board_tile(st, lambda t: not t.face_up and t.value < 12)
    )
    doc = _doc(state)
    doc["board"][s][key]["at_least"] = tile.value + 1
    _refused(read_state, doc, f"board[{s}].{key}.tile", "cannot have been announced at least")
    view = json.loads(json.dumps(state.view(s).to_json()))
    view["board"][s][key]["at_least"] = tile.value + 1
    _refused(read_view, view, f"board[{s}].{key}.tile", "cannot have been announced at least")


def test_crossed_bounds_are_refused() -> None:
    state, (s, key, _) = _first(_face_down)
    doc = _doc(state)
    doc["board"][s][key].update(at_least=9, at_most=4)
    _refused(read_state, doc, f"board[{s}].{key}.at_least", "at_least 9 is above at_most 4")
    view = json.loads(json.dumps(state.view(1 - s).to_json()))
    view["board"][s][key].update(at_least=9, at_most=4)
    _refused(read_view, view, f"board[{s}].{key}.at_least", "at_least 9 is above at_most 4")


def test_bounds_only_where_battles_put_them() -> None:
    state, (s, key, tile) = _first(
        lambda st: _board_tile(st, lambda t: not t.face_up and t.lo >= 1 and t.value < 12)
    )
    doc = _doc(state)
    doc["board"][s][key]["at_most"] = tile.value
    _refused(read_state, doc, f"board[{s}].{key}.at_most", "never lost a battle")
    state, (s, i) = _first(
        lambda st: next(
            (
                (s, i)
                for s in (0, 1)
                for i, t in enumerate(st.discards[s])
                if t.face_up and t.value != TRAP
            ),
            None,
        )
    )
    doc = _doc(state)
    doc["discards"][s][i]["at_least"] = 1
    _refused(read_state, doc, f"discards[{s}][{i}].at_least", "face-up tile carries no bounds")


def test_a_face_down_discard_was_never_a_winner() -> None:
    def lost(st: State) -> Any:
        for s in (0, 1):
            for i, t in enumerate(st.discards[s]):
                if not t.face_up and t.lo == 1 and t.value >= 2:
                    return s, i, t
        return None

    state, (s, i, tile) = _first(lost)
    doc = _doc(state)
    doc["discards"][s][i]["at_least"] = tile.value
    _refused(read_state, doc, f"discards[{s}][{i}].at_least", "never announced at least")


def test_reveal_pending_needs_the_donuts_won_by_the_mover() -> None:
    def even(st: State) -> Any:
        counts = {len(x) for x in st.stacks}
        held = st.board[st.current][BUFFET.donuts]
        if not st.reveal_pending and len(counts) == 1 and st.stacks[0] and held is None:
            return True
        return None

    state, _ = _first(even)
    doc = _doc(state)
    doc["reveal_pending"] = True
    _refused(read_state, doc, "reveal_pending", "after taking the Donuts")
    view = json.loads(json.dumps(state.view(1 - state.current).to_json()))
    view["reveal_pending"] = True
    _refused(read_view, view, "reveal_pending", "after taking the Donuts")


def test_a_finished_game_has_every_tile_up_and_no_trap_in_play() -> None:
    state, (s, key, _) = _first(
        lambda st: _board_tile(st, lambda t: t.value != TRAP) if st.is_terminal() else None
    )
    doc = _doc(state)
    doc["board"][s][key]["up"] = False
    _refused(read_state, doc, f"board[{s}].{key}.up", "every tile on the buffet is face up")
    doc = _doc(state)
    trap = next(i for i, t in enumerate(doc["discards"][s]) if t["tile"] == "trap")
    doc["discards"][s][trap]["tile"], doc["board"][s][key]["tile"] = (
        doc["board"][s][key]["tile"],
        "trap",
    )
    _refused(read_state, doc, f"board[{s}].{key}.tile", "Traps in play are discarded")


def test_stacks_follow_the_turns() -> None:
    state, _ = _first(lambda st: True if len({len(x) for x in st.stacks}) == 2 else None)
    doc = _doc(state)
    doc["to_move"] = 1 - doc["to_move"]
    _refused(read_state, doc, "stacks", "the players take turns")


def test_the_mover_has_an_empty_space() -> None:
    full = tuple(Placed(v) for v in range(1, 12))
    state = State(
        4,
        0,
        ((12, TRAP), (12, TRAP)),
        (full, (None,) * len(Keys)),
        ((), tuple(Placed(v, True) for v in range(1, 12))),
    )
    _refused(read_state, _doc(state), "board[0]", "no empty space")


def test_each_tile_is_in_one_place() -> None:
    doc = _doc(new_state(2, 3))
    doc["stacks"][0][1] = doc["stacks"][0][0]
    _refused(read_state, doc, "stacks[0][1]", "is already at stacks[0][0]")
    doc = _doc(new_state(2, 3))
    lost = doc["stacks"][1].pop()
    _refused(read_state, doc, "stacks[1]", f"{'Trap' if lost == 'trap' else lost} are nowhere")


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        (lambda d: d.update(game="vbm"), "game", "this is a vbm state, not a monstrolicious"),
        (lambda d: d.update(to_move=2), "to_move", "must be a whole number from 0 to 1, not 2"),
        (lambda d: d.update(players=3), "players", "must be 2, not 3"),
        (lambda d: d.update(seed=True), "seed", "not True"),
        (lambda d: d.update(seed=2**80), "seed", f"not {2**80}"),
        (lambda d: d.update(hidden=1), "hidden", "has no field 'hidden'"),
        (
            lambda d: d["stacks"].__setitem__(0, [1] * 10_000),
            "stacks[0]",
            "at most 13 entries, not 10000",
        ),
        (lambda d: d["stacks"].append([]), "stacks", "must hold 2 entries, not 3"),
        (lambda d: d["board"][1].update(pizza=None), "board[1].pizza", "has no field 'pizza'"),
        (lambda d: d["board"][0].pop("pie"), "board[0].pie", "missing the field 'pie'"),
        (
            lambda d: d["discards"].__setitem__(1, [{}] * 500),
            "discards[1]",
            "at most 13 entries, not 500",
        ),
        (lambda d: d["stacks"][1].__setitem__(0, 13), "stacks[1][0]", "bad tile 13"),
    ],
)
def test_shapes_are_bounded_and_named(change: Callable[[Doc], Any], path: str, words: str) -> None:
    doc = _doc(new_state(2, 3))
    change(doc)
    _refused(read_state, doc, path, words)


def test_a_view_is_not_a_state() -> None:
    state = new_state(2, 3)
    _refused(read_state, state.view(0).to_json(), "view_of", "not a full state")
    view = json.loads(json.dumps(state.view(0).to_json()))
    view["seed"] = 3
    _refused(read_view, view, "seed", "has no field 'seed'")


def test_a_view_hides_the_opponents_face_down_tiles() -> None:
    state, (s, key, tile) = _first(_face_down)
    view = json.loads(json.dumps(state.view(1 - s).to_json()))
    view["board"][s][key]["tile"] = tile.value if tile.value != TRAP else "trap"
    _refused(read_view, view, f"board[{s}].{key}.tile", "cannot see the opponent's face-down")
    view = json.loads(json.dumps(state.view(s).to_json()))
    view["board"][s][key]["tile"] = None
    _refused(read_view, view, f"board[{s}].{key}.tile", "shows its value")


def test_a_view_shows_the_top_of_its_stack_only_to_place() -> None:
    state = new_state(2, 3)
    waiting = 1 - state.current
    view = json.loads(json.dumps(state.view(waiting).to_json()))
    view["stacks"][waiting]["next"] = 5
    _refused(read_view, view, f"stacks[{waiting}].next", "only when it is about to place")
    view = json.loads(json.dumps(state.view(waiting).to_json()))
    view["stacks"][state.current]["next"] = 5
    _refused(read_view, view, f"stacks[{state.current}].next", "top of the opponent's stack")
    view = json.loads(json.dumps(state.view(state.current).to_json()))
    view["stacks"][state.current]["count"] = 14
    _refused(read_view, view, f"stacks[{state.current}].count", "from 0 to 13, not 14")


def test_a_view_no_arrangement_fits_is_refused() -> None:
    def two(st: State) -> Any:
        for s in (0, 1):
            keys = [k for k, t in zip(Keys, st.board[s], strict=True) if t and not t.face_up]
            if len(keys) >= 2:
                return s, keys
        return None

    state, (s, keys) = _first(two)
    view = json.loads(json.dumps(state.view(1 - s).to_json()))
    for key in keys[:2]:
        view["board"][s][key]["at_least"] = 12
    _refused(read_view, view, f"board[{s}].{keys[1]}", "cannot meet every announced bound")


def test_every_real_state_and_view_reads_back() -> None:
    for n, state in enumerate(_states()):
        if n % 7:
            continue
        assert read_state(copy.deepcopy(_doc(state))) == state
        for seat in (0, 1):
            doc = json.loads(json.dumps(state.view(seat).to_json()))
            assert read_view(doc).to_json() == doc


def test_long_input_is_quoted_short() -> None:
    doc = _doc(new_state(2, 3))
    doc["stacks"][0][0] = "a" * 5000
    with pytest.raises(NotationError) as err:
        read_state(doc)
    assert err.value.path == "stacks[0][0]" and len(str(err.value)) < 120
    doc = _doc(new_state(2, 3))
    doc["board"][0]["b" * 5000] = None
    with pytest.raises(NotationError) as err:
        read_state(doc)
    assert len(str(err.value)) < 400
    for move in ({"dessert": "x" * 5000}, {"reveal": ["pie"] * 1000}, {"y" * 5000: 1}):
        with pytest.raises(NotationError) as err:
            GAME.move_from_json(move)
        assert len(str(err.value)) < 300


def test_deep_or_huge_values_are_quoted_without_walking_them() -> None:
    deep: list[Any] = []
    for _ in range(5000):
        deep = [deep]
    for bad, path in ((deep, "stacks[0][0]"), (10**5000, "stacks[0][0]")):
        doc = _doc(new_state(2, 3))
        doc["stacks"][0][0] = bad
        _refused(read_state, doc, path, "bad tile")
    doc = _doc(new_state(2, 3))
    doc["board"][0]["pie"] = {"tile": 3, "up": False, "at_least": deep}
    _refused(read_state, doc, "board[0].pie.at_least", "not a list of 1 entry")
    with pytest.raises(NotationError, match="unknown dessert a list of 1 entry"):
        GAME.move_from_json({"dessert": deep})


def test_the_arrangement_check_agrees_with_brute_force() -> None:
    rng = random.Random(5)
    for _ in range(1500):
        unseen = sorted(rng.sample(range(13), rng.randint(1, 6)))
        tiles = []
        for _ in range(rng.randint(1, len(unseen))):
            lo = rng.randint(0, 12)
            tiles.append(Placed(HIDDEN, False, lo, rng.randint(lo, 12)))
        fits = any(
            all(t.lo <= v <= t.hi for t, v in zip(tiles, values, strict=True))
            for values in itertools.permutations(unseen, len(tiles))
        )
        slots = [(f"discards[1][{i}]", t) for i, t in enumerate(tiles)]
        try:
            check_worlds(1, slots, unseen)
        except NotationError:
            assert not fits, (tiles, unseen)
        else:
            assert fits, (tiles, unseen)
