"""Which deck a name means: the project's own deck, and on the command line a deck file.

The project's own deck ships as ``data/deck.toml`` (see ``docs/vbm.md``); any deck
file of the same shape loads on the command line with :func:`deck_named`, read by
:func:`solver.vbm.deckfile.parse_deck`. :func:`cards_json` is the built-in deck as
a front end draws it.

>>> deck = standard_deck()
>>> len(deck.cards), len(deck.explorers), len(deck.missions)
(120, 12, 5)
"""

from __future__ import annotations

import functools
from dataclasses import replace
from importlib import resources

from solver.errors import UnknownDeckError
from solver.files import files_allowed, read_user_file
from solver.game import Json
from solver.vbm.cards import CRYSTAL_VP, Deck, card_json
from solver.vbm.deckfile import parse_deck


@functools.cache
def standard_deck() -> Deck:
    """The project's own deck: 120 cards in 6 sets, 12 explorers, 5 mission tiles."""
    text = resources.files("solver.vbm").joinpath("data/deck.toml").read_text("utf-8")
    return parse_deck(text, "standard")


#: The decks shipped with the package, by name.
BUILTIN_DECKS = ("standard",)
#: Deck files (command line only) kept read at once; the least recently used goes first.
DECK_FILES_KEPT = 4


def deck_named(name: str) -> Deck:
    """The built-in deck called ``name``; on the command line also a deck file.

    A request only ever names a built-in deck. Where files may be named
    (:func:`solver.files.files_allowed`), any other name is a deck file read with
    the size limit of :func:`solver.files.read_user_file`; the last few are kept.

    >>> deck_named("standard").name
    'standard'
    >>> deck_named("/etc/passwd")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    solver.errors.UnknownDeckError: deck: unknown deck '/etc/passwd': the built-in decks are ...

    Raises:
        UnknownDeckError: not a built-in deck (and no deck file may be named here),
            or the deck file cannot be read.
        NotationError: the deck file does not read as a deck.
    """
    if name == "standard":
        return standard_deck()
    if not files_allowed():
        shown = name if len(name) <= 60 else name[:57] + "..."
        raise UnknownDeckError(
            f"unknown deck {shown!r}: the built-in decks are {', '.join(BUILTIN_DECKS)}",
            path="deck",
        )
    return _deck_file(name)


@functools.lru_cache(maxsize=DECK_FILES_KEPT)
def _deck_file(name: str) -> Deck:
    """The deck file ``name``, read once while it is among the last few used."""
    return replace(parse_deck(read_user_file(name, "deck", UnknownDeckError), name), name=name)


def cards_json() -> Json:
    """Every card of the built-in deck with what it prints, for a front end that draws
    its own cards: the monster cards (:func:`card_json`), the Explorer cards (``terms``:
    VP per counted thing), the mission tiles (two sides each: ``counter``, the
    ``personal`` and ``team`` numbers, the token pyramid ``rewards`` top first), the
    Grassland table (VP for 0, 1, 2... symbols), the Portal tiles and the crystals' VP.

    >>> doc = cards_json()
    >>> len(doc["cards"]), len(doc["explorers"]), doc["missions"][0][0]["id"]
    (120, 12, 'M1A')
    """
    deck = standard_deck()
    return {
        "game": "vbm",
        "deck": deck.name,
        "cards": [card_json(card) for card in deck.cards],
        "explorers": [
            {"id": e.id, "text": e.text, "terms": [[name, vp] for name, vp in e.terms]}
            for e in deck.explorers
        ],
        "missions": [
            [
                {
                    "id": side.id,
                    "text": side.text,
                    "counter": side.counter,
                    "personal": side.personal,
                    "team": side.team,
                    "rewards": list(side.rewards),
                }
                for side in tile
            ]
            for tile in deck.missions
        ],
        "grassland": list(deck.grassland),
        "portal_tiles": deck.portal_tiles,
        "portal_vp": deck.portal_vp,
        "crystal_vp": dict(CRYSTAL_VP),
    }
