"""``monsters monstrolicious infer``: what a player can know about the hidden tiles.

This command joins the ``monstrolicious`` group (``api.cli.games.APPS``) when
this module is imported, as ``api.cli.app`` does.
"""

from __future__ import annotations

import typer

from api.cli.errors import one_line_errors
from api.cli.games import APPS, JsonOption, read_json
from api.cli.terminal import console, print_json
from api.services.games import view_for

app = APPS["monstrolicious"]


@app.command()
@one_line_errors
def infer(
    state_file: str = typer.Argument(
        ..., metavar="STATE.json", help="A state or a player's view ('-': stdin)."
    ),
    seat: int | None = typer.Option(
        None, "--seat", help="Whose knowledge, for a full state (default: the seat to move)."
    ),
    limit: int = typer.Option(20, "--limit", min=0, max=10_000, help="Worlds to list."),
    as_json: bool = JsonOption,
) -> None:
    """The opponent's face-down tiles: the worlds that fit what this seat has seen."""
    from rich.table import Table

    from solver.game import get_game
    from solver.monstrolicious.infer import infer as infer_worlds

    view = view_for(get_game("monstrolicious"), read_json(state_file, "state"), seat)
    answer = infer_worlds(view, limit)
    if as_json:
        print_json(answer)
        return
    console().print(
        f"seat {answer['view_of']}: {answer['worlds']} world(s) fit; "
        f"the opponent's unseen tiles: {', '.join(map(str, answer['hidden']))}; "
        f"{answer['stack']} still in its stack"
    )
    table = Table(title="face-down tiles")
    for column in ("tile", "bounds", "most likely"):
        table.add_column(column)
    values = [0 if v == "trap" else int(v) for v in answer["hidden"]]  # the Trap is 0
    lowest, highest = min(values, default=0), max(values, default=0)
    for tile in answer["tiles"]:
        bounds = []
        if tile.get("at_least") is not None and tile["at_least"] > lowest:
            bounds.append(f"at least {tile['at_least']}")
        if tile.get("at_most") is not None and tile["at_most"] < highest:
            bounds.append(f"at most {tile['at_most']}")
        likely = sorted(tile["p"].items(), key=lambda kv: -kv[1])[:3]
        table.add_row(
            tile["slot"], " ".join(bounds) or "none", ", ".join(f"{v} {p:.0%}" for v, p in likely)
        )
    console().print(table)
