"""``monsters <game> new | hint | validate | score | render | play`` for every rules-engine game.

One command group per registered game (``solver.game.GAMES``), all built by
:func:`game_app`, so Monster Park, Very Big Monster and Monstrolicious answer
alike. A game's package is imported only when one of its commands runs.
State and move files are JSON; ``-`` reads standard input.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer

from api.cli.backend import BackendOption, RayAddressOption, WorkersOption, opened
from api.cli.errors import one_line_errors
from api.cli.terminal import (
    ForceOption,
    SvgOption,
    check_writable,
    console,
    print_json,
    progress_bar,
    write_svg,
)
from api.services import games as game_service
from solver import jsonio
from solver.errors import NotationError
from solver.files import MAX_FILE_BYTES, read_user_file
from solver.game import GAMES

JsonOption = typer.Option(False, "--json", help="Print JSON instead of a table.")
SetOption = typer.Option(
    None, "--set", help="A rule setting, NAME=VALUE (VALUE read as JSON if it can be); repeatable."
)


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


def game_app(name: str, title: str) -> typer.Typer:
    """The command group of one game."""
    app = typer.Typer(
        help=f"{title}: set up, hint, validate, score, draw and play.", no_args_is_help=True
    )

    @app.command()
    @one_line_errors
    def new(
        players: int | None = typer.Option(None, "--players", help="Seats (default per game)."),
        seed: int | None = typer.Option(
            None,
            "--seed",
            help="Seed of every random choice in the game (default: 64 bits from the system;"
            " a small seed can be guessed from what a player sees).",
        ),
        settings: list[str] | None = SetOption,
    ) -> None:
        """Print a new game's state as JSON."""
        print_json(game_service.new(name, players, seed, parse_settings(settings)))

    @app.command()
    @one_line_errors
    def view(
        state_file: str = typer.Argument(..., metavar="STATE.json", help="State ('-': stdin)."),
        seat: int = typer.Option(..., "--seat", help="The seat whose view to print."),
    ) -> None:
        """Print what one seat sees of the state, as JSON (hidden things left out)."""
        print_json(game_service.view(name, read_json(state_file, "state"), seat))

    @app.command()
    @one_line_errors
    def hint(
        state_file: str = typer.Argument(..., metavar="STATE.json", help="State ('-': stdin)."),
        seat: int | None = typer.Option(None, "--seat", help="Seat to hint (default: to move)."),
        budget_ms: float | None = typer.Option(None, "--budget-ms", min=1, help="Time to think."),
        top: int = typer.Option(10, "--top", min=1, help="Moves shown in the table."),
        as_json: bool = JsonOption,
    ) -> None:
        """Every legal move ranked best first, with its value and a reason."""
        budget = None if budget_ms is None else budget_ms / 1000
        answer = game_service.hint(name, read_json(state_file, "state"), seat, budget)
        if as_json:
            print_json(answer)
            return
        from rich.table import Table

        table = Table(title=f"{title}: hints for seat {answer['seat']}")
        table.add_column("#", justify="right")
        table.add_column("value", justify="right")
        table.add_column("move", overflow="fold", ratio=2)
        table.add_column("reason", ratio=3)
        for rank, entry in enumerate(answer["moves"][:top], start=1):
            move = json.dumps(entry["move"], separators=(",", ":"))
            table.add_row(str(rank), f"{entry['value']:.2f}", move, entry["reason"])
        console().print(table)

    @app.command()
    @one_line_errors
    def validate(
        state_file: str = typer.Argument(..., metavar="STATE.json", help="State ('-': stdin)."),
        move_file: str = typer.Argument(..., metavar="MOVE.json", help="Move ('-': stdin)."),
        seat: int | None = typer.Option(
            None, "--seat", help="Answer as this seat (default: the seat to move)."
        ),
        as_json: bool = JsonOption,
    ) -> None:
        """Is the move legal for the seat, from what it sees? If not, the rule it breaks
        (a move naming another seat: "not your seat"). Exit code 1 when illegal."""
        verdict = game_service.validate(
            name, read_json(state_file, "state"), read_json(move_file, "move"), seat
        )
        if as_json:
            print_json(verdict)
        else:
            console().print("legal" if verdict["legal"] else f"illegal: {verdict['reason']}")
        if not verdict["legal"]:
            raise typer.Exit(1)

    @app.command()
    @one_line_errors
    def score(
        state_file: str = typer.Argument(..., metavar="STATE.json", help="State ('-': stdin)."),
        seat: int | None = typer.Option(
            None, "--seat", help="Count as this seat sees (default: only what every seat sees)."
        ),
        as_json: bool = JsonOption,
    ) -> None:
        """The score pad of every seat, and the winners once the game is over: as the
        seat sees it, or without --seat only what every seat sees."""
        sheet = game_service.score(name, read_json(state_file, "state"), seat)
        if as_json:
            print_json(sheet)
            return
        from rich.table import Table

        lines = list(dict.fromkeys(k for s in sheet["scores"] for k in s["lines"]))
        table = Table(title=f"{title}: {'final' if sheet['terminal'] else 'running'} scores")
        table.add_column("line")
        for s in sheet["scores"]:
            won = " (won)" if s["seat"] in sheet["winners"] else ""
            table.add_column(f"seat {s['seat']}{won}", justify="right")
        for line in lines:
            table.add_row(line, *(str(s["lines"].get(line, "")) for s in sheet["scores"]))
        table.add_row("total", *(str(s["total"]) for s in sheet["scores"]), style="bold")
        console().print(table)
        if "text" in sheet.get("detail", {}):  # the game's own account, e.g. team scores
            console().print(sheet["detail"]["text"], markup=False, highlight=False)

    @app.command()
    @one_line_errors
    def render(
        state_file: str = typer.Argument(..., metavar="STATE.json", help="State ('-': stdin)."),
        seat: int | None = typer.Option(None, "--seat", help="Draw for this seat."),
        svg: Path | None = SvgOption,
        force: bool = ForceOption,
        as_json: bool = JsonOption,
    ) -> None:
        """Draw the board as SVG, as the seat sees it (only what it may see)."""
        if svg is not None:
            check_writable(svg, force)
        picture = game_service.render(name, read_json(state_file, "state"), seat)
        size = write_svg(picture, svg, force)
        if svg is None:
            return
        if as_json:
            print_json({"game": name, "seat": seat, "svg": str(svg), "bytes": size})
            return
        console().print(f"wrote {svg} ({size:,} bytes)")

    @app.command()
    @one_line_errors
    def play(
        players: str = typer.Option(
            "hint,greedy",
            "--players",
            help="One player per seat: hint, greedy, random, mcts or mcts:N (N iterations).",
        ),
        games: int = typer.Option(100, "--games", min=1, max=1_000_000, help="Games to play."),
        seed: int = typer.Option(0, "--seed", help="Match seed."),
        workers: int | None = WorkersOption,
        backend: str | None = BackendOption,
        ray_address: str | None = RayAddressOption,
        settings: list[str] | None = SetOption,
        as_json: bool = JsonOption,
    ) -> None:
        """Seeded games with seats rotated: wins, ties, mean scores, hint times (the same
        whatever --workers or --backend)."""
        lineup = [p.strip() for p in players.split(",") if p.strip()]
        with progress_bar(f"{name} games", games) as bar:
            result = game_service.play(
                name,
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

        table = Table(title=f"{title}: {result['games']} games, seed {seed}")
        for column in ("player", "wins", "mean score"):
            table.add_column(column, justify="right" if column != "player" else "left")
        for key, wins in result["wins"].items():
            table.add_row(key, str(wins), f"{result['mean_score'][key]:.2f}")
        table.add_row("ties", str(result["ties"]), "")
        console().print(table)
        if result["hint_ms_p50"] is not None:
            console().print(
                f"hint: p50 {result['hint_ms_p50']} ms, p95 {result['hint_ms_p95']} ms per decision"
            )

    return app


APPS = {name: game_app(name, entry.title) for name, entry in GAMES.items()}
