"""Every operation of the OpenAPI document carries a worked example: its request (where
it takes a body) and its answer. Each answer fits the schema the document publishes
for it, and is what the service answers to the example's request, so neither can drift.
"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator

from api.http.examples import Example, every_example

UNSEALED = "session"
"""A session's token is sealed afresh each time (the field an answer may differ in)."""


def _operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    paths = document["paths"].items()
    return [(path, method, op) for path, item in paths for method, op in item.items()]


def _shown(content: dict[str, Any]) -> list[Any]:
    """The examples of each media type of a request's or an answer's content."""
    return [kind.get("examples", {}).get("seeded", {}).get("value") for kind in content.values()]


def test_every_operation_shows_a_request_and_its_answer(document: dict[str, Any]) -> None:
    lacking = []
    for path, method, op in _operations(document):
        asked = op.get("requestBody", {}).get("content", {})
        if any(value is None for value in _shown(asked)):
            lacking.append(f"{method} {path}: request")
        answered = op["responses"]["200"]["content"]
        if any(value is None for value in _shown(answered)):
            lacking.append(f"{method} {path}: answer")
    assert lacking == []
    assert len(_operations(document)) >= 46


def test_every_example_answer_fits_its_published_schema(document: dict[str, Any]) -> None:
    faults = []
    for path, method, op in _operations(document):
        for media, kind in op["responses"]["200"]["content"].items():
            schema = {**kind["schema"], "components": document["components"]}
            checker = Draft202012Validator(schema)
            for fault in checker.iter_errors(kind["examples"]["seeded"]["value"]):
                where = "/".join(map(str, fault.absolute_path))
                faults.append(f"{method} {path} ({media}) at {where}: {fault.message[:200]}")
    assert faults == []


def _examples(client: TestClient) -> list[Example]:
    sessions = client.app.state.sessions  # type: ignore[attr-defined]
    return every_example(sessions)


def _unsealed(answer: Any) -> Any:
    return (
        {k: v for k, v in answer.items() if k != UNSEALED} if isinstance(answer, dict) else answer
    )


def test_every_example_is_what_the_service_answers(
    client: TestClient, document: dict[str, Any]
) -> None:
    shown = {(path, method): op for path, method, op in _operations(document)}
    asked = 0
    for example in _examples(client):
        op = shown[example.path, example.method]
        answered = op["responses"]["200"]["content"][example.media]["examples"]["seeded"]["value"]
        sent = None
        if example.body is not None:  # asked as the document shows it
            sent = op["requestBody"]["content"]["application/json"]["examples"]["seeded"]["value"]
            assert _unsealed(sent) == _unsealed(example.body), example.path
        answer = client.request(example.method.upper(), example.url, json=sent)
        if example.path == "/ready" and answer.status_code == 503:
            continue  # warming: its answer once warm is checked by the ready tests
        assert answer.status_code == 200, (example.url, answer.text[:300])
        got = answer.text if example.media != "application/json" else answer.json()
        if isinstance(got, dict) and got.get("complete") is False:
            continue  # a hint stopped by the clock on a busy machine: a repeat may differ
        assert _unsealed(got) == _unsealed(answered), example.url
        asked += 1
    assert asked > len(shown) / 2
