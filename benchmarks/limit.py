"""The service against its limit: each route under wrk, beside a bare app doing the same work.

Run::

    .venv/bin/python -m benchmarks.limit [--routes validate,solve,legal,view,apply,hint]
        [--seconds 10] [--runs 3] [--connections 50] [--workers 2] [--warm-up 2]
        [--hint-budget-ms 10] [--hint-cache N] [--serve-from DIR]
        [--server uvicorn|httptools|granian] [--json]

Three servers run side by side on free loopback ports, each with ``--workers``
workers: the service (``monsters serve``, its defaults, but
``MONSTERS_CONNECTIONS_PER_CLIENT=0``: every connection here comes from one
address, as from a proxy, and ``MONSTERS_HINT_CACHE=0`` unless ``--hint-cache``,
so a hint is searched on each); ``benchmarks.load.bare``, a plain ASGI callable
that parses the body with orjson, calls the same function of ``api.services``
and answers in orjson, the limit; and ``benchmarks.load.framework``, the same
call behind one plain FastAPI route, the framework's own floor. All three run
on the same server (uvicorn with the service's protocol and settings,
``api.http.transport.serve``). Before any load, each route's body is sent once
to each server: all must answer 200 with the same document.

Then per route: ``--warm-up`` seconds of load on each server, not counted, and
``--runs`` measured runs of ``--seconds`` on each, the servers taking turns
(each waits until the others are idle). The load is wrk (a C client: 1 thread,
``--connections`` keep-alive connections, each sending its next request as
soon as its answer is read; ``benchmarks/load/post.lua`` sends the body),
pinned to the last CPU (``taskset``) when there is one, so it never takes more
than one; its CPU share of the run is reported. wrk opens its connections all
at once and a worker takes as many as it can, so they land unevenly (50/0 is
common) and a run that lands so serves less: each server's best run counts.

The routes: Manno's ``validate`` and ``solve`` (task ``TASK``, arrangement all
0), and Monster Park's ``legal`` (of a view), ``view``, ``apply`` and ``hint``
(of a view, ``top`` 1, ``--hint-budget-ms``) on the game set up with seed 1
(``api.http.examples.game_requests``). Reported per route and server: req/s,
p50 and p99 latency (wrk's, from writing a request to reading its answer),
errors (answers not 2xx or 3xx, and socket errors: connect, read, write,
timeout), the connections each worker held, the least server CPU a request
took, and for the service and the FastAPI floor two ratios: its req/s over the
bare app's, and the bare app's CPU per request over its own (which other
programs busy on the same CPUs move far less). Goals, for the service on
``validate`` and ``legal``: at least 0.6 of the bare app's req/s, p99 under
50 ms, 0 errors. Every server is always stopped.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx2

from benchmarks.common import emit, environment, require
from benchmarks.load.server import (
    STARTED,
    Cpu,
    process_tree,
    server,
    socket_owners,
    workers_of,
)

ROUTES = ("validate", "solve", "legal", "view", "apply", "hint")
GAME = "park"
TASK = "TR>=4, TY=PR, PR=PB"
"""Manno's task (catalogue L3-05), validated and solved."""
ARRANGEMENT = "0" * 15
SECONDS = 10
RUNS = 3
CONNECTIONS = 50
WORKERS = 2
WARM_UP_S = 2
HINT_BUDGET_MS = 10
SETTLE_S = 30.0
"""Longest wait for a server to finish the requests a run left behind."""
WRK_TIMEOUT_S = 5
"""wrk counts an answer slower than this as a timeout error."""
SCRIPT = Path(__file__).resolve().parent / "load" / "post.lua"
GOAL_ROUTES = ("validate", "legal")
RATIO_GOAL = 0.6
P99_GOAL_MS = 50.0
SERVERS = ("service", "fastapi", "bare")
COMMANDS = {
    "fastapi": [sys.executable, "-m", "benchmarks.load.framework"],
    "bare": [sys.executable, "-m", "benchmarks.load.bare"],
}
"""How each server but the service starts on the service's own server."""
APPS = {
    "service": "api.http.app:app",
    "fastapi": "benchmarks.load.framework:app",
    "bare": "benchmarks.load.bare:app",
}
"""Each server's ASGI app, for ``--server`` other than the service's own."""
BIN = Path(sys.executable).parent
OTHER_SERVERS: dict[str, tuple[list[str], bytes | None]] = {
    "httptools": (
        [str(BIN / "uvicorn"), "--http", "httptools", "--loop", "uvloop", "--no-access-log"],
        STARTED,
    ),
    "granian": ([str(BIN / "granian"), "--interface", "asgi", "--log-level", "warning"], None),
}
"""Servers to measure the same three apps on instead (``--server``): each command, and
what each of its workers logs once started."""


def bodies(hint_budget_ms: int) -> dict[str, tuple[str, dict[str, Any]]]:
    """Each route's path and body."""
    from api.http.examples import game_requests

    park = game_requests(GAME)
    manno = {"task": TASK, "arrangement": ARRANGEMENT}
    return {
        "validate": ("/v1/manno/validate", manno),
        "solve": ("/v1/manno/solve", {"task": TASK}),
        "legal": (f"/v1/{GAME}/legal", park["legal"]),
        "view": (f"/v1/{GAME}/view", park["view"]),
        "apply": (f"/v1/{GAME}/apply", park["apply"]),
        "hint": (f"/v1/{GAME}/hint", park["hint"] | {"top": 1, "budget_ms": hint_budget_ms}),
    }


def same_answers(urls: dict[str, str], asked: dict[str, tuple[str, dict[str, Any]]]) -> None:
    """Every route answers 200 on both servers, with the same document."""
    for route, (path, body) in asked.items():
        answers = {}
        for name, url in urls.items():
            answer = httpx2.post(url + path, json=body, timeout=30.0)
            require(
                answer.status_code == 200, f"{name} {route}: {answer.status_code} {answer.text}"
            )
            answers[name] = answer.json()
        apart = [name for name in answers if answers[name] != answers["service"]]
        require(not apart, f"{route}: {', '.join(apart)} answers apart from the service")


def wrk_command(url: str, body_file: Path, seconds: float, connections: int) -> list[str]:
    """wrk at one thread, pinned to the last CPU where ``taskset`` is."""
    command = ["wrk", "-t1", f"-c{connections}", f"-d{seconds:g}s", f"--timeout={WRK_TIMEOUT_S}s"]
    command += ["-s", str(SCRIPT), url, "--", str(body_file)]
    cpus = os.cpu_count() or 1
    if shutil.which("taskset") and cpus > 1:
        command = ["taskset", "-c", str(cpus - 1), *command]
    return command


def children_cpu() -> float:
    """CPU seconds of this process's ended and waited-for children (here: wrk)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_wrk(command: Sequence[str], spread: Callable[[], dict[str, int]]) -> dict[str, Any]:
    """One wrk run: its figures (``post.lua``'s line), its CPU, and the connections each
    worker held half-way through."""
    used = children_cpu()
    began = time.perf_counter()
    held: dict[str, int] = {}
    timer = threading.Timer(1.0, lambda: held.update(spread()))
    timer.start()
    finished = subprocess.run(command, capture_output=True, text=True, check=False)
    timer.cancel()
    wall = time.perf_counter() - began
    lines = [line for line in finished.stdout.splitlines() if line.startswith("LIMIT ")]
    require(finished.returncode == 0 and len(lines) == 1, f"wrk: {finished.stderr.strip()}")
    figures: dict[str, Any] = json.loads(lines[0].removeprefix("LIMIT "))
    figures["wrk_cpu_s"] = round(children_cpu() - used, 2)
    figures["wall_s"] = round(wall, 2)
    figures["connections_per_worker"] = held
    return figures


def measured(figures: dict[str, Any], cpu: dict[str, Any]) -> dict[str, Any]:
    """A run's figures as reported: req/s, latency in ms, errors, CPU."""
    seconds = figures["duration_us"] / 1e6
    sockets = sum(figures[k] for k in ("connect", "read", "write", "timeout"))
    return {
        "requests": figures["requests"],
        "req_per_s": round(figures["requests"] / seconds, 1),
        "p50_ms": round(figures["p50_us"] / 1000, 2),
        "p90_ms": round(figures["p90_us"] / 1000, 2),
        "p99_ms": round(figures["p99_us"] / 1000, 2),
        "max_ms": round(figures["max_us"] / 1000, 2),
        "errors": figures["status"] + sockets,
        "non_2xx": figures["status"],
        "socket_errors": sockets,
        "connections_per_worker": figures["connections_per_worker"],
        "wrk_cpu_share": round(figures["wrk_cpu_s"] / seconds, 2),
        "server_cpu_share": round(cpu["server_s"] / seconds, 2),
        "server_us_per_request": cpu["server_us_per_request"],
        "machine_busy": cpu["machine_busy"],
    }


class Target:
    """One running server: where it listens, its processes and workers."""

    def __init__(self, url: str, process: subprocess.Popen[bytes], info: dict[str, Any]) -> None:
        self.url = url
        self.port = int(url.rpartition(":")[2])
        self.pids = process_tree(process.pid)
        self.workers = workers_of(process)
        self.info = info

    def spread(self) -> dict[str, int]:
        """The connections each worker holds now."""
        owners = socket_owners(self.workers, self.port)
        return {str(pid): sum(1 for p in owners.values() if p == pid) for pid in self.workers}

    def settle(self) -> None:
        """Until the server is idle: requests a run left behind (wrk stops waiting for
        its answers, the server does not) must not take the next run's time."""
        due = time.perf_counter() + SETTLE_S
        while time.perf_counter() < due:
            cpu = Cpu(self.pids)
            time.sleep(0.25)
            if cpu.used(1)["server_s"] < 0.05:
                return

    def warm(self, url: str, body_file: Path, args: argparse.Namespace) -> None:
        """Load not counted: every worker has answered the route before it is timed."""
        if args.warm_up > 0:
            run_wrk(wrk_command(url, body_file, args.warm_up, args.connections), dict)

    def load(self, url: str, body_file: Path, args: argparse.Namespace) -> dict[str, Any]:
        """One measured run of one route, once the server is idle."""
        self.settle()
        cpu = Cpu(self.pids)
        figures = run_wrk(wrk_command(url, body_file, args.seconds, args.connections), self.spread)
        return measured(figures, cpu.used(figures["requests"]))


def best(runs: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The run with the most req/s (wrk's connections land on the workers anew each
    run, and a run they landed on unevenly serves less), with every run's req/s and
    the least CPU a request took in any run."""
    top = max(runs, key=lambda run: run["req_per_s"])
    return top | {
        "runs_req_per_s": [run["req_per_s"] for run in runs],
        "least_us_per_request": min(run["server_us_per_request"] for run in runs),
    }


def compare(targets: dict[str, Target], args: argparse.Namespace, folder: Path) -> dict[str, Any]:
    """Every route on every server, the order turning round run by run."""
    asked = bodies(args.hint_budget_ms)
    same_answers({name: target.url for name, target in targets.items()}, asked)
    out: dict[str, Any] = {}
    for route in args.routes:
        path, body = asked[route]
        body_file = folder / f"{route}.json"
        body_file.write_bytes(json.dumps(body, separators=(",", ":")).encode())
        for target in targets.values():
            target.warm(target.url + path, body_file, args)
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in SERVERS}
        for n in range(args.runs):
            for name in SERVERS if n % 2 == 0 else SERVERS[::-1]:
                runs[name].append(targets[name].load(targets[name].url + path, body_file, args))
        tops = {name: best(runs[name]) for name in SERVERS}
        out[route] = {"path": path, "body_bytes": body_file.stat().st_size} | tops
        out[route] |= {"ratio": _ratio(tops["service"], tops["bare"])}
        out[route] |= {"cpu_ratio": _cpu_ratio(tops["service"], tops["bare"])}
        out[route] |= {"fastapi_ratio": _ratio(tops["fastapi"], tops["bare"])}
        out[route] |= {"fastapi_cpu_ratio": _cpu_ratio(tops["fastapi"], tops["bare"])}
        ratio = out[route]["ratio"]
        print(f"{route}: {ratio:.2f} of the bare app's req/s", file=sys.stderr, flush=True)
    return out


def _ratio(server: dict[str, Any], bare: dict[str, Any]) -> float:
    """A server's req/s over the bare app's."""
    ratio: float = server["req_per_s"] / max(bare["req_per_s"], 0.1)
    return round(ratio, 2)


def _cpu_ratio(server: dict[str, Any], bare: dict[str, Any]) -> float:
    """The bare app's least CPU per request over a server's."""
    ratio: float = bare["least_us_per_request"] / max(server["least_us_per_request"], 1)
    return round(ratio, 2)


def verdicts(routes: dict[str, Any]) -> dict[str, Any]:
    """The goals, on the goal routes measured."""
    out = {}
    for route in GOAL_ROUTES:
        if route not in routes:
            continue
        service, ratio = routes[route]["service"], routes[route]["ratio"]
        out[f"{route}_ratio"] = {"value": ratio, "target": RATIO_GOAL, "pass": ratio >= RATIO_GOAL}
        p99 = service["p99_ms"]
        out[f"{route}_p99_ms"] = {"value": p99, "target": P99_GOAL_MS, "pass": p99 < P99_GOAL_MS}
        errors = service["errors"]
        out[f"{route}_errors"] = {"value": errors, "target": 0, "pass": errors == 0}
    return out


def report(result: dict[str, Any]) -> str:
    """The results as plain text."""
    lines = [
        f"$ {result['command']}",
        f"python {result['versions']['python']}, {result['cpus']} CPUs; wrk {result['wrk']}",
        f"service: {result['servers']['service']['command']}",
        f"fastapi: {result['servers']['fastapi']['command']}",
        f"bare:    {result['servers']['bare']['command']}",
        f"load: wrk -t1 -c{result['connections']} -d{result['load_seconds']:g}s, best of"
        f" {result['runs']} runs per route and server, after {result['warm_up']:g} s of"
        f" warm-up; {result['pinned']}",
        "",
        f"{'route':<9} {'':>7} {'req/s':>7} {'p50 ms':>7} {'p99 ms':>7} {'errors':>6}"
        f" {'conns':>7} {'µs/req':>7} {'wrk':>4} {'ratio':>6} {'cpu':>5}",
    ]
    for route, r in result["routes"].items():
        for name in SERVERS:
            run = r[name]
            spread = "/".join(str(n) for n in run["connections_per_worker"].values()) or "?"
            ratios = ""
            if name != "bare":
                prefix = "" if name == "service" else "fastapi_"
                ratios = f"{r[prefix + 'ratio']:>6.2f} {r[prefix + 'cpu_ratio']:>5.2f}"
            lines.append(
                f"{route if name == 'service' else '':<9} {name:>7} {run['req_per_s']:>7.0f}"
                f" {run['p50_ms']:>7.2f} {run['p99_ms']:>7.2f} {run['errors']:>6}"
                f" {spread:>7} {run['least_us_per_request']:>7} {run['wrk_cpu_share']:>4.0%}"
                f" {ratios}"
            )
    lines += [
        "",
        "req/s, p50, p99, errors (answers not 2xx/3xx, socket errors), conns (connections",
        "each worker held) and wrk (its CPU over the run, of one CPU): the best run;",
        "µs/req: the least server CPU a request took in any run (all its processes);",
        "ratio: the server's req/s over the bare app's; cpu: the bare app's µs/req over",
        "the server's (what the ratio would be were both alone on the CPUs); fastapi: the",
        "bare app's work behind one plain FastAPI route, the framework's own floor",
        "",
        "goals (service, --workers 2):",
    ]
    signs = {"ratio": ">=", "p99_ms": "<", "errors": "=="}
    for name, v in result["targets"].items():
        verdict = "PASS" if v["pass"] else "FAIL"
        sign = signs[name.partition("_")[2]]
        lines.append(f"  {name:<16} {v['value']:>8} {sign:>2} {v['target']:<6} {verdict}")
    return "\n".join(lines)


def wrk_version() -> str:
    """wrk's version, from its own usage text."""
    shown = subprocess.run(["wrk", "--version"], capture_output=True, text=True, check=False)
    first = (shown.stdout or shown.stderr).split()
    return first[1] if len(first) > 1 else "?"


def _command(name: str, serving: str) -> tuple[list[str] | None, bytes | None]:
    """How ``name`` starts on ``serving`` (None: ``monsters serve``), and its started line."""
    if serving == "uvicorn":
        return COMMANDS.get(name), STARTED
    command, started = OTHER_SERVERS[serving]
    return [*command, APPS[name]], started


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--routes",
        type=lambda text: tuple(text.split(",")),
        default=ROUTES,
        help=f"comma-separated, of {','.join(ROUTES)}",
    )
    parser.add_argument("--seconds", type=float, default=SECONDS, help="measured load per run")
    parser.add_argument("--runs", type=int, default=RUNS, help="measured runs per route and server")
    parser.add_argument("--connections", type=int, default=CONNECTIONS, help="wrk connections")
    parser.add_argument("--workers", type=int, default=WORKERS, help="worker processes each")
    parser.add_argument("--warm-up", type=float, default=WARM_UP_S, help="uncounted seconds first")
    parser.add_argument(
        "--hint-budget-ms", type=int, default=HINT_BUDGET_MS, help="the hint's budget_ms"
    )
    parser.add_argument(
        "--hint-cache", type=int, default=0, help="hint answers each service worker keeps"
    )
    parser.add_argument(
        "--serve-from",
        default=None,
        help="serve the code of this checkout instead (the service only; an earlier commit)",
    )
    parser.add_argument(
        "--server",
        choices=["uvicorn", *OTHER_SERVERS],
        default="uvicorn",
        help="the server all three apps run on: the service's own (uvicorn, h11, its guards),"
        " uvicorn with httptools and uvloop, or Granian",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    argv = sys.argv[1:] if argv is None else list(argv)
    args = parser.parse_args(argv)
    unknown = set(args.routes) - set(ROUTES)
    if unknown:
        parser.error(f"--routes: no route {', '.join(sorted(unknown))}")
    if min(args.seconds, args.connections, args.workers, args.runs) <= 0 or args.warm_up < 0:
        parser.error("--seconds, --runs, --connections and --workers must be positive")
    if shutil.which("wrk") is None:
        parser.error("wrk is not installed (Debian: apt-get install wrk)")
    began = time.perf_counter()
    env = {"MONSTERS_CONNECTIONS_PER_CLIENT": "0", "MONSTERS_HINT_CACHE": str(args.hint_cache)}
    service_env = env if args.serve_from is None else env | {"PYTHONPATH": args.serve_from}
    pinned = wrk_command("", Path(), 1, 1)[0] == "taskset"
    result: dict[str, Any] = {
        "command": " ".join([".venv/bin/python", "-m", "benchmarks.limit", *argv]),
        **environment(),
        "wrk": wrk_version(),
        "load_seconds": args.seconds,
        "runs": args.runs,
        "warm_up": args.warm_up,
        "connections": args.connections,
        "workers": args.workers,
        "server": args.server,
        "pinned": f"wrk pinned to CPU {(os.cpu_count() or 1) - 1}" if pinned else "wrk not pinned",
    }
    # Terminated, too, the benchmark leaves through the servers' clean-up and stops them.
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    with ExitStack() as stack, tempfile.TemporaryDirectory(prefix="limit-") as folder:
        started = {}
        for name in SERVERS:
            how = server(
                args.workers,
                service_env if name == "service" else env,
                *_command(name, args.server),
            )
            started[name] = stack.enter_context(how)
        targets = {name: Target(*started[name]) for name in SERVERS}
        result["servers"] = {name: targets[name].info for name in SERVERS}
        result["routes"] = compare(targets, args, Path(folder))
    result["targets"] = verdicts(result["routes"])
    result["seconds"] = round(time.perf_counter() - began, 1)
    emit(result, args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
