"""``/play``: the playground pages and their files, served in-process."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.routers.play import static_files
from api.http.settings import Settings
from solver.game import GAMES


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings())) as test_client:
        yield test_client


@pytest.mark.parametrize(
    ("url", "media_type", "needle"),
    [
        ("/play/manno", "text/html", "Manno Monster playground"),
        ("/play", "text/html", 'href="/play/monstrolicious"'),
        ("/play/paste", "text/html", "Paste a Monster Park"),
        *((f"/play/{name}", "text/html", 'src="/play/static/game.js"') for name in GAMES),
        ("/static/monsters-client.js", "text/javascript", "export class MonstersClient"),
        ("/play/static/monsters-client.js", "text/javascript", "/v1/sessions"),
        ("/play/static/game.js", "text/javascript", 'from "/static/monsters-client.js"'),
        ("/play/static/manno.js", "text/javascript", "/v1/manno"),
        ("/play/static/play.js", "text/javascript", "/render.svg"),
        ("/play/static/play.css", "text/css", ".tokens g.token"),
    ],
)
def test_pages_and_files(client: TestClient, url: str, media_type: str, needle: str) -> None:
    response = client.get(url)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith(media_type)
    assert needle in response.text
    assert "default-src 'self'" in response.headers["content-security-policy"]


def test_pages_use_only_their_own_files_and_the_v1_api() -> None:
    for name, data in static_files().items():
        text = data.decode()
        assert not re.search(r"(https?:)?//[a-z]", text.replace("http://www.w3.org", "")), name
        for path in re.findall(r"""(?:src|href)="(/[^"]*)\"""", text):
            assert path.startswith(("/play", "/docs")), (name, path)
        for path in re.findall(r"""fetch\(([^,)]*)""", text):
            assert path.strip() in ("API + path", "path"), (name, path)
    assert 'const API = "/v1/manno"' in static_files()["manno.js"].decode()


def test_missing_file_is_a_problem(client: TestClient) -> None:
    for url in ("/play/static/nothing.js", "/play/static/..%2Fmain.py", "/play/static/__init__.py"):
        response = client.get(url)
        assert response.status_code == 404, url
        assert response.headers["content-type"] == "application/problem+json"


def test_pages_stay_out_of_the_api_schema(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert not [p for p in paths if p.startswith("/play")]
