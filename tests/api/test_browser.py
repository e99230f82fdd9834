"""The playground in a real browser: Debian's headless Chromium driven by Playwright.

A real ``monsters serve`` runs on a free loopback port; the page is loaded
from it and used as a player would: pick a catalogue task, press Hint until
solved, Validate, read the result, take a screenshot. Playwright launches
``/usr/bin/chromium`` (``make test`` and ``.ci/run`` install it with apt-get
when it is missing); no browser is ever downloaded.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Page,
    Request,
    Route,
    expect,
    sync_playwright,
)

from solver.game import get_game
from tasks.catalogue import load_catalogue

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 15_000
expect.set_options(timeout=TIMEOUT_MS)  # the assertions wait as long as the page does
DOCS_TIMEOUT_MS = 60_000
"""ReDoc lays the whole OpenAPI document out before it shows a heading: about 8 s on
this machine when quiet, past ``TIMEOUT_MS`` when a busy one shares its cores."""


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser, base: str) -> Iterator[Page]:
    """A fresh page; the test fails on a script error, a request off the service, a 404 or a 5xx.

    A 422 is the page showing the API's answer to bad input, so it is no fault.
    """
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    opened = context.new_page()
    opened.set_default_timeout(TIMEOUT_MS)
    faults: list[str] = []
    opened.on("pageerror", lambda error: faults.append(f"script error: {error}"))
    opened.on("console", lambda message: _console(message, faults))
    opened.on(
        "request",
        lambda request: (
            None if request.url.startswith(base) else faults.append(f"off-site: {request.url}")
        ),
    )
    opened.on(
        "response",
        lambda response: (
            faults.append(f"{response.status}: {response.url}")
            if response.status == 404 or response.status >= 500
            else None
        ),
    )
    yield opened
    context.close()
    assert faults == []


def _console(message: ConsoleMessage, faults: list[str]) -> None:
    if message.type == "error" and not message.text.startswith("Failed to load resource"):
        faults.append(f"console: {message.text}")


def _open(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")


def test_hint_until_solved_then_validate_all_green(page: Page, base: str, tmp_path: Path) -> None:
    entry = load_catalogue().by_id("L3-05")
    _open(page, f"{base}/play/manno#{entry.id}")
    expect(page.locator("#task")).to_have_value(entry.id)
    expect(page.locator("#card g.condition")).to_have_count(len(entry.task.conditions))
    expect(page.locator("#tokens g.token")).to_have_count(15)
    hint_text = page.locator("#hint-text")
    page.locator("#hint").click()  # rung 1 names a condition and shades its row on the card
    expect(hint_text).to_have_text(re.compile("^Fix "))
    named = page.locator("#card g.condition.named")
    expect(named).to_have_count(1)
    assert (hint_text.text_content() or "").startswith(
        f"Fix {named.get_attribute('data-condition')} "
    )
    presses = 1
    while hint_text.get_attribute("data-solved") != "true":
        assert presses < 3 + 15, "the hint ladder did not reach a solution"
        before = hint_text.text_content()
        page.locator("#hint").click()
        presses += 1
        expect(hint_text).not_to_have_text(before or "")
    assert presses >= 4  # a condition, the tokens, an exact flip, then at least one flip made
    expect(hint_text).to_have_text(re.compile("^Solved"))
    page.locator("#validate").click()
    rows = page.locator("#report li")
    expect(rows).to_have_count(len(entry.task.conditions) + 1)
    expect(page.locator("#report li.bad")).to_have_count(0)
    expect(page.locator("#card g.condition.ok")).to_have_count(len(entry.task.conditions))
    expect(page.locator("#report li.ok")).to_have_count(len(entry.task.conditions) + 1)
    expect(page.locator("#report li.verdict")).to_have_text(
        re.compile(r"^Solved in \d+:\d\d\.\d!$")
    )
    arrangement = page.locator("#arrangement").text_content() or ""
    assert re.fullmatch("[01]{15}", arrangement) and arrangement != "0" * 15
    shot = tmp_path / "manno.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000


def test_keyboard_flips_and_shortcuts(page: Page, base: str) -> None:
    _open(page, f"{base}/play/manno#L1-01")
    token = page.locator('#tokens g.token[data-token="1"]')
    token.focus()
    page.keyboard.press("Space")
    expect(page.locator("#arrangement")).to_have_text("1" + "0" * 14)
    expect(page.locator('#tokens g.token[data-token="1"]')).to_be_focused()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(page.locator("#arrangement")).to_have_text("11" + "0" * 13)
    page.keyboard.press("v")
    expect(page.locator("#report li.verdict")).to_have_count(1)
    page.keyboard.press("h")
    expect(page.locator("#hint-text")).to_have_text(re.compile("^(Fix|Solved)"))
    page.keyboard.press("r")
    expect(page.locator("#arrangement")).to_have_text("0" * 15)


def test_a_press_while_a_task_draws_is_done_after_it(page: Page, base: str) -> None:
    _open(page, f"{base}/play/manno")
    held: list[Route] = []

    def pictures(route: Route) -> None:
        if len(held) < 2:  # L3-01's two pictures wait...
            held.append(route)
        else:
            route.continue_()

    page.route("**/render.svg?*", pictures)
    page.locator("#level").select_option("3")
    expect(page.locator("#task-name")).to_contain_text("L3-01")
    page.locator("#generate").click()  # ...while this press is made
    for route in held:
        route.continue_()
    expect(page.locator("#task-name")).to_contain_text("generated, level 3")


def test_pick_level_generate_and_own_task(page: Page, base: str) -> None:
    _open(page, f"{base}/play/manno")
    page.locator("#level").select_option("4")
    expect(page.locator("#task")).to_have_value("L4-01")
    expect(page.locator("#task-name")).to_contain_text("L4-01")
    page.locator("#generate").click()
    expect(page.locator("#task-name")).to_contain_text("generated, level 4")
    page.locator("#text").fill("PB>=4, PX=2")
    page.locator("#own button").click()
    expect(page.locator("#error")).to_contain_text("unknown group 'PX'")
    page.locator("#text").fill("pb>=4; py=0")
    page.locator("#own button").click()
    expect(page.locator("#task-name")).to_have_text("your task: pb>=4; py=0")
    expect(page.locator("#card g.condition")).to_have_count(2)
    expect(page.locator("#error")).to_be_hidden()


@pytest.mark.parametrize("name", ["park", "vbm", "monstrolicious"])
def test_play_page_ranks_hints_for_a_pasted_state(page: Page, base: str, name: str) -> None:
    game = get_game(name)
    state = game.new(game.default_players, 3, None)
    moves = len(state.legal_moves())
    _open(page, f"{base}/play/paste?game={name}")
    page.locator("#state").fill(json.dumps(state.to_json()))
    page.locator("#ask button").click()
    expect(page.locator("#hints li")).to_have_count(min(moves, 12))
    expect(page.locator("#hint-seat")).to_have_text(f"seat {state.to_move}, {moves} legal moves")
    expect(page.locator("#picture svg")).to_have_count(1)
    page.locator("#state").fill("{not json")
    page.locator("#ask button").click()
    expect(page.locator("#error")).to_contain_text("the state is not JSON")


@pytest.mark.parametrize("path", ["/docs", "/redoc"])
def test_the_api_docs_load_nothing_from_another_host(
    browser: Browser, base: str, path: str
) -> None:
    """A request to another host is sent unless the page's policy stops it first."""
    context = browser.new_context()
    sent: list[str] = []

    def left(request: Request) -> None:
        stopped = request.failure in ("csp", "net::ERR_BLOCKED_BY_CSP")
        if request.url.startswith("http") and not request.url.startswith(base) and not stopped:
            sent.append(request.url)

    context.on("requestfinished", left)
    context.on("requestfailed", left)
    opened = context.new_page()
    opened.goto(f"{base}{path}")
    expect(opened.get_by_text("monster-solver").first).to_be_visible(timeout=DOCS_TIMEOUT_MS)
    opened.wait_for_load_state("networkidle", timeout=DOCS_TIMEOUT_MS)
    context.close()
    assert sent == []
