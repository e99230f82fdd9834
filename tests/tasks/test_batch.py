"""Grading many requests in order (tasks/batch.py)."""

from __future__ import annotations

from collections.abc import Iterator

from solver.backend import Backend
from solver.backends import ProcessBackend
from solver.manno.task import parse_task
from tasks.batch import BLOCK, Request, answer, grade_requests
from tasks.grader import grade

TEXTS = ["PB>=3", "PB>=4, PY=0, B>R", "PB>=3, PB<=2", "PB>=x", "TY>=2, R=B"]


def _requests() -> list[Request]:
    return [Request(n, text) for n, text in enumerate(TEXTS, start=1)] + [
        Request(9, None, "the line is not JSON")
    ]


def test_each_request_is_answered_in_order() -> None:
    answers = list(grade_requests(_requests()))
    assert len(answers) == len(TEXTS) + 1
    assert answers[0] == grade(parse_task("PB>=3")).to_json()
    assert answers[2] == {"error": "task 'PB>=3, PB<=2' has no solution", "line": 3}
    assert answers[3]["line"] == 4 and "unknown group 'x'" in answers[3]["error"]
    assert answers[-1] == {"error": "the line is not JSON", "line": 9}


def test_a_process_backend_gives_the_same_answers() -> None:
    many = _requests() * 3  # more than one block
    assert len(many) > BLOCK
    assert list(grade_requests(many, ProcessBackend(2))) == list(grade_requests(many, Backend()))


def test_requests_are_read_as_answers_are_wanted() -> None:
    read: list[int] = []

    def endless() -> Iterator[Request]:
        n = 0
        while True:
            n += 1
            read.append(n)
            yield Request(n, "PB>=3")

    answers = grade_requests(endless())
    first = next(answers)
    assert first == answer(Request(1, "PB>=3")) and len(read) <= 3
