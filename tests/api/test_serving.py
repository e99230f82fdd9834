"""What a front end expects of the service besides its answers: speed on a kept
connection, offline docs pages, compression, caching and CORS."""

from __future__ import annotations

import gzip
import http.client
import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import expect, sync_playwright

from api.entry import run as run_cli
from api.http import transport
from api.http.app import app, create_app
from api.http.settings import Settings
from tests.api.conftest import serving
from tests.api.test_browser import ARGS, CHROMIUM, TIMEOUT_MS

NAGLE_STEP_MS = 40.0
"""What an answer written in two pieces waits for under Nagle and delayed ACK."""


def warmed(url: str, workers: int) -> None:
    """Until ``/ready`` answers 200 on fresh connections, ``workers`` times in a row: the
    workers' engines warm after they start, and a timing should not take their turn."""
    deadline = time.monotonic() + 60
    streak = 0
    while streak < 2 * workers:
        assert time.monotonic() < deadline, "the workers did not warm"
        streak = streak + 1 if httpx2.get(f"{url}/ready", timeout=5).status_code == 200 else 0
        time.sleep(0 if streak else 0.1)


def test_a_kept_connection_answers_quickly_with_several_workers() -> None:
    with serving(workers=2) as server:
        warmed(server.url, 2)
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        times = []
        for _ in range(21):
            start = time.perf_counter()
            connection.request("GET", "/health")
            response = connection.getresponse()
            assert response.status == 200
            response.read()
            times.append((time.perf_counter() - start) * 1000)
        # through the real transport: a gzipped answer, then a 304, and the connection stays
        connection.request("GET", "/v1/manno/tasks", headers={"Accept-Encoding": "gzip"})
        tagged = connection.getresponse()
        assert tagged.status == 200 and tagged.getheader("content-encoding") == "gzip"
        assert json.loads(gzip.decompress(tagged.read()))["tasks"]
        tag = tagged.getheader("etag") or ""
        connection.request("GET", "/v1/manno/tasks", headers={"If-None-Match": tag})
        unchanged = connection.getresponse()
        assert unchanged.status == 304 and unchanged.read() == b""
        connection.request("GET", "/health")
        assert connection.getresponse().status == 200
        connection.close()
    # the first request opens the connection; the rest reuse it
    assert statistics.median(times[1:]) < NAGLE_STEP_MS / 2, times


OWN_URL = re.compile(r"""(?:src|href|spec-url)=["']([^"']+)["']|url: ?'([^']+)'""")


@pytest.mark.parametrize("page", ["/docs", "/redoc"])
def test_the_docs_pages_need_no_outside_network(page: str) -> None:
    client = TestClient(app)
    html = client.get(page)
    assert html.status_code == 200
    assert not re.search(r"(https?:)?//", html.text), "the page names another host"
    urls = [a or b for a, b in OWN_URL.findall(html.text)]
    kinds = set()
    for url in urls:
        answer = client.get(url)
        assert answer.status_code == 200, url
        kinds.add(answer.headers["content-type"].split(";")[0])
    assert "text/javascript" in kinds
    if page == "/docs":
        assert "text/css" in kinds


CORS = Settings(cors_origins=("http://front.test",))
FRONT = {"Origin": "http://front.test"}
DETERMINISTIC = [
    "/v1/manno/tasks",
    "/v1/manno/tasks/L1-01",
    "/v1/manno/render.svg?arrangement=" + "01" * 7 + "0",
    "/play/static/manno.js",
    "/play/manno",
    "/docs",
]


def test_a_long_answer_is_gzipped_through_cors() -> None:
    client = TestClient(create_app(CORS))
    long = client.get("/v1/manno/tasks", headers={**FRONT, "Accept-Encoding": "gzip"})
    assert long.status_code == 200
    assert long.headers["content-encoding"] == "gzip"
    assert long.headers["access-control-allow-origin"] == "http://front.test"
    assert len(long.json()["tasks"]) > 10  # the client reads it back whole
    short = client.get("/health", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in short.headers  # under 1 KiB it is not worth it


def test_a_refusal_of_the_body_checks_still_passes_cors_and_gzip() -> None:
    client = TestClient(create_app(CORS))
    big = client.post(
        "/v1/manno/solve",
        content=b'{"task": "' + b"x" * 20_000 + b'"}',
        headers={**FRONT, "Content-Type": "application/json", "Accept-Encoding": "gzip"},
    )
    assert big.status_code == 413
    assert big.headers["access-control-allow-origin"] == "http://front.test"


@pytest.mark.parametrize("url", DETERMINISTIC)
def test_a_deterministic_get_is_tagged_and_answers_304_when_unchanged(url: str) -> None:
    client = TestClient(app)
    first = client.get(url)
    assert first.status_code == 200
    tag = first.headers["etag"]
    assert first.headers["cache-control"] == "public, max-age=3600"
    assert client.get(url).headers["etag"] == tag  # same bytes, same tag
    unchanged = client.get(url, headers={"If-None-Match": tag})
    assert unchanged.status_code == 304
    assert unchanged.content == b""
    assert unchanged.headers["etag"] == tag
    changed = client.get(url, headers={"If-None-Match": 'W/"something else"'})
    assert changed.status_code == 200 and changed.content == first.content


def test_answers_that_vary_are_not_tagged() -> None:
    client = TestClient(app)
    solved = client.post("/v1/manno/solve", json={"task": "PB>=4, PY=0, B>R"})
    assert solved.status_code == 200 and "etag" not in solved.headers
    missing = client.get("/v1/manno/tasks/NO-SUCH")
    assert missing.status_code == 404 and "etag" not in missing.headers


def test_the_manno_playground_draws_a_seen_arrangement_without_asking_again(base: str) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = browser.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        pictures: list[str] = []
        page.on(
            "request",
            lambda request: pictures.append(request.url) if "render.svg" in request.url else None,
        )
        page.goto(f"{base}/play/manno#L1-01")
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        expect(page.locator("#tokens g.token")).to_have_count(15)
        drawn = len(pictures)
        for arrangement in ["1" + "0" * 14, "0" * 15, "1" + "0" * 14, "0" * 15]:
            page.locator('#tokens g.token[data-token="1"]').click()
            expect(page.locator("#arrangement")).to_have_text(arrangement)
        browser.close()
    assert len(pictures) - drawn == 1, pictures[drawn:]  # only the first flip was new


def test_a_front_end_may_send_authorization_a_request_id_and_its_etag() -> None:
    client = TestClient(create_app(CORS))
    asked = "content-type, authorization, x-request-id, if-none-match"
    answer = client.options(
        "/v1/manno/solve",
        headers={
            **FRONT,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": asked,
        },
    )
    assert answer.status_code == 200
    allowed = {h.strip() for h in answer.headers["access-control-allow-headers"].lower().split(",")}
    assert {"authorization", "x-request-id", "content-type", "if-none-match"} <= allowed


def test_serve_cors_adds_origins_beside_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Settings] = []
    monkeypatch.setattr(transport, "serve", lambda **_: seen.append(Settings.from_env()))
    monkeypatch.setenv("MONSTERS_CORS_ORIGINS", "http://env.test")
    extra = ["--cors", "http://a.test", "--cors", "https://b.test:8443"]
    assert run_cli(["serve", *extra]) == 0
    # what the service and each of its workers read
    assert seen[0].cors_origins == ("http://env.test", "http://a.test", "https://b.test:8443")
    front = TestClient(create_app(seen[0]))
    for origin in seen[0].cors_origins:
        answer = front.get("/health", headers={"Origin": origin})
        assert answer.headers["access-control-allow-origin"] == origin


@pytest.mark.parametrize("origin", ["a.test", "http://a.test/path", "http://a.test,http://b.test"])
def test_serve_refuses_an_origin_that_is_not_one(origin: str) -> None:
    monsters = str(Path(sys.executable).with_name("monsters"))
    done = subprocess.run(
        [monsters, "serve", "--port", "1", "--cors", origin],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and repr(origin) in lines[0] and "origin" in lines[0], done.stderr


def test_a_front_end_may_read_the_tag_and_when_to_retry() -> None:
    client = TestClient(create_app(CORS))
    first = client.get("/v1/manno/tasks", headers=FRONT)
    exposed = {h.strip() for h in first.headers["access-control-expose-headers"].lower().split(",")}
    assert {"etag", "retry-after"} <= exposed
    unchanged = client.get(
        "/v1/manno/tasks", headers={**FRONT, "If-None-Match": first.headers["etag"]}
    )
    assert unchanged.status_code == 304
    assert unchanged.headers["access-control-allow-origin"] == "http://front.test"
