"""The optimisation model behind the hint: where expected cards fit best.

For each candidate placement the hint is weighing, :func:`plan` asks CP-SAT to
assign the cards the player can still expect this round (each with the chance
of getting it) to the open cells next to the candidate, at most ``slots`` of
them, one card per cell and one cell per card, maximising the expected extra
points those cards would score there compared with their best place today.
All candidates are blocks of one model solved once (one worker, fixed seed,
the counted work the hint's budget buys: :mod:`solver.counted`). A candidate
that sets up a Big Mama, an Ice monster, a crystal or a portal for a card still
to come earns its planned points.

>>> values = {0: {(0, "T"): 9.0, (1, "T"): 3.0, (0, "B"): 4.0}}
>>> plan(values, {"T": 0.5, "B": 1.0}, slots=1, seconds=1.0)
{0: 4.5}
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from solver import counted

#: CP-SAT works on integers: values are scaled by this before rounding.
SCALE = 100
SEED = 7
WORK_LIMIT = 0.01
"""Deterministic seconds a plan may take at the default hint budget (other budgets get
proportionally more or less): about 100 times what the largest one needs, so the plan
(and the hint) is the same on a busy machine as on a quiet one."""


def plan(
    values: Mapping[Hashable, Mapping[tuple[Hashable, str], float]],
    chance: Mapping[str, float],
    slots: int,
    seconds: float,
) -> dict[Hashable, float]:
    """The best expected extra points of each candidate's plan.

    Args:
        values: candidate -> ``(cell, card)`` -> extra points of that card there.
        chance: card -> probability the player gets it.
        slots: how many more cards the player places this round (at most).
        seconds: the hint's budget; it buys the plan its counted work (``WORK_LIMIT``).

    Returns:
        candidate -> expected extra points of its best assignment (0 when none helps).
    """
    from ortools.sat.python import cp_model  # loaded by the first plan, not by the rules

    model = cp_model.CpModel()
    terms: dict[Hashable, list[tuple[cp_model.IntVar, int]]] = {}
    for cand, table in values.items():
        by_cell: dict[Hashable, list[cp_model.IntVar]] = {}
        by_card: dict[str, list[cp_model.IntVar]] = {}
        block = []
        for k, ((cell, card), value) in enumerate(sorted(table.items(), key=str)):
            weight = round(SCALE * value * chance.get(card, 0.0))
            if weight <= 0:
                continue
            var = model.new_bool_var(f"c{cand}_{k}")
            by_cell.setdefault(cell, []).append(var)
            by_card.setdefault(card, []).append(var)
            block.append((var, weight))
        for group in (*by_cell.values(), *by_card.values()):
            model.add_at_most_one(group)
        if block:
            model.add(sum(var for var, _ in block) <= slots)
        terms[cand] = block
    everything = [w * v for block in terms.values() for v, w in block]
    if not everything:
        return dict.fromkeys(values, 0.0)
    model.maximize(sum(everything))
    solver = cp_model.CpSolver()
    solver.parameters.random_seed = SEED
    status = counted.solve(solver, model, counted.work(seconds, WORK_LIMIT), seconds)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return dict.fromkeys(values, 0.0)
    return {
        cand: sum(w for v, w in terms[cand] if solver.boolean_value(v)) / SCALE for cand in values
    }
