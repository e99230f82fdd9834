"""The grade route's response model documents the reasoning: steps and why, with a live example."""

from __future__ import annotations

from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.schemas import GradeResponse
from api.http.settings import Settings
from solver.manno.task import parse_task
from tasks.grader import grade


def test_the_example_is_what_the_grader_answers() -> None:
    [example] = GradeResponse.model_json_schema()["examples"]
    assert example == grade(parse_task(example["task"])).to_json()
    assert GradeResponse.model_validate(example).why.startswith("level 6: needs comparing")


def test_openapi_documents_steps_and_why() -> None:
    with TestClient(create_app(Settings())) as client:
        schema = client.get("/openapi.json").json()
        answer = client.post("/v1/manno/grade", json={"task": "B>Y, PY=TR, PB>=3"}).json()
    model = schema["components"]["schemas"]["GradeResponse"]
    assert {"steps", "why", "metrics"} <= set(model["required"])
    assert model["examples"][0]["why"] == answer["why"]
    step = schema["components"]["schemas"]["GradeStep"]["properties"]["step"]
    assert set(step["enum"]) == {
        "count",
        "force",
        "balance",
        "compare",
        "blot",
        "shared",
        "fight",
        "guess",
    }
    assert [s["step"] for s in answer["steps"]] == ["count", "shared"]
