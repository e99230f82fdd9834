"""SVG pictures: Manno cards and tokens, the catalogue plot, and their CLI and HTTP ways in.

Every picture is parsed with ``xml.etree`` and checked by what it shows.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from api.http.app import create_app
from api.http.settings import Settings
from api.render.manno import card, picture, tokens_block
from api.render.plot import Panel, panels
from api.render.stats import PLOTTED, LevelStats, catalogue_stats, stats_picture
from solver.manno.task import parse_task
from solver.manno.tokens import Arrangement, standard_tokens
from tasks.catalogue import load_catalogue
from tests.api.conftest import Cli
from tests.pictures import SVG, by_class, parse

ZERO = "0" * 15


def icons(row: ET.Element) -> list[str]:
    """The groups a row's icons stand for, left to right."""
    return [e.get("data-group", "") for e in by_class(row, "icon")]


def texts(element: ET.Element, name: str) -> list[str]:
    return [e.text or "" for e in by_class(element, name)]


def test_card_draws_one_icon_per_group_with_its_sign_and_number() -> None:
    task = parse_task("PB>=4, PY=0, B>R, PR=TY=T, Y<P, T<=6")
    root = parse(picture(task, None))
    rows = by_class(root, "condition")
    assert [r.get("data-condition") for r in rows] == [str(c) for c in task.conditions]
    assert [icons(r) for r in rows] == [
        ["PB"],
        ["PY"],
        ["B", "R"],
        ["PR", "TY", "T"],
        ["Y", "P"],
        ["T"],
    ]
    assert [texts(r, "sign") for r in rows] == [["≥"], [], [">"], ["=", "="], ["<"], ["≤"]]
    assert [texts(r, "number") for r in rows] == [["4"], [], [], [], [], ["6"]]
    none_row = rows[1]
    assert texts(none_row, "none-label") == ["none"] and by_class(none_row, "none")
    assert all(not by_class(r, "none") for r in rows if r is not none_row)
    scopes = {e.get("data-group"): e.get("data-scope") for e in by_class(root, "icon")}
    assert scopes == {
        "PB": "kind", "PY": "kind", "PR": "kind", "TY": "kind",
        "B": "colour", "R": "colour", "Y": "colour", "P": "shape", "T": "shape",
    }  # fmt: skip
    assert not by_class(root, "token") and not by_class(root, "mark")


def test_kinds_are_plump_or_thin_in_their_colour() -> None:
    root = parse(picture(parse_task("PB=TB, PR=TR, PY=TY"), None))
    for element in by_class(root, "icon"):
        name = element.get("data-group", "")
        bodies = [e for e in element if e.tag in (f"{SVG}ellipse", f"{SVG}rect")]
        body = next(e for e in bodies if e.get("stroke"))  # the feet have no outline
        assert body.tag == (f"{SVG}ellipse" if name[0] == "P" else f"{SVG}rect")
        assert body.get("fill") == {"B": "#2f6fd6", "R": "#d9382e", "Y": "#f2bb16"}[name[1]]


def test_tokens_show_the_kind_that_is_up() -> None:
    tokens = standard_tokens()
    here = Arrangement.parse("001010101101011")
    root = parse(picture(None, here))
    drawn = by_class(root, "token")
    assert [t.get("data-token") for t in drawn] == [str(n) for n in range(1, 16)]
    for token, side, element in zip(tokens, here.sides, drawn, strict=True):
        assert element.get("data-up") == token.up(side).name
        assert element.get("data-under") == token.up(1 - side).name
        assert element.get("data-side") == str(side)
        assert icons(element)[0] == token.up(side).name
    counts = {e.get("data-group"): int(e.get("data-count", "")) for e in by_class(root, "count")}
    assert tuple(counts.values()) == tokens.kind_counts(here)
    assert texts(root, "totals") == ["B 5   R 5   Y 5   P 4   T 11"]


def test_a_card_with_tokens_marks_each_row() -> None:
    task = parse_task("PB>=4, PY=0, B>R")
    root = parse(picture(task, Arrangement.parse(ZERO)))
    rows = by_class(root, "condition")
    assert [r.get("data-ok") for r in rows] == ["true", "false", "true"]
    assert [texts(r, "mark") for r in rows] == [["✓"], ["✗"], ["✓"]]
    assert [texts(r, "counts") for r in rows] == [["PB 5"], ["PY 1"], ["B 9  R 5"]]
    assert len(by_class(root, "token")) == 15
    assert "task PB>=4, PY=0, B>R; tokens 000000000000000" in (root.get("aria-label") or "")


def test_every_catalogue_card_draws_and_fits() -> None:
    for entry in load_catalogue().entries:
        block = card(entry.task)
        root = parse(f'<svg xmlns="http://www.w3.org/2000/svg">{block.body}</svg>')
        groups = [icons(r) for r in by_class(root, "condition")]
        assert groups == [[g.name for g in c.groups()] for c in entry.task.conditions]
        assert block.width <= 420, entry.id


def test_pictures_are_deterministic_and_need_something_to_draw() -> None:
    task, here = parse_task("Y>R, PB=2"), Arrangement.parse(ZERO)
    assert picture(task, here) == picture(parse_task("y > r; pb = 2"), here)
    with pytest.raises(ValueError, match="nothing to draw"):
        picture(None, None)
    with pytest.raises(ValueError, match="4 sides for 15 tokens"):
        tokens_block(Arrangement.parse("0000"))


def test_marked_tokens_are_ringed() -> None:
    block = tokens_block(Arrangement.parse(ZERO), marked=(3,))
    root = parse(f'<svg xmlns="http://www.w3.org/2000/svg">{block.body}</svg>')
    widths = {
        t.get("data-token"): by_class(t, "face")[0].get("stroke-width")
        for t in by_class(root, "token")
    }
    assert widths["3"] == "4" and {w for n, w in widths.items() if n != "3"} == {"1.5"}


def test_plot_panels_dots_means_and_outliers() -> None:
    root = parse(panels([Panel("effort", {1: [1.0, 2.0, 3.0], 2: [4.0, 60.0]}, rules=(2.5,))], "x"))
    assert len(by_class(root, "dot")) == 5
    [off_scale] = by_class(root, "off-scale")
    assert [t.text for t in off_scale.iter(f"{SVG}text")] == ["60"]
    assert len(by_class(root, "rule")) == 1 and len(by_class(root, "mean")) == 1


@pytest.fixture(scope="module")
def stats() -> list[LevelStats]:
    return catalogue_stats()


def test_catalogue_stats_per_level(stats: list[LevelStats]) -> None:
    assert [s.level for s in stats] == [1, 2, 3, 4, 5, 6] and {s.tasks for s in stats} == {18}
    works = [s.mean["work"] for s in stats]
    assert works == sorted(works)
    assert stats[0].mean["work"] == pytest.approx(7.32, abs=0.01)  # docs/grading.md's table
    root = parse(stats_picture(stats))
    assert [p.get("data-metric", "").split(" (")[0] for p in by_class(root, "panel")] == [
        name.replace("_", " ") for name in PLOTTED
    ]
    assert len(by_class(root, "dot")) == 108 * len(PLOTTED)
    assert len(by_class(root, "rule")) == 0  # the cuts differ by band: no common line to draw


# command line


def test_cli_render_writes_the_picture(cli: Cli, tmp_path: Path) -> None:
    out = tmp_path / "card.svg"
    code, stdout, _ = cli(["manno", "render", "pb>=4; py=0", ZERO, "--svg", str(out), "--json"])
    assert code == 0
    answer = json.loads(stdout)
    assert answer == {
        "task": "PB>=4, PY=0",
        "arrangement": ZERO,
        "svg": str(out),
        "bytes": out.stat().st_size,
    }
    assert out.read_text() == picture(parse_task("PB>=4, PY=0"), Arrangement.parse(ZERO))
    code, stdout, _ = cli(["manno", "render", "PB>=4"])
    assert code == 0 and parse(stdout).get("aria-label") == "Manno Monster task PB>=4"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["PB>=4, PX=2"],
            "error: unknown group 'PX' (groups are PB TB PR TR PY TY B R Y P T) at column 8\n",
        ),
        (
            ["PB>=4", "0101"],
            "error: arrangement '0101' has 4 tokens, it needs 15 tokens at column 5\n",
        ),
        (
            ["PB>=4", "--svg", "/no/such/dir/card.svg"],
            "error: cannot write '/no/such/dir/card.svg': No such file or directory\n",
        ),
    ],
)
def test_cli_render_bad_input_is_one_line(cli: Cli, args: list[str], message: str) -> None:
    code, stdout, stderr = cli(["manno", "render", *args])
    assert (code, stdout, stderr) == (2, "", message)


def test_cli_stats(cli: Cli, tmp_path: Path, stats: list[LevelStats]) -> None:
    out = tmp_path / "stats.svg"
    code, stdout, _ = cli(["manno", "stats", "--svg", str(out), "--json"])
    assert code == 0
    answer = json.loads(stdout)
    assert answer == {"levels": [s.to_json() for s in stats], "svg": str(out)}
    assert out.read_text() == stats_picture(stats)
    code, stdout, _ = cli(["manno", "stats"])
    assert code == 0 and "work" in stdout and "88.54" in stdout


# HTTP


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings())) as test_client:
        yield test_client


def test_http_render(client: TestClient) -> None:
    response = client.get(
        "/v1/manno/render.svg", params={"task": "PB>=4, PY=0", "arrangement": ZERO}
    )
    assert response.status_code == 200 and response.headers["content-type"] == "image/svg+xml"
    assert response.text == picture(parse_task("PB>=4, PY=0"), Arrangement.parse(ZERO))
    only_tokens = client.get("/v1/manno/render.svg", params={"arrangement": ZERO})
    assert len(by_class(parse(only_tokens.text), "token")) == 15


@pytest.mark.parametrize(
    ("params", "field", "column"),
    [
        ({"task": "PB>=4, PX=2"}, "/task", 8),
        ({"task": "PB>=4", "arrangement": "01x"}, "/arrangement", 3),
        ({}, "/task", None),
        ({"task": ""}, "/task", None),
    ],
)
def test_http_render_bad_input_is_a_problem(
    client: TestClient, params: dict[str, str], field: str, column: int | None
) -> None:
    response = client.get("/v1/manno/render.svg", params=params)
    assert response.status_code == 422
    assert response.headers["content-type"] == "application/problem+json"
    [error] = response.json()["errors"]
    assert error["field"] == field and error.get("column") == column


def test_http_render_is_documented_as_svg(client: TestClient) -> None:
    answers = client.get("/openapi.json").json()["paths"]["/v1/manno/render.svg"]["get"][
        "responses"
    ]
    assert list(answers["200"]["content"]) == ["image/svg+xml"]
    assert list(answers["422"]["content"]) == ["application/problem+json"]


def test_http_render_of_a_row_draft_draws_the_rows_on_offer_and_every_seat(
    client: TestClient,
) -> None:
    """Very Big Monster, two players, seed 13, the Explorers kept: the rows on offer,
    both play areas, the free cells by their coordinates and the missions are drawn."""
    state = client.post("/v1/vbm/new", json={"players": 2, "seed": 13}).json()["state"]
    for _ in range(2):
        [move, *_] = client.post("/v1/vbm/legal", json={"state": state}).json()["moves"]
        state = client.post("/v1/vbm/apply", json={"state": state, "move": move}).json()["state"]
    view = client.post("/v1/vbm/view", json={"state": state, "seat": 0}).json()["view"]
    moves = client.post("/v1/vbm/legal", json={"state": view}).json()["moves"]
    root = parse(client.post("/v1/vbm/render.svg", json={"state": view}).text)
    offered = {m[f] for m in moves for f in ("card", "discard") if f in m}
    assert offered == {"I10", "I11", "R10", "S08"}
    drawn = {e.get("data-card") for e in by_class(root, "row-card")}
    assert offered <= drawn
    cells = {e.get("data-at") for e in by_class(root, "free")}
    assert {",".join(map(str, m["at"])) for m in moves} <= cells
    assert [g.get("data-seat") for g in by_class(root, "seat-area")] == ["1"]
    assert len(by_class(root, "mission")) == 5
