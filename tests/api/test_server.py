"""The real server over raw loopback sockets: slow clients, framing, shutdown, body checks.

Each test starts ``monsters serve`` as a user would (two workers where the
transport matters) with short ``MONSTERS_*`` times, and talks bytes to it.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient
from starlette.types import Receive, Scope, Send

from api.entry import run as run_cli
from api.http import transport
from api.http.body import BodyLimit
from tests.api.conftest import Server, serving

HEAD_SECONDS = 1.0
BODY_SECONDS = 1.5
KEEP_ALIVE_SECONDS = 1
MARGIN = 2.0
"""Slack on every deadline: the machine is shared and may be slow."""
STOP_MARGIN = 5.0
"""Slack for stopping: the supervisor looks for signals twice a second, then the
workers finish, and two interpreters exit."""
STOP_BOUND = 30.0
"""How long stopping may take with workers still starting: well under
``api.http.transport.WORKER_START_SECONDS``, which uvicorn's own supervisor waited
on each starting worker before it heard the signal."""

SEND_SECONDS = 1.0
CUT_BOUND = 30.0
"""How long a client that reads nothing waits for the cut on a busy machine."""
MAX_ASKED = 100_000
"""Requests sent at most before the server stops taking them (some 5 MB)."""
TCP_ESTABLISHED = 1
"""The state ``TCP_INFO`` gives a standing connection (``linux/tcp_states.h``)."""
QUICK = {
    "MONSTERS_HEAD_SECONDS": str(HEAD_SECONDS),
    "MONSTERS_SEND_SECONDS": str(SEND_SECONDS),
    "MONSTERS_BODY_SECONDS": str(BODY_SECONDS),
    "MONSTERS_KEEP_ALIVE_SECONDS": str(KEEP_ALIVE_SECONDS),
    "MONSTERS_CORS_ORIGINS": "http://front.test",
}
PROBLEM = "application/problem+json"
SOLVE = b'{"task": "PB>=4, PY=0, B>R"}'


@pytest.fixture(scope="module")
def quick() -> Iterator[Server]:
    """Two workers with second-long head, body and keep-alive times, CORS on."""
    with serving(QUICK, workers=2) as server:
        yield server


@dataclass(frozen=True)
class Answer:
    """One HTTP answer as read off the socket."""

    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode()


def connect(server: Server) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=5)


def post_head(path: str, length: int, *extra: str) -> bytes:
    lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json"]
    lines += [f"Content-Length: {length}", *extra]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def read_answer(sock: socket.socket, within: float) -> Answer:
    """The next answer on ``sock``; fails if none has come ``within`` seconds."""
    sock.settimeout(within)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"closed without an answer after {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk, "closed inside the answer"
        body += chunk
    return Answer(int(status_line.split()[1]), headers, body[:length])


def held(sock: socket.socket, within: float) -> float | None:
    """Seconds until the server closes ``sock`` (reading and dropping any bytes), or None."""
    start = time.monotonic()
    while (left := within - (time.monotonic() - start)) > 0:
        sock.settimeout(left)
        try:
            if not sock.recv(65536):
                return time.monotonic() - start
        except TimeoutError:
            return None
        except ConnectionResetError:
            return time.monotonic() - start
    return None


def test_an_idle_connection_is_closed_after_the_head_time(quick: Server) -> None:
    with connect(quick) as sock:
        seconds = held(sock, HEAD_SECONDS + MARGIN)
    assert seconds is not None and seconds >= HEAD_SECONDS * 0.5


def test_a_head_sent_a_byte_at_a_time_is_cut_off(quick: Server) -> None:
    with connect(quick) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        start = time.monotonic()
        closed = False
        while time.monotonic() - start < HEAD_SECONDS + MARGIN:
            try:
                sock.sendall(b"X")  # one byte of a header that never ends
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            if held(sock, 0.2) is not None:
                closed = True
                break
    assert closed, "a head that never ends kept its connection"


def test_a_slow_body_answers_408_and_closes(quick: Server) -> None:
    with connect(quick) as sock:
        sock.sendall(post_head("/v1/manno/solve", len(SOLVE)) + SOLVE[:10])
        start = time.monotonic()
        answer = read_answer(sock, BODY_SECONDS + MARGIN)
        assert time.monotonic() - start < BODY_SECONDS + MARGIN
        assert answer.status == 408 and answer.headers["content-type"] == PROBLEM
        assert answer.json()["status"] == 408
        assert held(sock, MARGIN) is not None


def test_an_early_answer_to_an_unread_body_closes_the_connection(quick: Server) -> None:
    with connect(quick) as sock:
        sock.sendall(post_head("/no/such/route", 1000) + b"x" * 10)
        assert read_answer(sock, MARGIN).status == 404
        assert held(sock, MARGIN) is not None, "the rest of the body was still awaited"


def test_an_idle_keep_alive_connection_is_closed(quick: Server) -> None:
    with connect(quick) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert read_answer(sock, MARGIN).status == 200
        seconds = held(sock, KEEP_ALIVE_SECONDS + MARGIN)
    assert seconds is not None


def test_a_keep_alive_connection_serves_several_requests(quick: Server) -> None:
    with connect(quick) as sock:
        for _ in range(3):
            sock.sendall(post_head("/v1/manno/solve", len(SOLVE)) + SOLVE)
            answer = read_answer(sock, 10)
            assert answer.status == 200, answer.body
            assert answer.json()["arrangement"] == "000000000000001"


def _open(sock: socket.socket) -> bool:
    """Whether the connection still stands as far as this end knows, read without reading."""
    state = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)[0]
    return state == TCP_ESTABLISHED


def test_a_client_that_reads_nothing_is_cut_off(quick: Server) -> None:
    ask = b"GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", quick.port))
        sock.setblocking(False)
        asked = 0
        with contextlib.suppress(BlockingIOError):  # until the server stops taking requests
            while asked < MAX_ASKED:
                asked += sock.send(ask) // len(ask)
        start = time.monotonic()
        # the answers wait unread, and so do requests the server has not taken: so the
        # cut resets the connection, which this end sees without reading a byte
        while _open(sock) and time.monotonic() - start < CUT_BOUND:
            time.sleep(0.05)
        assert not _open(sock), "the server never cut off the client that read nothing"
        assert time.monotonic() - start >= SEND_SECONDS / 2, "cut off before its time"


def test_connections_past_the_limit_answer_503_through_cors() -> None:
    env = {
        "MONSTERS_MAX_CONNECTIONS": "3",
        "MONSTERS_HEAD_SECONDS": "30",
        "MONSTERS_CORS_ORIGINS": "http://front.test",
    }
    health = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://front.test\r\n\r\n"
    with serving(env) as server:
        idle = [connect(server) for _ in range(3)]
        try:
            time.sleep(0.3)  # the server has taken them in
            with connect(server) as sock:
                sock.sendall(health)
                answer = read_answer(sock, MARGIN)
                assert answer.status == 503 and answer.headers["content-type"] == PROBLEM
                assert answer.json()["type"] == "/problems/solver-timeout"
                assert answer.headers.get("access-control-allow-origin") == "http://front.test"
                assert int(answer.headers["retry-after"]) >= 1
                assert held(sock, MARGIN) is not None, "a refused connection stayed open"
        finally:
            for sock in idle:
                sock.close()
        time.sleep(0.3)
        with connect(server) as sock:
            sock.sendall(health)
            assert read_answer(sock, MARGIN).status == 200


def test_content_length_with_chunked_is_refused_and_closed(quick: Server) -> None:
    smuggled = b"0\r\n\r\nGET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    with connect(quick) as sock:
        head = post_head("/v1/manno/solve", len(smuggled), "Transfer-Encoding: chunked")
        sock.sendall(head + smuggled)
        answer = read_answer(sock, MARGIN)
        assert answer.status == 400 and answer.headers["content-type"] == PROBLEM
        assert "Transfer-Encoding" in answer.json()["detail"]
        assert held(sock, MARGIN) is not None, "the connection stayed open"


def test_a_malformed_request_is_a_problem(quick: Server) -> None:
    with connect(quick) as sock:
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nbad header line\r\n\r\n")
        answer = read_answer(sock, MARGIN)
        assert answer.status == 400 and answer.headers["content-type"] == PROBLEM
        assert held(sock, MARGIN) is not None


@pytest.mark.parametrize(
    ("extra", "status", "detail"),
    [
        ("X-Long: " + "x" * 20_000, 431, "longer than 16384 bytes"),
        ("Transfer-Encoding: gzip", 501, "only Transfer-Encoding: chunked"),
    ],
)
def test_a_request_http_refuses_says_why_in_words(
    quick: Server, extra: str, status: int, detail: str
) -> None:
    with connect(quick) as sock:
        sock.sendall(f"POST /v1/manno/solve HTTP/1.1\r\nHost: a\r\n{extra}\r\n\r\n".encode())
        answer = read_answer(sock, MARGIN)
    assert answer.status == status and answer.headers["content-type"] == PROBLEM
    assert detail in answer.json()["detail"] and "b'" not in answer.text


def test_a_body_too_large_passes_cors(quick: Server) -> None:
    with connect(quick) as sock:
        sock.sendall(post_head("/v1/manno/solve", 20_000, "Origin: http://front.test"))
        answer = read_answer(sock, MARGIN)
    assert answer.status == 413
    assert answer.headers.get("access-control-allow-origin") == "http://front.test"


def test_a_body_too_large_has_its_problem_type(quick: Server) -> None:
    with connect(quick) as sock:
        sock.sendall(post_head("/v1/manno/solve", 20_000))
        answer = read_answer(sock, MARGIN)
    assert answer.status == 413 and answer.headers["content-type"] == PROBLEM
    assert answer.json()["type"] == "/problems/body-too-large"


def test_deep_json_is_invalid_input_naming_the_column(quick: Server) -> None:
    deep = b"[" * 1000 + b"]" * 1000
    with connect(quick) as sock:
        sock.sendall(post_head("/v1/manno/solve", len(deep), "Origin: http://front.test") + deep)
        answer = read_answer(sock, MARGIN)
    assert answer.status == 422 and answer.headers["content-type"] == PROBLEM
    problem = answer.json()
    assert problem["type"] == "/problems/invalid-input"
    assert problem["errors"] == [
        {"field": "", "message": "JSON nested deeper than 64 levels", "column": 65}
    ]
    assert answer.headers.get("access-control-allow-origin") == "http://front.test"


def test_brackets_inside_strings_are_not_nesting(quick: Server) -> None:
    body = json.dumps({"task": "[" * 1000}).encode()
    with connect(quick) as sock:
        sock.sendall(post_head("/v1/manno/solve", len(body)) + body)
        answer = read_answer(sock, MARGIN)
    assert (
        answer.status == 422 and answer.json()["errors"][0]["field"] != ""
    )  # the task, not the body


def refused(server: Server) -> bool:
    """Whether a new connection is refused (or reset before it is answered)."""
    try:
        with connect(server) as sock:
            sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            sock.settimeout(0.5)
            return not sock.recv(65536)
    except (ConnectionRefusedError, ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False


def stop_with_a_slow_client(
    grace: int, finish: bool, workers: int = 2
) -> tuple[float, float, Answer | None]:
    """Seconds until new connections are refused and until exit, after SIGTERM.

    A slow client is sending a body when the signal comes; with ``finish`` it
    then sends the rest, and its answer is returned.
    """
    env = {"MONSTERS_GRACE_SECONDS": str(grace), "MONSTERS_BODY_SECONDS": "60"}
    with serving(env, workers=workers) as server, connect(server) as slow:
        slow.sendall(post_head("/v1/manno/solve", len(SOLVE)) + SOLVE[:10])
        time.sleep(0.3)
        start = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        while not refused(server):
            assert time.monotonic() - start < STOP_MARGIN, "new connections still accepted"
            time.sleep(0.05)
        refused_after = time.monotonic() - start
        answer = None
        if finish:
            slow.sendall(SOLVE[10:])
            answer = read_answer(slow, grace + MARGIN)
            assert held(slow, MARGIN) is not None, "kept open while stopping"
        try:
            server.process.wait(timeout=grace + 2 * STOP_MARGIN)
        finally:
            exited_after = time.monotonic() - start
    return refused_after, exited_after, answer


def test_shutdown_refuses_new_connections_and_finishes_in_flight() -> None:
    refused_after, exited_after, answer = stop_with_a_slow_client(grace=8, finish=True)
    assert refused_after < 3
    assert answer is not None and answer.status == 200
    assert exited_after < STOP_MARGIN  # well inside the grace: nothing was left to wait for


@pytest.mark.parametrize("workers", [1, 2])
def test_shutdown_gives_up_on_a_slow_client_after_the_grace(workers: int) -> None:
    refused_after, exited_after, _ = stop_with_a_slow_client(2, finish=False, workers=workers)
    assert refused_after < 3
    assert exited_after < 2 + STOP_MARGIN


def test_a_setting_that_does_not_read_is_one_line_and_exit_2() -> None:
    monsters = str(Path(sys.executable).with_name("monsters"))
    env = {**os.environ, "MONSTERS_MAX_BODY_BYTES": "lots"}
    done = subprocess.run(
        [monsters, "serve", "--port", "1"], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: MONSTERS_MAX_BODY_BYTES must be a whole number above 0, not 'lots'"
    ]


def test_serve_starts_at_most_a_few_workers_per_cpu(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    started: list[dict[str, Any]] = []
    monkeypatch.setattr(transport, "serve", lambda **options: started.append(options))
    most = 4 * (os.cpu_count() or 1)
    assert run_cli(["serve", "--workers", str(most + 1)]) == 2 and started == []
    assert capsys.readouterr().err.strip().splitlines() == [
        f"error: --workers is at most 4 per CPU ({most} here), not {most + 1}"
    ]
    assert run_cli(["serve", "--workers", str(most)]) == 0
    assert started[0]["workers"] == most


SLOW_START = """import sys, time
if "--multiprocessing-fork" in sys.argv:  # a worker: its start-up never ends
    time.sleep(600)
"""


def group_processes(group: int) -> list[int]:
    """The live processes of process group ``group``, read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        with contextlib.suppress(OSError):
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
            if entry.name.isdigit() and int(fields[2]) == group and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def test_a_stop_signal_during_start_up_stops_every_worker(tmp_path: Path) -> None:
    (tmp_path / "sitecustomize.py").write_text(SLOW_START)
    path = os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))
    monsters = str(Path(sys.executable).with_name("monsters"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = str(probe.getsockname()[1])
    process = subprocess.Popen(
        [monsters, "serve", "--port", port, "--workers", "3", "--no-access-log"],
        env={**os.environ, "PYTHONPATH": path},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its own process group: every worker is found in it
    )
    try:
        deadline = time.monotonic() + 120
        while len(group_processes(process.pid)) < 4:  # the parent and its three workers
            assert time.monotonic() < deadline and process.poll() is None, "no workers"
            time.sleep(0.1)
        time.sleep(2)  # the supervisor is waiting on the workers' first answers by now
        process.send_signal(signal.SIGTERM)  # the parent only, as kill or a container sends it
        deadline = time.monotonic() + STOP_BOUND
        while left := group_processes(process.pid):
            assert time.monotonic() < deadline, f"still running after SIGTERM: {left}"
            time.sleep(0.2)
        assert process.wait(timeout=MARGIN) == 0
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def test_the_body_deadline_ends_with_the_body() -> None:
    async def listens_after_reading(scope: Scope, receive: Receive, send: Send) -> None:
        await receive()  # the whole body
        with anyio.move_on_after(0.6):
            await receive()  # listening for the client to leave, past the body deadline
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"done"})

    client = TestClient(BodyLimit(listens_after_reading, limit=100, seconds=0.2))
    answer = client.post("/", content=b"{}", headers={"content-type": "application/json"})
    assert (answer.status_code, answer.text) == (200, "done")


@pytest.mark.parametrize("version", ["2.0", "1.2", "9.9", "0.9"])
def test_a_request_of_another_http_version_answers_400(quick: Server, version: str) -> None:
    with connect(quick) as sock:
        sock.sendall(f"GET /health HTTP/{version}\r\nHost: 127.0.0.1\r\n\r\n".encode())
        answer = read_answer(sock, MARGIN)
        assert answer.status == 400 and answer.headers["content-type"] == PROBLEM
        assert f"not HTTP/{version}" in answer.json()["detail"]
        assert held(sock, MARGIN) is not None, "the connection stayed open"


@pytest.mark.parametrize("version", ["1.0", "1.1"])
def test_http_1_0_and_1_1_are_served(quick: Server, version: str) -> None:
    with connect(quick) as sock:
        sock.sendall(f"GET /health HTTP/{version}\r\nHost: 127.0.0.1\r\n\r\n".encode())
        answer = read_answer(sock, MARGIN)
    assert answer.status == 200 and answer.json() == {"status": "ok"}


def connect_from(server: Server, address: str) -> socket.socket:
    """A connection to ``server`` from the loopback address ``address`` (127.0.0.2, say)."""
    return socket.create_connection(("127.0.0.1", server.port), 5, (address, 0))


def test_one_client_cannot_hold_every_connection() -> None:
    env = {"MONSTERS_CONNECTIONS_PER_CLIENT": "2", "MONSTERS_HEAD_SECONDS": "30"}
    health = b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    with serving(env) as server, connect(server), connect(server) as second:
        time.sleep(0.3)  # the server has taken both in
        with connect(server) as extra:
            assert held(extra, MARGIN) is not None, "a third connection was kept"
        with connect_from(server, "127.0.0.2") as other:
            other.sendall(health)
            assert read_answer(other, MARGIN).status == 200
        second.close()
        time.sleep(0.3)
        with connect(server) as again:  # one of its connections ended: it may open one more
            again.sendall(health)
            assert read_answer(again, MARGIN).status == 200
