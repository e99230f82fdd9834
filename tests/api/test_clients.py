"""Generated clients: the OpenAPI document yields typed TypeScript and Python clients
whose programs (``clients/ts/play.ts``, ``clients/python/play.py``) type-check
strictly and play every game to its end against a real server, and one seat of a
Very Big Monster team game through the sessions, with the hint ladder and reviews.

The node packages come from ``clients/package-lock.json`` (``npm ci`` when
``clients/node_modules`` is missing); the Python generator and its type checker from
``clients/python/requirements.txt`` in ``clients/.venv`` (made when missing or stale).
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.routing import APIRoute

from api.http.app import create_app
from api.http.routers import operation_id
from api.http.settings import Settings
from solver.game import GAMES

CLIENTS = Path(__file__).resolve().parents[2] / "clients"
NODE_BIN = CLIENTS / "node_modules" / ".bin"
VENV = CLIENTS / ".venv"
REQUIREMENTS = CLIENTS / "python" / "requirements.txt"
OPERATION_ID = re.compile(r"^[a-z][A-Za-z0-9]*$")
NAMES = "|".join(map(re.escape, GAMES))
PLAYED = re.compile(rf"^({NAMES}): \d+ moves; seat 0 -?\d+, seat 1 -?\d+; winners")
TEAM = "team"
"""The programs' name for the team game they play through ``/v1/sessions``."""
RUNG = r"hint (?P<level>[123]): \S.*"
TEAM_LINES = {
    "the set-up read from the game list": (
        r"Very Big Monster, team mode, 4 players; seat 0 with 2"
    ),
    "a rung of the hint ladder": RUNG,
    "a review's grade, its label and the best move's": (
        r"review: \S.*: (best|good|inaccuracy|mistake|blunder) \(rank \d+ of \d+\); best: \S.*"
    ),
    "a move played by its notation, with its label": r"you play \S+: \S.*",
    "an event": r"event [a-z-]+: \S.*",
    "the game's end": r"event game-over: The game is over: .*",
    "the winners": r"\d+ decisions, \d+ yours; winners \d( \d)*",
}


@functools.cache
def _document() -> dict[str, Any]:
    """The service's OpenAPI document (read, never changed)."""
    document: dict[str, Any] = create_app(Settings()).openapi()
    return document


def _operation_ids(document: dict[str, Any]) -> list[str]:
    return [
        operation.get("operationId", "")
        for operations in document["paths"].values()
        for operation in operations.values()
    ]


def test_every_operation_has_a_clean_unique_camel_case_id() -> None:
    ids = _operation_ids(_document())
    assert [i for i in ids if not OPERATION_ID.fullmatch(i)] == []
    assert sorted(i for i in set(ids) if ids.count(i) > 1) == []
    per_game = {f"{name}{route}" for name in GAMES for route in ("New", "Hint", "Score")}
    assert per_game | {"mannoSolve", "health"} <= set(ids)


def test_an_operation_id_is_the_route_name_led_by_its_area_or_else_its_path() -> None:
    def endpoint() -> None:
        """A route for the test."""

    def route(path: str, name: str | None) -> APIRoute:
        return APIRoute(path, endpoint, name=name)

    assert operation_id(route("/v1/park/hint", "park_hint")) == "parkHint"
    assert operation_id(route("/v1/manno/render.svg", "render_svg")) == "mannoRenderSvg"
    assert operation_id(route("/health", "health")) == "health"
    assert operation_id(route("/v1/manno/tasks/{task_id}", "")) == "mannoTasksTaskId"


def _run(args: list[str | Path], cwd: Path | None = None, **env: str) -> str:
    """Runs a tool; its output, or a failure showing what it said."""
    done = subprocess.run(
        [str(arg) for arg in args],
        cwd=cwd,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=300,
    )
    said = done.stdout + done.stderr
    assert done.returncode == 0, f"{Path(str(args[0])).name} failed:\n{said}"
    return done.stdout


@pytest.fixture(scope="module")
def openapi(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("openapi") / "openapi.json"
    path.write_text(json.dumps(_document()))
    return path


# --- TypeScript -------------------------------------------------------------------

LOOSE_TS = {
    "an `as` cast": r"\bas\b",
    "`any`": r"\bany\b",
    "`unknown`": r"\bunknown\b",
    "a `!` non-null assertion": r"[\w)\]]!(?!=)",
    "a `@ts-` directive": r"@ts-",
}
LOOSE_PY = {
    "a cast": r"\bcast\(",
    "`Any`": r"\bAny\b",
    "a `type: ignore`": r"type:\s*ignore",
}


def loose_typing(source: str, rules: dict[str, str], comment: str) -> list[str]:
    """Each line of ``source`` (comments aside) that gets round the type checker."""
    found = []
    for number, line in enumerate(source.splitlines(), 1):
        code = line.split(comment, 1)[0]
        found += [f"line {number}: {what}" for what, rule in rules.items() if re.search(rule, code)]
    return found


def test_the_loose_typing_check_catches_each_way_round_the_checker() -> None:
    ts = "const a = b as Move;\nlet c: any;\nlet d: unknown;\nf(x!.y);\n"
    ts += "// @ts-ignore\nif (a !== b) {}"
    assert loose_typing(ts, LOOSE_TS, "//") == [
        "line 1: an `as` cast",
        "line 2: `any`",
        "line 3: `unknown`",
        "line 4: a `!` non-null assertion",
    ]
    py = "x = cast(int, y)\ndef f(a: Any) -> None: ...\nz = 1  # type: ignore\n# cast(Any)"
    assert loose_typing(py, LOOSE_PY, "#") == ["line 1: a cast", "line 2: `Any`"]


def test_the_programs_use_the_generated_types_as_they_are() -> None:
    source = re.sub(r"/\*.*?\*/", "", (CLIENTS / "ts" / "play.ts").read_text(), flags=re.S)
    assert loose_typing(source, LOOSE_TS, "//") == []
    assert loose_typing((CLIENTS / "python" / "play.py").read_text(), LOOSE_PY, "#") == []


@pytest.fixture(scope="module")
def node_bin() -> Path:
    """``clients/node_modules/.bin``, installed from the lock file when missing."""
    if not all((NODE_BIN / tool).exists() for tool in ("openapi-typescript", "tsc")):
        _run(["npm", "ci", "--no-audit", "--no-fund"], cwd=CLIENTS)
    return NODE_BIN


TS_OPTIONS = ["--default-non-nullable", "false"]
"""As ``clients/package.json`` runs openapi-typescript: a field with a default is optional
unless its schema requires it (its default of ``true`` types every field with a default
as always there, in a request body too: a ``StartBody`` without its ``seat``)."""


@pytest.fixture(scope="module")
def typescript(node_bin: Path, openapi: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with ``play.ts``, its config and the types ``openapi-typescript`` made."""
    work = tmp_path_factory.mktemp("ts")
    _run([node_bin / "openapi-typescript", openapi, *TS_OPTIONS, "--output", work / "api.ts"])
    for name in ("ts/play.ts", "ts/tsconfig.json", "package.json"):
        shutil.copy(CLIENTS / name, work)
    (work / "node_modules").symlink_to(CLIENTS / "node_modules")
    return work


def _blocks(text: str, section: str, indent: int) -> dict[str, list[str]]:
    """The entries of one interface in generated TypeScript, by name: their code lines."""
    lines = text.split(section, 1)[1].splitlines()[1:]
    entry = re.compile(rf'^ {{{indent}}}(?:"([^"]+)"|(\w+))\??: ')
    blocks: dict[str, list[str]] = {}
    name = ""
    for line in lines:
        if re.match(rf"^ {{0,{indent - 4}}}\}}", line):
            break
        if line.strip().startswith(("/**", "*")):
            continue
        start = entry.match(line)
        if start:
            name = start.group(1) or start.group(2)
            blocks[name] = []
        blocks[name].append(line)
    return blocks


def _bodies(operation: list[str]) -> list[str]:
    """The lines of an operation's request and answer bodies (not its parameters, headers)."""
    kept, skip_to = [], ""
    for line in operation:
        if skip_to:
            skip_to = "" if line == skip_to else skip_to
            continue
        opening = re.match(r"^(\s*)(parameters|headers)\??: \{$", line)
        if opening:
            skip_to = f"{opening.group(1)}}};"
            continue
        kept.append(line)
    return kept


OPAQUE = re.compile(r"\bunknown\b|Record<string, never>")
QUOTED = re.compile(r'"[^"]*"')
REF = re.compile(r'components\["schemas"\]\["([^"]+)"\]')


def opaque_bodies(types: str, operations: list[str]) -> list[str]:
    """Every place a body of these operations (and every schema they reach) stays untyped."""
    schemas = _blocks(types, "    schemas: {", 8)
    ops = _blocks(types, "export interface operations {", 4)
    found: list[str] = []
    seen: set[str] = set()
    todo = [(op, _bodies(ops[op])) for op in operations]
    while todo:
        owner, lines = todo.pop(0)
        field = ""
        for line in lines:
            named = re.match(r'^\s*"?([\w/+.-]+)"?\??: ', line)
            field = named.group(1) if named else field
            if OPAQUE.search(QUOTED.sub('""', line)):  # a string may say "unknown"
                found.append(f"{owner}.{field}: {line.strip()}")
            for ref in REF.findall(line):
                if ref not in seen:
                    seen.add(ref)
                    todo.append((ref, schemas[ref]))
    return found


def test_the_opaque_body_check_names_the_schema_and_field() -> None:
    types = """export interface components {
    schemas: {
        /** Open */
        Open: {
            /** State */
            state: {
                [key: string]: unknown;
            };
            turn: components["schemas"]["Turn"];
        };
        Turn: {
            waiting: number[];
            extra: Record<string, never>;
            type: "/problems/unknown-deck" | "about:blank";
        };
        Unused: {
            x: unknown;
        };
    };
}
export interface operations {
    parkHint: {
        parameters: {
            query?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Open"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        moves: unknown[];
                    };
                };
            };
        };
    };
    parkCards: {
        responses: {
            200: {
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
}
"""
    assert opaque_bodies(types, ["parkHint", "parkCards"]) == [
        "parkHint.moves: moves: unknown[];",
        'parkCards.application/json: "application/json": unknown;',
        "Open.state: [key: string]: unknown;",
        "Turn.extra: extra: Record<string, never>;",
    ]


def test_the_typescript_types_of_every_game_and_session_body_are_closed(typescript: Path) -> None:
    document = _document()
    areas = [f"/v1/{name}/" for name in GAMES] + ["/v1/sessions", "/v1/games"]
    game_ops = [
        operation["operationId"]
        for path, operations in document["paths"].items()
        for operation in operations.values()
        if path.startswith(tuple(areas))
    ]
    assert {"parkHint", "sessionsMove", "gamesList"} <= set(game_ops)
    opaque = opaque_bodies((typescript / "api.ts").read_text(), game_ops)
    assert opaque == [], "bodies typed only as open objects:\n" + "\n".join(opaque)


def _properties(lines: list[str]) -> dict[str, bool]:
    """The properties of one schema's generated type, each with whether it is optional."""
    entry = re.compile(r'^ {12}(?:"([^"]+)"|(\w+))(\??): ')
    return {
        found.group(1) or found.group(2): found.group(3) == "?"
        for line in lines
        if (found := entry.match(line))
    }


def test_every_request_field_the_service_fills_in_is_optional_in_typescript(
    typescript: Path,
) -> None:
    document = _document()
    schemas = _blocks((typescript / "api.ts").read_text(), "    schemas: {", 8)
    sent = {
        ref.rsplit("/", 1)[1]
        for operations in document["paths"].values()
        for operation in operations.values()
        for kind in operation.get("requestBody", {}).get("content", {}).values()
        if (ref := kind["schema"].get("$ref"))
    }
    assert {"StartBody", "ParkNewRequest", "SolveRequest"} <= sent
    wrong = []
    for name in sorted(sent):
        published = document["components"]["schemas"][name]
        required = set(published.get("required", []))
        typed = _properties(schemas[name])
        assert set(typed) == set(published["properties"]), name
        wrong += [
            f"{name}.{field}"
            for field, optional in typed.items()
            if optional == (field in required)
        ]
    assert wrong == []


@pytest.fixture(scope="module")
def compiled(typescript: Path, node_bin: Path) -> Path:
    """``play.ts`` and the generated types checked by ``tsc --strict`` and compiled."""
    _run([node_bin / "tsc", "--project", typescript / "tsconfig.json", "--strict"])
    return typescript / "build" / "play.js"


def test_the_typescript_program_type_checks_strictly(compiled: Path) -> None:
    assert compiled.exists()


def test_the_typescript_program_plays_every_game_to_its_end(compiled: Path, base: str) -> None:
    lines = _run(["node", compiled, base, *GAMES]).splitlines()
    assert [line.split(":")[0] for line in lines] == list(GAMES)
    assert all(PLAYED.match(line) for line in lines), lines


def team_game_faults(lines: list[str]) -> list[str]:
    """What a program's account of the team game lacks: each kind of line it must print
    (``TEAM_LINES``) that it does not, every rung of the ladder, and the end last."""
    said = [line.removeprefix(f"{TEAM}: ") for line in lines if line.startswith(f"{TEAM}: ")]
    faults = [f"not a team line: {line}" for line in lines if not line.startswith(f"{TEAM}: ")]
    for what, rule in TEAM_LINES.items():
        if not any(re.fullmatch(rule, line) for line in said):
            faults.append(f"no line with {what}")
    rungs = {rung.group("level") for line in said if (rung := re.fullmatch(RUNG, line))}
    faults += [f"no rung {level} of the ladder" for level in "123" if level not in rungs]
    if said and not re.fullmatch(TEAM_LINES["the winners"], said[-1]):
        faults.append(f"the last line is not the winners: {said[-1]}")
    return faults


def test_the_team_game_check_names_what_is_missing() -> None:
    told = [
        "team: Very Big Monster, team mode, 4 players; seat 0 with 2",
        "team: hint 1: Look at the top of your play area.",
        "team: hint 3: Keep Explorer E06 (2 VP per completed crystal).",
        "team: review: Place Rock R05 at row 1, column 0: mistake (rank 101 of 120); best: Keep",
        "team: you play R05@-1,0>1#0: Place Rock R05 at row 1, column 0",
        "team: event card-placed: You placed Rock R05 at row 1, column 0 (+2 points).",
        "team: 76 decisions, 19 yours; winners 1 3",
        "park: 51 moves",
    ]
    assert team_game_faults(told) == [
        "not a team line: park: 51 moves",
        "no line with the game's end",
        "no rung 2 of the ladder",
    ]


def test_the_typescript_program_plays_a_team_game_through_the_sessions(
    compiled: Path, base: str
) -> None:
    lines = _run(["node", compiled, base, TEAM]).splitlines()
    assert team_game_faults(lines) == [], lines


# --- Python -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def client_venv() -> Path:
    """``clients/.venv/bin``: the pinned generator and type checker, installed once."""
    stamp, wanted = VENV / ".installed", REQUIREMENTS.read_text()
    if not stamp.exists() or stamp.read_text() != wanted:
        _run([sys.executable, "-m", "venv", "--clear", VENV])
        _run([VENV / "bin" / "pip", "install", "--quiet", "--requirement", REQUIREMENTS])
        stamp.write_text(wanted)
    return VENV / "bin"


@pytest.fixture(scope="module")
def python_client(
    client_venv: Path, openapi: Path, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    """A folder holding the package ``monster_solver_client`` generated from the document."""
    work = tmp_path_factory.mktemp("python")
    config = CLIENTS / "python" / "config.yaml"
    generate: list[str | Path] = [
        "generate",
        "--path",
        openapi,
        "--config",
        config,
        "--meta",
        "none",
    ]
    _run(
        [
            client_venv / "openapi-python-client",
            *generate,
            "--output-path",
            work / "monster_solver_client",
        ]
    )
    return work


def test_the_python_program_type_checks_strictly(client_venv: Path, python_client: Path) -> None:
    play = CLIENTS / "python" / "play.py"
    cache = VENV / "mypy-cache"  # kept between runs: the generated package rarely changes
    _run(
        [client_venv / "mypy", "--strict", "--cache-dir", cache, play], MYPYPATH=str(python_client)
    )


def test_the_python_program_plays_every_game_to_its_end(
    client_venv: Path, python_client: Path, base: str
) -> None:
    """The Trap is an enum, not a constant, in the schema: openapi-python-client 0.29.1
    refuses any value but the constant in a union with one (a tile: ``"trap"`` or 1-12)."""
    play = CLIENTS / "python" / "play.py"
    args: list[str | Path] = [client_venv / "python", play, base, *GAMES]
    lines = _run(args, PYTHONPATH=str(python_client)).splitlines()
    assert [line.split(":")[0] for line in lines] == list(GAMES)
    assert all(PLAYED.match(line) for line in lines), lines


def test_the_python_program_plays_a_team_game_through_the_sessions(
    client_venv: Path, python_client: Path, base: str
) -> None:
    play = CLIENTS / "python" / "play.py"
    args: list[str | Path] = [client_venv / "python", play, base, TEAM]
    lines = _run(args, PYTHONPATH=str(python_client)).splitlines()
    assert team_game_faults(lines) == [], lines
