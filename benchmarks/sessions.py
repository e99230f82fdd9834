"""Session games under attack on a real server: bots at their cap, and a flood of new games.

``monsters serve --workers 2`` runs on a free loopback port (``benchmarks.load.server``)
through two phases, each beside another client that must go on being served:

* **bots**: ``--bots`` pages at once each play Monstrolicious against a search bot
  at the session cap (``mcts:260``, twice the game's own budget), asking for the
  bot's decision again after every 503 as a page does, for ``--seconds``;
  meanwhile the other client asks a Monster Park hint and a Manno Monster solve,
  again and again;
* **flood**: ``--flood`` new session games started as fast as ``--parallel``
  connections allow, while the other client plays its own session game (a move
  or a bot decision, then the view again), one fresh connection a request.

For the other client it reports the requests that failed (anything but 200) and
the p50/p95 of their times; "games lost" counts session games that stopped
reading (their token refused, or not found), which must be 0, as must the
failures. It also reports the longest sealed token over seeded random games of
every game, player count and mode (Very Big Monster's team mode included),
beside the service's body limit.

    .venv/bin/python -m benchmarks.sessions [--bots 6] [--seconds 30] [--flood 300] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx2

from api.http.settings import Settings
from api.services.sealed import Seal, new_secret
from api.services.sessions import Session, bot_factory
from benchmarks.common import emit, environment, require
from benchmarks.load.server import server
from solver.game import GAMES, get_game

MAX_BOTS = 40
AT_THE_CAP = "mcts:260"
"""The strongest search bot a session may have in Monstrolicious (``bot_factory`` checks it)."""
MAX_SECONDS = 300.0
MAX_FLOOD = 5_000
SOLVE = {"task": "PB>=4, PY=0, B>R"}
LOST = (404, 410, 422)
"""Answers that end a session game: its token refused (or, before sealed tokens, forgotten)."""


@dataclass
class Tally:
    """What one kind of client got: answers by status, their times, games lost."""

    statuses: Counter[int] = field(default_factory=Counter)
    ms: list[float] = field(default_factory=list)
    lost: int = 0

    async def ask(self, client: httpx2.AsyncClient, path: str, body: Any) -> httpx2.Response:
        began = time.perf_counter()
        answer = await client.post(path, json=body)
        self.ms.append((time.perf_counter() - began) * 1000)
        self.statuses[answer.status_code] += 1
        return answer

    def summary(self) -> dict[str, Any]:
        ms = sorted(self.ms)
        return {
            "sent": len(ms),
            "failed": sum(n for status, n in self.statuses.items() if status != 200),
            "statuses": {str(k): v for k, v in sorted(self.statuses.items())},
            "games_lost": self.lost,
            "ms_p50": round(statistics.median(ms), 1) if ms else None,
            "ms_p95": round(ms[min(len(ms) - 1, int(len(ms) * 0.95))], 1) if ms else None,
        }


def _fresh(url: str) -> httpx2.AsyncClient:
    """A client that opens a new connection for every request (either worker may take it)."""
    limits = httpx2.Limits(max_keepalive_connections=0)
    return httpx2.AsyncClient(base_url=url, timeout=60.0, limits=limits)


async def _play_on(client: httpx2.AsyncClient, tally: Tally, got: dict[str, Any], game: str) -> Any:
    """One decision of a session game (the page's move, or the bot's), then the view again:
    the game as it stands after, or a new game when it ended or was lost."""
    if got["bot_decides"]:
        answer = await tally.ask(client, "/v1/sessions/bot", {"session": got["session"]})
    else:
        legal = await tally.ask(client, f"/v1/{game}/legal", {"state": got["view"]})
        move = random.Random(len(tally.ms)).choice(legal.json()["moves"])
        body = {"session": got["session"], "move": move}
        answer = await tally.ask(client, "/v1/sessions/move", body)
    if answer.status_code in LOST:
        tally.lost += 1
        return None
    if answer.status_code != 200:
        await asyncio.sleep(float(answer.headers.get("retry-after", "1")))
        return got
    got = answer.json()
    seen = await tally.ask(client, "/v1/sessions/view", {"session": got["session"]})
    if seen.status_code in LOST:
        tally.lost += 1
        return None
    return None if got["turn"]["terminal"] else got


async def bot_page(url: str, seed: int, until: asyncio.Event, tally: Tally) -> None:
    """A page playing Monstrolicious against a search bot at the cap until ``until``."""
    body = {"game": "monstrolicious", "seat": 1, "bots": [AT_THE_CAP]}
    bot_factory(get_game("monstrolicious"), AT_THE_CAP)  # still within the cap
    async with httpx2.AsyncClient(base_url=url, timeout=60.0) as client:
        got: Any = None
        while not until.is_set():
            if got is None:
                started = await tally.ask(client, "/v1/sessions", {**body, "seed": seed})
                got, seed = started.json(), seed + 1000
            got = await _play_on(client, tally, got, "monstrolicious")


async def other_client(url: str, until: asyncio.Event, tally: Tally) -> None:
    """A Monster Park hint and a Manno Monster solve, again and again, until ``until``."""
    async with httpx2.AsyncClient(base_url=url, timeout=60.0) as client:
        new = await client.post("/v1/park/new", json={"players": 3, "seed": 5})
        view = await client.post("/v1/park/view", json={"state": new.json()["state"], "seat": 0})
        hint = {"state": view.json()["view"]}
        while not until.is_set():
            await tally.ask(client, "/v1/park/hint", hint)
            await tally.ask(client, "/v1/manno/solve", SOLVE)
            await asyncio.sleep(0.2)


async def bots_phase(url: str, pages: int, seconds: float) -> dict[str, Any]:
    until, bots, other = asyncio.Event(), Tally(), Tally()
    tasks = [asyncio.ensure_future(bot_page(url, n, until, bots)) for n in range(pages)]
    tasks.append(asyncio.ensure_future(other_client(url, until, other)))
    await asyncio.sleep(seconds)
    until.set()
    await asyncio.gather(*tasks)
    return {"bots": bots.summary(), "other_client": other.summary()}


async def flood_phase(url: str, starts: int, parallel: int) -> dict[str, Any]:
    flood, player = Tally(), Tally()
    body = {"game": "park", "players": 2, "seat": 0, "bots": ["easy"]}
    async with _fresh(url) as client:
        got = (await player.ask(client, "/v1/sessions", {**body, "seed": 1})).json()
        got = await _play_on(client, player, got, "park")  # a game being played
        require(got is not None, "the playing client's game did not start")
        left = list(range(starts))

        async def flooder() -> None:
            async with _fresh(url) as mine:
                while left:
                    await flood.ask(mine, "/v1/sessions", {**body, "seed": left.pop()})

        flooders = [asyncio.ensure_future(flooder()) for _ in range(parallel)]
        while not all(f.done() for f in flooders) and got is not None:
            got = await _play_on(client, player, got, "park")
        await asyncio.gather(*flooders)
        if got is not None:  # and once the flood is over
            await _play_on(client, player, got, "park")
    return {"flood": flood.summary(), "other_client": player.summary()}


def largest_tokens(seeds: range) -> dict[str, int]:
    """The longest sealed session token of each game and mode over seeded random games,
    at every decision (Very Big Monster's team mode included)."""
    seal, largest = Seal(new_secret()), dict[str, int]()
    for name in sorted(GAMES):
        game = get_game(name)
        modes = list(game.modes())
        if name == "vbm":
            modes += [(4, {"mode": "team"}), (6, {"mode": "team"})]
        for players, settings in modes:
            label = f"{name} {players}" + "".join(f" {v}" for v in settings.values())
            bots = {s: "hard" for s in range(1, players)}
            for seed in seeds:
                rng, state = random.Random(seed), game.new(players, seed, dict(settings) or None)
                for decisions in range(20_000):
                    session = Session(game, state, 0, bots, 2**64 - 1, decisions)
                    token = seal.close(session.to_json())
                    largest[label] = max(largest.get(label, 0), len(token))
                    if state.is_terminal():
                        break
                    state = state.apply(rng.choice(list(state.legal_moves())))
    return largest


def report(result: dict[str, Any]) -> str:
    lines = [f"server: {result['server']['command']}", ""]
    for phase in ("bots", "flood"):
        for who, row in result[phase].items():
            lines.append(
                f"{phase:<6} {who:<13} sent {row['sent']:>5}  failed {row['failed']:>4}  "
                f"games lost {row['games_lost']}  p50 {row['ms_p50']} ms  p95 {row['ms_p95']} ms"
                f"  {row['statuses']}"
            )
    tokens = result["tokens"]
    lines += ["", f"longest token: {tokens['longest']} characters ({tokens['where']}),"]
    lines.append(f"body limit {tokens['body_limit']} bytes; by game and mode: {tokens['by_mode']}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--bots", type=int, default=6, help="pages playing a capped search bot")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the bots phase")
    parser.add_argument("--flood", type=int, default=300, help="session games the flood starts")
    parser.add_argument("--parallel", type=int, default=20, help="the flood's connections")
    parser.add_argument("--seeds", type=int, default=20, help="seeded games per mode for tokens")
    parser.add_argument("--workers", type=int, default=2, help="server worker processes")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.bots <= MAX_BOTS or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--bots 1..{MAX_BOTS} and --seconds up to {MAX_SECONDS:g}")
    if not 1 <= args.flood <= MAX_FLOOD or not 1 <= args.parallel <= 100:
        parser.error(f"--flood 1..{MAX_FLOOD} and --parallel 1..100")
    began = time.perf_counter()
    by_mode = largest_tokens(range(args.seeds))
    where = max(by_mode, key=lambda label: by_mode[label])
    with server(args.workers) as (url, _process, info):
        result: dict[str, Any] = {"server": info, **environment()}
        result["bots"] = asyncio.run(bots_phase(url, args.bots, args.seconds))
        result["flood"] = asyncio.run(flood_phase(url, args.flood, args.parallel))
    result["tokens"] = {
        "longest": by_mode[where],
        "where": where,
        "body_limit": Settings().max_body_bytes,
        "by_mode": by_mode,
    }
    result["seconds"] = round(time.perf_counter() - began, 1)
    emit(result, args.json, report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
