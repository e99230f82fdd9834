"""The catalogue's recipe rebuilds the committed data file exactly (tasks/build_catalogue.py)."""

from __future__ import annotations

from importlib import resources

from tasks.build_catalogue import HEADER, RULEBOOK, SEED, build
from tasks.catalogue import Catalogue, format_catalogue


def test_build_reproduces_the_committed_catalogue(catalogue: Catalogue) -> None:
    built = build()
    assert [(e.id, e.level, e.card, str(e.task)) for e in built.entries] == [
        (e.id, e.level, e.card, str(e.task)) for e in catalogue.entries
    ]
    assert built == catalogue
    text = resources.files("tasks").joinpath("data/catalogue.toml").read_text("utf-8")
    assert format_catalogue(built.entries, HEADER) == text


def test_the_recipe_is_what_the_header_says() -> None:
    assert SEED == 2026
    assert "seed 2026" in HEADER
    assert RULEBOOK == {
        1: ("PB>=4, PR>=3, TY>=2, PY>=1",),
        4: ("PR>TR, PB>PY",),
        6: ("B=R, PY=0, Y>P",),
    }
