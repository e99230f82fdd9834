"""``monsters <game> new | view | legal | hint | review | validate | apply | score | render
| play`` for every rules-engine game.

One command group per registered game (``solver.game.GAMES``), all built by
:func:`game_commands` from one table, :data:`COMMANDS`: each command is a function
taking the :class:`Board` it plays (the game's name and title) and its options.
So Monster Park, Very Big Monster and Monstrolicious answer alike. A game's
package is imported only when one of its commands runs. State and move files are
JSON; ``-`` reads standard input. A move is a JSON file, or its notation written
out (``"upgrade souvenirs land"``, docs/notation.md).
"""

from __future__ import annotations

import functools
import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from api.cli.backend import BACKEND_OPTIONS, opened
from api.cli.errors import Exit
from api.cli.spec import Command, Param, argument, option
from api.cli.terminal import (
    FORCE,
    JSON,
    SVG,
    check_writable,
    console,
    print_json,
    print_line,
    progress_bar,
    write_svg,
)
from api.services import games as game_service
from api.services import review as review_service
from solver import jsonio
from solver.errors import NotationError
from solver.files import MAX_FILE_BYTES, read_user_file


@dataclass(frozen=True)
class Board:
    """The game a command plays: its registry name and its title."""

    name: str
    title: str


def read_json(path: str, what: str) -> Any:
    """A JSON document from a file, or standard input for ``-`` (size and nesting bounded)."""
    if path == "-":
        stream = getattr(sys.stdin, "buffer", sys.stdin)  # bytes where there are any
        text = stream.read(MAX_FILE_BYTES + 1)
        if len(text) > MAX_FILE_BYTES:
            raise NotationError(f"{what} on standard input is larger than {MAX_FILE_BYTES:,} bytes")
        return jsonio.read_json(text, what)
    text = read_user_file(Path(path), what, NotationError)
    try:
        return jsonio.read_json(text, what)
    except NotationError as err:
        raise NotationError(f"{what} {path!r}: {err.message}", err.column) from None


def read_move(text: str) -> Any:
    """A move named on the command line: a JSON file (``*.json``, or ``-`` for standard
    input), else the move's notation as written."""
    if text == "-" or text.lower().endswith(".json"):
        return read_json(text, "move")
    return text


def parse_settings(pairs: list[str] | None) -> dict[str, Any]:
    """``["mode=team", "fifth_slot_buyable=true"]`` -> ``{"mode": "team", ...}``.

    >>> parse_settings(["mode=team", "bank=30", "fifth=true"])
    {'mode': 'team', 'bank': 30, 'fifth': True}
    """
    settings: dict[str, Any] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise NotationError(f"setting {pair!r} is not NAME=VALUE")
        try:
            settings[name.strip()] = json.loads(value)
        except json.JSONDecodeError:
            settings[name.strip()] = value
    return settings


def new(
    board: Board, players: int | None, seed: int | None, settings: list[str], as_json: bool
) -> None:
    """Print a new game's state as JSON (``--json`` or not: a state is JSON)."""
    print_json(game_service.new(board.name, players, seed, parse_settings(settings)))


def view(board: Board, state_file: str, seat: int, as_json: bool) -> None:
    """Print what one seat sees of the state as JSON (``--json`` or not)."""
    print_json(game_service.view(board.name, read_json(state_file, "state"), seat))


def legal(board: Board, state_file: str, seat: int | None, as_json: bool) -> None:
    """The seat's legal moves, each with its notation and label (a table, or ``--json``)."""
    answer = game_service.legal(board.name, read_json(state_file, "state"), seat)
    if as_json:
        print_json(answer)
        return
    from rich.table import Table

    table = Table(title=f"{board.title}: {len(answer['moves'])} legal moves")
    table.add_column("#", justify="right")
    table.add_column("move", ratio=3)
    table.add_column("notation", overflow="fold", ratio=1)
    for number, entry in enumerate(answer["moves"], start=1):
        table.add_row(str(number), entry["label"], entry["notation"])
    console().print(table)


def apply(board: Board, state_file: str, move_file: str, as_json: bool) -> None:
    """Play the move on the full state; print ``{"state", "turn", "events"}`` as JSON, and
    (without ``--json``) what happened, one sentence a line, on standard error, so the
    state still pipes into a file."""
    answer = game_service.apply(board.name, read_json(state_file, "state"), read_move(move_file))
    print_json(answer)
    if not as_json:
        sys.stderr.write("".join(event["text"] + "\n" for event in answer["events"]))


def hint(
    board: Board,
    state_file: str,
    seat: int | None,
    budget_ms: float | None,
    top: int,
    level: int | None,
    as_json: bool,
) -> None:
    """Every legal move ranked best first, with its value and a reason (a table of ``top``);
    with ``level``, one rung of the ladder to the best move."""
    budget = None if budget_ms is None else budget_ms / 1000
    if level is not None:
        rung = review_service.hint_level(
            board.name, read_json(state_file, "state"), seat, budget, level
        )
        if as_json:
            print_json(rung)
        else:
            print_line(rung["text"])
        return
    answer = game_service.hint(board.name, read_json(state_file, "state"), seat, budget)
    if as_json:
        print_json(answer)
        return
    from rich.table import Table

    table = Table(title=f"{board.title}: hints for seat {answer['seat']}")
    table.add_column("#", justify="right")
    table.add_column("value", justify="right")
    table.add_column("move", ratio=2)
    table.add_column("notation", overflow="fold", ratio=1)
    table.add_column("reason", ratio=3)
    for rank, entry in enumerate(answer["moves"][:top], start=1):
        value = f"{entry['value']:.2f}"
        table.add_row(str(rank), value, entry["label"], entry["notation"], entry["reason"])
    console().print(table)


def review(
    board: Board,
    state_file: str,
    move_file: str,
    seat: int | None,
    budget_ms: float | None,
    as_json: bool,
) -> None:
    """The move's grade, rank and value, the best move, and what this one gives up."""
    budget = None if budget_ms is None else budget_ms / 1000
    state, move = read_json(state_file, "state"), read_move(move_file)
    answer = review_service.review(board.name, state, move, seat, budget)
    if as_json:
        print_json(answer)
        return
    best = answer["best"]
    named = best.get("label") or json.dumps(best["move"], separators=(",", ":"))
    given = answer.get("win_chance_loss")
    chance = "" if given is None else f" and {given:.0%} chance to win"
    print_line(
        f"{answer['grade']}: rank {answer['rank']} of {answer['moves']}"
        f" (value {answer['value']:.2f}, best {best['value']:.2f})"
    )
    if answer["grade"] != "best":
        print_line(f"best: {named}")
        print_line(f"gives up {answer['loss']:.2f}{chance}")
    for fact in answer["because"]:
        print_line(f"because: {fact['text']}")


def validate(
    board: Board, state_file: str, move_file: str, seat: int | None, as_json: bool
) -> None:
    """``legal``, or ``illegal:`` and the rule the move breaks (exit code 1)."""
    verdict = game_service.validate(
        board.name, read_json(state_file, "state"), read_move(move_file), seat
    )
    if as_json:
        print_json(verdict)
    else:
        print_line("legal" if verdict["legal"] else f"illegal: {verdict['reason']}")
    if not verdict["legal"]:
        raise Exit(1)


def score(board: Board, state_file: str, seat: int | None, as_json: bool) -> None:
    """The score pad as a table, a line per scoring line, the winners marked."""
    sheet = game_service.score(board.name, read_json(state_file, "state"), seat)
    if as_json:
        print_json(sheet)
        return
    from rich.table import Table

    lines = list(dict.fromkeys(k for s in sheet["scores"] for k in s["lines"]))
    table = Table(title=f"{board.title}: {'final' if sheet['terminal'] else 'running'} scores")
    table.add_column("line")
    for s in sheet["scores"]:
        won = " (won)" if s["seat"] in sheet["winners"] else ""
        table.add_column(f"seat {s['seat']}{won}", justify="right")
    for line in lines:
        table.add_row(line, *(str(s["lines"].get(line, "")) for s in sheet["scores"]))
    table.add_row("total", *(str(s["total"]) for s in sheet["scores"]), style="bold")
    console().print(table)
    if "text" in sheet.get("detail", {}):  # the game's own account, e.g. team scores
        print_line(sheet["detail"]["text"])


def render(
    board: Board, state_file: str, seat: int | None, svg: Path | None, force: bool, as_json: bool
) -> None:
    """The board as SVG, on standard output or in the file ``svg``."""
    if svg is not None:
        check_writable(svg, force)
    picture = game_service.render(board.name, read_json(state_file, "state"), seat)
    size = write_svg(picture, svg, force)
    if svg is None:
        return
    if as_json:
        print_json({"game": board.name, "seat": seat, "svg": str(svg), "bytes": size})
        return
    print_line(f"wrote {svg} ({size:,} bytes)")


def play(
    board: Board,
    players: str,
    games: int,
    seed: int,
    workers: int | None,
    backend: str | None,
    ray_address: str | None,
    settings: list[str],
    as_json: bool,
) -> None:
    """A match between ``players``, a progress bar on a terminal, then the table of wins."""
    lineup = [p.strip() for p in players.split(",") if p.strip()]
    with progress_bar(f"{board.name} games", games) as bar:
        result = game_service.play(
            board.name,
            lineup,
            games,
            seed,
            parse_settings(settings),
            progress=lambda n: bar.advance(bar.task_ids[0], n),
            backend=lambda: opened(backend, workers, ray_address),
        )
    if as_json:
        print_json(result)
        return
    from rich.table import Table

    table = Table(title=f"{board.title}: {result['games']} games, seed {seed}")
    for column in ("player", "wins", "mean score"):
        table.add_column(column, justify="right" if column != "player" else "left")
    for key, wins in result["wins"].items():
        table.add_row(key, str(wins), f"{result['mean_score'][key]:.2f}")
    table.add_row("ties", str(result["ties"]), "")
    console().print(table)
    if result["hint_ms_p50"] is not None:
        print_line(
            f"hint: p50 {result['hint_ms_p50']} ms, p95 {result['hint_ms_p95']} ms per decision"
        )


STATE = argument("state_file", "State ('-': stdin).", metavar="STATE.json")
MOVE = argument(
    "move_file",
    "Move: a JSON file ('-': stdin) or its notation, e.g. 'upgrade souvenirs land'.",
    metavar="MOVE",
)
SETTINGS = option(
    "--set",
    "A rule setting, NAME=VALUE (VALUE read as JSON if it can be); repeatable.",
    dest="settings",
    many=True,
    metavar="NAME=VALUE",
)


def seat_option(help: str, *, required: bool = False) -> Param:
    """``--seat N``, a seat number, with the command's own ``help``."""
    return option("--seat", help, kind=int, required=required)


COMMANDS = (
    Command(
        "new",
        "Print a new game's state as JSON.",
        new,
        (
            option("--players", "Seats (default per game).", kind=int),
            option(
                "--seed",
                "Seed of every random choice in the game (default: 64 bits from the system;"
                " a small seed can be guessed from what a player sees).",
                kind=int,
            ),
            SETTINGS,
            JSON,
        ),
    ),
    Command(
        "view",
        "Print what one seat sees of the state, as JSON (hidden things left out).",
        view,
        (STATE, seat_option("The seat whose view to print.", required=True), JSON),
    ),
    Command(
        "legal",
        "The seat's legal moves, each in words and in notation, from what it sees.",
        legal,
        (STATE, seat_option("Answer as this seat (default: the seat to move)."), JSON),
    ),
    Command(
        "hint",
        "Every legal move ranked best first, with its value and a reason.",
        hint,
        (
            STATE,
            seat_option("Seat to hint (default: to move)."),
            option("--budget-ms", "Time to think.", kind=float, low=1, metavar="MS"),
            option("--top", "Moves shown in the table.", kind=int, default=10, low=1),
            option(
                "--level",
                "One rung of the hint ladder instead: 1 where to look, 2 what to look at,"
                " 3 the move.",
                kind=int,
                low=1,
                high=3,
            ),
            JSON,
        ),
    ),
    Command(
        "review",
        "How good a move is: its grade, rank and value, the best move, what it gives up.",
        review,
        (
            STATE,
            MOVE,
            seat_option("Review as this seat (default: the seat to move)."),
            option("--budget-ms", "Time the hint may think.", kind=float, low=1, metavar="MS"),
            JSON,
        ),
        more="From the seat's view alone; an illegal move is refused with the rule it breaks.",
    ),
    Command(
        "validate",
        "Is the move legal for the seat, from what it sees? If not, the rule it breaks.",
        validate,
        (
            STATE,
            MOVE,
            seat_option("Answer as this seat (default: the seat to move)."),
            JSON,
        ),
        more='A move naming another seat: "not your seat". Exit code 1 when illegal.',
    ),
    Command(
        "apply",
        "Play the move on the full state; print the new state, whose turn it is and what"
        " happened as JSON.",
        apply,
        (STATE, MOVE, JSON),
        more="What happened is also told on standard error, one sentence a line (not with"
        " --json). An illegal move names the rule it breaks (exit code 2).",
    ),
    Command(
        "score",
        "The score pad of every seat, and the winners once the game is over.",
        score,
        (
            STATE,
            seat_option("Count as this seat sees (default: only what every seat sees)."),
            JSON,
        ),
        more="As the seat sees it, or without --seat only what every seat sees.",
    ),
    Command(
        "render",
        "Draw the board as SVG, as the seat sees it (only what it may see).",
        render,
        (STATE, seat_option("Draw for this seat."), SVG, FORCE, JSON),
    ),
    Command(
        "play",
        "Seeded games with seats rotated: wins, ties, mean scores, hint times.",
        play,
        (
            option(
                "--players",
                "One player per seat: hint or hint:MS (MS milliseconds a decision), greedy,"
                " random, search or search:N (N playouts), mcts or mcts:N (N iterations).",
                default="hint,greedy",
                metavar="PLAYERS",
            ),
            option("--games", "Games to play.", kind=int, default=100, low=1, high=1_000_000),
            option("--seed", "Match seed.", kind=int, default=0),
            *BACKEND_OPTIONS,
            SETTINGS,
            JSON,
        ),
        more="The same whatever --workers or --backend.",
    ),
)
"""Every game's commands, each run with the :class:`Board` of its group."""


def game_commands(name: str, title: str) -> tuple[Command, ...]:
    """:data:`COMMANDS` for the game ``name``, each given that :class:`Board`."""
    board = Board(name, title)
    return tuple(replace(c, run=functools.partial(c.run, board)) for c in COMMANDS)
