from __future__ import annotations

from dataclasses import replace

from solver.arena import game_seed
from solver.park.board import is_full
from solver.park.cards import Deck
from solver.park.moves import Move
from solver.park.players import GreedyPlayer, blocked_areas
from solver.park.state import State, new_state
from tests.solver.park.conftest import card, start, with_park


def _sizes(deck: Deck, area: str, *sizes: int) -> tuple[str, ...]:
    """Distinct monsters of ``area`` with these sizes, friendly first."""
    out: list[str] = []
    for size in sizes:
        for m in deck.monsters:
            if m.area == area and m.size == size and m.id not in out:
                out.append(m.id)
                break
    return tuple(out)


def _blocked_air(deck: Deck) -> State:
    """Seat 0's water and land are full; its air ends in a size-5 monster and the other
    five size-5 air monsters are in seat 1's air: no monster still to come fits."""
    fives = [m.id for m in deck.monsters if m.area == "air" and m.size == 5]
    s = with_park(
        start(seed=4),
        0,
        _sizes(deck, "water", 1, 2, 3, 4, 5),
        _sizes(deck, "land", 1, 2, 3, 4, 5),
        (fives[0],),
    )
    s = with_park(s, 1, (), (), tuple(fives[1:]))
    return replace(s, tokens=(3, 3))


def test_a_park_no_monster_still_to_come_fits_is_blocked(deck: Deck) -> None:
    s = _blocked_air(deck)
    assert blocked_areas(s, 0) == ("air",)
    assert blocked_areas(s, 1) == ()
    assert blocked_areas(start(seed=4), 0) == ()


def test_greedy_buys_an_upgrade_when_its_park_is_blocked(deck: Deck) -> None:
    s = _blocked_air(deck)
    move = GreedyPlayer(1).choose(s)
    assert move.action == "upgrade" and move.area == "air"
    # With another area open it plays for points as before.
    s = with_park(s, 0, s.parks[0][0], s.parks[0][1][:4], s.parks[0][2])
    s = replace(s, track=(card(deck, "water", 1, True), *s.track[1:]))
    assert GreedyPlayer(1).choose(s).action != "upgrade"


def test_greedy_without_tokens_takes_one_to_unblock_later(deck: Deck) -> None:
    s = replace(_blocked_air(deck), tokens=(0, 3))
    assert GreedyPlayer(1).choose(s) == Move("token")


def test_greedy_games_end_with_a_full_park() -> None:
    for i in range(8):
        seed = game_seed(0, i)
        s = new_state(2, seed)
        players = [GreedyPlayer(seed + 1), GreedyPlayer(seed + 2)]
        while not s.is_terminal():
            assert s.to_move is not None
            s = s.apply(players[s.to_move].choose(s))
        assert any(is_full(p) for p in s.parks), f"game {i} ended on the round limit"
