"""The hint's optimisation model: a CP-SAT plan of this turn and the next few.

For every candidate action of this turn the model holds a plan of ``K`` future
turns of the same player. A future turn takes a token or places one card. The
next turn chooses among the actions the player will have on the table it
foresees (its candidate and the other players' predicted replies played out,
``reply.foresee``), each valued exactly. Later turns choose among a monster
still visible on the track (if it will not have been discarded or taken by
then, at the price of the position it will have reached), a monster of each
area and size that the unseen deck may bring (weighted by the chance one shows
up within reach), or an upgrade. The park rules hold throughout: monsters only
in their own area, each at least as large as the card before it (an upgrade
resets that), at most 5 cards an area, and never more tokens spent than held.
Tourists on the track are targets whose requirements the planned park must
meet. The objective is expected points: this turn's exact value plus the
plan's points, tokens and tourist rewards, each later turn's gain worth
``LATER`` of the turn before's: points sure now beat the same points planned.

The plans share nothing, so one solve of their sum values every candidate:
each gets the best plan that starts with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from solver import counted
from solver.park.board import Counts
from solver.park.cards import AREAS, Area, CardId

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

SCALE = 100  # objective units per point
COUNT = 10  # count units per monster (counts are expectations)
#: What a point a plan gains on a turn is worth beside the same point a turn sooner:
#: what the plan counts on may be gone by then (another player takes the card or the
#: tourist first, the deck brings something else), so a point sure now beats a point
#: planned, and a gain is never put off for nothing.
LATER = 0.9


@dataclass(frozen=True)
class Option:
    """A card a future turn may place.

    Args:
        name: readable name for reasons.
        area: the area it goes to (upgrades get one option per area).
        size: its size.
        price: tokens it costs.
        value: expected points gained, scaled (SCALE), price included.
        weight: count units it adds (COUNT when sure, less when it may not show).
        friendly: count units it adds to the friendly counts.
        upgrade: True for an upgrade.
        allowed: indices of the candidates after which it exists.
        key: cards with the same key are one card (taken at most once).
        limit: how many times options with this key may be taken.
        first: an action of the player's next turn, valued exactly on the table
            its candidate and the other players' predicted replies leave; a
            plan takes at most one.
        claims: the tourists it brings (``value`` counts them).
    """

    name: str
    area: Area
    size: int
    price: int
    value: int
    weight: int
    friendly: int
    upgrade: bool
    allowed: frozenset[int]
    key: str
    limit: int = 1
    first: bool = False
    claims: frozenset[CardId] = frozenset()


@dataclass(frozen=True)
class After:
    """The player's position after one candidate action (expected where hidden)."""

    value: int  # this turn's exact expected value, scaled
    tokens: int
    floors: tuple[int, ...]
    free: tuple[int, ...]
    counts: Counts
    friendly10: int  # friendly monsters x COUNT (expected)
    nasty10: int
    has_friendly10: tuple[int, ...]  # per area, x COUNT
    has_nasty10: tuple[int, ...]
    held: int
    tourists: frozenset[CardId]  # tourists still on the track for later turns
    ends: bool  # the park is full: no more turns
    push: int = 0  # scaled worth of each card placed: bringing the end nearer while ahead


@dataclass(frozen=True)
class Target:
    """A tourist the plan may aim for."""

    id: CardId
    need: str
    count: int
    area_index: int
    size: int
    character: str
    reward: int  # scaled, availability included


@dataclass
class Plan:
    """One model holding an independent plan for every candidate."""

    model: cp_model.CpModel
    objectives: list[Any]
    picks: list[list[tuple[int, cp_model.IntVar, str]]]
    floors: list[int]  # each plan's worth when it places nothing later (always allowed)


def build(afters: list[After], options: list[Option], turns: int, targets: list[Target]) -> Plan:
    """The model: for each candidate, the best plan of ``turns`` more turns after it.

    The plans share nothing, so maximising their sum maximises each, and one
    solve values every candidate.
    """
    from ortools.sat.python import cp_model  # loaded by the first plan, not by the rules

    model = cp_model.CpModel()
    objectives, picks = [], []
    for i, after in enumerate(afters):
        mine = [o for o in options if i in o.allowed]
        objective, chosen = _one_plan(model, after, mine, turns, targets, f"c{i}_")
        objectives.append(objective)
        picks.append(chosen)
    model.maximize(cp_model.LinearExpr.sum(objectives))
    return Plan(model, objectives, picks, [a.value for a in afters])


def _one_plan(
    model: cp_model.CpModel,
    after: After,
    options: list[Option],
    turns: int,
    targets: list[Target],
    tag: str = "",
) -> tuple[Any, list[tuple[int, cp_model.IntVar, str]]]:
    """The plan after one candidate: its objective (scaled points) and its choices.

    Within the horizon the plan chooses a set of cards, not their order: any
    set the park rules allow can be placed smallest first in each area, so
    the size rule only bites on monsters smaller than the area's floor, which
    need an upgrade no larger than themselves in the same area first.
    """
    from ortools.sat.python import cp_model

    turns = 0 if after.ends else turns
    firsts = [o for o in options if o.first] if turns else []  # legal: room is there
    cards = firsts + (_best_sources(after, [o for o in options if not o.first]) if turns else [])
    taken = [model.new_bool_var(f"{tag}y{j}") for j in range(len(cards))]
    picks = [(0, y, card.name) for y, card in zip(taken, cards, strict=True)]
    if not taken:
        return after.value, picks
    chosen = list(zip(taken, cards, strict=True))
    _turns_and_tokens(model, chosen, len(firsts), after.tokens, turns)
    # Future turns count above the token every turn offers: the other players
    # take theirs meanwhile, so a longer game by itself favours no one.
    later = after.push // 2  # a slot filled later brings the end less near than one filled now
    gains = [(y, _ahead(o.value - SCALE + later, 1 if o.first else 2)) for y, o in chosen]
    live = [t for t in targets if t.id in after.tourists and t.need != "run"]
    counts = _park_rules(model, chosen, after, _keys_needed(live))
    gains += _tourists(model, chosen, live, counts, after.held, tag)
    objective = cp_model.LinearExpr.weighted_sum([y for y, _ in gains], [g for _, g in gains])
    return objective + after.value, picks


Chosen = list[tuple[Any, Option]]
"""Each card a plan may place, with the variable that says it does."""


def _turns_and_tokens(
    model: cp_model.CpModel, chosen: Chosen, firsts: int, tokens: int, turns: int
) -> None:
    """One card a turn, at most one of them the next turn's exact action (and then not
    the same card again later), and never more tokens spent than held: a card costs
    its price and the token its turn gives up."""
    from ortools.sat.python import cp_model

    model.add(cp_model.LinearExpr.sum([y for y, _ in chosen]) <= turns)
    if firsts:
        model.add(cp_model.LinearExpr.sum([y for y, _ in chosen[:firsts]]) <= 1)
        for y1, first in chosen[:firsts]:
            for y2, card in chosen[firsts:]:
                if first.key == card.key:
                    model.add(y1 + y2 <= 1)
    prices = [card.price + 1 for _, card in chosen]
    model.add(cp_model.LinearExpr.weighted_sum([y for y, _ in chosen], prices) <= tokens + turns)


@dataclass
class _Counted:
    """The park counts the tourists look at: each what the park has after the candidate
    plus the cards the plan places, in COUNT units."""

    base: dict[str, int]
    terms: dict[str, tuple[list[Any], list[int]]]

    def add(self, key: str, y: Any, weight: int) -> None:
        if key in self.terms and weight:
            self.terms[key][0].append(y)
            self.terms[key][1].append(weight)

    def total(self, key: str) -> Any:
        from ortools.sat.python import cp_model

        ys, weights = self.terms[key]
        return cp_model.LinearExpr.weighted_sum(ys, weights) + self.base[key]


def _park_rules(model: cp_model.CpModel, chosen: Chosen, after: After, keys: set[str]) -> _Counted:
    """The park rules over the cards placed, area by area (no more than the room left;
    a monster below the area's floor only after an upgrade no larger than itself),
    and the counts ``keys`` the cards add to."""
    from ortools.sat.python import cp_model

    counted = _Counted(_base_counts(after), {key: ([], []) for key in keys})
    for k, area in enumerate(AREAS):
        here = [(y, card) for y, card in chosen if card.area == area]
        if len(here) > after.free[k]:
            model.add(cp_model.LinearExpr.sum([y for y, _ in here]) <= after.free[k])
        upgrades = [(y, card) for y, card in here if card.upgrade]
        for y, card in here:
            if card.upgrade:
                counted.add("upgrades", y, card.weight)
                continue
            if card.size < after.floors[k]:
                opening = [u for u, upgrade in upgrades if upgrade.size <= card.size]
                model.add(y <= cp_model.LinearExpr.sum(opening))
            nasty = card.weight - card.friendly
            for key, weight in (
                (f"area{k}", card.weight),
                (f"size{card.size}", card.weight),
                ("friendly", card.friendly),
                ("nasty", nasty),
                (f"hasf{k}", card.friendly),
                (f"hasn{k}", nasty),
            ):
                counted.add(key, y, weight)
    return counted


def _tourists(
    model: cp_model.CpModel,
    chosen: Chosen,
    live: list[Target],
    counted: _Counted,
    held: int,
    tag: str,
) -> list[tuple[Any, int]]:
    """A variable for each tourist still on the track, true only where the planned park
    meets what the tourist asks; with the reward each is worth, claimed on the next turn
    at the soonest. A card whose value already counts a tourist excludes it."""
    from ortools.sat.python import cp_model

    claimed = {target.id: model.new_bool_var(f"{tag}z_{target.id}") for target in live}
    for y, card in chosen:
        for tourist in card.claims & claimed.keys():
            model.add(y + claimed[tourist] <= 1)
    for target in live:
        z = claimed[target.id]
        for key, least in _requirements(target):
            model.add(counted.total(key) >= least).only_enforce_if(z)
        if target.need == "tourists":
            others = [v for key, v in claimed.items() if key != target.id]
            model.add(cp_model.LinearExpr.sum(others) + held >= target.count).only_enforce_if(z)
    return [(claimed[target.id], _ahead(target.reward, 1)) for target in live]


def _ahead(value: int, turns: int) -> int:
    """A gain (scaled) the plan makes ``turns`` turns from now, worth ``LATER`` less each
    turn: the next turn's gain counts ``LATER`` of itself, the turns after ``LATER**2``
    (the plan does not order them, so it counts them as the soonest they can be).

    >>> _ahead(300, 1), _ahead(300, 2), _ahead(-200, 1)
    (270, 243, -180)
    """
    return round(value * LATER**turns)


def _requirements(target: Target) -> list[tuple[str, int]]:
    """The park counts a tourist asks for, each with its least value (COUNT units); none
    for a tourist that asks for other tourists.

    >>> _requirements(Target("t", "each_area", 1, 0, 0, "nasty", 300))
    [('hasn0', 10), ('hasn1', 10), ('hasn2', 10)]
    """
    least = COUNT * target.count
    if target.need in ("friendly", "nasty", "upgrades"):
        return [(target.need, least)]
    if target.need == "both":
        return [("friendly", least), ("nasty", least)]
    if target.need == "area":
        return [(f"area{target.area_index}", least)]
    if target.need == "size":
        return [(f"size{target.size}", least)]
    if target.need == "each_area":
        key = "hasf" if target.character == "friendly" else "hasn"
        return [(f"{key}{k}", COUNT) for k in range(3)]
    return []


def _keys_needed(targets: list[Target]) -> set[str]:
    """The park counts the tourists in ``targets`` look at."""
    return {key for target in targets for key, _ in _requirements(target)}


def _base_counts(a: After) -> dict[str, int]:
    """The counts after the candidate, in COUNT units."""
    base = {"upgrades": a.counts.upgrades * COUNT, "friendly": a.friendly10, "nasty": a.nasty10}
    for k in range(3):
        base[f"area{k}"] = a.counts.by_area[k] * COUNT
        base[f"hasf{k}"] = a.has_friendly10[k]
        base[f"hasn{k}"] = a.has_nasty10[k]
    for size in range(6):
        base[f"size{size}"] = a.counts.by_size[size] * COUNT
    return base


def _best_sources(a: After, opts: list[Option]) -> list[Option]:
    """The options worth modelling: for each card (key) its most valuable turn, and
    for each area, size and card type the most valuable card; none for full areas.
    """
    by_key: dict[str, Option] = {}
    for o in opts:
        if a.free[AREAS.index(o.area)] and (o.key not in by_key or o.value > by_key[o.key].value):
            by_key[o.key] = o
    best: dict[tuple[Area, int, bool], Option] = {}
    for o in by_key.values():
        group = (o.area, o.size, o.upgrade)
        if group not in best or o.value > best[group].value:
            best[group] = o
    return list(best.values())


@dataclass(frozen=True)
class Solved:
    """Every candidate's best plan: its value (points) and the cards it places."""

    values: tuple[float, ...]
    steps: tuple[tuple[str, ...], ...]
    optimal: bool


#: Work limit of one solve at the default hint budget, in CP-SAT's deterministic
#: seconds (same answer on any machine; other budgets get proportionally more or
#: less, ``solver.counted.work``). At the default budget it hardly ever cuts: the
#: plans of 40 seeded two-player games were all proved optimal, in 0.001 on
#: average and 0.01 at most, so the answer is the optimum, not wherever the
#: search stopped.
WORK_LIMIT = 0.05


def solve(plan: Plan, budget: float) -> Solved | None:
    """Solve every candidate's plan at once, with the work ``budget`` seconds buy
    (``solver.counted``); None when no plan was found."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.random_seed = 0
    # The plans share no variable, so only the LP relaxation bounds their sum: with
    # it every plan is proved optimal (without it a fifth of the solves stopped at
    # the work limit, some on a plan far from the best). Presolve and symmetry
    # detection cost more than the whole search on models this small.
    solver.parameters.linearization_level = 2
    solver.parameters.cp_model_presolve = False
    solver.parameters.symmetry_level = 0
    status = counted.solve(solver, plan.model, counted.work(budget, WORK_LIMIT), budget)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    values: list[float] = []
    steps: list[tuple[str, ...]] = []
    for obj, picks, least in zip(plan.objectives, plan.picks, plan.floors, strict=True):
        # The work limit may stop the search on a plan worse than placing nothing later.
        if solver.value(obj) < least:
            values.append(least / SCALE)
            steps.append(())
        else:
            values.append(solver.value(obj) / SCALE)
            steps.append(tuple(name for _, y, name in picks if solver.value(y)))
    return Solved(tuple(values), tuple(steps), status == cp_model.OPTIMAL)
