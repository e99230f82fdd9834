"""Very Big Monster's team standing where the score is answered: the service's and
the command line's ``score`` give it, typed by ``VbmScoreDetail``
(``solver/vbm/documents.py``), and the HTTP route documents and answers it.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from api.http.app import create_app
from api.services import games as game_service
from solver.vbm import GAME
from solver.vbm.documents import VbmScoreDetail


def test_the_team_score_and_its_tie_break_come_with_the_score(cli: Any) -> None:
    state = GAME.new(4, 2, None)
    while not state.is_terminal():
        state = state.apply(state.legal_moves()[0])
    doc = json.dumps(state.to_json())
    sheet = game_service.score("vbm", state.to_json())
    detail = VbmScoreDetail.model_validate(sheet["detail"])
    totals = [s["total"] for s in sheet["scores"]]
    assert [t.score for t in detail.teams] == [min(totals[0], totals[2]), min(totals[1], totals[3])]
    assert detail.steps[0] == "team score" and detail.decided_by in (*detail.steps, "shared")
    viewed = game_service.score("vbm", state.view(3).to_json())
    assert viewed["detail"] == sheet["detail"]
    free = GAME.new(5, 2, None)
    assert "detail" not in game_service.score("vbm", free.to_json())
    code, out, _ = cli(["vbm", "score", "-"], doc)
    assert code == 0 and detail.text in " ".join(out.split())


def test_the_score_route_documents_and_answers_the_team_standing() -> None:
    app = create_app()
    document = app.openapi()["components"]["schemas"]
    detail = document["VbmScoreResponse"]["properties"]["detail"]
    assert {"$ref": "#/components/schemas/VbmScoreDetail"} in detail["anyOf"]
    assert "detail" not in document["ParkScoreResponse"]["properties"]
    state = GAME.new(4, 2, None)
    while not state.is_terminal():
        state = state.apply(state.legal_moves()[0])
    with TestClient(app) as client:
        answer = client.post("/v1/vbm/score", json={"state": state.view(1).to_json()})
    assert answer.status_code == 200
    assert answer.json()["detail"] == game_service.score("vbm", state.to_json())["detail"]
    VbmScoreDetail.model_validate(answer.json()["detail"])
