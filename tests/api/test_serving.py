"""What a front end expects of the service besides its answers: speed on a kept
connection, offline docs pages, compression, caching and CORS."""

from __future__ import annotations

import http.client
import statistics
import time

from tests.api.conftest import serving

NAGLE_STEP_MS = 40.0
"""What an answer written in two pieces waits for under Nagle and delayed ACK."""


def test_a_kept_connection_answers_quickly_with_several_workers() -> None:
    with serving(workers=2) as server:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        times = []
        for _ in range(21):
            start = time.perf_counter()
            connection.request("GET", "/health")
            response = connection.getresponse()
            assert response.status == 200
            response.read()
            times.append((time.perf_counter() - start) * 1000)
        connection.close()
    # the first request opens the connection; the rest reuse it
    assert statistics.median(times[1:]) < NAGLE_STEP_MS / 2, times
