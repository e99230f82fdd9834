"""Build the 108-task catalogue from the generator: ``python -m tasks.build_catalogue``.

Levels 1, 4 and 6 open with the rulebook's own example cards; everything else
comes from the generator with seed ``SEED``, each level excluding the meanings
already taken, so no two tasks of the catalogue accept the same arrangements.
The result is written to ``tasks/data/catalogue.toml`` and committed: the
catalogue is data, this module only says how it was made.
"""

from __future__ import annotations

from pathlib import Path

from solver.manno.task import Task, parse_task
from tasks.catalogue import PER_LEVEL, Catalogue, Entry, card_of, format_catalogue, task_id
from tasks.generator import generate
from tasks.grader import grade
from tasks.styles import LEVELS, STYLES, fits

SEED = 2026
"""The generator seed the catalogue was built with."""
RULEBOOK = {
    1: ("PB>=4, PR>=3, TY>=2, PY>=1",),
    4: ("PR>TR, PB>PY",),
    6: ("B=R, PY=0, Y>P",),
}
"""The rulebook's example cards that open their level (each fits the style and grades
there): "at least", "more" and the colour and shape example. The rulebook's
exact-number example is not written out, and its "as many as" example has one
condition where level-3 cards have two or three, so levels 2 and 3 have none."""
HEADER = """Manno Monster task catalogue: 54 cards, 108 tasks, 18 per level.
Cards 1-18 carry a level-1 task on the front and a level-4 task on the back,
cards 19-36 levels 2 and 5, cards 37-54 levels 3 and 6.
Made by `python -m tasks.build_catalogue` (generator seed 2026); check with
`monsters manno verify`."""


def build(seed: int = SEED, workers: int = 2) -> Catalogue:
    """All 108 entries, level by level."""
    taken: list[Task] = []
    entries: list[Entry] = []
    for level in LEVELS:
        chosen = [parse_task(text) for text in RULEBOOK.get(level, ())]
        for task in chosen:
            assert fits(task, STYLES[level]) and grade(task).level == level, task
        graded = generate(level, PER_LEVEL - len(chosen), seed, workers, exclude=taken + chosen)
        chosen += [g.task for g in graded]
        taken += chosen
        for index, task in enumerate(chosen, start=1):
            entries.append(Entry(task_id(level, index), level, task, card_of(level, index)))
    return Catalogue(tuple(entries))


if __name__ == "__main__":
    target = Path(__file__).parent / "data" / "catalogue.toml"
    target.write_text(format_catalogue(build().entries, HEADER), encoding="utf-8")
    print(f"wrote {target}")
