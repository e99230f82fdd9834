"""benchmarks/limit.py's bare app and FastAPI floor do the service's own work: for
every route the benchmark loads, each answers the document the service answers; the
bare app refuses what the services refuse; and a run's figures read from wrk's line.

The benchmarks are scripts run from the checkout, so each case runs in a fresh
interpreter there.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str) -> Any:
    """What ``code`` (run in the checkout, with ``limit``, ``bare`` and ``framework``
    imported) prints, read as JSON."""
    script = (
        "import json\nfrom benchmarks import limit\n"
        f"from benchmarks.load import bare, framework\n{code}"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_bare_app_and_the_floor_answer_what_the_service_answers() -> None:
    answers = _run(
        "from fastapi.testclient import TestClient\n"
        "from api.http.app import create_app\n"
        "from api.http.settings import Settings\n"
        "service = TestClient(create_app(Settings(hint_cache=0)))\n"
        "plain, floor = TestClient(bare.app), TestClient(framework.app)\n"
        "out = {}\n"
        "for route, (path, body) in limit.bodies(5).items():\n"
        "    a, b = service.post(path, json=body), plain.post(path, json=body)\n"
        "    c = floor.post(path, json=body)\n"
        "    same = a.json() == b.json() == c.json()\n"
        "    out[route] = [a.status_code, b.status_code, c.status_code, same]\n"
        "print(json.dumps([limit.ROUTES, out]))\n"
    )
    routes, out = answers
    assert out == {route: [200, 200, 200, True] for route in routes} and len(routes) == 6


def test_the_bare_app_refuses_bad_input_and_unknown_routes() -> None:
    statuses = _run(
        "from fastapi.testclient import TestClient\n"
        "plain = TestClient(bare.app)\n"
        "bad = {'task': 'PB>>4', 'arrangement': '0' * 15}\n"
        "print(json.dumps([\n"
        "    plain.post('/v1/manno/validate', json=bad).status_code,\n"
        "    plain.post('/v1/park/nothing', json={}).status_code,\n"
        "    plain.post('/v1/park/legal', content=b'{').status_code,\n"
        "    plain.get('/health').json(),\n"
        "]))\n"
    )
    assert statuses == [422, 404, 422, {"status": "ok"}]


def test_a_run_reads_from_wrk_and_the_best_run_counts() -> None:
    line = (
        '{"requests":2000,"duration_us":10000000,"bytes":1,"connect":0,"read":1,"write":0,'
        '"timeout":2,"status":3,"p50_us":1500,"p90_us":3000,"p99_us":9000,"max_us":12000,'
        '"mean_us":1800.0}'
    )
    run, chosen = _run(
        f"figures = json.loads({line!r})\n"
        "figures |= {'wrk_cpu_s': 2.5, 'connections_per_worker': {'1': 50}}\n"
        "cpu = {'server_s': 15.0, 'server_us_per_request': 7500, 'machine_busy': 0.9}\n"
        "run = limit.measured(figures, cpu)\n"
        "slower = run | {'req_per_s': 150.0, 'server_us_per_request': 7000}\n"
        "print(json.dumps([run, limit.best([slower, run])]))\n"
    )
    assert (run["req_per_s"], run["p50_ms"], run["p99_ms"]) == (200.0, 1.5, 9.0)
    assert (run["errors"], run["non_2xx"], run["socket_errors"]) == (6, 3, 3)
    assert (run["wrk_cpu_share"], run["server_cpu_share"]) == (0.25, 1.5)
    assert chosen["req_per_s"] == 200.0 and chosen["runs_req_per_s"] == [150.0, 200.0]
    assert chosen["least_us_per_request"] == 7000
