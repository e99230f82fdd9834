"""The three Manno engines, cross-checked against each other and against brute force.

Covers ``engines`` (the registry), ``engine`` (the answer), ``cpsat``, ``table``
and ``csp``. The brute force here is written from the contract alone: the token
order copied from DESIGN.md, plain Python over all 32,768 arrangements.
"""

from __future__ import annotations

import itertools
import json
import math
import operator
import random
import time
from collections import deque
from collections.abc import Callable

import pytest

from solver.deadline import due_by
from solver.errors import (
    MonsterError,
    NotationError,
    SolverTimeoutError,
    TokenSetError,
    UnsolvableError,
)
from solver.manno.cpsat import CpSatEngine
from solver.manno.csp import MAX_CLASH_WORK, MAX_WORK, CspEngine
from solver.manno.engine import Engine, Solution
from solver.manno.engines import ENGINE_NAMES, get_engine
from solver.manno.kinds import GROUPS, KINDS, Kind
from solver.manno.sample import random_tasks
from solver.manno.table import TableEngine
from solver.manno.task import Condition, Op, Task, parse_task
from solver.manno.tokens import Arrangement, TokenSet, parse_tokens
from solver.manno.validate import validate

# --- an independent brute force ---------------------------------------------------------------

CONTRACT_ORDER = (
    "PB|TB PB|PR PB|TR PB|PY PB|TY TB|PR TB|TR TB|PY TB|TY PR|TR PR|PY PR|TY TR|PY TR|TY PY|TY"
)
PAIRS = [tuple(pair.split("|")) for pair in CONTRACT_ORDER.split()]
KIND_NAMES = ("PB", "TB", "PR", "TR", "PY", "TY")
COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    "<=": operator.le,
    "=": operator.eq,
    ">": operator.gt,
    "<": operator.lt,
}
SIZE = 15
ALL = 1 << SIZE

CountVector = tuple[int, ...]


def _members(group: str) -> list[int]:
    """Kind positions a group name counts: the kind itself, its colour or its shape."""
    return [i for i, k in enumerate(KIND_NAMES) if group in (k, k[0], k[1])]


def _build_by_counts() -> dict[CountVector, list[int]]:
    """Every arrangement index, grouped by the kind counts it shows."""
    out: dict[CountVector, list[int]] = {}
    for bits in itertools.product((0, 1), repeat=SIZE):
        counts = [0] * len(KIND_NAMES)
        for pair, side in zip(PAIRS, bits, strict=True):
            counts[KIND_NAMES.index(pair[side])] += 1
        index = int("".join(map(str, bits)), 2)
        out.setdefault(tuple(counts), []).append(index)
    return out


@pytest.fixture(scope="module")
def by_counts() -> dict[CountVector, list[int]]:
    return _build_by_counts()


def _holds(condition: Condition, counts: CountVector) -> bool:
    values = [
        t if isinstance(t, int) else sum(counts[i] for i in _members(t.name))
        for t in condition.terms
    ]
    compare = COMPARE[condition.op.value]
    return all(compare(a, b) for a, b in itertools.pairwise(values))


def _brute_solutions(task: Task, by_counts: dict[CountVector, list[int]]) -> list[int]:
    """Indices of every arrangement that satisfies the task."""
    return [
        index
        for counts, indices in by_counts.items()
        if all(_holds(c, counts) for c in task.conditions)
        for index in indices
    ]


def _popcount(n: int) -> int:
    return bin(n).count("1")


# --- the random cross-check -------------------------------------------------------------------

CROSS_CHECK_CHUNKS = 10
CROSS_CHECK_PER_CHUNK = 50  # 500 random tasks in all


def _random_cases(seed: int, count: int) -> list[tuple[Task, Arrangement]]:
    """``count`` seeded random tasks, each with a seeded random start."""
    rng = random.Random(seed)
    tasks = random_tasks(rng, count)
    return [(task, Arrangement.from_index(rng.randrange(ALL), SIZE)) for task in tasks]


def _check_solution(solution: Solution, tokens: TokenSet | None = None) -> list[str]:
    """What is wrong with one engine's answer on its own, if anything."""
    faults = []
    if solution.solvable:
        arrangement = solution.arrangement
        if arrangement is None or not validate(solution.task, arrangement, tokens).ok:
            faults.append("arrangement does not satisfy the task")
        elif solution.flip != arrangement.diff(solution.start):
            faults.append("flip is not the difference from the start")
        if solution.flips != len(solution.flip):
            faults.append("flips is not the Hamming distance")
        if solution.conflict or solution.count == 0:
            faults.append("solvable answer with a conflict or no count")
    elif solution.flips is not None or solution.arrangement or solution.flip or solution.count != 0:
        faults.append("unsolvable answer with a solution")
    elif not solution.conflict:
        faults.append("unsolvable answer without a conflict")
    return faults


@pytest.mark.parametrize("chunk", range(CROSS_CHECK_CHUNKS))
def test_engines_agree_on_random_tasks(chunk: int) -> None:
    engines = [get_engine(name) for name in ENGINE_NAMES]
    problems = []
    solvable = 0
    for task, start in _random_cases(1000 + chunk, CROSS_CHECK_PER_CHUNK):
        answers = {e.name: e.solve(task, start) for e in engines}
        reference = answers["table"].to_json()
        solvable += answers["table"].solvable
        for name, solution in answers.items():
            faults = _check_solution(solution)
            if solution.to_json() != reference:
                faults.append(f"differs from table: {solution.to_json()} vs {reference}")
            problems += [f"{name} on {str(task)!r} from {start}: {f}" for f in faults]
    assert problems == []
    assert 0 < solvable < CROSS_CHECK_PER_CHUNK  # the draw covers both answers


@pytest.mark.parametrize("name", ENGINE_NAMES)
@pytest.mark.parametrize(
    "text",
    ["PB>PB", "PB=PB", "PB=PB=PR", "P=T", "B=R=Y", "PB<=999", "B>=200", "P<999", "Y>=B, B>=Y"],
)
def test_engines_agree_on_odd_tasks(name: str, text: str) -> None:
    task = parse_task(text)
    start = Arrangement.from_index(21845, SIZE)
    solution = get_engine(name).solve(task, start)
    assert _check_solution(solution) == []
    assert solution.to_json() == get_engine("table").solve(task, start).to_json()


# --- brute force ------------------------------------------------------------------------------


def _brute_force_tasks() -> list[tuple[Task, Arrangement]]:
    rng = random.Random(424242)
    fixed = ["PB>=4, PR>=3, TY>=2, PY>=1", "B=R, PY=0, Y>P", "PR>TR, PB>PY", "PY=PB=TR"]
    cases = [(parse_task(t), Arrangement.from_index(rng.randrange(ALL), SIZE)) for t in fixed]
    cases += _random_cases(77, 16)
    return cases


@pytest.mark.parametrize(("task", "start"), _brute_force_tasks(), ids=str)
def test_fewest_flips_match_brute_force(
    task: Task, start: Arrangement, by_counts: dict[CountVector, list[int]]
) -> None:
    solutions = _brute_solutions(task, by_counts)
    for name in ENGINE_NAMES:
        solution = get_engine(name).solve(task, start)
        assert solution.solvable is bool(solutions), name
        assert solution.count == len(solutions), name
        if solutions:
            flips, best = min((_popcount(i ^ start.index), i) for i in solutions)
            assert solution.flips == flips, name
            assert solution.arrangement == Arrangement.from_index(best, SIZE), name


def test_brute_force_cases_include_solvable_ones(by_counts: dict[CountVector, list[int]]) -> None:
    solvable = [t for t, _ in _brute_force_tasks() if _brute_solutions(t, by_counts)]
    assert len(solvable) >= 10


def test_brute_force_table_is_the_contract(tokens: TokenSet) -> None:
    """The brute force's own token list must be the package's standard set."""
    assert [(t.side0.name, t.side1.name) for t in tokens] == PAIRS


# --- determinism ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ENGINE_NAMES)
def test_same_input_same_json(name: str) -> None:
    factory: dict[str, Callable[[], Engine]] = {
        "cpsat": CpSatEngine,
        "table": TableEngine,
        "csp": CspEngine,
    }
    cached, fresh = get_engine(name), factory[name]()
    for task, start in _random_cases(555, 15):
        first = json.dumps(cached.solve(task, start).to_json())
        assert json.dumps(cached.solve(task, start).to_json()) == first
        assert json.dumps(fresh.solve(task, start).to_json()) == first


def test_default_start_is_all_zero() -> None:
    task = parse_task("PB>=4, PY=0, B>R")
    for name in ENGINE_NAMES:
        solution = get_engine(name).solve(task)
        assert solution.start == Arrangement.zeros(SIZE)
        assert solution.to_json() == {
            "task": "PB>=4, PY=0, B>R",
            "solvable": True,
            "count": 222,
            "flips": 1,
            "arrangement": "000000000000001",
            "flip": [15],
            "conflict": [],
        }


def test_solved_start_needs_no_flips() -> None:
    start = Arrangement.parse("101010101010101")
    for name in ENGINE_NAMES:
        solution = get_engine(name).solve(parse_task("PB>=0"), start)
        assert (solution.flips, solution.arrangement, solution.flip) == (0, start, ())


# --- the registry -----------------------------------------------------------------------------


def test_engine_names() -> None:
    assert ENGINE_NAMES == ("cpsat", "table", "csp")
    assert get_engine().name == "cpsat"
    for name in ENGINE_NAMES:
        assert get_engine(name).name == name
        assert get_engine(name) is get_engine(name)


def test_unknown_engine() -> None:
    with pytest.raises(
        MonsterError, match=r"unknown engine 'z3' \(engines are cpsat, table, csp\)"
    ):
        get_engine("z3")


def test_csp_time_limit() -> None:
    with pytest.raises(SolverTimeoutError, match="csp engine ran out of time on 'PB>=0'"):
        CspEngine(time_limit=-1.0).solve(parse_task("PB>=0"))


@pytest.mark.parametrize("name", ENGINE_NAMES)
def test_start_must_fit_the_token_set(name: str) -> None:
    with pytest.raises(NotationError, match="14 tokens"):
        get_engine(name).solve(parse_task("PB>=1"), Arrangement.zeros(14))


# --- other token sets -------------------------------------------------------------------------


def _repeated(tokens: TokenSet, times: int) -> TokenSet:
    return TokenSet(list(tokens) * times, name=f"standard x{times}")


def _expected_single_kind(
    tokens: TokenSet, kind: Kind, op: Op, n: int, start: Arrangement
) -> Arrangement | None:
    """The fastest arrangement for ``kind op n``, by counting.

    Each flip changes one kind's count by at most one, so the fewest flips are
    the distance to the nearest allowed count, all spent on tokens that can
    move the count the right way. Smallest text: turn 1s to 0 from the left
    first, then 0s to 1 from the right.
    """
    on = [i for i, t in enumerate(tokens) if kind in (t.side0, t.side1)]
    have = sum(tokens[i].up(start.sides[i]) == kind for i in on)
    if op is Op.GE:
        target = max(have, n) if n <= len(on) else None
    elif op is Op.LE:
        target = min(have, n)
    else:
        target = n if n <= len(on) else None
    if target is None:
        return None
    shows = target < have  # to lower the count, turn tokens that show the kind
    movable = [i for i in on if (tokens[i].up(start.sides[i]) == kind) == shows]
    need = abs(target - have)
    ones = [i for i in movable if start.sides[i] == 1]
    zeros = [i for i in movable if start.sides[i] == 0]
    chosen = ones[:need] if need <= len(ones) else ones + zeros[len(zeros) - (need - len(ones)) :]
    return start.flipped([i + 1 for i in chosen])


@pytest.mark.parametrize("times", [2, 4])
def test_repeated_sets_on_cpsat(tokens: TokenSet, times: int) -> None:
    """30 tokens (one objective) and 60 tokens (the staged objective)."""
    big = _repeated(tokens, times)
    engine = get_engine("cpsat", big)
    rng = random.Random(times)
    per_kind = 5 * times
    for _ in range(24):
        kind = rng.choice(KINDS)
        op = rng.choice([Op.GE, Op.LE, Op.EQ])
        n = rng.randint(0, per_kind + 1)
        start = Arrangement.from_index(rng.randrange(1 << len(big)), len(big))
        task = Task((Condition((GROUPS[kind.name], n), op),))
        solution = engine.solve(task, start)
        expected = _expected_single_kind(big, kind, op, n, start)
        assert solution.arrangement == expected, str(task)
        assert _check_solution(solution, big) == [], str(task)
        if times == 2:
            allowed = [j for j in range(per_kind + 1) if op.test(j, n)]
            assert solution.count == sum(math.comb(per_kind, j) for j in allowed) * 2**20
        else:  # too many count vectors to count, but none is none
            assert solution.count == (None if solution.solvable else 0)


def test_doubled_set_conflict_and_colours(tokens: TokenSet) -> None:
    doubled = _repeated(tokens, 2)
    engine = get_engine("cpsat", doubled)
    solution = engine.solve(parse_task("PB=10, TB=10"))
    assert [str(c) for c in solution.conflict] == ["PB=10", "TB=10"]
    # Blue shows on 18 of the 30 tokens; each flip moves the blue count by at most 1.
    rng = random.Random(30)
    for _ in range(10):
        start = Arrangement.from_index(rng.randrange(1 << 30), 30)
        blue = sum(k in (Kind.PB, Kind.TB) for k in _shown(doubled, start))
        n = rng.randint(0, 19)
        solution = engine.solve(parse_task(f"B>={n}"), start)
        if n > 18:
            assert not solution.solvable
        else:
            assert solution.flips == max(0, n - blue)
            assert _check_solution(solution, doubled) == []


def test_uncountable_set_conflict(tokens: TokenSet) -> None:
    """Sixty tokens: no histogram, so the conflict search asks CP-SAT itself."""
    engine = get_engine("cpsat", _repeated(tokens, 4))
    solution = engine.solve(parse_task("PR>=1, PB=20, TB=20, Y<=40"))
    assert [str(c) for c in solution.conflict] == ["PB=20", "TB=20"]
    assert solution.count == 0


def test_table_refuses_more_than_twenty_tokens(tokens: TokenSet) -> None:
    doubled = _repeated(tokens, 2)
    with pytest.raises(TokenSetError, match="at most 20 tokens"):
        TableEngine(doubled)
    with pytest.raises(TokenSetError):
        get_engine("table", doubled)
    TableEngine(TokenSet(list(tokens) + list(tokens)[:5]))  # 20 is allowed


def test_eighteen_tokens_cpsat_and_table_agree(tokens: TokenSet) -> None:
    extra = parse_tokens('tokens = [["PB", "TB"], ["PR", "TY"], ["TY", "PY"]]')
    eighteen = TokenSet(list(tokens) + list(extra), name="eighteen")
    cpsat, table = get_engine("cpsat", eighteen), get_engine("table", eighteen)
    rng = random.Random(18)
    problems = []
    for task in random_tasks(rng, 50):
        start = Arrangement.from_index(rng.randrange(1 << 18), 18)
        a, b = cpsat.solve(task, start), table.solve(task, start)
        if a.to_json() != b.to_json() or _check_solution(a, eighteen):
            problems.append((str(task), str(start), a.to_json(), b.to_json()))
    assert problems == []


def _shown(tokens: TokenSet, arrangement: Arrangement) -> list[Kind]:
    return [t.up(s) for t, s in zip(tokens, arrangement.sides, strict=True)]


# --- the distance field -----------------------------------------------------------------------


def _bfs_distances(solutions: list[int]) -> list[int]:
    """Fewest flips to any solution from every arrangement: breadth-first over the cube."""
    distance = [-1] * ALL
    queue = deque(solutions)
    for index in solutions:
        distance[index] = 0
    while queue:
        here = queue.popleft()
        for bit in range(SIZE):
            there = here ^ (1 << bit)
            if distance[there] < 0:
                distance[there] = distance[here] + 1
                queue.append(there)
    return distance


@pytest.mark.parametrize(
    "text", ["PB=5", "B=R, PY=0, Y>P", "PY=PB=TR=3", "P>=12", "TY=5, PB=0, R>Y"]
)
def test_distance_field_is_brute_force(
    text: str, table: TableEngine, by_counts: dict[CountVector, list[int]]
) -> None:
    task = parse_task(text)
    solutions = _brute_solutions(task, by_counts)
    assert solutions
    field = table.distance_field(task)
    assert field.shape == (ALL,)
    assert field.tolist() == _bfs_distances(solutions)
    rng = random.Random(text)
    cpsat = get_engine("cpsat")
    for _ in range(20):
        start = Arrangement.from_index(rng.randrange(ALL), SIZE)
        assert int(field[start.index]) == table.solve(task, start).flips
        assert int(field[start.index]) == cpsat.solve(task, start).flips


def test_distance_field_on_random_tasks(table: TableEngine) -> None:
    rng = random.Random(99)
    checked = 0
    for task in random_tasks(rng, 40):
        if not table.mask(task).any():
            continue
        field = table.distance_field(task)
        for _ in range(5):
            start = Arrangement.from_index(rng.randrange(ALL), SIZE)
            assert int(field[start.index]) == get_engine("cpsat").solve(task, start).flips
        checked += 1
    assert checked >= 10


def test_distance_field_of_unsolvable_task(table: TableEngine) -> None:
    with pytest.raises(UnsolvableError, match="'PB=5, TB=5' has no solution"):
        table.distance_field(parse_task("PB=5, TB=5"))


def test_every_solver_call_has_a_time_limit() -> None:
    """Running out of time is an error that names itself, never a silent guess."""
    task = parse_task("B=R=5, PY=0, Y>P, PB>=1")
    with pytest.raises(SolverTimeoutError, match="CP-SAT ran out of time"):
        CpSatEngine(time_limit=1e-9).solve(task)
    with pytest.raises(SolverTimeoutError, match="csp engine ran out of time"):
        CspEngine(time_limit=0).solve(task)


def test_the_conflict_search_keeps_the_time_limit() -> None:
    """An unsolvable task's search for a clash answers to the same clock."""
    with pytest.raises(SolverTimeoutError, match="csp engine ran out of time"):
        CspEngine(time_limit=0).solve(parse_task("PB=5, TB=5, R>=1, Y>=1"))


# --- the answer's due time --------------------------------------------------------------------

_ALWAYS = ", ".join(f"{g}>=0, {g}<=15" for g in GROUPS)
LOOSE = ", ".join([_ALWAYS] * 3)
"""True of every arrangement, with many comparisons: a long enumeration."""
CYCLE = ", ".join(["PB>=1, PR>=1, TB>=1, B>R, R>Y, Y>B"] + [_ALWAYS] * 10)
"""Unsolvable, and only a long search among the loose conditions shows it."""


@pytest.mark.parametrize("name", ENGINE_NAMES)
@pytest.mark.parametrize("text", ["PB>=4, PY=0, B>R", "PB=5, TB=5, R>=1"])
def test_every_engine_stops_when_the_answer_is_due(name: str, text: str) -> None:
    """The engine's own limit is 10 s, but the caller wanted the answer a second ago."""
    with due_by(time.monotonic() - 1), pytest.raises(SolverTimeoutError, match="out of time"):
        get_engine(name).solve(parse_task(text))


def test_cpsat_gets_only_the_time_left() -> None:
    """The engine's own limit is 10 s; the caller wants the answer within 5 s.

    Five seconds, not a fraction of one: the solve must finish before the deadline on a
    busy machine too, or it fails for the clock rather than for what is checked.
    """
    engine = CpSatEngine(time_limit=10.0)
    with due_by(time.monotonic() + 5.0):
        engine.solve(parse_task("PB>=4, PY=0, B>R"))
    assert engine._workspace().tuned.parameters.max_time_in_seconds <= 5.0


def test_the_distance_field_stops_when_the_answer_is_due(table: TableEngine) -> None:
    with due_by(time.monotonic() - 1), pytest.raises(SolverTimeoutError, match="out of time"):
        table.distance_field(parse_task("PB=5"))


def test_csp_refuses_a_loose_task_before_searching(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = CspEngine()
    task = parse_task(LOOSE)
    assert engine.work(task) == (ALL * 3 * 2 * len(GROUPS), MAX_WORK)  # all arrangements

    monkeypatch.setattr(engine, "_problem", _no_search)
    with pytest.raises(SolverTimeoutError, match=r"would need 2,162,688 checks .* cpsat"):
        engine.solve(task)


def test_csp_takes_what_its_work_allows() -> None:
    task = parse_task("PB>=0")
    assert CspEngine().work(task) == (ALL, MAX_WORK)
    assert CspEngine(max_work=ALL).solve(task).count == ALL
    with pytest.raises(SolverTimeoutError, match="would need"):
        CspEngine(max_work=ALL - 1).solve(task)


def test_csp_refuses_a_long_unsolvable_task_before_searching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Nothing to enumerate, but the search for the clash would be long."""
    engine = CspEngine()
    task = parse_task(CYCLE)
    work, most = engine.work(task)
    assert most == MAX_CLASH_WORK < work
    monkeypatch.setattr(engine, "_problem", _no_search)
    with pytest.raises(SolverTimeoutError, match=r"would need .* cpsat"):
        engine.solve(task)
    CspEngine(max_clash_work=work).check_work(task)  # allowed a longer search: no refusal


def test_csp_search_stops_at_the_due_time_even_when_it_finds_nothing() -> None:
    """Unsolvable: no solution to pause at, yet the clock inside the search stops it."""
    task = parse_task(CYCLE)
    engine = CspEngine(time_limit=60.0, max_clash_work=1 << 62)  # let it search
    began = time.monotonic()
    with due_by(began + 0.2), pytest.raises(SolverTimeoutError, match="csp engine ran out"):
        engine.solve(task)
    assert time.monotonic() - began < 5.0  # the whole search takes about 10 s here


def _no_search(*args: object) -> None:
    raise AssertionError("the search ran")
