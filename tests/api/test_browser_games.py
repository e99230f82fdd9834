"""The game pages in a real browser: one seat played to the end with the Hint button.

Every page opens on a game in progress, its board complete (every card a move
names is on it), readable on a phone (no text under 11 px, nothing wider than
the screen) and the hint's target ringed on it. Every registered game is played
in Debian's headless Chromium against bots from a fixed seed, in its default
set-up and in each of its modes (or with one seat more): the seat presses ``h``
three times (the hint ladder: where to look, what to look at, the move) and
plays the move with Enter, the bots play theirs; each of the seat's moves gets a
review line. The game is then
replayed here from the seed, the seat's moves (read from the page's requests)
and the same seeded bots: the score pad the page shows must be the one
``POST /v1/<game>/score`` gives for that full state, and no answer the page
received may hold anything of the full state its seat's view lacks. The end
screen says who won from the seat's side (by team in team mode) and hides the
moves; it is saved as a picture into ``docs/img/`` (shown in README). An undo
takes the seat's last move back, and a game of each kind is played to the end by
clicks on the board alone (Monster Park's tourists too), on a phone screen. A
play area late in a game fits a phone screen, and axe-core finds no serious
accessibility fault on any game page at either width. The index links every
registered game, and a game page offers the game's own modes and bots
(``GET /v1/games``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx2
import pytest
from playwright.sync_api import Browser, Page, Request, Response, expect

from api.services.sessions import Session
from solver.game import GAMES, get_game
from tests.api.test_browser import TIMEOUT_MS, _console, browser  # noqa: F401 (a fixture)

IMAGES = Path(__file__).parents[2] / "docs" / "img"
SEED = 2**40 + 7  # too long to be mistaken for another number in an answer
BOT_DELAY_MS = 20
"""The page's pause before each bot decision (600 ms by default, for a person to follow)."""
POLL_MS = 50


@dataclass
class Seen:
    """What a page sent and received: its seat's moves and every JSON answer, as text."""

    moves: list[dict[str, Any]] = field(default_factory=list)
    answers: list[str] = field(default_factory=list)
    faults: list[str] = field(default_factory=list)
    by_route: dict[str, list[str]] = field(default_factory=dict)
    """The JSON answers of each route, by the route's last word (``legal``)."""


def _record(base: str, response: Response, seen: Seen) -> None:
    if not response.url.startswith(base + "/"):
        seen.faults.append(f"off-site: {response.url}")
        return
    if response.status == 404 or response.status >= 500:
        seen.faults.append(f"{response.status}: {response.url}")
    if "json" in response.headers.get("content-type", ""):
        seen.answers.append(response.text())
        seen.by_route.setdefault(response.url.rsplit("/", 1)[-1], []).append(response.text())
    if response.url.endswith("/move") and response.status == 200:
        sent = response.request.post_data_json
        assert isinstance(sent, dict)
        seen.moves.append(sent["move"])


@pytest.fixture(params=[1280], ids=["wide"])
def width(request: pytest.FixtureRequest) -> int:
    value: int = request.param
    return value


@pytest.fixture
def played(browser: Browser, base: str, width: int) -> Iterator[tuple[Page, Seen]]:  # noqa: F811
    """A fresh page at ``width`` px with what it sends and receives; no fault allowed."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    seen = Seen()
    page.on("pageerror", lambda error: seen.faults.append(f"script error: {error}"))
    page.on("console", lambda message: _console(message, seen.faults))
    page.on(
        "request",
        lambda request: (
            None if request.url.startswith(base) else seen.faults.append(f"off-site: {request.url}")
        ),
    )
    page.on("response", lambda response: _record(base, response, seen))
    yield page, seen
    context.close()
    assert seen.faults == []


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    seat: int
    bots: tuple[str, ...]
    mode: str = ""
    picture: str = ""

    @property
    def settings(self) -> dict[str, Any] | None:
        return {"mode": self.mode} if self.mode else None

    def query(self) -> str:
        asked: dict[str, object] = {"seed": SEED, "players": self.players, "seat": self.seat}
        asked |= {"bots": ",".join(self.bots), "delay": BOT_DELAY_MS}
        return urlencode(asked | ({"mode": self.mode} if self.mode else {}))


def _cases() -> Iterator[Case]:
    """Every registered game from seat 0 of its default set-up against greedy bots (its
    picture saved); then from the last seat against random and greedy bots, each mode at
    its fewest players, or without modes one player more where the rules take one."""
    for name in GAMES:
        game = get_game(name)
        count = game.default_players
        yield Case(name, count, 0, ("greedy",) * (count - 1), picture=f"play-{name}-end-wide.png")
        fewest = {mode: min(counts) for mode, counts in game.mode_players.items()}
        for mode, players in (fewest or {"": min(count + 1, game.max_players)}).items():
            bots = tuple(("random", "greedy")[i % 2] for i in range(players - 1))
            yield Case(name, players, players - 1, bots, mode=mode)


CASES = list(_cases())


def _play_with_hints(page: Page) -> None:
    """Press ``h`` three times, up the hint ladder to the move, and Enter on it (it takes
    the focus) until the game is over."""
    body = page.locator("body")
    for _ in range(400):
        page.wait_for_selector("body[data-turn=you], body[data-over=true]")
        if body.get_attribute("data-over") == "true":
            return
        _climb_the_ladder(page)
        top = page.locator("#hints li.best button.play-hint")
        expect(top).to_be_focused()
        expect(page.locator("#moves li.best")).to_have_count(1)  # the best shown among the moves
        page.keyboard.press("Enter")
    raise AssertionError("the game did not end in 400 decisions of the seat")


def _climb_the_ladder(page: Page) -> list[str]:
    """Press ``h`` three times, each once the last rung is shown: the three rungs' texts."""
    for level in (1, 2, 3):
        page.keyboard.press("h")
        expect(page.locator("#hints li.rung")).to_have_count(level)
    return page.locator("#hints li.rung").all_text_contents()


def _replay(case: Case, moves: list[dict[str, Any]]) -> list[Any]:
    """Every full state of the game the page played: the seat's moves, the seeded bots
    (each decision's bot as the session builds it)."""
    game = get_game(case.game)
    others = [s for s in range(case.players) if s != case.seat]
    bots = dict(zip(others, case.bots, strict=True))
    session = Session(game, game.new(case.players, SEED, case.settings), case.seat, bots, SEED)
    states, mine = [session.state], iter(moves)
    while not session.state.is_terminal():
        state = session.state
        mover = state.to_move
        bot = mover != case.seat
        move = session.bot().choose(state) if bot else game.move_from_json(next(mine))
        session = session.after(move)
        states.append(session.state)
    assert next(mine, None) is None, "the page played more moves than the game took"
    return states


def _compact(doc: Any) -> str:
    """JSON text as the service writes its answers."""
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def _parts(doc: Any) -> Iterator[str]:
    """Every list in a JSON document long enough to tell apart (a hand, a deck), as text."""
    if isinstance(doc, dict):
        for value in doc.values():
            yield from _parts(value)
    elif isinstance(doc, list):
        if len(text := _compact(doc)) >= 8:
            yield text
        for value in doc:
            yield from _parts(value)


def _told(part: str, shown: str) -> bool:
    """Whether the seat's views tell ``part`` (a list's JSON text): the list itself, or
    the one thing a one-item list holds (a tourist the deck held is no secret once the
    row shows it, and a move that invites it is written as that same list)."""
    items = json.loads(part)
    return part in shown or (len(items) == 1 and _compact(items[0]) in shown)


def _shown_scores(page: Page) -> dict[int, int]:
    totals = page.locator("#scores td.total")
    return {
        int(totals.nth(i).get_attribute("data-seat") or -1): int(totals.nth(i).text_content() or "")
        for i in range(totals.count())
    }


def _end_words(score: dict[str, Any], seat: int) -> str:
    """What the end screen says to ``seat``: its side, won or lost, and the two scores."""
    totals = {s["seat"]: s["total"] for s in score["scores"]}
    winners = score["winners"]
    teams = score.get("detail", {}).get("teams")
    if teams:
        ours = next(t for t in teams if seat in t["seats"])
        best = max(t["score"] for t in teams if t is not ours)
        tied = seat in winners and len(winners) > len(ours["seats"])
        said = "tied" if tied else ("won" if seat in winners else "lost")
        seats = " and ".join(map(str, ours["seats"]))
        return f"Game over. Your team (seats {seats}) {said}, {ours['score']} to {best}."
    best = max(total for s, total in totals.items() if s != seat)
    if seat in winners and len(winners) > 1:
        others = " and ".join(f"seat {s}" for s in winners if s != seat)
        return f"Game over. You tied with {others}, {totals[seat]} to {best}."
    if seat in winners:
        return f"Game over. You won, {totals[seat]} to {best}."
    named = " and ".join(f"seat {s}" for s in winners)
    return f"Game over. You lost: {named} won, {totals[winners[0]]} to your {totals[seat]}."


def _start(page: Page, url: str) -> None:
    """Open a game page at ``url``: it starts the game its query asks for by itself."""
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#picture svg").first).to_be_visible()


@pytest.mark.parametrize(
    "case", CASES, ids=lambda c: f"{c.game}-{c.players}-{c.mode or 'seat'}{c.seat}"
)
def test_a_seat_plays_to_the_end_with_hints(
    played: tuple[Page, Seen], base: str, case: Case
) -> None:
    page, seen = played
    _start(page, f"{base}/play/{case.game}?{case.query()}")
    _play_with_hints(page)

    states = _replay(case, seen.moves)
    game, final = get_game(case.game), states[-1]
    full = httpx2.post(f"{base}/v1/{case.game}/score", json={"state": final.to_json()}).json()
    assert _shown_scores(page) == {s["seat"]: s["total"] for s in full["scores"]}
    assert full["winners"] and all(
        "winner"
        in (page.locator(f'#scores td.total[data-seat="{w}"]').get_attribute("class") or "")
        for w in full["winners"]
    )
    expect(page.locator("#result")).to_have_text(_end_words(full, case.seat))
    for control in ("#moves", "#hint", "#own"):
        expect(page.locator(control)).to_be_hidden()

    views = {json.dumps(game.view(s, case.seat).to_json(), sort_keys=True) for s in states}
    for answer in seen.answers:
        _no_full_state(json.loads(answer), views, case.seat)
        assert str(SEED) not in answer
    shown = "\n".join(_compact(game.view(state, case.seat).to_json()) for state in states)
    hidden = {
        text for state in states for text in _parts(state.to_json()) if not _told(text, shown)
    }
    assert hidden  # the full states do hold what the seat may not see
    leaked = [text for text in hidden if any(text in answer for answer in seen.answers)]
    assert leaked == []
    if case.picture:
        IMAGES.mkdir(exist_ok=True)
        page.screenshot(path=str(IMAGES / case.picture), full_page=True)


def _no_full_state(doc: Any, views: set[str], seat: int) -> None:
    """Every game document in an answer is a view of the seat that the game really showed."""
    if isinstance(doc, dict):
        if "seed" in doc:
            raise AssertionError(f"a seed reached the page: {sorted(doc)}")
        if "view_of" in doc:
            assert doc["view_of"] == seat
            assert json.dumps(doc, sort_keys=True) in views
            return
        for value in doc.values():
            _no_full_state(value, views, seat)
    elif isinstance(doc, list):
        for value in doc:
            _no_full_state(value, views, seat)


@pytest.mark.parametrize("width", [390], ids=["phone"], indirect=True)
def test_a_phone_screen_plays_and_an_illegal_move_is_explained(
    played: tuple[Page, Seen], base: str
) -> None:
    page, seen = played
    _start(page, f"{base}/play/vbm?seed=5&delay={BOT_DELAY_MS}")
    page.wait_for_selector("body[data-turn=you]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#own-move").fill('{"explorer": "E01", "seat": 0}')
    page.locator("#own button").click()
    expect(page.locator("#verdict")).to_have_text(
        "Not allowed: keep one of the two Explorer cards you were dealt (E03, E05)"
    )
    expect(page.locator("#verdict")).to_have_class("verdict bad")
    page.locator("#moves li button").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-turn=you], body[data-over=true]")
    assert len(seen.moves) == 1
    expect(page.locator("#verdict")).to_have_text("")


def test_play_lists_manno_and_every_registered_game(played: tuple[Page, Seen], base: str) -> None:
    page, _ = played
    page.goto(f"{base}/play")
    links = page.locator(".games a")
    expect(links).to_have_count(1 + len(GAMES))
    hrefs = [links.nth(i).get_attribute("href") for i in range(1 + len(GAMES))]
    assert hrefs == ["/play/manno", *(f"/play/{name}" for name in GAMES)]
    for name, entry in GAMES.items():
        expect(page.locator(f'.games a[href="/play/{name}"] strong')).to_have_text(entry.title)
    expect(page.locator('a[href="/play/paste"]')).to_have_count(1)


@pytest.mark.parametrize("name", list(GAMES))
def test_the_set_up_form_offers_the_games_own_modes_and_bots(
    played: tuple[Page, Seen], base: str, name: str
) -> None:
    page, _ = played
    game = get_game(name)
    page.goto(f"{base}/play/{name}?players={game.max_players}")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    bots = page.locator("select.bot").first.locator("option")
    assert bots.all_text_contents() == list(game.players)
    expect(page.locator("#mode-label")).to_be_visible(visible=bool(game.mode_players))
    fits = [mode for mode, counts in game.mode_players.items() if game.max_players in counts]
    offered = page.locator("#mode option").evaluate_all("options => options.map(o => o.value)")
    assert offered == (["", *fits] if game.mode_players else [])


def test_a_click_on_the_board_plays_the_move_it_names(played: tuple[Page, Seen], base: str) -> None:
    page, seen = played
    _start(page, f"{base}/play/monstrolicious?seed=1&seat=0&delay={BOT_DELAY_MS}")
    page.wait_for_selector("body[data-turn=you]")
    _climb_the_ladder(page)
    expect(page.locator("#hints li.best")).to_have_count(1)
    best = page.locator("#picture g.dessert.best")  # the best move's dessert, ringed
    expect(best).to_have_count(1)
    name = (best.locator("title").text_content() or "").split(":")[0]
    expect(page.locator("#moves li.best button")).to_have_text(f"Place your tile at the {name}")
    page.locator('#picture g.dessert[data-dessert="pie"]').click()
    page.wait_for_selector("body[data-turn=you], body[data-over=true]")
    assert seen.moves == [{"action": "place", "dessert": "pie"}]
    page.locator('#picture g.dessert[data-dessert="pie"]').click()  # the pie is taken
    expect(page.locator("#verdict")).to_have_text(
        "Not allowed: no legal move takes dessert pie now"
    )
    assert len(seen.moves) == 1
    free = page.locator("#picture g.dessert.target [role=button]").first  # the keyboard
    assert "choose dessert" in (free.get_attribute("aria-label") or "")
    free.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-turn=you], body[data-over=true]")
    assert len(seen.moves) == 2


def test_a_reload_goes_on_with_the_same_game(played: tuple[Page, Seen], base: str) -> None:
    page, seen = played
    _start(page, f"{base}/play/park?seed=4&delay={BOT_DELAY_MS}")
    page.wait_for_selector("body[data-turn=you]")
    page.locator("#moves li button").first.click()
    page.wait_for_selector("body[data-turn=you]")
    before = page.locator("#picture").inner_html()
    page.reload()
    page.wait_for_selector("body[data-turn=you]")
    assert page.locator("#picture").inner_html() == before
    assert len(seen.moves) == 1


PLACES = {
    "card": '[data-card="{}"]',
    "discard": '[data-card="{}"]',
    "explorer": '[data-card="{}"]',
    "at": '.mine .free[data-at="{}"]',
    "dessert": '.dessert[data-dessert="{}"]',
    "slot": '.track-slot[data-slot="{}"]',
    "kind": '.upgrade[data-kind="{}"]',
}
"""Where on the board each field of a move shows what it names (a card, a cell...)."""
OPENINGS = [
    *(f"{name}?seed=13" for name in GAMES),
    "vbm?seed=13&players=4&mode=team",
]
SMALLEST_TEXT = """() => {
  let smallest = 99;
  for (const shown of document.querySelectorAll("body *")) {
    const words = [...shown.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!words || shown.getBoundingClientRect().width === 0) continue;
    const inSvg = shown.closest("svg") && shown.tagName !== "svg";
    const scale = inSvg ? Math.abs(shown.getScreenCTM().a) : 1;
    smallest = Math.min(smallest, parseFloat(getComputedStyle(shown).fontSize) * scale);
  }
  return smallest;
}"""
TOO_WIDE = """() => [...document.querySelectorAll("body *")]
  .filter((e) => {
    const box = e.getBoundingClientRect();
    return box.width > 0 && (box.left < -0.5 || box.right > innerWidth + 0.5);
  })
  .map((e) => `${e.tagName}.${e.getAttribute("class")}`)"""


def _last(page: Page, seen: Seen, route: str, count: int = 1) -> dict[str, Any]:
    """The last JSON answer of the route ending ``route``, once the test has been told of
    ``count`` of them: the page may show an answer before the test hears of it."""
    answers = seen.by_route.setdefault(route, [])
    for _ in range(TIMEOUT_MS // POLL_MS):
        if len(answers) >= count:
            break
        page.wait_for_timeout(POLL_MS)  # lets the page's events reach the test
    answer: dict[str, Any] = json.loads(answers[-1])
    return answer


@pytest.mark.parametrize("width", [1280, 390], ids=["wide", "phone"], indirect=True)
@pytest.mark.parametrize("opening", OPENINGS)
def test_a_page_opens_on_a_whole_readable_board_with_the_hint_ringed(
    played: tuple[Page, Seen], base: str, opening: str, width: int
) -> None:
    page, seen = played
    _start(page, f"{base}/play/{opening}&delay={BOT_DELAY_MS}")
    page.wait_for_selector("body[data-turn=you]")
    moves = _last(page, seen, "legal")["moves"]
    assert moves
    for move in moves:
        for name, place in PLACES.items():
            if name in move:
                value = ",".join(map(str, v)) if isinstance(v := move[name], list) else v
                assert page.locator(f"#picture {place.format(value)}").count() >= 1, (name, value)
    assert page.evaluate(SMALLEST_TEXT) >= 11
    assert page.evaluate(TOO_WIDE) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    _climb_the_ladder(page)
    expect(page.locator("#picture .best").first).to_be_visible()
    name, _, asked = opening.partition("?")
    if asked == "seed=13":  # the default set-up: its opening, hint ringed, in docs/img
        IMAGES.mkdir(exist_ok=True)
        shot = IMAGES / f"play-{name}-{'phone' if width < 500 else 'wide'}.png"
        page.screenshot(path=str(shot), full_page=True)
    if opening.startswith("vbm?seed=13&players=4"):
        expect(page.locator("#picture g.seat-area")).to_have_count(3)
        expect(page.locator("#picture .mission")).to_have_count(5)


def test_a_park_tourist_step_hint_is_ringed(played: tuple[Page, Seen], base: str) -> None:
    page, _ = played
    _start(page, f"{base}/play/park?seed=1&delay={BOT_DELAY_MS}")
    for _ in range(30):
        page.wait_for_selector("body[data-turn=you]")
        _climb_the_ladder(page)
        expect(page.locator("#hints li.best")).to_have_count(1)
        if "(tourists)" in (page.locator("#status").text_content() or ""):
            expect(page.locator("#picture .best").first).to_be_visible()
            return
        page.keyboard.press("Enter")
    raise AssertionError("no tourist step in 30 decisions of the seat")


def test_undo_takes_back_the_seats_last_move(played: tuple[Page, Seen], base: str) -> None:
    page, seen = played
    _start(page, f"{base}/play/park?seed=4&delay={BOT_DELAY_MS}")
    page.wait_for_selector("body[data-turn=you]")
    expect(page.locator("#undo")).to_be_disabled()
    before = page.locator("#picture").inner_html()
    page.locator("#moves li button").first.click()
    expect(page.locator("#undo")).to_be_enabled()
    page.wait_for_selector("body[data-turn=you]")
    assert page.locator("#picture").inner_html() != before
    page.keyboard.press("u")
    expect(page.locator("#verdict")).to_have_text("Your last move is taken back.")
    expect(page.locator("#undo")).to_be_disabled()
    page.wait_for_selector("body[data-turn=you]")
    assert page.locator("#picture").inner_html() == before
    assert len(seen.moves) == 1


CLICK_ORDER = (
    *("explorer", "dessert", "reveal", "card", "at", "discard", "pass", "row"),
    *("slot", "kind", "area", "action", "tourist", "tourists"),
)
"""The fields a player names on the board, in the order they are clicked."""


def _play_by_clicks(page: Page, seen: Seen) -> None:
    """Click the board alone until the game is over: each decision's places in
    ``CLICK_ORDER``, among those the moves still open mark (tourists one after another)."""
    body = page.locator("body")

    def named() -> set[str]:
        return set(filter(None, (body.get_attribute("data-picked") or "").split(",")))

    for _ in range(600):
        page.wait_for_selector("body[data-turn=you], body[data-over=true]")
        if body.get_attribute("data-over") == "true":
            return
        chosen = named()
        pool = page.locator("#picture .option[data-choice]" if chosen else "#picture [data-choice]")
        offered = [
            json.loads(pool.nth(i).get_attribute("data-choice") or "[]")
            for i in range(pool.count())
        ]
        _, index = next(
            (f, i)
            for f in CLICK_ORDER
            if f not in chosen or f == "tourist"
            for i, pairs in enumerate(offered)
            if any(pair[0] == f for pair in pairs)
        )
        played, before = len(seen.moves), body.get_attribute("data-picked")
        pool.nth(index).click()
        for _ in range(300):  # the move is played, or the choice narrowed
            if len(seen.moves) > played or body.get_attribute("data-picked") != before:
                break
            page.wait_for_timeout(50)
        else:
            said = page.locator("#verdict").text_content()
            raise AssertionError(f"a click on {offered[index]} did nothing: {said}")
    raise AssertionError("the game did not end in 600 clicks")


@pytest.mark.parametrize("width", [390], ids=["phone"], indirect=True)
@pytest.mark.parametrize("game", list(GAMES))
def test_clicks_on_the_board_alone_play_a_game_to_the_end(
    played: tuple[Page, Seen], base: str, game: str
) -> None:
    page, seen = played
    _start(page, f"{base}/play/{game}?seed=3&delay={BOT_DELAY_MS}")
    _play_by_clicks(page, seen)
    expect(page.locator("#result")).to_contain_text("Game over. You")
    assert seen.moves
    if game == "park":  # the tourists were welcomed by clicks too
        assert any(move.get("action") == "tourists" for move in seen.moves)
    IMAGES.mkdir(exist_ok=True)
    page.screenshot(path=str(IMAGES / f"play-{game}-end-phone.png"), full_page=True)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_hint_ladder_names_the_move_only_at_its_last_rung(
    played: tuple[Page, Seen], base: str, game: str
) -> None:
    page, seen = played
    _start(page, f"{base}/play/{game}?seed=13&delay={BOT_DELAY_MS}")
    page.wait_for_selector("body[data-turn=you]")
    expect(page.locator("#hint")).to_have_text("Hint (h)")
    asked = len(seen.by_route.get("hint", []))
    texts = _climb_the_ladder(page)
    answer = _last(page, seen, "hint", asked + 3)
    assert answer["level"] == 3
    label = answer["label"]
    assert len(set(texts)) == 3, texts
    assert [label in text for text in texts] == [False, False, True]
    expect(page.locator("#picture .best").first).to_be_visible()  # the move ringed
    expect(page.locator("#hint")).to_be_disabled()
    page.keyboard.press("Enter")  # plays it: a new position starts the ladder again
    page.wait_for_selector("body[data-turn=you], body[data-over=true]")
    expect(page.locator("#hints li")).to_have_count(0)
    expect(page.locator("#hint")).to_have_text("Hint (h)")
    expect(page.locator("#review")).to_have_text(f"Your last move ({label}): the best move.")


def test_a_move_is_reviewed_from_the_view_it_was_chosen_from(
    played: tuple[Page, Seen], base: str
) -> None:
    page, _ = played
    views: list[Any] = []  # the seat's view each time its moves are listed

    def listing(request: Request) -> None:
        if request.url.endswith("/v1/park/legal"):
            views.append(request.post_data_json)

    page.on("request", listing)
    _start(page, f"{base}/play/park?seed=3&delay={BOT_DELAY_MS}")
    page.wait_for_selector("body[data-turn=you]")
    chosen_from = views[-1]["state"]
    label = "Take a token"
    with page.expect_response(lambda r: r.url.endswith("/v1/park/review")) as reviewed:
        page.locator("#moves li button", has_text=label).click()
    sent: dict[str, Any] = reviewed.value.request.post_data_json or {}
    assert sent["move"] == {"action": "token"}
    assert sent["state"] == chosen_from
    review = page.locator("#review")
    expect(review).to_contain_text(f"Your last move ({label}): ")
    answer: dict[str, Any] = reviewed.value.json()
    assert answer["grade"] != "best"  # the last listed move is not the best one here
    expect(review).to_contain_text(f"Best was: {answer['best']['label']}.")
    expect(review).to_contain_text(answer["because"][0]["text"])
    expect(review).to_have_attribute("data-grade", answer["grade"])


def _late_vbm_game(base: str, seat_moves: int) -> str:
    """A two-player Very Big Monster game's token after ``seat_moves`` of seat 0's moves,
    each card placed as far right as it may go (a wide play area), the bot greedy."""
    with httpx2.Client(base_url=base, timeout=60) as client:
        game = client.post("/v1/sessions", json={"game": "vbm", "seed": 13, "bots": ["greedy"]})
        session = game.json()
        for _ in range(200):
            if session["you_decide"] and seat_moves == 0:
                return str(session["session"])
            if session["you_decide"]:
                moves = client.post("/v1/vbm/legal", json={"state": session["view"]}).json()
                move = max(moves["moves"], key=lambda m: m.get("at", [0, 0])[1])
                asked = {"session": session["session"], "move": move["notation"]}
                session = client.post("/v1/sessions/move", json=asked).json()
                seat_moves -= 1
            else:
                session = client.post("/v1/sessions/bot", json={"session": session["session"]})
                session = session.json()
    raise AssertionError("the game did not come to the seat's move")


@pytest.mark.parametrize("width", [390], ids=["phone"], indirect=True)
def test_a_wide_play_area_late_in_a_game_fits_a_phone(played: tuple[Page, Seen], base: str) -> None:
    page, _ = played
    token = _late_vbm_game(base, 10)
    _start(page, f"{base}/play/vbm?seed=13&delay={BOT_DELAY_MS}")
    page.wait_for_selector("body[data-turn=you]")
    page.evaluate("token => sessionStorage.setItem('monsters-session-vbm', token)", token)
    page.reload()
    page.wait_for_selector("body[data-turn=you]")
    mine = page.locator("#picture .section-box.mine svg")
    drawn = float((mine.get_attribute("viewBox") or "").split()[2])
    assert drawn > 2 * 390  # wider than two phone screens, as drawn
    assert page.evaluate(SMALLEST_TEXT) >= 11
    assert page.evaluate(TOO_WIDE) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    boxes = "[...document.querySelectorAll('.section-box')]"
    assert page.evaluate(f"{boxes}.filter((b) => b.scrollWidth > b.clientWidth).length") == 0
    expect(page.locator("#picture .mine .section-caption")).to_contain_text("Your play area")
    IMAGES.mkdir(exist_ok=True)
    page.locator("#picture").screenshot(path=str(IMAGES / "play-vbm-late-phone.png"))
    free = page.locator("#picture .mine .free.target").first  # still played by a tap
    free.click()
    expect(page.locator("body")).to_have_attribute("data-picked", "at")


AXE = Path(__file__).parent / "browser" / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core, pinned in tests/api/browser/package-lock.json (``make deps`` installs it)."""


@pytest.mark.parametrize("width", [1280, 390], ids=["wide", "phone"], indirect=True)
@pytest.mark.parametrize("opening", OPENINGS)
def test_axe_finds_no_serious_accessibility_fault(
    played: tuple[Page, Seen], base: str, opening: str
) -> None:
    page, _ = played
    _start(page, f"{base}/play/{opening}&delay={BOT_DELAY_MS}")
    page.wait_for_selector("body[data-turn=you]")
    _climb_the_ladder(page)  # the hint's rungs and its move shown, ringed on the board
    page.evaluate(
        AXE.read_text()
    )  # as the browser's tools run it: the page's CSP allows no inline script
    found = page.evaluate(
        "async () => (await axe.run(document)).violations"
        ".filter((v) => ['serious', 'critical'].includes(v.impact))"
        ".map((v) => [v.id, v.impact, v.nodes.length, v.nodes[0].target.join(' ')])"
    )
    assert found == []
