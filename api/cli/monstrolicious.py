"""``monsters monstrolicious infer``: what a player can know about the hidden tiles.

This command (:data:`COMMANDS`) joins the ``monstrolicious`` group in ``api.cli.app``.
"""

from __future__ import annotations

from api.cli.games import read_json
from api.cli.spec import Command, argument, option
from api.cli.terminal import JSON, console, print_json, print_line
from api.services.games import view_for


def infer(state_file: str, seat: int | None, limit: int, as_json: bool) -> None:
    """The opponent's face-down tiles: the worlds that fit what this seat has seen."""
    from solver.game import get_game
    from solver.monstrolicious.infer import infer as infer_worlds

    view = view_for(get_game("monstrolicious"), read_json(state_file, "state"), seat)
    answer = infer_worlds(view, limit)
    if as_json:
        print_json(answer)
        return
    print_line(
        f"seat {answer['view_of']}: {answer['worlds']} world(s) fit; "
        f"the opponent's unseen tiles: {', '.join(map(str, answer['hidden']))}; "
        f"{answer['stack']} still in its stack"
    )
    from rich.table import Table

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


COMMANDS = (
    Command(
        "infer",
        "The opponent's face-down tiles: the worlds that fit what this seat has seen.",
        infer,
        (
            argument(
                "state_file", "A state or a player's view ('-': stdin).", metavar="STATE.json"
            ),
            option(
                "--seat",
                "Whose knowledge, for a full state (default: the seat to move).",
                kind=int,
            ),
            option("--limit", "Worlds to list.", kind=int, default=20, low=0, high=10_000),
            JSON,
        ),
    ),
)
